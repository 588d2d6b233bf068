#!/usr/bin/env bash
# screenshots.sh [VIEW...]
#
# Builds hookwarden, starts the real app under Xvfb on its built-in demo
# project (an empty folder and a private home, so your own files are never
# read), and saves one PNG of the window per view in docs/: hooks (with a
# hook selected), files, and, when named, review, dryrun and claude (the
# demo's Claude Code hooks, opened with --agent claude). Tabs are
# switched with the app's Ctrl+1…4 shortcuts through xdotool. Default views:
# hooks files. Also prints the app's memory (VmRSS) about 5 s after start.
# SIZE=WxH resizes the window first (e.g. SIZE=1024x700, SIZE=1400x900) and
# OUT=DIR saves the pictures there instead of docs/; BIN=PATH uses that
# built binary instead of building one.
#
# Needs: go, a C compiler (clang preferred), xvfb-run, xdotool, imagemagick,
# dbus-run-session (apt-get install -y --no-install-recommends xvfb xauth
# libgl1-mesa-dri imagemagick xdotool dbus).
set -euo pipefail
cd "$(dirname "$0")/.."
views=("$@")
[[ ${#views[@]} -gt 0 ]] || views=(hooks files)
for tool in go xvfb-run xdotool import identify; do
  command -v "$tool" >/dev/null || { echo "screenshots: $tool is missing (see the header of $0)" >&2; exit 2; }
done
if [[ -z ${CC:-} ]] && command -v clang >/dev/null; then export CC=clang; fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/home" "$work/empty" "$work/tmp" "$work/run"
chmod 700 "$work/run"
if [[ -n ${BIN:-} ]]; then
  cp "$BIN" "$work/hookwarden"
else
  echo "screenshots: building"
  go build -tags "${WINDOW_TAGS-no_emoji}" -o "$work/hookwarden" .
fi

cat >"$work/inner.sh" <<'INNER'
#!/usr/bin/env bash
# Runs inside xvfb-run: start the app on the demo, switch views, capture.
set -uo pipefail
work=$1 docs=$2; shift 2
cd "$work/empty"
pid= wid=
# start [ARGS]: the app on the demo (ARGS: --agent NAME), its window at
# SIZE when set.
start() {
  [[ -z $pid ]] || { kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; }
  env -u GEMINI_CLI_HOME -u GEMINI_CLI_SYSTEM_SETTINGS_PATH -u GEMINI_CLI_SYSTEM_DEFAULTS_PATH \
    -u GEMINI_CLI_TRUSTED_FOLDERS_PATH -u GEMINI_CLI_TRUST_WORKSPACE -u XDG_CONFIG_HOME \
    HOME="$work/home" TMPDIR="$work/tmp" XDG_RUNTIME_DIR="$work/run" LANG=en_US.UTF-8 \
    ${FYNE_THEME:+FYNE_THEME=$FYNE_THEME} "$work/hookwarden" "$@" >"$work/app.log" 2>&1 &
  pid=$!
  started=$(date +%s.%N)
  wid=
  for _ in $(seq 150); do # up to 30 s: window up and the demo loaded
    wid=$(xdotool search --name '\(demo\)$' 2>/dev/null | head -n 1)
    [[ -n $wid ]] && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.2
  done
  if [[ -z $wid ]]; then
    echo "screenshots: the demo window did not appear" >&2; cat "$work/app.log" >&2; kill "$pid" 2>/dev/null; exit 1
  fi
  xdotool windowmove "$wid" 0 0 windowfocus --sync "$wid" 2>/dev/null || true
  if [[ -n ${SIZE:-} ]]; then
    # the first request can be lost while the app applies its own size
    for _ in $(seq 20); do
      xdotool windowsize "$wid" "${SIZE%x*}" "${SIZE#*x}" 2>/dev/null
      sleep 1 # and it must keep the size once drawn
      xdotool getwindowgeometry "$wid" | grep -q "Geometry: $SIZE" && break
    done
  fi
  sleep $(echo "5 - ($(date +%s.%N) - $started)" | bc -l | sed 's/^-.*/0/')
  echo "screenshots: app memory after ~5 s: $(grep VmRSS /proc/$pid/status | tr -s ' \t' ' ')"
}
shot() { sleep 1; import -window "$wid" "$docs/$1.png"; echo "screenshots: $docs/$1.png"; }
start
for view in "$@"; do
  case $view in
    hooks)
      xdotool key --clearmodifiers ctrl+1
      sleep 0.5
      # select the first hook (the first row under the first event title)
      xdotool mousemove --window "$wid" 260 "${HOOK_ROW_Y:-500}" click 1
      shot hooks ;;
    review) xdotool key --clearmodifiers ctrl+2; shot review ;;
    dryrun) xdotool key --clearmodifiers ctrl+3; shot dryrun ;;
    files) xdotool key --clearmodifiers ctrl+4; shot files ;;
    claude)
      # the demo's Claude Code hooks (--agent claude), the Hooks tab with
      # the first handler selected; then back to Gemini CLI
      start --agent claude
      xdotool key --clearmodifiers ctrl+1
      sleep 0.5
      xdotool mousemove --window "$wid" 260 "${CLAUDE_ROW_Y:-440}" click 1
      shot claude
      start ;;
    *) echo "screenshots: unknown view $view" >&2 ;;
  esac
done
kill "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
exit 0
INNER
chmod +x "$work/inner.sh"
launcher=()
command -v dbus-run-session >/dev/null && launcher=(dbus-run-session --)
out=$(realpath -m "${OUT:-docs}")
mkdir -p "$out"
timeout 180 xvfb-run -a -s "-screen 0 1600x1000x24 -nolisten tcp" "${launcher[@]}" "$work/inner.sh" "$work" "$out" "${views[@]}"
for view in "${views[@]}"; do
  echo "screenshots: $out/$view.png $(identify -format '%wx%h, pixel stddev %[fx:standard_deviation]' "$out/$view.png")"
done
