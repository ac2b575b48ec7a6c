# Pier's image: `docker build -t pier .` (docker-compose.yml builds it for you).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts
COPY tsconfig.json ./
COPY proto ./proto
COPY scripts/bundle-protos.mjs ./scripts/
COPY src ./src
RUN node scripts/bundle-protos.mjs && npx tsc -p tsconfig.json

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts
COPY proto ./proto
COPY crds ./crds
COPY examples ./examples
COPY --from=build /app/dist/src ./dist/src
EXPOSE 18000 19000
# The V8 flag of src/cli/main.ts's first line (a smaller young generation: less memory).
ENTRYPOINT ["node", "--max-semi-space-size=4", "dist/src/cli/main.js"]
CMD ["serve", "--envoy", "off"]
