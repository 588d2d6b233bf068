#!/usr/bin/env bash
# gui-unwatched-keys.sh [BINARY]
#
# The "approve partly unwatched" question, with the keyboard, in the real
# window under Xvfb at 800x600, on the Codex demo (hookwarden demo DIR): its
# PostToolUse hook (npx prettier … && curl … | sh) is critical and part of
# what it runs cannot be watched. It checks that
#   1. Ctrl+Enter on the Review tab, then Tab and Enter on "Approve a
#      critical hook?", does not approve yet: a second question (the partly
#      unwatched one) stands in the way, and Codex's config.toml (its trust
#      store) is unchanged;
#   2. Escape on that question cancels: config.toml still unchanged;
#   3. Tab onto "Approve partly unwatched" and Enter approves: the hook's
#      trusted_hash in config.toml changes.
# Asserts on files, not pixels (pixels only tell when a frame settled).
# Every step waits on events with generous caps. Screenshots go to OUT
# (default: a temporary folder, removed). Builds hookwarden unless BINARY
# is given; a missing tool skips (exit 0), except under CI=true.
set -euo pipefail
cd "$(dirname "$0")/.."

bin=${1:-}
[[ -z $bin ]] || bin=$(realpath "$bin")
for tool in go xvfb-run xdotool import compare sha256sum; do
  if ! command -v "$tool" >/dev/null; then
    if [[ ${CI:-} == true ]]; then echo "gui-unwatched-keys: FAIL: $tool is missing (CI=true)" >&2; exit 1; fi
    echo "gui-unwatched-keys: SKIP: $tool is missing (see the header of $0)"; exit 0
  fi
done
if [[ -z ${CC:-} ]] && command -v clang >/dev/null; then export CC=clang; fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
out=${OUT:-$work/shots}
mkdir -p "$out" "$work/tmp" "$work/run"
out=$(realpath "$out")
chmod 700 "$work/run"
if [[ -z $bin ]]; then
  echo "gui-unwatched-keys: building"
  bin=$work/hookwarden
  go build -tags "${WINDOW_TAGS-no_emoji}" -o "$bin" .
fi
HOME=$work/tmp "$bin" demo "$work/demo" >"$work/demo.env"
grep '^export ' "$work/demo.env" >"$work/env.sh"

cat >"$work/inner.sh" <<'INNER'
#!/usr/bin/env bash
# Runs inside xvfb-run.
set -uo pipefail
bin=$1 work=$2 out=$3
# shellcheck disable=SC1091
source "$work/env.sh"
store=$CODEX_HOME/config.toml
hook_hash() { grep -A1 'post_tool_use' "$store" | sha256sum | cut -c1-16; }
fail() { echo "gui-unwatched-keys: FAIL: $*" >&2; kill "$pid" 2>/dev/null; exit 1; }
before=$(hook_hash)
mkdir -p "$HOME/.cache"
TMPDIR="$work/tmp" XDG_RUNTIME_DIR="$work/run" LANG=en_US.UTF-8 \
  "$bin" open --review --agent codex "$work/demo/demo-project" >"$work/app.log" 2>&1 &
pid=$!
wid=
for _ in $(seq 600); do # up to 120 s on a loaded machine
  wid=$(xdotool search --name 'demo-project' 2>/dev/null | head -n 1)
  [[ -n $wid ]] && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.2
done
[[ -n $wid ]] || { cat "$work/app.log" >&2; fail "no window titled '…demo-project…'; windows: $(xdotool search --name . getwindowname %@ 2>/dev/null | tr '\n' ';')"; }

# settle NAME: capture until two frames in a row are equal (at most 20 s).
settle() {
  local prev=$work/settle-prev.png cur=$out/$1.png
  import -window "$wid" "$prev" 2>/dev/null
  for _ in $(seq 40); do
    sleep 0.5
    import -window "$wid" "$cur" 2>/dev/null
    if [[ $(compare -metric AE "$prev" "$cur" null: 2>&1 || true) == 0 ]]; then return 0; fi
    cp "$cur" "$prev"
  done
  echo "gui-unwatched-keys: note: $1 did not settle within 20 s" >&2
}
resize() {
  for _ in $(seq 20); do
    xdotool windowsize "$wid" "$1" "$2" 2>/dev/null
    sleep 0.3
    xdotool getwindowgeometry "$wid" | grep -q "Geometry: $1x$2" || continue
    settle resized
    xdotool getwindowgeometry "$wid" | grep -q "Geometry: $1x$2" && return 0
  done
  fail "the window did not take the size $1x$2"
}
changed() { compare -metric AE "$out/$1.png" "$out/$2.png" null: 2>&1 || true; }
key() { xdotool key --clearmodifiers --delay 80 "$@"; }
# ask NAME: Ctrl+Enter until a question is on screen (a lost key press is
# tried again), then Tab and Enter on "Approve anyway" of the critical one.
ask() {
  local ok=
  for _ in 1 2 3; do
    key ctrl+Return
    settle "$1-critical"
    if [[ $(changed 1-after-end "$1-critical") -gt 20000 ]]; then ok=1; break; fi
  done
  [[ -n $ok ]] || fail "Ctrl+Enter opened no question"
  key Tab Return # from "Don't approve" (the default) to "Approve anyway"
  settle "$1-unwatched"
  [[ $(changed "$1-critical" "$1-unwatched") -gt 2000 ]] || fail "Tab, Enter on the critical question changed nothing on screen"
}

xdotool windowmove "$wid" 0 0 windowfocus --sync "$wid" 2>/dev/null || true
resize 800 600
key ctrl+2 # the Review tab, the keyboard on its list
key Right  # the keyboard on the detail
key End    # its end on screen: Approve unlocks
settle 1-after-end

ask 2
[[ $(hook_hash) == "$before" ]] || fail "approving the critical hook wrote the store with no partly-unwatched question"
echo "gui-unwatched-keys: a second question stood between the critical one and the store"
key Escape
settle 3-after-escape
[[ $(hook_hash) == "$before" ]] || fail "Escape on the partly-unwatched question approved the hook"
[[ $(changed 1-after-end 3-after-escape) -lt 20000 ]] || fail "Escape did not close the question"
echo "gui-unwatched-keys: Escape cancelled it; the store is unchanged"

ask 4
key Tab Return # from "Don't approve" to "Approve partly unwatched"
for _ in $(seq 300); do [[ $(hook_hash) != "$before" ]] && break; sleep 0.2; done # up to 60 s
[[ $(hook_hash) != "$before" ]] || fail "Tab, Enter on 'Approve partly unwatched' did not approve: $(cat "$store")"
settle 5-approved
echo "gui-unwatched-keys: Tab to 'Approve partly unwatched' and Enter approved it; the store changed"
kill "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
rm -f "$out/resized.png"
grep -q '^panic:' "$work/app.log" && { cat "$work/app.log" >&2; exit 1; }
exit 0
INNER
chmod +x "$work/inner.sh"

launcher=()
command -v dbus-run-session >/dev/null && launcher=(dbus-run-session --)
echo "gui-unwatched-keys: starting the app under Xvfb"
timeout 300 xvfb-run -a -s "-screen 0 1600x1000x24 -nolisten tcp" "${launcher[@]}" "$work/inner.sh" "$bin" "$work" "$out"
echo "gui-unwatched-keys: PASS"
