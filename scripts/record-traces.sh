#!/usr/bin/env bash
# Records the shipped traces (Traces/*.trace) for real: the scene in a GLFW window on a
# private Xvfb display, driven through the real pointer with xdotool (XTEST), recorded by
# `strata window --record`. Nothing is written by hand; rerun to rerecord. A trace's scene
# is its name up to the first dash (carousel-drag: carousel).
#
#   scripts/record-traces.sh [NAME...]     NAME: carousel-drag, carousel-flick, shake-all,
#                                          cards-scroll (with TRACES=Scenes),
#                                          shake-completion, kitchensink-labels,
#                                          kitchensink-flip, kitchensink-curl (default all)
#
# A rerecorded trace needs its reference frames rerecorded too:
#   strata check Traces/NAME.trace --references Traces/references/NAME --record
#
# Needs Xvfb and xdotool (make deps). STRATA=path/to/strata overrides the binary
# (default .build/debug/strata, built if missing); TRACES=DIR where traces go (default
# Traces). The example package's trace is recorded with its own command:
#   STRATA=Examples/CustomScene/.build/debug/card-strata TRACES=Examples/CustomScene/Traces \
#     scripts/record-traces.sh card-drag
set -euo pipefail
cd "$(dirname "$0")/.."

STRATA=${STRATA:-.build/debug/strata}
TRACES=${TRACES:-Traces}
for tool in Xvfb xdotool; do
  command -v "$tool" >/dev/null || { echo "record-traces: $tool is missing; run 'make deps'" >&2; exit 2; }
done
[ -x "$STRATA" ] || swift build --product strata
mkdir -p "$TRACES"

