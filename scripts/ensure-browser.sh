#!/usr/bin/env bash
# Installs Debian's Chromium and ChromeDriver if they are missing; silent otherwise.
set -euo pipefail
if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then
  exit 0
fi
echo "Installing chromium and chromium-driver (Debian packages)…"
sudo_cmd=""
if [ "$(id -u)" != 0 ]; then sudo_cmd="sudo"; fi
$sudo_cmd apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium chromium-driver
