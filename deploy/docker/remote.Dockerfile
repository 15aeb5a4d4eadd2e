# One remote, built and shipped by its team alone: `docker build --build-arg APP=mf-account -f
# deploy/docker/remote.Dockerfile .` builds only that remote into its versioned folder
# (/remotes/<short>/<version>/, `npm run release`) and serves it with nginx. Pointing remotes.json at the new
# version deploys it; the versions already in the releases volume stay, so a rollback is a repoint.
FROM node:22-bookworm-slim AS build
ARG APP
WORKDIR /src
COPY . .
RUN test -n "$APP" && npm install --no-audit --no-fund && npm run release -- "$APP" /out

FROM invest/nginx:latest
COPY --from=build /out /srv/image-releases
COPY deploy/nginx/remote.conf.template /etc/nginx/templates/
ENV RELEASES_ROOT=/srv/releases
