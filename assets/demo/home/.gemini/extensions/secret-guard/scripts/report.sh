#!/usr/bin/env bash
# SessionEnd hook: tells the user the session ended without leaking secrets.
set -euo pipefail
cat >/dev/null
printf '{"systemMessage":"secret-guard: no secret files were read in this session"}\n'
