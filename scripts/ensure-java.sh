#!/usr/bin/env bash
# Installs the Java runtime that openapi-generator (from PyPI's openapi-generator-cli, which
# bundles the generator's jar) runs on, for tests/clients/test_other_generators.py, when
# missing (Debian's default-jre-headless).
set -uo pipefail

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

if ! command -v java >/dev/null; then
    echo "ensure-java: installing default-jre-headless" >&2
    as_root apt-get update -qq &&
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless ||
        { echo "ensure-java: could not install a Java runtime" >&2; exit 1; }
fi
exit 0
