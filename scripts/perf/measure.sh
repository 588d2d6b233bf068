#!/bin/sh
# measure.sh: wall time and peak RSS of Hookwarden commands on generated
# projects (scripts/perf/genproject), old and new binaries ALTERNATING in
# the same run so that the load of a shared machine falls on both alike.
#
#   scripts/perf/measure.sh -r 7 -a gemini -n "10000 100000" -c "list trust" OLD NEW
#
# Prints one line per run (binary, command, size, wall seconds, peak KB,
# CPU seconds: user + system) and the medians at the end. On a loaded
# machine the wall time is mostly waiting for a core: compare CPU seconds. Projects are generated under $PERF_DIR (default
# /tmp/hookwarden-perf) once per size, with the files of the agents
# $GEN_AGENTS names (genproject's -agents; default Gemini CLI's, Claude
# Code's and Codex CLI's; GEN_AGENTS=claude-schema:.DIR for an agent that
# reads Claude Code's schema from .DIR/settings.json, in a PERF_DIR of its
# own). Each agent alone, in a PERF_DIR of its own (-a qwen generates a
# project of its own, .qwen/settings.json, unless GEN_AGENTS says
# otherwise):
#
#   PERF_DIR=/tmp/perf-copilot GEN_AGENTS=copilot measure.sh -a copilot ...
#   PERF_DIR=/tmp/perf-qwen GEN_AGENTS=claude-schema:.qwen measure.sh -a qwen ...
#
# -c takes list (list --json), audit and trust (trust --all).
set -eu
runs=5 agent=gemini sizes="10000 100000" cmds="list trust"
while getopts r:a:n:c: o; do
	case $o in
	r) runs=$OPTARG ;; a) agent=$OPTARG ;; n) sizes=$OPTARG ;; c) cmds=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { echo "usage: $0 [-r runs] [-a agent] [-n sizes] [-c cmds] BIN..." >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
root=${PERF_DIR:-/tmp/hookwarden-perf}
mkdir -p "$root"
gen="$root/genproject"
[ -x "$gen" ] || (cd "$here/../.." && go build -o "$gen" ./scripts/perf/genproject)
results="$root/results.$$"
: >"$results"
echo "# $(date -u) load: $(uptime | sed 's/.*load/load/')"

# fresh_home resets every trust store (Gemini's trusted_hooks.json,
# Hookwarden's store, Codex's config.toml with the project trusted, Copilot
# CLI's config.json with the project a trusted folder; Qwen Code's folder
# trust is off by default).
fresh_home() {
	rm -rf "$root/home" "$root/config"
	mkdir -p "$root/home/.codex" "$root/home/.gemini" "$root/home/.copilot"
	printf '[projects."%s"]\ntrust_level = "trusted"\n' "$1" >"$root/home/.codex/config.toml"
	printf '{"trustedFolders": ["%s"]}\n' "$1" >"$root/home/.copilot/config.json"
}

for n in $sizes; do
	p="$root/p$n" agents=${GEN_AGENTS:-}
	if [ "$agent" = qwen ] && [ -z "$agents" ]; then
		# Qwen Code reads Claude Code's schema from .qwen/settings.json;
		# a project of its own, beside the others
		p="$root/qwen-p$n" agents=claude-schema:.qwen
	fi
	[ -d "$p" ] || "$gen" -dir "$p" -hooks "$n" ${agents:+-agents "$agents"}
	for cmd in $cmds; do
		i=0
		while [ $i -lt "$runs" ]; do
			for bin in "$@"; do
				case $cmd in
				list) fresh_home "$p"; args="list --json" ;;
				trust) fresh_home "$p"; args="trust --all" ;;
				audit) fresh_home "$p"; args="audit" ;;
				*) args=$cmd ;;
				esac
				# shellcheck disable=SC2086
				out=$(cd "$p" && HOME="$root/home" HOOKWARDEN_CONFIG_DIR="$root/config" CODEX_HOME="$root/home/.codex" \
					GEMINI_CLI_SYSTEM_SETTINGS_PATH="$root/none.json" GEMINI_CLI_TRUST_WORKSPACE=true \
					/usr/bin/time -f "%e %M %U %S" "$bin" $args --agent "$agent" 2>&1 >/dev/null | tail -1 | awk '{printf "%s %s %.2f", $1, $2, $3 + $4}')
				echo "$(basename "$bin") $cmd $n $out" | tee -a "$results"
			done
			i=$((i + 1))
		done
	done
done
echo "# medians (wall seconds, peak KB, CPU seconds):"
for bin in "$@"; do
	for n in $sizes; do
		for cmd in $cmds; do
			b=$(basename "$bin")
			t=$(awk -v b="$b" -v c="$cmd" -v n="$n" '$1==b && $2==c && $3==n {print $4}' "$results" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
			m=$(awk -v b="$b" -v c="$cmd" -v n="$n" '$1==b && $2==c && $3==n {print $5}' "$results" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
			c=$(awk -v b="$b" -v c="$cmd" -v n="$n" '$1==b && $2==c && $3==n {print $6}' "$results" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
			echo "$b $cmd $n median ${t}s ${m}KB cpu ${c}s"
		done
	done
done
echo "# $(date -u) load: $(uptime | sed 's/.*load/load/')"
