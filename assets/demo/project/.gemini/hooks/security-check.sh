#!/usr/bin/env bash
# BeforeTool hook for write_file|replace: refuses writes that carry secrets
# or that touch .env files. Gemini sends the tool call as JSON on stdin and
# reads the decision as JSON on stdout.
set -euo pipefail
input=$(cat)
path=$(printf '%s' "$input" | sed -n 's/.*"file_path"[[:space:]]*:[[:space:]]*"\([^"]*\)".*/\1/p' | head -n 1)

deny() {
  printf '{"decision":"deny","reason":"%s"}\n' "$1"
  exit 0
}

case "$path" in
  *.env | */.env.* | *.pem | *id_rsa*) deny "security-check: $path holds secrets; edit it by hand" ;;
esac
if printf '%s' "$input" | grep -Eq 'AKIA[0-9A-Z]{16}|-----BEGIN [A-Z ]*PRIVATE KEY-----|gh[pousr]_[A-Za-z0-9]{36}'; then
  deny "security-check: the new content contains what looks like a credential"
fi
printf '{"decision":"allow"}\n'
