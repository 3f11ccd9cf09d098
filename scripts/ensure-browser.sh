#!/usr/bin/env bash
# Installs the headless browser the web client's tests drive (Debian's `chromium` and
# `chromium-driver`) when missing. Never downloads a browser build from anywhere else.
set -uo pipefail

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    echo "ensure-browser: installing chromium chromium-driver" >&2
    as_root apt-get update -qq &&
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver ||
        { echo "ensure-browser: could not install chromium" >&2; exit 1; }
fi
exit 0
