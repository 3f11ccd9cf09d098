#!/usr/bin/env bash
# Installs the balancer `make cluster-check` runs in front of the cluster (Debian's
# `haproxy`, with deploy/haproxy.cfg) when missing.
set -uo pipefail

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

if ! command -v haproxy >/dev/null; then
    echo "ensure-haproxy: installing haproxy" >&2
    as_root apt-get update -qq &&
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy ||
        { echo "ensure-haproxy: could not install haproxy" >&2; exit 1; }
fi
exit 0
