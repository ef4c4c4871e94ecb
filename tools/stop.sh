#!/usr/bin/env bash
# Stops the apps and the local servers of a profile (default dev).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PROFILE="${EXAMPREP_PROFILE:-dev}"
# the apps, then the servers; every step runs even when one fails (the harness)
node tools/system/harness.cjs down --profile "$PROFILE"
