#!/usr/bin/env bash
# The contract's node tools, for make test: Node.js and npm (Debian's packages when missing),
# then tools/node/package.json's pinned packages into tools/node/node_modules (npm ci from the
# committed lock file): openapi-typescript and tsc (tests/clients: the TypeScript client) and
# Redocly's linter (tests/api/test_api_contract.py: the spec's lint), Optic's breaking-change
# check (tests/api/test_api_evolution.py: the spec against the last released one), and axe-core
# (tests/web/test_web_accessibility.py: the pages' accessibility audit).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq nodejs npm
fi

stamp=tools/node/node_modules/.installed-stamp
if [ ! -f "$stamp" ] || [ tools/node/package-lock.json -nt "$stamp" ]; then
    (cd tools/node && npm ci --no-audit --no-fund --loglevel=error)
    touch "$stamp"
fi
