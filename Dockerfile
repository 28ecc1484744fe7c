# The portal as one image: the built server, the built web app and the server's production
# dependencies on the official Node image (docs/operations.md "Deploy"; decision 0026 says how it
# stays small). Classic builder compatible: no BuildKit syntax.
#
#   docker build --build-arg PORTAL_COMMIT="$(git rev-parse HEAD)" -t portal:1.1.0 .
#
# NODE_IMAGE is the base of every stage (CI passes a stand-in built from Debian, .ci/container/).
ARG NODE_IMAGE=node:22-bookworm-slim

# --- build: every workspace's dependencies, then the web app and the server bundle -------------
FROM ${NODE_IMAGE} AS build
WORKDIR /src
# A registry (or mirror) other than npm's default, for the build only; nothing of it is kept.
ARG NPM_CONFIG_REGISTRY
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
# Only the two apps' dependencies: the root's tools (Playwright, Lighthouse, ESLint, Vitest) are
# not needed to build. A layer of its own, reused while the lock file is unchanged.
RUN npm ci --workspace apps/server --workspace apps/web --include-workspace-root=false \
      --no-audit --no-fund --loglevel=error \
 && npm cache clean --force
COPY tsconfig.base.json ./
COPY packages/contract packages/contract
COPY apps/server apps/server
COPY apps/web apps/web
# The commit is not in the build context (.dockerignore leaves .git out): the builder says it.
ARG PORTAL_COMMIT=unknown
RUN APP_ENV=production PORTAL_COMMIT="${PORTAL_COMMIT}" npm run build -w apps/web -w apps/server \
 # The image's own package.json: the release, ESM, and the operator's commands without sources.
 && node -e ' \
      const root = require("./package.json"); \
      const ops = "node apps/server/dist/ops.js"; \
      process.stdout.write(JSON.stringify({ name: root.name, version: root.version, private: true, \
        type: "module", scripts: { start: "node apps/server/dist/main.js", doctor: ops + " doctor", \
        backup: ops + " backup", restore: ops + " restore" } }, null, 2)); \
    ' > /src/image-package.json \
 && rm apps/server/dist/*.map

# --- runtime dependencies: the server's production packages only, without what Node never reads --
FROM ${NODE_IMAGE} AS runtime-deps
WORKDIR /app
ARG NPM_CONFIG_REGISTRY
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
RUN npm ci --omit=dev --workspace apps/server --include-workspace-root=false \
      --no-audit --no-fund --loglevel=error \
 && npm cache clean --force \
 # Workspace links (the contract is bundled into the server) and what only compilers and editors
 # read: type declarations, source maps, readmes, and OpenTelemetry's third (esnext) build.
 # Versions that differ from the root's are installed beside the server: kept, and pruned alike.
 && mkdir -p apps/server/node_modules \
 && rm -rf node_modules/@portal node_modules/@types */*/node_modules/@types \
      node_modules/@opentelemetry/*/build/esnext apps/server/node_modules/@opentelemetry/*/build/esnext \
 && find node_modules apps/server/node_modules -type f \( -name '*.d.ts' -o -name '*.d.cts' -o -name '*.d.mts' \
      -o -name '*.map' -o -iname '*.md' -o -iname 'CHANGELOG*' \) -delete

# --- the image ---------------------------------------------------------------------------------
FROM ${NODE_IMAGE}
# The release: PORTAL_VERSION must be package.json's (checked below, so a label never lies).
ARG PORTAL_VERSION=1.1.0
ARG PORTAL_COMMIT=unknown
ARG PORTAL_SOURCE=https://git.example.com/vendor/customer-portal
LABEL org.opencontainers.image.title="Customer Portal" \
      org.opencontainers.image.version="${PORTAL_VERSION}" \
      org.opencontainers.image.revision="${PORTAL_COMMIT}" \
      org.opencontainers.image.source="${PORTAL_SOURCE}"
ENV NODE_ENV=production \
    APP_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    # No .env inside an image: settings come from the container's environment.
    ENV_FILE= \
    # npm (for `npm run doctor` and the like) writes its logs under HOME: the tmpfs, not the read-only root.
    HOME=/tmp \
    # Memory (docs/decisions/0041-server-memory.md, 0047-idle-memory.md): a 4 MB young generation
    # instead of V8's 16 MB, and glibc handing blocks of 32 KiB and more (an Argon2id check's 19 MiB,
    # V8's compiler scratch memory) back to the system when freed.
    NODE_OPTIONS=--max-semi-space-size=4 \
    MALLOC_MMAP_THRESHOLD_=32768 \
    MALLOC_TRIM_THRESHOLD_=131072
WORKDIR /app
COPY --from=runtime-deps /app/node_modules node_modules
COPY --from=runtime-deps /app/apps/server/node_modules apps/server/node_modules
COPY --from=build /src/image-package.json package.json
COPY --from=build /src/apps/server/package.json apps/server/package.json
COPY --from=build /src/apps/server/drizzle apps/server/drizzle
COPY --from=build /src/apps/server/dist apps/server/dist
COPY --from=build /src/apps/web/dist apps/web/dist
# DATA_DIR: PGlite's files and the backup socket. Owned by the portal's user, the only writable place.
RUN test "$(node -p 'require("/app/package.json").version')" = "${PORTAL_VERSION}" \
 && mkdir -p /data && chown 10001:10001 /data
VOLUME /data
USER 10001:10001
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server drains in-flight requests on SIGTERM and exits 0 (docs/operations.md "Shutdown").
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/main.js"]
