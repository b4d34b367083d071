# Estafette: the bot, with the Debian libraries node-canvas needs. Mirrors scripts/setup.sh
# (the steps .ci/run proves): the same package list, then `npm ci`.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY scripts/apt-packages.txt scripts/
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $(grep -vE '^\s*(#|$)' scripts/apt-packages.txt) \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
# Runtime shared libraries of the -dev packages above (no compilers in the final image).
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      libcairo2 libpango-1.0-0 libpangocairo-1.0-0 libjpeg62-turbo libgif7 librsvg2-2 tini \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY package.json package-lock.json tsconfig.json ./
COPY src ./src
COPY commands ./commands
COPY migrations ./migrations
COPY assets ./assets
COPY bin ./bin
# The bot runs from one bundle, as `npm start` runs it (README "Memory"): no TypeScript loader at run time.
RUN node_modules/.bin/tsx src/build-bot.ts
# The database lives on a volume, owned by the unprivileged user that runs the bot.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
ENV NODE_ENV=production DATABASE_PATH=/data/estafette.db CONSOLE_OUTPUT_DIR=/data/console-out
USER node
# tini forwards SIGTERM so the bot closes its Discord session and database cleanly.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--max-old-space-size=512", "--max-semi-space-size=8", "dist/main.mjs"]