work=$(mktemp -d)
xvfb_pid=""
window_pid=""
cleanup() {
  [ -n "$window_pid" ] && kill -TERM "$window_pid" 2>/dev/null || true
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# -displayfd: Xvfb picks a free display itself and prints its number once it accepts
# connections, so there is no race with other servers and no socket to poll.
Xvfb -displayfd 1 -screen 0 1024x768x24 -nolisten tcp >"$work/display" 2>"$work/xvfb.log" &
xvfb_pid=$!
for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.05; done
[ -s "$work/display" ] || { echo "record-traces: Xvfb did not start:" >&2; cat "$work/xvfb.log" >&2; exit 1; }
export DISPLAY=":$(head -1 "$work/display")"
unset WAYLAND_DISPLAY

# xdotool command words for a drag from (x0, y0) to (x1, y1) in `steps` moves, `pause`
# seconds apart, with the button held throughout: mousedown, mousemove..., mouseup.
drag_between() {
  local w=$1 x0=$2 y0=$3 x1=$4 y1=$5 steps=$6 pause=$7 i
  printf '%s\n' mousemove --window "$w" "$x0" "$y0" sleep 0.05 mousedown 1 sleep "$pause"
  for ((i = 1; i <= steps; i++)); do
    printf '%s\n' mousemove --window "$w" $((x0 + (x1 - x0) * i / steps)) $((y0 + (y1 - y0) * i / steps)) sleep "$pause"
  done
  printf '%s\n' mouseup 1
}
# Across at one height: drag W X0 X1 Y STEPS PAUSE; up or down: vdrag W X Y0 Y1 STEPS PAUSE.
drag() { drag_between "$1" "$2" "$4" "$3" "$4" "$5" "$6"; }
vdrag() { drag_between "$1" "$2" "$3" "$2" "$4" "$5" "$6"; }

# A slow drag right, a pause, a drag left.
gesture_carousel_drag() {
  local w=$1
  { drag "$w" 110 270 160 40 0.03
    printf '%s\n' sleep 0.6
    drag "$w" 300 180 170 20 0.03
  } | xargs xdotool
}

# Quick short drags: right, right, left, right, each 50-70 pt in about 0.1 s.
gesture_carousel_flick() {
  local w=$1
  { drag "$w" 150 210 150 6 0.016
    printf '%s\n' sleep 0.4
    drag "$w" 160 230 150 6 0.016
    printf '%s\n' sleep 0.4
    drag "$w" 300 240 160 5 0.016
    printf '%s\n' sleep 0.4
    drag "$w" 200 250 140 5 0.016
  } | xargs xdotool
}

# A tap (press and release in place, 60 ms) at (x, y) of the window.
tap() {
  local w=$1 x=$2 y=$3
  printf '%s\n' mousemove --window "$w" "$x" "$y" sleep 0.05 mousedown 1 sleep 0.06 mouseup 1
}

# The shake form in its designed 320 x 568 pt window: 40 pt margins, the 290 pt form
# centred (top at 139), buttons 40 pt tall every 60 pt from 269, so their centres are
# x 160 and y 289 ("shake one"), 349 ("shake all"), 409 ("shake all with completion").
# After the tap the script waits for the shake to end; the trace itself ends at the tap.
gesture_shake_all() {
  { tap "$1" 160 349; printf '%s\n' sleep 0.7; } | xargs xdotool
}

# The third button: a 0.6 s shake, then the completion presents its alert.
gesture_shake_completion() {
  { tap "$1" 160 409; printf '%s\n' sleep 0.9; } | xargs xdotool
}

# --- kitchensink (seed 001) ---
# The Kitchen Sink in its designed 320 x 480 pt window (status bar 20 pt): transition
# segments centred at y 42 (Cover x 47, Flip 122, Dissolve 197, Curl 272), the sink at
# (10, 104) 300 x 322, "Add Label" centred at (70, 452), Move | Fade at y 452 (Move x 212,
# Fade 277). The Asker's field becomes first responder as the Asker appears; keys go to
# the window under the pointer (Xvfb runs no window manager: focus follows the pointer).
# Labels land where the scene's seeded generator puts them (seed 1): first "Hello" at
# about (198...295, 292...327), first "Flip" at about (132...198, 292...337) (48 pt
# Inter Display: the random place depends on the label's width).
kitchensink_names=(kitchensink-labels kitchensink-flip kitchensink-curl)

# Add Label, type TEXT, Return: the label is added and the Asker dismissed.
ask() {
  local w=$1 text=$2
  { tap "$w" 70 452; printf '%s\n' sleep 0.8; } | xargs xdotool
  xdotool type --delay 110 "$text"
  sleep 0.2
  xdotool key Return
  sleep 1.0
}

# Two labels by typing ("Hello", "Sink"), then a tap on "Hello": it moves over 4 s.
# The drain (every 4 s, rescheduled as each Asker goes) then empties the sink.
gesture_kitchensink_labels() {
  ask "$1" Hello
  ask "$1" Sink
  { tap "$1" 250 305; printf '%s\n' sleep 0.5; } | xargs xdotool
}

# Flip selected, a label "Flip" added through a flip presentation and dismissal; Fade
# selected, the label tapped (a 3 s fade begins) and tapped again a second later (alpha
# set back: the fade ends unfinished and the label stays until the drain takes it).
gesture_kitchensink_flip() {
  { tap "$1" 122 42; printf '%s\n' sleep 0.4; } | xargs xdotool
  ask "$1" Flip
  { tap "$1" 277 452; printf '%s\n' sleep 0.5
    tap "$1" 165 312; printf '%s\n' sleep 1.0
    tap "$1" 165 312; printf '%s\n' sleep 0.3; } | xargs xdotool
}

# Curl selected, the Asker presented under a partial page curl; a tap on the curled page
# ends editing with an empty answer: the page uncurls and nothing is added.
gesture_kitchensink_curl() {
  { tap "$1" 272 42; printf '%s\n' sleep 0.4
    tap "$1" 70 452; printf '%s\n' sleep 1.2
    tap "$1" 100 200; printf '%s\n' sleep 0.8; } | xargs xdotool
}

# --- card (Examples/CustomScene) ---
# The card, 160 x 100 pt, starts centred in the 400 x 300 pt view at (200, 150). A tap
# on it starts its 0.8 s spin; once it has spun, a drag takes it up and to the right.
gesture_card_drag() {
  { tap "$1" 200 150; printf '%s\n' sleep 1.0
    drag "$1" 200 320 150 24 0.02
    printf '%s\n' sleep 0.3; } | xargs xdotool
}

# --- cards (Scenes/cards.scene.json) ---
# A list of cards in its 375 x 667 pt view: a drag up by 360 pt scrolls it (the list's
# end is 553 pt up; the scroll option's range has no rubber band, so the drag stays short
# of it), a pause, and a drag back down by 150 pt. Short, as every frame differs (the
# spinner and the shimmer never rest) and each is a reference.
gesture_cards_scroll() {
  { vdrag "$1" 190 560 200 30 0.03
    printf '%s\n' sleep 0.3
    vdrag "$1" 190 250 400 15 0.03
    printf '%s\n' sleep 0.1; } | xargs xdotool
}

# A scene name, or the scene file Scenes/NAME.scene.json when there is one (its trace is
# then kept beside it: TRACES=Scenes).
record() {
  # Recorded beside where it goes, so a scene file's path in it is relative to that folder.
  local name=$1 out="$TRACES/$1.trace" tmp="$TRACES/.$1.recording.trace" w scene="${1%%-*}"
  [ -f "Scenes/$scene.scene.json" ] && scene="Scenes/$scene.scene.json"
  echo "record-traces: recording $out on $DISPLAY"
  "$STRATA" window "$scene" --record "$tmp" >"$work/$name.out" 2>"$work/$name.err" &
  window_pid=$!
  w=$(timeout 20 xdotool search --sync --onlyvisible --name '^strata' | head -1) || {
    echo "record-traces: the window did not appear:" >&2; cat "$work/$name.err" >&2; exit 1; }
  sleep 0.2
  "gesture_${name//-/_}" "$w"
  sleep 0.3
  kill -TERM "$window_pid"
  wait "$window_pid" || { echo "record-traces: strata window failed:" >&2; cat "$work/$name.err" >&2; exit 1; }
  window_pid=""
  # Only a trace that replays replaces the shipped one.
  "$STRATA" replay "$tmp" --out "$work/$name-frames" --every 1000000 >/dev/null
  mv "$tmp" "$out"
  echo "record-traces: $out: $(($(wc -l <"$out") - 1)) events, window ended at $(cat "$work/$name.out")"
}

names=("$@")
[ ${#names[@]} -gt 0 ] || names=(carousel-drag carousel-flick shake-all shake-completion "${kitchensink_names[@]}")
for name in "${names[@]}"; do
  declare -F "gesture_${name//-/_}" >/dev/null || { echo "record-traces: no gesture '$name'" >&2; exit 2; }
  record "$name"
done
