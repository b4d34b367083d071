#!/usr/bin/env bash
# Prepare a machine to run or test Estafette: the Debian libraries node-canvas needs, then the
# npm dependencies (native modules compiled here). Safe to run again: it skips what is done.
set -euo pipefail
cd "$(dirname "$0")/.."

mapfile -t wanted < <(grep -vE '^\s*(#|$)' scripts/apt-packages.txt)
missing=()
for p in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${missing[*]}"
  SUDO=''
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "setup: run as root or install: ${missing[*]}" >&2; exit 1; }
    SUDO='sudo'
  fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

node -e 'const [a,b]=process.versions.node.split(".").map(Number); if (a<20||(a===20&&b<12)) { console.error("setup: Node >= 20.12 is required, found "+process.version); process.exit(1) }'

# npm ci only when package-lock.json changed since the last install (it rebuilds native modules).
stamp=node_modules/.estafette-lock.sha256
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "setup: npm ci (compiles better-sqlite3 and canvas on first run; about two minutes)"
  npm ci --no-audit --no-fund
  echo "$want" > "$stamp"
fi
echo "setup: ready"
