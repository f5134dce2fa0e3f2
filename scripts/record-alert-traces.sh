#!/usr/bin/env bash
# Records the shipped alert traces (Traces/alert-*.trace) for real: `strata window alert`
# on a private Xvfb display, driven through the real pointer and keyboard with xdotool,
# recorded by `strata window --record`. The gestures are described once, in
# scripts/alert-gestures.py.
#
#   scripts/record-alert-traces.sh [NAME...]   NAME: alert-simple, alert-login, alert-sheet
#
# A trace whose example the window cannot open (no `--example` option yet, and not the
# default example) is written from the description instead, labelled synthetic in its
# header's "generator" and "note". Then reference frames are recorded for every trace
# into Traces/references/NAME with `strata check --record`.
#
# Needs Xvfb and xdotool (make deps) and python3. STRATA=path/to/strata overrides the
# binary (default .build/debug/strata, built if missing).
set -euo pipefail
cd "$(dirname "$0")/.."

STRATA=${STRATA:-.build/debug/strata}
GESTURES=scripts/alert-gestures.py
for tool in Xvfb xdotool python3; do
  command -v "$tool" >/dev/null || { echo "record-alert-traces: $tool is missing; run 'make deps'" >&2; exit 2; }
done
[ -x "$STRATA" ] || swift build --product strata
mkdir -p Traces/references

work=$(mktemp -d)
xvfb_pid=""
window_pid=""
cleanup() {
  [ -n "$window_pid" ] && kill -TERM "$window_pid" 2>/dev/null || true
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

start_display() {
  [ -n "$xvfb_pid" ] && return
  Xvfb -displayfd 1 -screen 0 1024x768x24 -nolisten tcp >"$work/display" 2>"$work/xvfb.log" &
  xvfb_pid=$!
  for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.05; done
  [ -s "$work/display" ] || { echo "record-alert-traces: Xvfb did not start:" >&2; cat "$work/xvfb.log" >&2; exit 1; }
  export DISPLAY=":$(head -1 "$work/display")"
  unset WAYLAND_DISPLAY
}

# The window options that open the gesture's example, or nothing when it cannot.
window_options() {
  local example=$1
  if "$STRATA" help window | grep -q -- '--example'; then
    echo "--example $example"
  elif [ "$example" = simple ]; then
    echo ""          # the alert scene's default example
  else
    return 1
  fi
}

record() {
  local name=$1 out="Traces/$1.trace" tmp="$work/$1.trace" example options w
  example=$(python3 "$GESTURES" options "$name")
  if ! options=$(window_options "$example"); then
    echo "record-alert-traces: the window cannot open example '$example' yet; writing $out from the description (synthetic)"
    python3 "$GESTURES" trace "$name" >"$tmp"
  else
    start_display
    echo "record-alert-traces: recording $out on $DISPLAY"
    # shellcheck disable=SC2086
    "$STRATA" window alert $options --record "$tmp" >"$work/$name.out" 2>"$work/$name.err" &
    window_pid=$!
    w=$(timeout 20 xdotool search --sync --onlyvisible --name '^strata' | head -1) || {
      echo "record-alert-traces: the window did not appear:" >&2; cat "$work/$name.err" >&2; exit 1; }
    xdotool windowfocus --sync "$w" 2>/dev/null || true
    sleep 0.2
    python3 "$GESTURES" xdotool "$name" | sed "s/WINDOW/$w/" | while IFS=$'\t' read -r -a command; do
      if [ "${command[0]}" = sleep ]; then sleep "${command[1]}"; else xdotool "${command[@]}"; fi
    done
    kill -TERM "$window_pid"
    wait "$window_pid" || { echo "record-alert-traces: strata window failed:" >&2; cat "$work/$name.err" >&2; exit 1; }
    window_pid=""
    echo "record-alert-traces: window ended at $(cat "$work/$name.out")"
  fi
  # Only a trace that replays replaces the shipped one; its frames become the references.
  "$STRATA" replay "$tmp" --out "$work/$name-frames" --every 1000000 >/dev/null
  mv "$tmp" "$out"
  rm -rf "Traces/references/$name"
  "$STRATA" check "$out" --references "Traces/references/$name" --record
  echo "record-alert-traces: $out: $(($(wc -l <"$out") - 1)) events"
}

names=("$@")
[ ${#names[@]} -gt 0 ] || names=(alert-simple alert-login alert-sheet)
for name in "${names[@]}"; do
  python3 "$GESTURES" options "$name" >/dev/null 2>&1 || { echo "record-alert-traces: no gesture '$name'" >&2; exit 2; }
  record "$name"
done
