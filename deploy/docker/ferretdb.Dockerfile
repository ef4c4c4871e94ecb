# syntax=docker/dockerfile:1
#
# OUR FerretDB: v1.24.0 with the three patches of tools/infra, built exactly as
# `tools/infra/infra.sh install ferretdb` builds the local store (ADR 0022, ADR 0028), for
# FerretDB on PostgreSQL in production (k8s/ferretdb/README.md). Build context: the repository
# root (only tools/infra/*.patch is read from it).
#
#   docker build -f deploy/docker/ferretdb.Dockerfile -t examprep/ferretdb:v1.24.0-examprep .
#   docker run --rm examprep/ferretdb:v1.24.0-examprep --version
#     version: v1.24.0
#     package: examprep-local+sqlite-id-index+pg-ordered-indexes
#
# Keep in step with tools/infra/infra.sh (install_ferretdb): the version (V_FERRETDB, from
# tools/infra/infra.config.json versions.ferretdb), the patch list (FERRETDB_PATCHES) and the
# package line (FERRETDB_PACKAGE). tools/k8s/validate.spec.ts fails when they differ.
#
# Stages: build (golang: `go mod download` of the exact module version, since the proxy answers
# 403 to FerretDB's version list and `go install ...@v1.x` fails; copy; version.txt and
# package.txt, which the module zip lacks and FerretDB embeds; the patches; a static build) ->
# runtime (distroless static, non-root uid 65532, no shell, no package manager).
#
# The patches are applied with `git apply`, which refuses fuzz: a patch that no longer fits
# the FerretDB source fails the build instead of landing somewhere else. A FerretDB version
# bump means re-checking every patch first (k8s/ferretdb/README.md, "Upgrades").
#
# Runtime: PostgreSQL backend only in production (FERRETDB_HANDLER=postgresql below). Give it
#   FERRETDB_POSTGRESQL_URL  postgres://<role>@<host>:5432/<database>?sslmode=verify-full&...
#   PGPASSWORD               the role's password (pgx reads it when the URL has none)
# The database must use the C collation (k8s/ferretdb/README.md).
# Ports: 27017 (MongoDB wire protocol), 8088 (debug: /debug/livez, /debug/readyz,
# /debug/metrics). State (state.json, a few bytes) in /state: an emptyDir is enough.
# Healthcheck: /usr/local/bin/healthcheck GETs /debug/readyz (no shell or curl in the image).
# Signals: FerretDB is PID 1 and stops on SIGTERM (closes its listener and its pools).

ARG GO_IMAGE=golang:1.26.8-bookworm
ARG RUNTIME_IMAGE=gcr.io/distroless/static-debian12:nonroot

# ---------------------------------------------------------------------------------------------
# build
FROM ${GO_IMAGE} AS build
# = tools/infra/infra.config.json versions.ferretdb and infra.sh FERRETDB_PACKAGE
ARG FERRETDB_VERSION=v1.24.0
ARG FERRETDB_PACKAGE=examprep-local+sqlite-id-index+pg-ordered-indexes+pg-update-safety+createindexes-existing
# Static binaries (FerretDB's PostgreSQL and SQLite drivers are pure Go), baseline amd64 as
# FerretDB's own production image, no VCS stamp (the source is a module copy, not a checkout).
ENV CGO_ENABLED=0 GOAMD64=v1 GOTOOLCHAIN=local GOFLAGS="-trimpath -buildvcs=false"
WORKDIR /src
# go mod download works outside a module; its JSON names the unpacked module directory.
RUN --mount=type=cache,target=/go/pkg/mod \
    dir="$(go mod download -json "github.com/FerretDB/FerretDB@${FERRETDB_VERSION}" \
      | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p')" \
 && test -n "$dir" \
 && cp -r "$dir/." /src/ \
 && chmod -R u+w /src \
 && printf '%s\n' "$FERRETDB_VERSION" >build/version/version.txt \
 && printf '%s\n' "$FERRETDB_PACKAGE" >build/version/package.txt
# Same order as infra.sh FERRETDB_PATCHES.
COPY tools/infra/ferretdb-sqlite-id-index.patch tools/infra/ferretdb-postgresql-ordered-indexes.patch tools/infra/ferretdb-postgresql-update-safety.patch tools/infra/ferretdb-createindexes-existing.patch /patches/
RUN git apply --verbose /patches/ferretdb-sqlite-id-index.patch \
 && git apply --verbose /patches/ferretdb-postgresql-ordered-indexes.patch \
 && git apply --verbose /patches/ferretdb-postgresql-update-safety.patch \
 && git apply --verbose /patches/ferretdb-createindexes-existing.patch
RUN --mount=type=cache,target=/go/pkg/mod --mount=type=cache,target=/root/.cache/go-build \
    go build -o /out/ferretdb ./cmd/ferretdb \
 && /out/ferretdb --version \
 && /out/ferretdb --version | grep -qx "version: ${FERRETDB_VERSION}" \
 && /out/ferretdb --version | grep -qx "package: ${FERRETDB_PACKAGE}"
# The HEALTHCHECK's probe: GET http://127.0.0.1:<debug port>/debug/readyz, exit 0 on 200.
COPY <<'EOF' /healthcheck/main.go
package main

import (
	"net"
	"net/http"
	"os"
	"time"
)

func main() {
	addr := os.Getenv("FERRETDB_DEBUG_ADDR")
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		os.Exit(2)
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "127.0.0.1"
	}
	c := http.Client{Timeout: 4 * time.Second}
	res, err := c.Get("http://" + net.JoinHostPort(host, port) + "/debug/readyz")
	if err != nil || res.StatusCode != http.StatusOK {
		os.Exit(1)
	}
}
EOF
RUN cd /healthcheck \
 && go mod init examprep/ferretdb-healthcheck \
 && go build -o /out/healthcheck . \
 && mkdir -p /out/state

# ---------------------------------------------------------------------------------------------
# runtime
FROM ${RUNTIME_IMAGE} AS runtime
ARG FERRETDB_VERSION=v1.24.0
LABEL org.opencontainers.image.title="examprep-ferretdb" \
      org.opencontainers.image.description="FerretDB ${FERRETDB_VERSION} with the examprep patches (ADR 0022, ADR 0028), PostgreSQL backend" \
      org.opencontainers.image.version="${FERRETDB_VERSION}-examprep" \
      org.opencontainers.image.licenses="Apache-2.0"
COPY --from=build /out/ferretdb /ferretdb
COPY --from=build /out/healthcheck /usr/local/bin/healthcheck
# uid/gid 65532 = distroless `nonroot` (numeric so Kubernetes can verify runAsNonRoot)
COPY --from=build --chown=65532:65532 /out/state /state
USER 65532:65532
ENV FERRETDB_HANDLER=postgresql \
    FERRETDB_LISTEN_ADDR=:27017 \
    FERRETDB_DEBUG_ADDR=:8088 \
    FERRETDB_STATE_DIR=/state \
    FERRETDB_TELEMETRY=disable \
    FERRETDB_LOG_FORMAT=json
EXPOSE 27017 8088
VOLUME /state
HEALTHCHECK --interval=15s --timeout=5s --start-period=10s --retries=3 \
  CMD ["/usr/local/bin/healthcheck"]
ENTRYPOINT ["/ferretdb"]
