#!/usr/bin/env bash
# The installed app's PNG icons (web/static/icons/icon-192.png, icon-512.png), drawn from
# web/static/icons/icon.svg by Debian's headless Chromium (scripts/ensure-browser.sh installs
# it): no image library needed. Run again after changing the SVG, and commit the PNGs.
set -euo pipefail
cd "$(dirname "$0")/../web/static/icons"
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
for size in 192 512; do
  cat >"$profile/page.html" <<HTML
<!doctype html><html><body style="margin:0"><img src="file://$PWD/icon.svg" width="$size" height="$size" style="display:block"></body></html>
HTML
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$profile/user" \
    --window-size="$size,$size" --screenshot="$PWD/icon-$size.png" "file://$profile/page.html" 2>/dev/null
done
ls -l icon-192.png icon-512.png
