#!/usr/bin/env bash
# For each fetched git mirror (MIRRORS/<owner+name>/repo): check out HEAD into TREE/<owner+name>
# (git init there, so git rev-parse finds the repository) and list hook commands
# found in the agents' standard files at any depth (project root = the folder holding .claude/.codex/.gemini,
# plugin root = the folder holding hooks/hooks.json; Copilot CLI's .github/hooks/*.json and Qwen Code's
# .qwen/settings.json too). Output: repo commit file event command. A Copilot hook's command is its
# "bash" (or "command"); one with a "cwd" other than "." is written as `cd 'cwd' && command`, which is
# where Copilot starts it.
set -u
out=${OUT:-corpus/commands.tsv}; : > $out
for m in ${MIRRORS:-mirrors}/*/repo; do
  name=$(basename $(dirname $m)); t=${TREE:-corpus/tree}/$name
  if [ ! -d $t ]; then mkdir -p $t; git --git-dir=$m archive HEAD 2>/dev/null | tar -x -C $t 2>/dev/null; git -C $t init -q; fi
  commit=$(git --git-dir=$m rev-parse HEAD)
  (cd $t && find . -path '*/node_modules' -prune -o -type f \( -path '*/.codex/hooks.json' -o -path '*/.claude/settings.json' -o -path '*/.claude/settings.local.json' -o -path '*/.gemini/settings.json' -o -path '*/.qwen/settings.json' -o -path '*/hooks/hooks.json' -o -path '*/.github/hooks/*.json' \) -print 2>/dev/null) | sed 's#^\./##' | while read -r f; do
    case $f in
    .github/hooks/*.json|*/.github/hooks/*.json)
      case ${f%/*} in .github/hooks|*/.github/hooks) ;; *) continue ;; esac
      jq -r --arg n "$name" --arg f "$f" --arg c "$commit" '.hooks // {} | to_entries[] | select(.value|type=="array") | .key as $e | .value[] | (if (.hooks|type)=="array" then .hooks[] else . end) | select(type=="object" and (.type // "command")=="command") | ((.bash // .command) as $b | select($b|type=="string") | (if (.cwd|type)=="string" and .cwd!="." and .cwd!="" then "cd '"'"'" + .cwd + "'"'"' && " + $b else $b end)) as $cmd | [$n,$c,$f,$e,($cmd|gsub("\t";" ")|gsub("\n";"\\n"))] | @tsv' "$t/$f" 2>/dev/null >> $out ;;
    *)
      jq -r --arg n "$name" --arg f "$f" --arg c "$commit" '.hooks // {} | to_entries[] | select(.value|type=="array") | .key as $e | .value[] | (.hooks // [])[] | select(.command|type=="string") | [$n,$c,$f,$e,(.command|gsub("\t";" ")|gsub("\n";"\\n"))] | @tsv' "$t/$f" 2>/dev/null >> $out
    esac
  done
done
wc -l < $out; cut -f1 $out | sort -u | wc -l; cut -f1,5 $out | sort -u | wc -l
