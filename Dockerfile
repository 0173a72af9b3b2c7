# One image for the gateway and the worker; the command chooses which runs. See docs/deployment.md.
# Build stage: every dependency, then the web app and the esbuild bundles of the servers.
FROM node:24-bookworm-slim AS build
WORKDIR /app
# The release Sentry reports under and source maps are uploaded for (docs/observability.md).
ARG SENTRY_RELEASE
COPY . .
RUN npm ci --no-audit --no-fund \
 && npm run build -w @lumen/web \
 && npm run build:server

# Final stage: the bundles and the few packages a bundle cannot hold (scripts/lib/runtime-deps.ts),
# installed from a lockfile pruned out of the repository's: no workspace's dependencies, no
# development tools, no Sentry CLI. Plain `node`.
FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
# Stack traces (logs and Sentry reports) name the TypeScript sources, through the bundles' maps.
ENV NODE_OPTIONS=--enable-source-maps
COPY --from=build /app/dist/runtime/package.json /app/dist/runtime/package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts && npm cache clean --force
# Files a bundled package reads from disk (the operators' dashboard).
COPY --from=build /app/node_modules/@bull-board/ui/package.json node_modules/@bull-board/ui/
COPY --from=build /app/node_modules/@bull-board/ui/dist node_modules/@bull-board/ui/dist
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/gateway/dist apps/gateway/dist
COPY --from=build /app/apps/worker/dist apps/worker/dist
COPY --from=build /app/packages/db/dist packages/db/dist
COPY --from=build /app/packages/db/drizzle packages/db/drizzle
# The official image's unprivileged user; nothing in /app is writable by it.
USER node
EXPOSE 4000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||4000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "apps/gateway/dist/main.mjs"]
