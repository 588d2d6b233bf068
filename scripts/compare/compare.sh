#!/bin/bash
# compare.sh OLD NEW OUT: runs two hookwarden-cli binaries on every example of
# the conformance kits (HOOKWARDEN_CONFORMANCE_KIT, default ../shared/conformance)
# and on the demo, for each agent: list, list --json, audit, audit --json, plan
# and plan --json for two events, run --json for one (without --yes: the gate
# decides). Each command runs on a fresh copy of the example in one fixed
# folder, with its own home and store. stdout, stderr and the exit code are
# saved under OUT/old and OUT/new; durations, timestamps and random IDs are
# normalised (*.n) before comparing. NORMONLY=1 re-normalises and compares.
# Then: python3 plancheck.py OUT (plan --json: same hooks, skipped, commands,
# notes, reasons) and python3 runcheck.py OUT (run --json by meaning: verdict,
# hook runs, held hooks, notes, exit code, stderr).
OLD=$1 NEW=$2 OUT=$3
KIT=${HOOKWARDEN_CONFORMANCE_KIT:-../shared/conformance}
W=$(mktemp -d)/work
[ -z "$NORMONLY" ] && { rm -rf "$OUT"; mkdir -p "$OUT/old" "$OUT/new"; }
events() { case $1 in
  gemini) echo "BeforeTool:--tool:run_shell_command SessionStart:--trigger:startup";;
  claude) echo "PreToolUse:--tool:Bash SessionStart:--trigger:startup";;
  codex) echo "PreToolUse:--tool:Bash SessionStart:--trigger:startup";;
  copilot) echo "preToolUse:--tool:bash sessionStart::";;
  qwen) echo "PreToolUse:--tool:run_shell_command SessionStart:--trigger:startup";;
esac; }
norm() { sed -E 's/"(duration[A-Za-z_]*|durationNs|timeoutNs|duration_ms|total_duration_ms|elapsed[A-Za-z_]*)": ?[0-9.e+-]+/"\1": 0/g; s/[0-9]+(\.[0-9]+)? ?ms\b/Nms/g; s/[0-9]+(\.[0-9]+)?(µs|ns|s)\b/Ndur/g; s/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/UUID/g; s/[0-9a-f]{8}\.jsonl/X.jsonl/g; s/[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.-]+Z?/ISO/g; s/[0-9]{13}/EPOCHMS/g'; }
one() { # agent case src-home src-project envfile
  local agent=$1 name=$2 home=$3 proj=$4 envf=$5
  for side in old new; do
    local bin=$OLD; [ $side = new ] && bin=$NEW
    rm -rf "$W"; mkdir -p "$W/cfg" "$W/xdg"
    if [ -n "$home" ] && [ -d "$home" ]; then cp -a "$home" "$W/home"; else mkdir -p "$W/home"; fi
    if [ -n "$proj" ] && [ -d "$proj" ]; then cp -a "$proj" "$W/project"; else mkdir -p "$W/project"; fi
    local extra=()
    if [ -n "$envf" ] && [ -f "$envf" ]; then while IFS= read -r l; do case $l in ''|\#*) ;; *) extra+=("$l");; esac; done < "$envf"; fi
    local d="$OUT/$side/$agent/$name"; mkdir -p "$d"
    local i=0
    run() {
      i=$((i+1))
      ( cd "$W/project" && env -i PATH="$PATH" HOME="$W/home" LANG=C.UTF-8 XDG_CONFIG_HOME="$W/xdg" XDG_CACHE_HOME="$W/xdg/cache" \
        XDG_DATA_HOME="$W/xdg/data" XDG_STATE_HOME="$W/xdg/state" HOOKWARDEN_CONFIG_DIR="$W/cfg" TMPDIR=/tmp "${extra[@]}" \
        timeout 120 "$bin" "$@" --agent "$agent" >"$d/$i.out" 2>"$d/$i.err" </dev/null; echo $? >"$d/$i.code" )
      echo "$*" >"$d/$i.cmd"
      norm <"$d/$i.out" >"$d/$i.out.n"; norm <"$d/$i.err" >"$d/$i.err.n"
    }
    run list; run list --json; run audit; run audit --json
    for e in $(events $agent); do
      IFS=: read -r ev flag val <<<"$e"
      local q=(); [ -n "$flag" ] && q=("$flag" "$val")
      run plan --event "$ev" "${q[@]}"; run plan --event "$ev" "${q[@]}" --json
    done
    e=$(events $agent | cut -d' ' -f1); IFS=: read -r ev flag val <<<"$e"
    run run --event "$ev" "$flag" "$val" --json
  done
}
if [ -z "$NORMONLY" ]; then
for agent in gemini claude codex copilot qwen; do
  rm -rf "$W.demo"; "$OLD" demo "$W.demo" >/dev/null 2>&1
  one $agent demo "" "$W.demo" ""
done
for k in claude codex copilot qwen; do
  for ex in $KIT/$k-live/examples/*/; do
    n=$(basename "$ex")
    one $k "$n" "$ex/home" "$ex/project" "$ex/env"
  done
done
fi
if [ -n "$NORMONLY" ]; then for f in $(find "$OUT" -name "*.out" -o -name "*.err"); do norm <"$f" >"$f.n"; done; fi
total=0; diff=0
for f in $(cd "$OUT/old" && find . -name '*.code'); do
  b=${f%.code}; total=$((total+1))
  if ! cmp -s "$OUT/old/$b.code" "$OUT/new/$b.code" || ! cmp -s "$OUT/old/$b.out.n" "$OUT/new/$b.out.n" || ! cmp -s "$OUT/old/$b.err.n" "$OUT/new/$b.err.n"; then
    diff=$((diff+1)); echo "DIFF $b: $(cat "$OUT/old/$b.cmd")"
  fi
done
echo "commands compared: $total, differ: $diff"
