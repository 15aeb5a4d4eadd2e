# The nginx every web container runs: Debian's, with the brotli static module (the builds ship .br files), the same
# nginx `npm run stack` runs natively. The edge and each app add their template (see the app Dockerfiles).
FROM debian:bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends nginx libnginx-mod-http-brotli-static gettext-base \
  && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled/default \
  && ln -sf /dev/stdout /var/log/nginx/access.log && ln -sf /dev/stderr /var/log/nginx/error.log
COPY deploy/docker/nginx-entrypoint.sh /usr/local/bin/nginx-entrypoint.sh
RUN mkdir -p /etc/nginx/templates
ENV APP_PORT=8080
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD ["sh", "-c", "kill -0 \"$(cat /run/nginx.pid)\""]
CMD ["/usr/local/bin/nginx-entrypoint.sh"]
