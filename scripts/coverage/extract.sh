#!/usr/bin/env bash
# For each fetched git mirror (MIRRORS/<owner+name>/repo): check out HEAD into TREE/<owner+name>
# (git init there, so git rev-parse finds the repository) and list hook commands
# found in the agents' standard files at any depth (project root = the folder holding .claude/.codex/.gemini,
# plugin root = the folder holding hooks/hooks.json). Output: repo commit file event command.
set -u
out=${OUT:-corpus/commands.tsv}; : > $out
for m in ${MIRRORS:-mirrors}/*/repo; do
  name=$(basename $(dirname $m)); t=${TREE:-corpus/tree}/$name
  if [ ! -d $t ]; then mkdir -p $t; git --git-dir=$m archive HEAD 2>/dev/null | tar -x -C $t 2>/dev/null; git -C $t init -q; fi
  commit=$(git --git-dir=$m rev-parse HEAD)
  (cd $t && find . -path '*/node_modules' -prune -o -type f \( -path '*/.codex/hooks.json' -o -path '*/.claude/settings.json' -o -path '*/.claude/settings.local.json' -o -path '*/.gemini/settings.json' -o -path '*/hooks/hooks.json' \) -print 2>/dev/null) | sed 's#^\./##' | while read -r f; do
    jq -r --arg n "$name" --arg f "$f" --arg c "$commit" '.hooks // {} | to_entries[] | select(.value|type=="array") | .key as $e | .value[] | (.hooks // [])[] | select(.command|type=="string") | [$n,$c,$f,$e,(.command|gsub("\t";" ")|gsub("\n";"\\n"))] | @tsv' "$t/$f" 2>/dev/null >> $out
  done
done
wc -l < $out; cut -f1 $out | sort -u | wc -l; cut -f1,5 $out | sort -u | wc -l
