#!/usr/bin/env bash
# gui-smoke.sh [BINARY [OUT.png]]
#
# Builds hookwarden (unless BINARY, a built one, is given), starts the real app under Xvfb in an empty folder with a
# private home (so it opens its built-in demo project and never reads your
# files), waits for the window to finish loading, saves a screenshot of the
# window and fails when the title does not name the demo or the picture is
# blank (pixel standard deviation below MIN_STDDEV, default 0.05). Then it
# presses Ctrl+O and fails unless the app is still running and shows the
# folder dialog.
#
# Needs: go, a C compiler (clang preferred), xvfb-run, xdotool, imagemagick
# (apt-get install -y --no-install-recommends xvfb xauth libgl1-mesa-dri
# imagemagick xdotool dbus). When a tool is missing it skips (exit 0) with a
# message, except under CI=true, where a missing tool is a failure.
set -euo pipefail
cd "$(dirname "$0")/.."

bin=${1:-}
[[ -z $bin ]] || bin=$(realpath "$bin")
out=$(realpath -m "${2:-${TMPDIR:-/tmp}/hookwarden-gui-smoke.png}")
min_stddev=${MIN_STDDEV:-0.05}

for tool in go xvfb-run xdotool import identify compare; do
  if ! command -v "$tool" >/dev/null; then
    if [[ ${CI:-} == true ]]; then
      echo "gui-smoke: FAIL: $tool is missing (CI=true)" >&2
      exit 1
    fi
    echo "gui-smoke: SKIP: $tool is missing (see the header of $0 for the packages)"
    exit 0
  fi
done
if [[ -z ${CC:-} ]] && command -v clang >/dev/null; then
  export CC=clang # builds go-gl ~3x faster than gcc
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/home" "$work/empty" "$work/tmp" "$work/run"
chmod 700 "$work/run"

if [[ -z $bin ]]; then
  echo "gui-smoke: building"
  bin=$work/hookwarden
  go build -tags "${WINDOW_TAGS-no_emoji}" -o "$bin" .
fi

cat >"$work/inner.sh" <<'INNER'
#!/usr/bin/env bash
# Runs inside xvfb-run: start the app, wait for the demo to load, capture.
set -uo pipefail
bin=$1 work=$2 out=$3
cd "$work/empty"
env -u GEMINI_CLI_HOME -u GEMINI_CLI_SYSTEM_SETTINGS_PATH -u GEMINI_CLI_SYSTEM_DEFAULTS_PATH \
  -u GEMINI_CLI_TRUSTED_FOLDERS_PATH -u GEMINI_CLI_TRUST_WORKSPACE \
  HOME="$work/home" TMPDIR="$work/tmp" XDG_RUNTIME_DIR="$work/run" LANG=en_US.UTF-8 \
  "$bin" >"$work/app.log" 2>&1 &
pid=$!
wid=
for _ in $(seq 100); do # up to 20 s: window up and the demo loaded
  wid=$(xdotool search --name '\(demo\)$' 2>/dev/null | head -n 1)
  [[ -n $wid ]] && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.2
done
if [[ -z $wid ]]; then
  echo "gui-smoke: no window titled '… (demo)' appeared; windows: $(xdotool search --name . getwindowname %@ 2>/dev/null | tr '\n' ';')" >&2
  kill "$pid" 2>/dev/null
  cat "$work/app.log" >&2
  exit 1
fi
sleep 1.5 # let the first frames render
xdotool getwindowname "$wid" >"$work/title"
import -window "$wid" "$out"
# Ctrl+O opens the folder dialog (it used to crash the app every time):
# the process must still run and the window must show something new.
xdotool windowfocus --sync "$wid" 2>/dev/null || true
xdotool key --window "$wid" --clearmodifiers ctrl+o
sleep 2
if ! kill -0 "$pid" 2>/dev/null; then
  echo "gui-smoke: FAIL: the app exited after Ctrl+O" >&2
  cat "$work/app.log" >&2
  exit 1
fi
import -window "$wid" "$work/open.png"
compare -metric AE "$out" "$work/open.png" null: 2>"$work/open-diff" || true
echo "ok" >"$work/open-alive"
kill "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
exit 0
INNER
chmod +x "$work/inner.sh"

launcher=()
command -v dbus-run-session >/dev/null && launcher=(dbus-run-session --)
echo "gui-smoke: starting the app under Xvfb"
timeout 120 xvfb-run -a -s "-screen 0 1280x800x24 -nolisten tcp" "${launcher[@]}" "$work/inner.sh" "$bin" "$work" "$out"

title=$(cat "$work/title")
stddev=$(identify -format '%[fx:standard_deviation]' "$out")
size=$(identify -format '%wx%h' "$out")
echo "gui-smoke: title '$title', screenshot $out ($size), pixel stddev $stddev"
if [[ $title != "Hookwarden — demo-project (demo)" ]]; then
  echo "gui-smoke: FAIL: unexpected window title" >&2
  exit 1
fi
if ! awk -v s="$stddev" -v m="$min_stddev" 'BEGIN { exit !(s > m) }'; then
  echo "gui-smoke: FAIL: the window looks blank (stddev $stddev <= $min_stddev)" >&2
  exit 1
fi
changed=$(cut -d' ' -f1 "$work/open-diff")
echo "gui-smoke: after Ctrl+O the app is still running; $changed pixels changed (the folder dialog)"
if [[ ! -s $work/open-alive ]] || ! awk -v c="$changed" 'BEGIN { exit !(c > 20000) }'; then
  echo "gui-smoke: FAIL: Ctrl+O did not open the folder dialog" >&2
  exit 1
fi
if grep -q '^panic:' "$work/app.log"; then
  echo "gui-smoke: FAIL: the app panicked:" >&2
  cat "$work/app.log" >&2
  exit 1
fi
echo "gui-smoke: PASS"
