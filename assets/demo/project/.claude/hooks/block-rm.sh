#!/usr/bin/env bash
# Claude Code PreToolUse guard: refuses `rm -rf` outside the project.
cmd=$(jq -r '.tool_input.command // ""')
if [[ $cmd == *"rm -rf /"* || $cmd == *"rm -rf ~"* ]]; then
  echo "refusing to delete outside the project: $cmd" >&2
  exit 2
fi
exit 0
