#!/bin/sh
# `make bench`, issue 29 sections 3 to 5: `strata check Traces/` (the shipped traces) timed
# against the previous release's binary, built in the same run from BASELINE (default
# 1257f40, the commit the issue measured) into a worktree outside the project and kept
# there between runs (BASELINE_DIR, default /tmp/strata-baseline-BASELINE); the baseline
# checks its own Traces/ (the older layout it reads), this build checks ours. Prints JSON
# lines with ratio, target and meets:
#   check-vs-previous-release   this build's first check (an empty cache) / the baseline's: <= 1/3
#   check-cached                a second check with nothing changed / the first: <= 0.1
#   check-jobs                  --jobs 2 / --jobs 1 with --no-cache (2 cores): < 1
#   check-one-long-trace-cores  CPU time over wall time of one 1000-frame trace's check
#   previous-release-frames-match-new-references: the baseline's replayed frames decode to
#                               the images our references map them to (frames byte-identical)
# Each timing is the median wall time of RUNS runs (default 3). STRATA: this build's
# binary (default .build/release/strata).
set -eu
STRATA=${STRATA:-.build/release/strata}
BASELINE=${BASELINE:-1257f40}
BASELINE_DIR=${BASELINE_DIR:-/tmp/strata-baseline-$BASELINE}
RUNS=${RUNS:-3}
work=$(mktemp -d "${TMPDIR:-/tmp}/strata-bench-check.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The baseline, built once (a release build takes minutes on 2 cores).
if [ ! -x "$BASELINE_DIR/.build/release/strata" ]; then
    if [ ! -d "$BASELINE_DIR" ]; then git worktree add --detach "$BASELINE_DIR" "$BASELINE" >&2; fi
    (cd "$BASELINE_DIR" && swift build -c release --product strata >&2)
fi
OLD="$BASELINE_DIR/.build/release/strata"

seconds() {  # wall seconds of a command that must pass, its output discarded
    start=$(date +%s.%N)
    "$@" >"$work/out.txt" 2>&1 || { cat "$work/out.txt" >&2; echo "bench-check: failed: $*" >&2; exit 2; }
    end=$(date +%s.%N)
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f\n", b - a }'
}

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

emit() {  # case numerator_label numerator denominator_label denominator target(awk expression on r) target_text
    awk -v c="$1" -v nl="$2" -v n="$3" -v dl="$4" -v d="$5" -v t="$6" -v tt="$7" 'BEGIN {
        r = n / d; meets = (t == "<= 0.1" ? r <= 0.1 : (t == "<= 1/3" ? r <= 1 / 3 : r < 1))
        printf "{\"case\": \"%s\", \"%s_s\": %.3f, \"%s_s\": %.3f, \"ratio\": %.3f, \"target\": \"%s\", \"meets\": %s}\n",
            c, nl, n, dl, d, r, tt, (meets ? "true" : "false") }'
}

# Alternating runs, so load that comes and goes falls on both. Each of this build's first
# checks has an empty cache; its second check finds what the first stored.
: > "$work/old"; : > "$work/new"; : > "$work/cached"
i=0
while [ $i -lt "$RUNS" ]; do
    # A baseline that keeps a check cache (main since issue 29 section 3) starts with an empty one.
    rm -rf "$work/old-cache"
    (cd "$BASELINE_DIR" && STRATA_CACHE_DIR="$work/old-cache" seconds "$OLD" check Traces/) >> "$work/old"
    rm -rf "$work/cache"
    STRATA_CACHE_DIR="$work/cache" seconds "$STRATA" check Traces/ >> "$work/new"
    STRATA_CACHE_DIR="$work/cache" seconds "$STRATA" check Traces/ >> "$work/cached"
    grep -q "passed from cache" "$work/out.txt" || { echo "bench-check: the second check did not use the cache" >&2; exit 2; }
    i=$((i + 1))
done
old=$(median < "$work/old"); new=$(median < "$work/new"); cached=$(median < "$work/cached")
emit check-vs-previous-release strata "$new" "previous_$BASELINE" "$old" "<= 1/3" "<= 1/3 (3x faster)"
emit check-cached second "$cached" first "$new" "<= 0.1" "<= 0.1"

