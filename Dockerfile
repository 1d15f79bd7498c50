# Cardrealm game server: a production image (README, "Running in production").
#   docker build -t cardrealm .
#   docker run -p 3000:3000 -e TOKEN_SECRET=... -e PARTNER_SECRET=... -v cardrealm-data:/data cardrealm
# Three stages: build (every dependency, compiles client and server), deps
# (production dependencies only, native modules compiled for this image),
# and the small runtime image that runs the build as a non-root user.

FROM node:20-bookworm-slim AS base
WORKDIR /app
# node-gyp builds better-sqlite3 from source on Node 20.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
# Only the manifests first, so a code change does not reinstall every package.
COPY package.json package-lock.json ./
COPY packages/engine/package.json packages/engine/
COPY packages/protocol/package.json packages/protocol/
COPY packages/testkit/package.json packages/testkit/
COPY packages/ai/package.json packages/ai/
COPY content/package.json content/
COPY apps/server/package.json apps/server/
COPY apps/client/package.json apps/client/
COPY tools/package.json tools/
COPY e2e/package.json e2e/

FROM base AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM base AS deps
RUN npm ci --omit=dev --workspace @cardrealm/server --no-audit --no-fund

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/apps/server/node_modules ./apps/server/node_modules
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/apps/server/package.json ./apps/server/package.json
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/client/dist ./apps/client/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains the server (README, "Graceful restarts"); give it time to.
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=32", "--enable-source-maps", "apps/server/dist/main.js"]
