#!/bin/sh
# Codex PreToolUse guard: blocks recursive deletes outside the project.
command=$(jq -r '.tool_input.command // ""')
case "$command" in
  *"rm -rf /"*|*"rm -rf ~"*)
    echo "blocked by guard: no recursive delete outside the project" >&2
    exit 2
    ;;
esac
exit 0
