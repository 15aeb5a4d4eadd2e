#!/bin/sh
# Starts a web app's nginx (or the edge): renders /etc/nginx/templates/*.template into conf.d with the container's
# environment (only ${UPPER_CASE} names, so nginx's own $variables stay), after copying the releases this image
# brings (a remote's versioned folders) into the shared releases volume, where versions already there are kept:
# older versions stay served for open tabs, and the page server draws first frames from the same folders.
set -eu
if [ -d /srv/image-releases ] && [ -n "${RELEASES_ROOT:-}" ]; then
  mkdir -p "$RELEASES_ROOT"
  cp -an /srv/image-releases/. "$RELEASES_ROOT/"
fi
names=$(env | sed -n 's/^\([A-Z][A-Z0-9_]*\)=.*/${\1}/p' | tr '\n' ' ')
for template in /etc/nginx/templates/*.template; do
  envsubst "$names" < "$template" > "/etc/nginx/conf.d/$(basename "$template" .template)"
done
exec nginx -g 'daemon off;'
