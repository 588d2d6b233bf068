#!/bin/sh
# sandbox.sh: a sandboxed dry run against a direct one, end to end, as a
# user calls them: `hookwarden run --agent gemini --event BeforeTool
# --tool x` with --sandbox (every hook in the sandbox) and with --yes
# --no-sandbox (every hook run for real, under the supervisor), on a
# project whose BeforeTool event has N hooks (`true`), the two ALTERNATING
# in the same run so that the load of a shared machine falls on both alike.
#
#   scripts/perf/sandbox.sh [-r runs] [-n hooks] [-p] BIN [BIN...]
#
# -p runs the whole measurement at real-time priority (chrt -f 10: root,
# or CAP_SYS_NICE), so that on a loaded machine the runs do not wait for a
# core behind the others' work and the wall times mean something (the
# kernel's own work for them, RCU grace periods or a network namespace's
# teardown, still runs at normal priority).
#
# Prints one line per run (binary, mode, wall ms, CPU ms of the command and
# every process it started: perf's task-clock, else user + system time) and,
# per binary, the medians with the added cost (sandboxed - direct). With
# several binaries (OLD NEW), each round runs every binary's pair in turn,
# so that the load falls on all alike. On a loaded machine the wall time is
# mostly waiting for a core: compare CPU milliseconds too.
set -eu
runs=7 hooks=1 prio=
while getopts r:n:p o; do
	case $o in
	r) runs=$OPTARG ;; n) hooks=$OPTARG ;; p) prio=1 ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { echo "usage: $0 [-r runs] [-n hooks] [-p] BIN [BIN...]" >&2; exit 2; }
if [ -n "$prio" ]; then
	chrt -f 10 true 2>/dev/null || { echo "$0: -p: chrt -f 10 is not allowed here (root or CAP_SYS_NICE)" >&2; exit 2; }
	exec chrt -f 10 env HOOKWARDEN_SBXPERF_RT=1 sh "$0" -r "$runs" -n "$hooks" "$@"
fi
bins=
for b in "$@"; do
	bins="$bins $(cd "$(dirname "$b")" && pwd)/$(basename "$b")"
done
root=$(mktemp -d "${TMPDIR:-/tmp}/hookwarden-sbxperf.XXXXXX")
trap 'rm -rf "$root"' EXIT
mkdir -p "$root/home" "$root/proj/.gemini"
{
	printf '{"hooks": {"BeforeTool": [{"matcher": "", "hooks": ['
	i=1
	while [ $i -le "$hooks" ]; do
		[ $i -gt 1 ] && printf ', '
		printf '{"type": "command", "name": "h%d", "command": "true"}' $i
		i=$((i + 1))
	done
	printf ']}]}}\n'
} >"$root/proj/.gemini/settings.json"
results="$root/results"
: >"$results"
echo "# $(date -u) $hooks hook(s)${HOOKWARDEN_SBXPERF_RT:+, at real-time priority (chrt -f 10)}, load: $(uptime | sed 's/.*load/load/')"
# cpu runs a command and prints its CPU milliseconds: perf's task-clock
# (every process it started included) when perf is there, else the
# user + system time /usr/bin/time reports (in 10 ms ticks).
if perf stat -x, -e task-clock true >/dev/null 2>&1; then
	cpu() { perf stat -x, -e task-clock "$@" 2>&1 >/dev/null | awk -F, '/task-clock/ {print $1}'; }
else
	cpu() { /usr/bin/time -f "%U %S" "$@" 2>&1 >/dev/null | tail -1 | awk '{print ($1 + $2) * 1000}'; }
fi
one() { # bin mode flags...
	bin=$1 mode=$2
	shift 2
	start=$(date +%s%N)
	c=$(cd "$root/proj" && cpu env -i PATH="$PATH" HOME="$root/home" HOOKWARDEN_CONFIG_DIR="$root/config" \
		GEMINI_CLI_SYSTEM_SETTINGS_PATH="$root/none.json" GEMINI_CLI_TRUST_WORKSPACE=true \
		"$bin" run --agent gemini --event BeforeTool --tool x "$@")
	end=$(date +%s%N)
	echo "$bin $mode $(( (end - start) / 1000000 )) $c" | awk '{printf "%s %s %.1f %.1f\n", $1, $2, $3, $4}' | tee -a "$results"
}
i=0
while [ $i -lt "$runs" ]; do
	for b in $bins; do
		one "$b" direct --yes --no-sandbox
		one "$b" sandboxed --sandbox
	done
	i=$((i + 1))
done
median() { # bin mode column
	awk -v b="$1" -v m="$2" -v c="$3" '$1 == b && $2 == m {print $c}' "$results" | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'
}
for b in $bins; do
	dw=$(median "$b" direct 3) dc=$(median "$b" direct 4) sw=$(median "$b" sandboxed 3) sc=$(median "$b" sandboxed 4)
	echo "# $b, medians of $runs: direct ${dw} ms (cpu ${dc} ms), sandboxed ${sw} ms (cpu ${sc} ms), added $(echo "$sw $dw" | awk '{printf "%.1f", $1 - $2}') ms (cpu $(echo "$sc $dc" | awk '{printf "%.1f", $1 - $2}') ms)"
done
echo "# $(date -u) load: $(uptime | sed 's/.*load/load/')"
