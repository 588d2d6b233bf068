#!/usr/bin/env bash
# BeforeTool hook for read_file: denies reading files that usually hold
# secrets, so they never reach the model.
set -euo pipefail
input=$(cat)
if printf '%s' "$input" | grep -Eq '"(file_path|absolute_path)"[[:space:]]*:[[:space:]]*"[^"]*(\.env|id_rsa|id_ed25519|\.pem)"'; then
  printf '{"decision":"deny","reason":"secret-guard: that file holds secrets"}\n'
  exit 0
fi
printf '{"decision":"allow"}\n'