: > "$work/j1"; : > "$work/j2"
i=0
while [ $i -lt "$RUNS" ]; do
    seconds "$STRATA" check Traces/ --no-cache --jobs 1 >> "$work/j1"
    seconds "$STRATA" check Traces/ --no-cache --jobs 2 >> "$work/j2"
    i=$((i + 1))
done
emit check-jobs jobs2 "$(median < "$work/j2")" jobs1 "$(median < "$work/j1")" "< 1" "< 1 (faster with 2 jobs)"

# One long trace: the 1000-frame drag of bench-memory at 480x320, --jobs 1, its frames
# hashed and compared while the next renders; CPU time over wall time shows both cores used.
echo '{"trace": 1, "scene": "carousel", "width": 480, "height": 320, "scale": 1, "fps": 1000, "options": {"angle": 0, "planes": 5}}' > "$work/long.trace"
awk 'BEGIN { printf "{\"t\": 0.05, \"kind\": \"down\", \"x\": 100, \"y\": 160}\n";
    for (t = 0.1; t < 0.95; t += 0.002) printf "{\"t\": %.3f, \"kind\": \"move\", \"x\": %d, \"y\": 160}\n", t, 100 + int(t * 300);
    printf "{\"t\": 0.999, \"kind\": \"up\", \"x\": 400, \"y\": 160}\n" }' >> "$work/long.trace"
"$STRATA" check "$work/long.trace" --references "$work/long-refs" --record >/dev/null
/usr/bin/time -f "%e %U %S" -o "$work/time.txt" "$STRATA" check "$work/long.trace" --references "$work/long-refs" --no-cache --jobs 1 >/dev/null
awk '{ printf "{\"case\": \"check-one-long-trace-cores\", \"frames\": 1000, \"wall_s\": %.3f, \"cpu_s\": %.3f, \"cores_busy\": %.2f}\n", $1, $2 + $3, ($2 + $3) / $1 }' "$work/time.txt"

# Frames stay byte-identical: every frame the previous release replays is, decoded, the
# image our references' manifest maps that frame to, decoded. (PNG holds colour
# unpremultiplied: premultiplying a decoded translucent frame again to hash it as Strata
# does would not give back the bytes it was written from, so the files are compared.)
# Except the traces whose references were re-recorded since 1257f40 because what they draw
# changed on purpose (fec5832: UIKit's alerts round with the continuous curve, issue 24):
# those are counted apart, not held to the old frames.
REDRAWN=${REDRAWN:-alert-login alert-sheet alert-simple shake-completion}
for trace in Traces/*.trace; do
    name=$(basename "$trace" .trace)
    (cd "$BASELINE_DIR" && "$OLD" replay "Traces/$name.trace" --out "$work/old-frames/$name" >/dev/null)
done
/usr/bin/python3 - "$work/old-frames" Traces/references "$REDRAWN" <<'PY'
import json, os, sys
from PIL import Image
frames_dir, refs, redrawn = sys.argv[1], sys.argv[2], sys.argv[3].split()
total = matched = translucent = 0
for name in sorted(n for n in os.listdir(frames_dir) if n not in redrawn):
    wanted = json.load(open(os.path.join(refs, name, "strata-references.json")))["frames"]
    decoded = {}
    files = sorted(os.listdir(os.path.join(frames_dir, name)))
    total += len(files)
    for f in files:
        image = Image.open(os.path.join(frames_dir, name, f)).convert("RGBA")
        if image.getextrema()[3][0] < 255: translucent += 1
        sha = wanted.get(f[:-4])
        if sha is None: continue
        if sha not in decoded:
            decoded[sha] = Image.open(os.path.join(refs, name, sha + ".png")).convert("RGBA").tobytes()
        matched += image.tobytes() == decoded[sha]
extra = sum(len(json.load(open(os.path.join(refs, n, "strata-references.json")))["frames"])
            for n in os.listdir(frames_dir) if n not in redrawn) - total
print(json.dumps({"case": "previous-release-frames-match-new-references", "frames": total, "matched": matched,
                  "references_without_a_frame": extra, "translucent_frames": translucent,
                  "redrawn_since_baseline": redrawn, "meets": matched == total and extra == 0}))
PY
