# syntax=docker/dockerfile:1
#
# Keycloak with the examprep realm and themes baked in. Build context: the repository root.
#
#   docker build -f deploy/docker/keycloak.Dockerfile -t examprep/keycloak .
#
# Only the PRODUCTION realm (deploy/keycloak/realm) is copied. The dev/test overlay
# (deploy/keycloak/dev: seeded users, the api-tests client) never enters this image;
# docker-compose mounts a merged dev realm over /opt/keycloak/data/import instead.
#
# The realm file carries placeholders that Keycloak resolves from the environment at import:
#   EXAMPREP_WEB_URL            the web app's public URL (redirect URIs, web origins)
#   EXAMPREP_SMTP_HOST/_PORT/_FROM/_AUTH/_USER/_PASSWORD/_SSL/_STARTTLS
#   KC_IDENTITY_CLIENT_SECRET   secret of the identity-service client. Its fallback in the
#                               realm file is a DEV value: always set it in production.
#   EXAMPREP_GATEWAY_URL        the gateway as Keycloak reaches it (identity provider lti)
#   EXAMPREP_LTI_BRIDGE_SECRET  what lti presents to the schools bridge: a DEV fallback too.
# The import runs once, when the realm does not exist yet (existing realms are skipped).
#
# Production start (the default command): an optimized server with PostgreSQL. Give it
#   KC_DB_URL, KC_DB_USERNAME, KC_DB_PASSWORD, KC_HOSTNAME (e.g. https://auth.example.com),
#   KC_PROXY_HEADERS=xforwarded (behind an ingress), KC_HTTP_ENABLED=true if TLS ends there,
#   KC_BOOTSTRAP_ADMIN_USERNAME/_PASSWORD on the first start only.
# Dev start (docker-compose): command `start-dev --import-realm` (H2 dev-file database).
# Health: http://<pod>:9000/health/ready and /health/live (management port).

ARG KEYCLOAK_IMAGE=quay.io/keycloak/keycloak:26.5.6

FROM ${KEYCLOAK_IMAGE} AS builder
# Build-time options, fixed into the optimized server by `kc.sh build`.
# KC_FEATURES: same list as keycloak.features in tools/infra/infra.config.json (ADR 0008).
ENV KC_DB=postgres \
    KC_FEATURES=token-exchange,admin-fine-grained-authz:v1 \
    KC_HEALTH_ENABLED=true \
    KC_METRICS_ENABLED=true
WORKDIR /opt/keycloak
COPY --chown=1000:0 deploy/keycloak/themes/ /opt/keycloak/themes/
RUN /opt/keycloak/bin/kc.sh build

FROM ${KEYCLOAK_IMAGE}
COPY --from=builder /opt/keycloak/ /opt/keycloak/
COPY --chown=1000:0 deploy/keycloak/realm/examprep-realm.json /opt/keycloak/data/import/examprep-realm.json
# uid 1000 = the image's keycloak user (numeric so Kubernetes can verify runAsNonRoot)
USER 1000
EXPOSE 8080 9000
ENTRYPOINT ["/opt/keycloak/bin/kc.sh"]
CMD ["start", "--optimized", "--import-realm"]
