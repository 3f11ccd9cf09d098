#!/usr/bin/env bash
# Starts the services the test suite talks to (Redis, PostgreSQL) when they are not already
# answering on 127.0.0.1. Installs them from Debian's packages if they are missing entirely.
set -uo pipefail

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
apt_install() {
    echo "ensure-services: installing $*" >&2
    as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"
}
wait_port() { for _ in $(seq 1 50); do port_open "$1" && return 0; sleep 0.2; done; return 1; }

# --- jq (the README's API example reads answers with it; a test runs that example) ----
command -v jq >/dev/null || apt_install jq

# --- Redis -----------------------------------------------------------------------------
if ! port_open 6379; then
    command -v redis-server >/dev/null || apt_install redis-server
    mkdir -p /tmp/ursuppe-redis
    redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no \
        --dir /tmp/ursuppe-redis --logfile /tmp/ursuppe-redis/redis.log
    wait_port 6379 || { echo "ensure-services: Redis did not start" >&2; exit 1; }
    echo "ensure-services: started Redis on 127.0.0.1:6379" >&2
fi

# --- PostgreSQL ------------------------------------------------------------------------
if ! port_open 5432; then
    if ! ls /etc/postgresql/*/main >/dev/null 2>&1; then apt_install postgresql; fi
    ver=$(ls /etc/postgresql | sort -V | tail -n 1)
    as_root pg_ctlcluster --skip-systemctl-redirect "$ver" main start || true
    wait_port 5432 || { echo "ensure-services: PostgreSQL did not start" >&2; exit 1; }
    echo "ensure-services: started PostgreSQL $ver on 127.0.0.1:5432" >&2
fi
exit 0
