#!/usr/bin/env bash
# Installs what building, running and testing Hookwarden needs on Debian 12:
# Fyne's cgo build packages, clang (3x faster cgo builds), Xvfb and friends
# for the window tests, tmux for driving Gemini CLI's interactive UI, and
# Node.js/npm for the conformance kit when they are missing; and what the app
# itself calls at run time: dbus-launch (dbus-x11; Fyne starts a session bus
# with it when none is set, and logs its absence on every start) and
# xdg-open (xdg-utils; "Open file" hands the file to the desktop's editor);
# and the validators make check-package runs on the packages
# (desktop-file-validate, appstreamcli, man).
# Where dbus-x11 cannot be installed, the GUI scripts fall back to
# dbus-run-session (package dbus), which gives the app a bus without it.
# Go itself must be on PATH (Go 1.26). Idempotent: installs only what is
# missing.
set -euo pipefail

packages=(
  gcc clang pkg-config
  libgl1-mesa-dev libx11-dev libxcursor-dev libxrandr-dev libxinerama-dev libxi-dev libxxf86vm-dev
  libwayland-dev libxkbcommon-dev
  xvfb xauth libgl1-mesa-dri imagemagick x11-utils xdotool dbus tmux
  dbus-x11 xdg-utils
  desktop-file-utils appstream man-db
)
command -v node >/dev/null && command -v npm >/dev/null || packages+=(nodejs npm)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=()
  [[ $(id -u) -eq 0 ]] || sudo=(sudo)
  echo "setup: installing ${missing[*]}" >&2
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
for prog in dbus-launch xdg-open; do
  command -v "$prog" >/dev/null || echo "setup: $prog is still missing (the app falls back: no session bus / no 'Open file')" >&2
done
command -v go >/dev/null || { echo "setup: Go 1.26 is not on PATH (https://go.dev/dl/)" >&2; exit 1; }
go mod download
