#!/usr/bin/env bash
# AfterTool hook for write_file|replace: formats the file that was written.
set -euo pipefail
path=$(sed -n 's/.*"file_path"[[:space:]]*:[[:space:]]*"\([^"]*\)".*/\1/p' | head -n 1)
[ -n "$path" ] || exit 0
npx --no-install prettier --write "$path" >&2
