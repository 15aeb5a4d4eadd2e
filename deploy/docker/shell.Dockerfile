# The shell's files, served by nginx (entries revalidated, hashed files immutable); its page is the page server's.
FROM node:22-bookworm-slim AS build
WORKDIR /src
COPY . .
RUN npm install --no-audit --no-fund && npm run build -w shell

FROM invest/nginx:latest
COPY --from=build /src/shell/dist /srv/shell
COPY deploy/nginx/shell.conf.template /etc/nginx/templates/
ENV SHELL_ROOT=/srv/shell
