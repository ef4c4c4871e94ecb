# syntax=docker/dockerfile:1
#
# The web app (apps/web, React + Vite) as static files behind nginx. Build context: repo root.
#
#   docker build -f deploy/docker/web.Dockerfile -t examprep/web .
#   docker run -p 8081:8080 -e GATEWAY_UPSTREAM=gateway:3000 \
#     -e KEYCLOAK_ORIGIN=http://localhost:8080 -e S3_ORIGIN=http://localhost:9100 examprep/web
#
# Runtime variables (substituted into deploy/docker/nginx.conf and the security-header snippets
# deploy/docker/security-headers*.conf by the nginx image's
# /docker-entrypoint.d/20-envsubst-on-templates.sh at every start):
#   GATEWAY_UPSTREAM  host:port of the gateway that /api/ is proxied to (e.g. gateway:3000)
#   KEYCLOAK_ORIGIN   scheme://host[:port] of Keycloak as the BROWSER sees it, for the CSP
#                     (connect-src, frame-src, form-action), e.g. https://auth.example.com
#   S3_ORIGIN         scheme://host[:port] of the object store as the BROWSER sees it (the
#                     media service's S3_PUBLIC_ENDPOINT), for the CSP (img-src, media-src,
#                     connect-src: signed media URLs and upload PUTs), e.g. https://s3.example.com
# The app reads everything else (Keycloak URL, realm, client id) from GET /api/public-config,
# so one image serves every environment.

ARG NODE_IMAGE=node:26-bookworm-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.28-alpine

FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY apps apps
COPY libs libs
RUN mkdir -p /manifests \
 && find apps libs -mindepth 2 -maxdepth 2 -name package.json -exec cp --parents {} /manifests/ \;

FROM ${NODE_IMAGE} AS deps
ENV CI=true NX_DAEMON=false NX_NO_CLOUD=true \
    npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
WORKDIR /app
COPY package.json package-lock.json ./
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm ci

FROM deps AS build
COPY nx.json tsconfig.base.json ./
# vite.config.ts reads the ports of its dev server from the environment model (ADR 0024; not
# used by the build output).
COPY tools/infra/infra.config.json tools/infra/environment.cjs tools/infra/
COPY libs libs
COPY apps apps
RUN npx nx run-many -t build -p @examprep/web --outputStyle=static \
 && test -f apps/web/dist/index.html \
 && test -f apps/web/dist/silent-check-sso.html
# The build makes no source maps (vite.config.ts); should one appear, it stays out of the image.
RUN find apps/web/dist -name '*.map' -delete

FROM ${NGINX_IMAGE} AS runtime
# The image's default site is replaced by ours (a template: ${VARS} filled at start).
USER root
RUN rm -f /etc/nginx/conf.d/default.conf
COPY deploy/docker/nginx.conf /etc/nginx/templates/default.conf.template
# Written to /etc/nginx/conf.d/*.inc (not *.conf: included only where nginx.conf says).
COPY deploy/docker/security-headers.conf /etc/nginx/templates/examprep-security-headers.inc.template
COPY deploy/docker/security-headers-silent-check-sso.conf /etc/nginx/templates/examprep-silent-check-sso-headers.inc.template
COPY --from=build /app/apps/web/dist /usr/share/nginx/html
# Only the variables we own are substituted; nginx's own $uri, $host... are left alone.
ENV NGINX_ENVSUBST_FILTER='^(GATEWAY_UPSTREAM|KEYCLOAK_ORIGIN|S3_ORIGIN)$' \
    GATEWAY_UPSTREAM=gateway:3000 \
    KEYCLOAK_ORIGIN=http://localhost:8080 \
    S3_ORIGIN=http://localhost:9100
# uid 101 = the image's `nginx` user (numeric so Kubernetes can verify runAsNonRoot).
USER 101
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=5s --retries=3 \
  CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8080/healthz"]
# nginx stops gracefully on SIGQUIT (the base image's STOPSIGNAL), finishing open requests.
