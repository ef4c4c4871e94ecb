#!/usr/bin/env bash
# Stops the apps and the local servers of a profile (default dev).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PROFILE="${EXAMPREP_PROFILE:-dev}"
node tools/system/system.cjs stop --profile "$PROFILE" || true
bash tools/infra/infra.sh stop --profile "$PROFILE"
