#!/usr/bin/env bash
# SessionStart hook: gives the model the current branch and the open TODOs
# as additional context for the first prompt.
set -uo pipefail
dir=${GEMINI_PROJECT_DIR:-.}
branch=$(git -C "$dir" branch --show-current 2>/dev/null || true)
todos=$(grep -rn --include='*.js' 'TODO' "$dir/src" 2>/dev/null | wc -l | tr -d ' ')
printf '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"Branch: %s. Open TODOs in src/: %s."}}\n' \
  "${branch:-none}" "$todos"
