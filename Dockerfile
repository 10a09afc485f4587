# The quran-dai proxy as a container (docs/deploy.md, "A container image"): the demo page, the
# widget, the Quran data and the API on port 8787. Keys come from the environment at run time,
# never from the image. compose.yaml runs it with Redis.
ARG NODE_IMAGE=node:20-bookworm-slim

# ---- build: the corpus, the topics and the widget need the dev tools; the proxy is bundled to one file
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build:corpus && npm run build:topics && npm run build:precompress && npm run build:widget \
 && npx esbuild proxy/server.ts --bundle --platform=node --format=esm --packages=external --outfile=proxy/server.mjs

# ---- run: production dependencies only, as the unprivileged `node` user
FROM ${NODE_IMAGE} AS run
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8787
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts && npm cache clean --force
COPY --from=build /app/proxy/server.mjs proxy/server.mjs
COPY --from=build /app/dist/widget dist/widget
COPY --from=build /app/data/dist data/dist
COPY --from=build /app/data/prebuilt data/prebuilt
COPY demo demo
COPY .env.example .env.example
USER node
EXPOSE 8787
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 8787) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "proxy/server.mjs"]
