# syntax=docker/dockerfile:1
# The merchant console in one image: the compiled API server (apps/server/dist) serving the built
# console (apps/web/dist). ROLE=api / worker / all picks what a container runs (docs/operations.md).
#
#   docker build -t merchant-console .
#   docker run --env-file .env -p 3000:3000 merchant-console
#
# Kept in step with CI by scripts/check-deploy.mjs: the Node major CI tests, the same `npm ci` and
# `npm run build`, the same entry point. No Docker engine runs on the development and CI machines, so
# the image itself is not built there; that check is what keeps this file honest.

ARG NODE_IMAGE=node:24-bookworm-slim

# 1. Production dependencies of the server alone (and of the workspace packages it bundles): no Vite,
#    esbuild, tsx, TypeScript or test tools, and none of the console's packages (they are in its build).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
COPY packages/api/package.json packages/api/
RUN npm ci --omit=dev --workspace apps/server --no-audit --no-fund

# 2. Build: every dependency, then the console (Vite) and the server (esbuild), as CI does.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
COPY packages/api/package.json packages/api/
RUN npm ci --no-audit --no-fund
COPY . .
# Build-time settings of the console (baked into apps/web/dist).
ARG VITE_SENTRY_DSN=
ARG VITE_SHIPPING_PARTNER_URL=
RUN npm run build

# 3. Run: the compiled server, its production dependencies, the migrations and the built console.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data \
    NODE_OPTIONS=--enable-source-maps
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/apps/server/package.json ./apps/server/
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/server/drizzle ./apps/server/drizzle
COPY --from=build /app/apps/server/fonts ./apps/server/fonts
COPY --from=build /app/apps/web/dist ./apps/web/dist
# The embedded database (when DATABASE_URL is unset) and a generated JWT secret live in DATA_DIR.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/server/dist/main.js"]
