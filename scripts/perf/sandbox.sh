#!/bin/sh
# sandbox.sh: a sandboxed dry run against a direct one, end to end, as a
# user calls them: `hookwarden run --agent gemini --event BeforeTool
# --tool x` with --sandbox (every hook in the sandbox) and with --yes
# --no-sandbox (every hook run for real, under the supervisor), on a
# project whose BeforeTool event has N hooks (`true`), the two ALTERNATING
# in the same run so that the load of a shared machine falls on both alike.
#
#   scripts/perf/sandbox.sh [-r runs] [-n hooks] BIN
#
# Prints one line per run (mode, wall ms, CPU ms of the command and every
# process it started: perf's task-clock, else user + system time) and the
# medians with the added cost (sandboxed - direct). On a loaded machine the wall time is mostly
# waiting for a core: compare CPU milliseconds too.
set -eu
runs=7 hooks=1
while getopts r:n: o; do
	case $o in
	r) runs=$OPTARG ;; n) hooks=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || { echo "usage: $0 [-r runs] [-n hooks] BIN" >&2; exit 2; }
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
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
echo "# $(date -u) $hooks hook(s), load: $(uptime | sed 's/.*load/load/')"
# cpu runs a command and prints its CPU milliseconds: perf's task-clock
# (every process it started included) when perf is there, else the
# user + system time /usr/bin/time reports (in 10 ms ticks).
if perf stat -x, -e task-clock true >/dev/null 2>&1; then
	cpu() { perf stat -x, -e task-clock "$@" 2>&1 >/dev/null | awk -F, '/task-clock/ {print $1}'; }
else
	cpu() { /usr/bin/time -f "%U %S" "$@" 2>&1 >/dev/null | tail -1 | awk '{print ($1 + $2) * 1000}'; }
fi
one() { # mode flags...
	mode=$1
	shift
	start=$(date +%s%N)
	c=$(cd "$root/proj" && cpu env -i PATH="$PATH" HOME="$root/home" HOOKWARDEN_CONFIG_DIR="$root/config" \
		GEMINI_CLI_SYSTEM_SETTINGS_PATH="$root/none.json" GEMINI_CLI_TRUST_WORKSPACE=true \
		"$bin" run --agent gemini --event BeforeTool --tool x "$@")
	end=$(date +%s%N)
	echo "$mode $(( (end - start) / 1000000 )) $c" | awk '{printf "%s %.1f %.1f\n", $1, $2, $3}' | tee -a "$results"
}
i=0
while [ $i -lt "$runs" ]; do
	one direct --yes --no-sandbox
	one sandboxed --sandbox
	i=$((i + 1))
done
median() { # mode column
	awk -v m="$1" -v c="$2" '$1 == m {print $c}' "$results" | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'
}
dw=$(median direct 2) dc=$(median direct 3) sw=$(median sandboxed 2) sc=$(median sandboxed 3)
echo "# medians of $runs: direct ${dw} ms (cpu ${dc} ms), sandboxed ${sw} ms (cpu ${sc} ms), added $(echo "$sw $dw" | awk '{printf "%.1f", $1 - $2}') ms (cpu $(echo "$sc $dc" | awk '{printf "%.1f", $1 - $2}') ms)"
echo "# $(date -u) load: $(uptime | sed 's/.*load/load/')"
