# The API (each replica) and, with another command, the page server: one image of the checkout's Node workspaces.
# Node 22 (the engines the packages ask for); the lock file pins every dependency.
FROM node:22-bookworm-slim
WORKDIR /app
COPY . .
RUN npm install --no-audit --no-fund && npm cache clean --force
# Compiled JavaScript for the processes (npm run build:server); the page server needs the shell's build (its page)
# and the operators' console's (its page under /ops/).
RUN npm run build:server && npm run build -w shell -w ops-console
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data
VOLUME /data
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "api/dist/main.js"]
