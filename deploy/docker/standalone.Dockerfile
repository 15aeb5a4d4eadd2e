# A standalone app's files (the operators' console, `--build-arg APP=ops-console`), served by nginx under its base
# path (apps.json); its page comes from the page server, which sends it for every client route under the base.
FROM node:22-bookworm-slim AS build
ARG APP
WORKDIR /src
COPY . .
RUN test -n "$APP" && npm install --no-audit --no-fund && npm run build -w "$APP" && mv "$APP/dist" /out

FROM invest/nginx:latest
COPY --from=build /out /srv/app
COPY deploy/nginx/standalone.conf.template /etc/nginx/templates/
ENV APP_ROOT=/srv/app
