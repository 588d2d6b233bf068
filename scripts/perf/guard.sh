#!/bin/sh
# guard.sh: `guard check` of a project with 1,000 approved Gemini CLI hooks
# running 100 scripts, against the process floor (a one-hook `list --json`),
# binaries ALTERNATING in the same run (issue 28: check <= 2.5x floor).
# -a names another agent, whose files the project then holds instead
# (claude, codex, copilot; qwen: Claude Code's schema in .qwen/), its
# floor a one-hook list --json of that agent, in a folder of its own.
#
#   scripts/perf/guard.sh [-r runs] [-a agent] BIN...
#
# Two floors: "floor" lists p1 with the same config folder as the check,
# so it reads the 1,000-approval store too (the floor as measured before);
# "floor1" lists p1 with a config folder of its own holding only p1's
# approval (a one-hook project as a user with one project has it), the
# lower and stricter floor. The ratios of both are printed.
#
# Prints each run (binary, what, wall ms, CPU ms) and the medians and
# ratios. On a loaded machine compare the CPU milliseconds.
set -eu
runs=7 agent=gemini
while getopts r:a: o; do
	case $o in
	r) runs=$OPTARG ;; a) agent=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { echo "usage: $0 [-r runs] [-a agent] BIN..." >&2; exit 2; }
gen_agents=$agent sub=guard
[ "$agent" = gemini ] || sub=guard-$agent
[ "$agent" = qwen ] && gen_agents=claude-schema:.qwen
here=$(cd "$(dirname "$0")" && pwd)
root=${PERF_DIR:-/tmp/hookwarden-perf}/$sub
mkdir -p "$root"
gen="$root/genproject"
[ -x "$gen" ] || (cd "$here/../.." && go build -o "$gen" ./scripts/perf/genproject)
export HOME="$root/home" HOOKWARDEN_CONFIG_DIR="$root/config" GEMINI_CLI_SYSTEM_SETTINGS_PATH="$root/none.json" \
	GEMINI_CLI_TRUST_WORKSPACE=true HOOKWARDEN_GUARD_NOTIFY=0 CODEX_HOME="$root/home/.codex"
if [ ! -d "$root/p1000" ]; then
	mkdir -p "$HOME/.gemini" "$HOME/.codex" "$HOME/.copilot"
	"$gen" -dir "$root/p1000" -hooks 1000 -scripts 100 -agents "$gen_agents"
	"$gen" -dir "$root/p1" -hooks 1 -scripts 1 -agents "$gen_agents"
	# Codex CLI's trusted projects and Copilot CLI's trusted folders
	{ for p in p1000 p1; do printf '[projects."%s"]\ntrust_level = "trusted"\n' "$root/$p"; done; } >"$HOME/.codex/config.toml"
	printf '{"trustedFolders": ["%s", "%s"]}\n' "$root/p1000" "$root/p1" >"$HOME/.copilot/config.json"
	# Qwen Code's folder trust on (off, the project's hooks run unprompted:
	# a finding no approval clears) with both projects trusted
	mkdir -p "$HOME/.qwen"
	echo '{"security": {"folderTrust": {"enabled": true}}}' >"$HOME/.qwen/settings.json"
	printf '{"%s": "TRUST_FOLDER", "%s": "TRUST_FOLDER"}\n' "$root/p1000" "$root/p1" >"$HOME/.qwen/trustedFolders.json"
	git init -q "$root/p1000"
	# every agent that reads the files approves them (Copilot CLI reads
	# Claude Code's .claude/settings.json too)
	for a in gemini claude codex copilot qwen; do
		(cd "$root/p1000" && "$1" trust --all --agent "$a" >/dev/null 2>&1) || true
	done
	# scripts older than the fingerprint cache's racy margin
	find "$root/p1000/hooks" -type f -exec touch -d '-1 min' {} +
	(cd "$root/p1000" && "$1" guard check >/dev/null)
fi
if [ ! -d "$root/config1" ]; then
	mkdir -p "$root/config1"
	for a in gemini claude codex copilot qwen; do
		(cd "$root/p1" && HOOKWARDEN_CONFIG_DIR="$root/config1" "$1" trust --all --agent "$a" >/dev/null 2>&1) || true
	done
fi
out="$root/results.$$"
: >"$out"
# one runs a command and records its wall and CPU milliseconds: the wall
# from date +%s%N, the CPU perf's task-clock when perf is there, else the
# user + system time /usr/bin/time reports (10 ms ticks: a one-hook floor
# reads as 0 in them, hence perf).
if perf stat -x, -e task-clock true >/dev/null 2>&1; then
	cpu() { perf stat -x, -e task-clock "$@" 2>&1 >/dev/null | awk -F, '/task-clock/ {print $1}'; }
else
	cpu() { /usr/bin/time -f "%U %S" "$@" 2>&1 >/dev/null | tail -1 | awk '{print ($1 + $2) * 1000}'; }
fi
one() { # name what dir config args...
	name=$1 what=$2 dir=$3
	export HOOKWARDEN_CONFIG_DIR="$4"
	shift 4
	start=$(date +%s%N)
	c=$(cd "$dir" && cpu "$@")
	end=$(date +%s%N)
	echo "$name $what $(((end - start) / 1000000)) $c" | awk '{printf "%s %s %.1f %.1f\n", $1, $2, $3, $4}' >>"$out"
}
echo "# $(date -u) $agent, load: $(uptime | sed 's/.*load/load/')"
i=0
while [ $i -lt "$runs" ]; do
	for bin in "$@"; do
		b=$(basename "$bin")
		one "$b" check "$root/p1000" "$root/config" "$bin" guard check
		one "$b" floor "$root/p1" "$root/config" "$bin" list --json --agent "$agent"
		one "$b" floor1 "$root/p1" "$root/config1" "$bin" list --json --agent "$agent"
	done
	i=$((i + 1))
done
cat "$out"
echo "# medians (wall ms, CPU ms):"
for bin in "$@"; do
	b=$(basename "$bin")
	for what in check floor floor1; do
		w=$(awk -v b="$b" -v c="$what" '$1==b && $2==c {print $3}' "$out" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
		c=$(awk -v b="$b" -v c="$what" '$1==b && $2==c {print $4}' "$out" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
		echo "$b $what median ${w} ms cpu ${c} ms"
		eval "w_$what=$w c_$what=$c"
	done
	for what in floor floor1; do
		eval "fw=\$w_$what fc=\$c_$what"
		awk -v b="$b" -v f="$what" -v cw="$w_check" -v cc="$c_check" -v fw="$fw" -v fc="$fc" \
			'BEGIN {printf "%s check / %s: wall %.2f cpu %.2f\n", b, f, (fw > 0 ? cw / fw : 0), (fc > 0 ? cc / fc : 0)}'
	done
done
echo "# $(date -u) load: $(uptime | sed 's/.*load/load/')"
