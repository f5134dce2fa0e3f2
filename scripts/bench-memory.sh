#!/bin/sh
# `make bench`, issue 15 section 2: peak memory (maximum resident set, from /usr/bin/time -v)
# of a 1000-frame replay against a 100-frame one, and of a 10,000-frame `check` against a
# 1000-frame one, as JSON lines with ratio (large / small), target and meets. A pipeline
# that keeps nothing per frame has the same peak for both. STRATA: the binary (default
# .build/release/strata).
set -eu
STRATA=${STRATA:-.build/release/strata}
# Every check replays: none is answered from the check cache.
export STRATA_CACHE_DIR=off
work=$(mktemp -d "${TMPDIR:-/tmp}/strata-bench-memory.XXXXXX")
trap 'rm -rf "$work"' EXIT

peak_kb() {  # peak resident KB of a command, its output discarded
    /usr/bin/time -v "$@" >/dev/null 2>"$work/time.txt" || { cat "$work/time.txt" >&2; exit 2; }
    sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): //p' "$work/time.txt"
}

emit() {  # case small_frames small_kb large_frames large_kb
    awk -v c="$1" -v sf="$2" -v sk="$3" -v lf="$4" -v lk="$5" 'BEGIN {
        r = lk / sk
        printf "{\"case\": \"%s\", \"frames_small\": %d, \"peak_kb_small\": %d, \"frames_large\": %d, \"peak_kb_large\": %d, \"ratio\": %.3f, \"target\": \"<= 1.1\", \"meets\": %s}\n",
            c, sf, sk, lf, lk, r, (r <= 1.1 ? "true" : "false") }'
}

# The recorded drag replayed at 320 fps is over 1000 frames: its first 100, and 1000.
small=$(peak_kb "$STRATA" replay Traces/carousel-drag.trace --fps 320 --frames 100 --out "$work/r100")
large=$(peak_kb "$STRATA" replay Traces/carousel-drag.trace --fps 320 --frames 1000 --out "$work/r1000")
emit replay-peak-memory-480x320 "$(ls "$work/r100" | grep -c 'png$')" "$small" "$(ls "$work/r1000" | grep -c 'png$')" "$large"
rm -rf "$work/r100" "$work/r1000"

# Drags of 1 s and 10 s at 1000 fps are 1000 and 10,000 frames, drawn at scale 0.25
# (120x80 px) to keep the run short: what is measured is what a frame leaves behind.
drag() {  # seconds -> a carousel trace dragging back and forth for that long
    echo '{"trace": 1, "scene": "carousel", "width": 480, "height": 320, "scale": 1, "fps": 1000, "options": {"angle": 0, "planes": 5}}'
    awk -v s="$1" 'BEGIN { printf "{\"t\": 0.05, \"kind\": \"down\", \"x\": 100, \"y\": 160}\n";
        for (t = 0.1; t < s - 0.05; t += 0.05) printf "{\"t\": %.3f, \"kind\": \"move\", \"x\": %d, \"y\": 160}\n", t, 100 + (int(t * 20) % 40) * 5;
        printf "{\"t\": %.3f, \"kind\": \"up\", \"x\": 100, \"y\": 160}\n", s - 0.001 }'
}
for seconds in 1 10; do
    drag $seconds > "$work/drag-$seconds.trace"
    "$STRATA" check "$work/drag-$seconds.trace" --scale 0.25 --references "$work/refs-$seconds" --record >/dev/null
done
small=$(peak_kb "$STRATA" check "$work/drag-1.trace" --scale 0.25 --references "$work/refs-1")
large=$(peak_kb "$STRATA" check "$work/drag-10.trace" --scale 0.25 --references "$work/refs-10")
# References hold each distinct image once: the frames are counted from the manifest's map.
frames() { grep -c '"frame-[0-9]*" :' "$1/strata-references.json"; }
emit check-peak-memory-120x80 "$(frames "$work/refs-1")" "$small" "$(frames "$work/refs-10")" "$large"
