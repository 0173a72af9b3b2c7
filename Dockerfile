# One image for the gateway and the worker; the command chooses which runs. See docs/deployment.md.
# Build stage: every dependency, then the web app and the esbuild bundles of the servers.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund \
 && npm run build -w @lumen/web \
 && npm run build:server

# Final stage: runtime dependencies only (no tsx, vitest, biome, Playwright), plain `node`.
FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY apps/gateway/package.json apps/gateway/
COPY apps/web/package.json apps/web/
COPY apps/worker/package.json apps/worker/
COPY packages/config/package.json packages/config/
COPY packages/db/package.json packages/db/
COPY packages/domain/package.json packages/domain/
COPY packages/engines/package.json packages/engines/
COPY packages/jobs/package.json packages/jobs/
COPY packages/schema/package.json packages/schema/
COPY packages/wordpress/package.json packages/wordpress/
RUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts && npm cache clean --force
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
