# Quits: the web app and the API server in one image, run with `node` on compiled files.
#   docker run -p 8080:8080 -v quits-data:/data IMAGE      (the embedded database in /data)
# Every setting comes from the environment at run time (.env.example lists them).
# BASE_IMAGE: any Debian bookworm with Node 20 and npm; `npm run container:base` makes one
# without a registry (scripts/container/make-base.sh).
ARG BASE_IMAGE=docker.io/library/node:20-bookworm-slim

FROM ${BASE_IMAGE} AS build
ENV NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /src
# The package files first: the install is cached until a dependency changes.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY packages/domain/package.json packages/domain/
RUN npm ci --workspace @quits/web --workspace @quits/server --no-audit --no-fund
COPY tsconfig.json ./
COPY packages packages
COPY apps/web apps/web
RUN npm run build --workspace @quits/web
COPY scripts/build-server.mjs scripts/
COPY apps/server apps/server
RUN node scripts/build-server.mjs

FROM ${BASE_IMAGE} AS dependencies
ENV NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY packages/contract/package.json packages/contract/
COPY packages/domain/package.json packages/domain/
# The server's production dependencies only; the workspace packages are compiled into it.
# Of the fonts, only the weights a statement uses (src/report/report-fonts.ts): 85 MB less.
RUN npm ci --workspace @quits/server --omit=dev --no-audit --no-fund \
  && rm -rf node_modules/@quits /root/.npm \
  && find node_modules/@expo-google-fonts -mindepth 2 -maxdepth 2 -type d \
    ! -name 400Regular ! -name 700Bold -exec rm -rf {} +

FROM ${BASE_IMAGE}
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    BACKUP_DIR=/backups
WORKDIR /app
RUN groupadd --gid 10001 quits \
  && useradd --uid 10001 --gid quits --home-dir /data --no-create-home --shell /usr/sbin/nologin quits \
  && mkdir /data /backups && chown quits:quits /data /backups
COPY --from=dependencies /app /app
COPY apps/server/data apps/server/data
COPY --from=build /src/apps/server/dist apps/server/dist
COPY --from=build /src/apps/web/dist apps/web/dist
COPY --from=build /src/apps/web/dist-ssr apps/web/dist-ssr
USER quits
# The backups on their own volume: best on another disk than the data.
VOLUME /data /backups
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "const b=(process.env.BASE_PATH||'').replace(/^\\/+|\\/+$/g,'');fetch('http://127.0.0.1:'+(process.env.PORT||8080)+(b?'/'+b:'')+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/server.js"]
