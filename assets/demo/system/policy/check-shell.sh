#!/usr/bin/env bash
# BeforeTool hook for run_shell_command (system policy): denies commands that
# wipe the disk or pipe a download into a shell.
set -euo pipefail
input=$(cat)
if printf '%s' "$input" | grep -Eq 'rm -rf /([^A-Za-z0-9._-]|$)|curl[^|]*\|[[:space:]]*(ba)?sh|wget[^|]*\|[[:space:]]*(ba)?sh'; then
  printf '{"decision":"deny","reason":"Company policy forbids this shell command"}\n'
  exit 0
fi
printf '{"decision":"allow"}\n'
