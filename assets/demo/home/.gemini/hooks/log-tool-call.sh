#!/usr/bin/env bash
# AfterTool hook: appends the tool call Gemini sends on stdin, as one JSON
# line, to ~/.gemini/tool-calls.jsonl. Prints nothing, so the call goes on.
set -euo pipefail
log="${HOME}/.gemini/tool-calls.jsonl"
{ tr -d '\n'; echo; } >>"$log"
