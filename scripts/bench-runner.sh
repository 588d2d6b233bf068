#!/usr/bin/env bash
# Compare Hookwarden's hook runner with a bare bash spawn from Go and with
# Gemini CLI 0.61's own HookRunner (from the conformance kit's install), on
# one machine in one run:
#
#   scripts/bench-runner.sh [N] [ROUNDS]
#
# Workloads: one `true` hook, one JSON-printing hook, 50 `true` hooks in
# parallel. Each side interleaves its workloads round by round and reports
# medians; the ratios are printed at the end. The kit is found at
# $HOOKWARDEN_CONFORMANCE_KIT or ../shared/conformance from the module root.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
n="${1:-40}" rounds="${2:-7}"
kit="${HOOKWARDEN_CONFORMANCE_KIT:-$root/../shared/conformance}"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/hwbench.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

echo "Hookwarden runner and bare spawn (n=$n, rounds=$rounds)..." >&2
(cd "$root" && HOOKWARDEN_BENCH_RUNNER_OUT="$tmp/go.json" HOOKWARDEN_BENCH_RUNNER_N="$n" HOOKWARDEN_BENCH_RUNNER_ROUNDS="$rounds" \
  go test -count=1 -run '^TestRunnerAgainstBareSpawn$' ./agents/gemini/ >&2)

ref="{}"
if command -v node >/dev/null && [[ -x $kit/oracle/setup.sh ]]; then
  oracle="$("$kit/oracle/setup.sh")"
  echo "Gemini CLI HookRunner (node)..." >&2
  node "$root/scripts/bench-reference.mjs" "$oracle" "$n" "$rounds" >"$tmp/ref.json"
  ref="$(cat "$tmp/ref.json")"
else
  echo "node or the conformance kit is missing: reference not measured" >&2
fi

GO_JSON="$(cat "$tmp/go.json")" REF_JSON="$ref" node -e '
const g = JSON.parse(process.env.GO_JSON), r = JSON.parse(process.env.REF_JSON);
const f = (x) => (x === undefined ? "   n/a" : x.toFixed(2).padStart(6));
const ratio = (a, b) => (a === undefined || b === undefined ? "n/a" : (a / b).toFixed(2) + "x");
console.log("workload              hookwarden  bare spawn  gemini ref   hw/bare  ref/hw   (ms per op)");
console.log(`one true hook           ${f(g.hook_true)}      ${f(g.bare_true)}      ${f(r.ref_true)}   ${ratio(g.hook_true, g.bare_true).padStart(6)}  ${ratio(r.ref_true, g.hook_true).padStart(6)}`);
console.log(`one JSON hook           ${f(g.hook_json)}      ${f(g.bare_true)}      ${f(r.ref_json)}   ${ratio(g.hook_json, g.bare_true).padStart(6)}  ${ratio(r.ref_json, g.hook_json).padStart(6)}`);
console.log(`50 true hooks parallel  ${f(g.hook_true_x50)}      ${f(g.bare_true_x50)}      ${f(r.ref_true_x50)}   ${ratio(g.hook_true_x50, g.bare_true_x50).padStart(6)}  ${ratio(r.ref_true_x50, g.hook_true_x50).padStart(6)}`);
console.log("targets: hw/bare <= 1.15x per hook; ref/hw >= 2x per hook, >= 3x on 50 parallel hooks");
'
