#!/usr/bin/env bash
# Installs the Node tools the tests use (package.json: axe-core for the accessibility audit
# of the pages) into ./node_modules, exactly as package-lock.json pins them. Node and npm
# come from Debian's packages when missing; the packages from the npm registry.
set -uo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

if ! command -v npm >/dev/null; then
    echo "ensure-node-tools: installing nodejs npm" >&2
    as_root apt-get update -qq &&
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm ||
        { echo "ensure-node-tools: could not install nodejs and npm" >&2; exit 1; }
fi
# Again only when the lock file is newer than the last install.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci --no-audit --no-fund --loglevel=error ||
        { echo "ensure-node-tools: npm ci failed" >&2; exit 1; }
fi
exit 0
