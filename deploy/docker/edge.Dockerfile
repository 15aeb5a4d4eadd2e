# The edge nginx: the only published port; routes documents, files, /api and /remotes.json (edge.conf.template).
FROM invest/nginx:latest
COPY deploy/nginx/edge.conf.template /etc/nginx/templates/
