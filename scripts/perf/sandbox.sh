#!/bin/sh
# sandbox.sh: a sandboxed dry run against a direct one, end to end, as a
# user calls them: `hookwarden run --agent gemini --event BeforeTool
# --tool x` with --sandbox (every hook in the sandbox) and with --yes
# --no-sandbox (every hook run for real, under the supervisor), on a
# project whose BeforeTool event has N hooks (`true`), the two ALTERNATING
# in the same run so that the load of a shared machine falls on both alike.
# -a names another agent: its project file and its tool event (claude:
# .claude/settings.json PreToolUse; codex: .codex/hooks.json PreToolUse,
# the project trusted in its config.toml; copilot: .github/hooks/hooks.json
# preToolUse, a trusted folder; qwen: .qwen/settings.json PreToolUse).
#
#   scripts/perf/sandbox.sh [-r runs] [-n hooks] [-a agent] [-p] [-w] BIN [BIN...]
#
# -w makes the event one the agent runs one after another (Gemini CLI and
# Qwen Code: "sequential": true; Copilot CLI always does; Claude Code and
# Codex CLI never, refused) and each hook write a file in the project
# (`echo x > hN.txt`), so that each later sandboxed hook stacks the
# earlier ones' layers (sandbox.Sequence) instead of taking a sandbox set
# up ahead.
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
runs=7 hooks=1 prio= agent=gemini writes=
while getopts r:n:a:pw o; do
	case $o in
	r) runs=$OPTARG ;; n) hooks=$OPTARG ;; a) agent=$OPTARG ;; p) prio=1 ;; w) writes=1 ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { echo "usage: $0 [-r runs] [-n hooks] [-a agent] [-p] [-w] BIN [BIN...]" >&2; exit 2; }
if [ -n "$prio" ]; then
	chrt -f 10 true 2>/dev/null || { echo "$0: -p: chrt -f 10 is not allowed here (root or CAP_SYS_NICE)" >&2; exit 2; }
	exec chrt -f 10 env HOOKWARDEN_SBXPERF_RT=1 sh "$0" -r "$runs" -n "$hooks" -a "$agent" ${writes:+-w} "$@"
fi
bins=
for b in "$@"; do
	bins="$bins $(cd "$(dirname "$b")" && pwd)/$(basename "$b")"
done
root=$(mktemp -d "${TMPDIR:-/tmp}/hookwarden-sbxperf.XXXXXX")
trap 'rm -rf "$root"' EXIT
mkdir -p "$root/home/.codex" "$root/home/.copilot" "$root/proj"
# entries prints the N hooks' entries, each hook's text from the format $1
entries() {
	i=1
	while [ $i -le "$hooks" ]; do
		[ $i -gt 1 ] && printf ', '
		# shellcheck disable=SC2059
		printf "$1" $i
		i=$((i + 1))
	done
}
event=PreToolUse seq= cmd='true # h%d'
if [ -n "$writes" ]; then
	case $agent in claude | codex) echo "$0: -w: $agent runs an event's hooks in parallel" >&2; exit 2 ;; esac
	seq='"sequential": true, ' cmd='echo x > h%d.txt'
fi
case $agent in
gemini)
	event=BeforeTool file=.gemini/settings.json entry='{"type": "command", "name": "h%d", "command": "true"}'
	[ -z "$writes" ] || entry='{"type": "command", "command": "echo x > h%d.txt"}'
	body=$(printf '{"hooks": {"BeforeTool": [{"matcher": "", %s"hooks": [%s]}]}}' "$seq" "$(entries "$entry")") ;;
claude | codex | qwen)
	case $agent in claude) file=.claude/settings.json ;; codex) file=.codex/hooks.json ;; qwen) file=.qwen/settings.json ;; esac
	body=$(printf '{"hooks": {"PreToolUse": [{"matcher": "", %s"hooks": [%s]}]}}' "$seq" "$(entries '{"type": "command", "command": "'"$cmd"'"}')") ;;
copilot)
	event=preToolUse file=.github/hooks/hooks.json
	body=$(printf '{"version": 1, "hooks": {"preToolUse": [%s]}}' "$(entries '{"type": "command", "bash": "'"$cmd"'"}')") ;;
*) echo "$0: -a: unknown agent $agent" >&2; exit 2 ;;
esac
mkdir -p "$root/proj/$(dirname "$file")"
echo "$body" >"$root/proj/$file"
# the agents' own folder trust: Codex CLI's trusted project, Copilot CLI's
# trusted folder (Gemini CLI's comes from GEMINI_CLI_TRUST_WORKSPACE)
proj=$(cd "$root/proj" && pwd -P)
printf '[projects."%s"]\ntrust_level = "trusted"\n' "$proj" >"$root/home/.codex/config.toml"
printf '{"trustedFolders": ["%s"]}\n' "$proj" >"$root/home/.copilot/config.json"
if [ "$agent" = codex ]; then
	# Codex CLI runs no project hook it was not told to trust (its
	# trusted_hash), so the dry run would plan none: approve them
	for b in $bins; do
		(cd "$root/proj" && env -i PATH="$PATH" HOME="$root/home" HOOKWARDEN_CONFIG_DIR="$root/config" CODEX_HOME="$root/home/.codex" \
			"$b" trust --all --agent codex >/dev/null)
	done
fi
results="$root/results"
: >"$results"
echo "# $(date -u) $agent, $hooks hook(s)${HOOKWARDEN_SBXPERF_RT:+, at real-time priority (chrt -f 10)}, load: $(uptime | sed 's/.*load/load/')"
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
	c=$(cd "$root/proj" && cpu env -i PATH="$PATH" HOME="$root/home" HOOKWARDEN_CONFIG_DIR="$root/config" CODEX_HOME="$root/home/.codex" \
		GEMINI_CLI_SYSTEM_SETTINGS_PATH="$root/none.json" GEMINI_CLI_TRUST_WORKSPACE=true \
		"$bin" run --agent "$agent" --event "$event" --tool x "$@")
	end=$(date +%s%N)
	echo "$bin $mode $(( (end - start) / 1000000 )) $c" | awk '{printf "%s %s %.1f %.1f\n", $1, $2, $3, $4}' | tee -a "$results"
}
# every hook must run in each mode, in the sandbox or not as asked (a
# skipped hook measures nothing): one run of each as JSON, its hooks'
# stdin and sandboxed marks counted
for b in $bins; do
	for mode in sandboxed direct; do
		case $mode in sandboxed) flags=--sandbox want=$hooks ;; *) flags="--yes --no-sandbox" want=0 ;; esac
		# shellcheck disable=SC2086
		doc=$(cd "$root/proj" && env -i PATH="$PATH" HOME="$root/home" HOOKWARDEN_CONFIG_DIR="$root/config" CODEX_HOME="$root/home/.codex" \
			GEMINI_CLI_SYSTEM_SETTINGS_PATH="$root/none.json" GEMINI_CLI_TRUST_WORKSPACE=true \
			"$b" run --agent "$agent" --event "$event" --tool x $flags --json || true)
		ran=$(echo "$doc" | grep -c '"stdin":' || true) boxed=$(echo "$doc" | grep -c '"sandboxed": true' || true)
		[ "$ran" = "$hooks" ] && [ "$boxed" = "$want" ] ||
			{ echo "$0: $b $mode ($agent): $ran of $hooks hook(s) ran, $boxed sandboxed" >&2; exit 1; }
	done
done
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
