#!/bin/bash
# The official postgres image's start, in short: POSTGRES_PASSWORD (required), POSTGRES_USER
# (default postgres), POSTGRES_DB (default the user), a cluster made in PGDATA on first start, then
# the server in the foreground as the postgres user.
set -euo pipefail
: "${POSTGRES_USER:=postgres}"
: "${POSTGRES_DB:=$POSTGRES_USER}"

if [[ "$(id -u)" == 0 ]]; then
  mkdir -p "$PGDATA" && chown postgres:postgres "$PGDATA" && chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi

if [[ ! -s "$PGDATA/PG_VERSION" ]]; then
  if [[ -z "${POSTGRES_PASSWORD:-}" ]]; then
    echo "Database is uninitialized and POSTGRES_PASSWORD is not set" >&2
    exit 1
  fi
  initdb -D "$PGDATA" --username="$POSTGRES_USER" --pwfile=<(printf '%s\n' "$POSTGRES_PASSWORD") \
    --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  echo 'host all all all scram-sha-256' >>"$PGDATA/pg_hba.conf"
  echo "listen_addresses = '*'" >>"$PGDATA/postgresql.conf"
  pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
  if [[ "$POSTGRES_DB" != postgres ]]; then
    psql -v ON_ERROR_STOP=1 -q --username "$POSTGRES_USER" --dbname postgres \
      -c "CREATE DATABASE \"$POSTGRES_DB\""
  fi
  pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  echo "PostgreSQL init process complete; ready for start up."
fi

if [[ "${1:-}" == postgres ]]; then shift; fi
exec postgres -D "$PGDATA" "$@"
