#!/usr/bin/env bash
# bench-window.sh [LAUNCHES]
#
# Measures, side by side in one run under Xvfb, how long the first window of
# hookwarden takes to map and how much memory it uses, against a minimal
# Fyne window (scripts/minwindow, same Fyne, same build flags). Each launch
# alternates the two programs; the time to map is from just before the
# exec to the first moment xdotool sees the window mapped, and RSS is
# VmRSS 3 s after the map; the window's title then says whether the demo
# project was on screen ("shown") or still loading. Prints each launch and
# the medians with the ratios (goal: within 1.3x). Both programs are built
# with the window build's tags (WINDOW_TAGS, as `make build`).
# OLD=path/to/an/earlier/hookwarden measures that binary too, in the same
# alternation ("old"), to compare a change with the code before it.
#
# Needs: go, a C compiler (clang preferred), xvfb-run, xdotool, dbus-run-session.
set -euo pipefail
cd "$(dirname "$0")/.."
launches=${1:-7}
for tool in go xvfb-run xdotool; do
  command -v "$tool" >/dev/null || { echo "bench-window: $tool is missing" >&2; exit 2; }
done
if [[ -z ${CC:-} ]] && command -v clang >/dev/null; then export CC=clang; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/home" "$work/empty" "$work/run" "$work/tmp"
chmod 700 "$work/run"
echo "bench-window: building" >&2
go build -tags "${WINDOW_TAGS-no_emoji}" -o "$work/hookwarden" .
go build -tags "${WINDOW_TAGS-no_emoji}" -o "$work/minwindow" ./scripts/minwindow
old=
if [[ -n ${OLD:-} ]]; then
  old=$work/hookwarden-old
  cp "$OLD" "$old"
fi

cat >"$work/inner.sh" <<'INNER'
#!/usr/bin/env bash
# inner.sh WORK LAUNCHES [OLD]: runs inside xvfb-run; one line per launch:
# name map_ms rss_kb state
set -uo pipefail
work=$1 launches=$2 old=${3:-}
cd "$work/empty"
one() { # one NAME TITLE-REGEX BINARY
  local name=$1 title=$2 bin=$3 start pid wid now
  start=$(date +%s%N)
  env -u GEMINI_CLI_HOME HOME="$work/home" TMPDIR="$work/tmp" XDG_RUNTIME_DIR="$work/run" LANG=en_US.UTF-8 \
    "$bin" >>"$work/app.log" 2>&1 &
  pid=$!
  wid=
  for _ in $(seq 4000); do
    wid=$(xdotool search --onlyvisible --name "$title" 2>/dev/null | head -n 1)
    [[ -n $wid ]] && break
    kill -0 "$pid" 2>/dev/null || break
  done
  now=$(date +%s%N)
  if [[ -z $wid ]]; then
    echo "$name failed"
    { kill -0 "$pid" 2>/dev/null && echo "$name: no window after $(( (now - start) / 1000000 )) ms" || echo "$name: exited"
      tail -n 20 "$work/app.log"; } >>"$work/failures"
    kill "$pid" 2>/dev/null; return
  fi
  sleep 3
  rss=$(awk '/^VmRSS/ {print $2}' "/proc/$pid/status")
  state=shown
  [[ $name == minimal ]] || xdotool getwindowname "$wid" 2>/dev/null | grep -q '(demo)' || state=loading
  echo "$name $(( (now - start) / 1000000 )) $rss $state"
  kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
  rm -rf "$work/tmp"/* "$work/home/.config" 2>/dev/null
}
for i in $(seq "$launches"); do
  one minimal '^Minimal Fyne window$' "$work/minwindow"
  one hookwarden '^Hookwarden' "$work/hookwarden"
  [[ -z $old ]] || one old '^Hookwarden' "$old"
done
INNER
chmod +x "$work/inner.sh"
launcher=()
command -v dbus-run-session >/dev/null && launcher=(dbus-run-session --)
timeout 1200 xvfb-run -a -s "-screen 0 1280x800x24 -nolisten tcp" "${launcher[@]}" "$work/inner.sh" "$work" "$launches" "$old" \
  >"$work/results" 2>/dev/null
cat "$work/results"
[[ -s $work/failures ]] && cat "$work/failures" >&2
awk '
  $2 == "failed" { failed++; next }
  { t[$1] = t[$1] " " $2; r[$1] = r[$1] " " $3 }
  function median(list,   a, n, i, j, x) {
    n = split(list, a, " ")
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { x = a[i]; a[i] = a[j]; a[j] = x }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
  }
  END {
    if (failed) print "bench-window: " failed " launches did not map" > "/dev/stderr"
    tm = median(t["minimal"]); th = median(t["hookwarden"])
    rm = median(r["minimal"]); rh = median(r["hookwarden"])
    printf "median time to map: minimal %d ms, hookwarden %d ms (%.2fx)\n", tm, th, th / tm
    printf "median RSS 3 s after: minimal %.0f MB, hookwarden %.0f MB (%.2fx)\n", rm / 1024, rh / 1024, rh / rm
    if ("old" in t) {
      to = median(t["old"]); ro = median(r["old"])
      printf "old hookwarden: time to map %d ms (%.2fx), RSS %.0f MB (%.2fx)\n", to, to / tm, ro / 1024, ro / rm
    }
  }' "$work/results"
