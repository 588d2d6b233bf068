#!/usr/bin/env bash
# Notification hook: shows Gemini's message as a desktop notification when
# notify-send is there, and stays quiet otherwise.
set -uo pipefail
msg=$(sed -n 's/.*"message"[[:space:]]*:[[:space:]]*"\([^"]*\)".*/\1/p' | head -n 1)
if command -v notify-send >/dev/null; then
  notify-send "Gemini CLI" "${msg:-Gemini CLI is waiting for you}"
fi
