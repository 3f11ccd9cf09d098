#!/usr/bin/env bash
# What the web client loads from the npm registry, for make run and make test: Node.js and npm
# (Debian's packages when missing), then web/package.json's pinned packages into
# web/node_modules (npm ci from the committed lock file). The client has no build step: the
# server serves Fluent's ES modules from there as they are (web/__init__.py).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq nodejs npm
fi

stamp=web/node_modules/.installed-stamp
if [ ! -f "$stamp" ] || [ web/package-lock.json -nt "$stamp" ]; then
    (cd web && npm ci --no-audit --no-fund --loglevel=error)
    touch "$stamp"
fi
