#!/bin/sh
# How close Strata's many-stop gradients are to a browser's: each case of the table below
# is written twice from the same numbers, as a scene file of CAGradientLayers (`strata
# render`) and as a page of CSS `linear-gradient` boxes (headless Chromium), and
# StrataBench --fidelity-shapes prints one JSON line per case (PSNR over the frame and
# over its edges), then the pooled PSNR.
#
#   scripts/fidelity-gradients.sh [DIR]      (make fidelity; not part of make test)
#
# A CAGradientLayer's axial gradient runs from startPoint to endPoint in the layer's unit
# square, so its lines of one colour are perpendicular to that line in the unit square.
# A CAGradientLayer maps startPoint and endPoint into its bounds and draws the gradient
# between those two points, its lines of one colour perpendicular to the line between them
# in points, as Core Graphics' linear gradient does. CSS `to right` and `to bottom` are the
# same gradients. Corner to corner they differ on purpose: CSS's `to bottom right` turns
# its lines so the 50% line joins the other two corners; the same gradient as CA's is the
# CSS angle of the diagonal itself (180deg - atan(width/height)), whose gradient line is
# then exactly the diagonal. Both blend in sRGB with premultiplied alpha.
set -eu
DIR=${1:-/tmp/strata-fidelity}/gradients
BIN=${BIN:-.build/release}
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
for tool in "$BIN/strata" "$BIN/StrataBench" "$CHROMIUM" /usr/bin/python3; do
  [ -x "$tool" ] || { echo "fidelity-gradients: $tool is missing (make release builds Strata; make deps installs chromium)" >&2; exit 2; }
done
rm -rf "$DIR/cases" "$DIR/strata"
mkdir -p "$DIR/reference" "$DIR/strata" "$DIR/cases"

/usr/bin/python3 - "$DIR/cases" <<'PY'
import json, math, sys
out = sys.argv[1]
W, H = 240, 160
RAINBOW = ["#FF3B30", "#FF9500", "#FFCC00", "#34C759", "#5AC8FA", "#007AFF", "#5856D6", "#AF52DE"]
GREYS = ["#%02X%02X%02X" % (v, v, v) for v in (0, 255, 20, 235, 40, 215, 60, 195, 80, 175, 100, 155)]
# Each case: layers of (frame, colours, locations or None, startPoint, endPoint, css direction).
CASES = {
    "eight-stops": [([10, 10, 220, 140], RAINBOW, None, [0, 0.5], [1, 0.5], "to right")],
    "uneven-locations": [([10, 10, 220, 140], ["#007AFF", "#FFFFFF", "#FF2D55", "#000000", "#34C759"],
                          [0, 0.1, 0.15, 0.7, 1], [0.5, 0], [0.5, 1], "to bottom")],
    "twelve-stops": [([10, 10, 220, 140], GREYS, None, [0, 0.5], [1, 0.5], "to right")],
    "corner-to-corner": [([10, 10, 220, 140], ["#5856D6", "#FF2D55", "#FFCC00"], [0, 0.5, 1], [0, 0], [1, 1], "diagonal")],
    "translucent": [([10, 10, 220, 140], ["#007AFF00", "#007AFFFF", "#FF3B3080", "#FF3B3000"], [0, 0.3, 0.6, 1],
                     [0, 0.5], [1, 0.5], "to right")],
}

def css(c):
    h = c.lstrip("#")
    a = int(h[6:8], 16) / 255 if len(h) == 8 else 1
    return "rgba(%d, %d, %d, %s)" % (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16), repr(round(a, 6)))

for name, layers in CASES.items():
    sub, boxes = [], []
    for frame, colours, locations, start, end, direction in layers:
        layer = {"class": "CAGradientLayer", "frame": frame, "colors": colours, "startPoint": start, "endPoint": end}
        if locations: layer["locations"] = locations
        sub.append(layer)
        if direction == "diagonal":
            direction = "%.6fdeg" % (180 - math.degrees(math.atan2(frame[2], frame[3])))
        n = len(colours)
        stops = ", ".join("%s %g%%" % (css(c), 100 * (locations[i] if locations else i / (n - 1))) for i, c in enumerate(colours))
        boxes.append('<div style="position:absolute; left:%gpx; top:%gpx; width:%gpx; height:%gpx; background:linear-gradient(%s, %s)"></div>'
                     % (frame[0], frame[1], frame[2], frame[3], direction, stops))
    scene = {"strataScene": 1, "summary": "fidelity case " + name, "size": [W, H],
             "root": {"class": "CALayer", "backgroundColor": "white", "sublayers": sub}}
    with open("%s/%s.scene.json" % (out, name), "w") as f: json.dump(scene, f, indent=1)
    with open("%s/%s.html" % (out, name), "w") as f:
        f.write('<!DOCTYPE html><html><head><meta charset="utf-8"><style>html, body { margin: 0; padding: 0; background: white;'
                ' overflow: hidden; }</style></head><body>%s</body></html>' % "".join(boxes))
PY

for scene in "$DIR"/cases/*.scene.json; do
  name=$(basename "$scene" .scene.json)
  if [ ! -f "$DIR/reference/$name.png" ] || [ "${FIDELITY_REFRESH:-0}" = 1 ]; then
    "$CHROMIUM" --headless --no-sandbox --no-first-run --disable-extensions --hide-scrollbars \
      --user-data-dir="$DIR/chromium-profile" --disable-gpu --disable-gpu-rasterization \
      --force-device-scale-factor=1 --force-color-profile=srgb --window-size=240,160 \
      --screenshot="$DIR/reference/$name.png" "file://$DIR/cases/$name.html" >/dev/null 2>&1
    [ -f "$DIR/reference/$name.png" ] || { echo "fidelity-gradients: chromium wrote no $name.png" >&2; exit 2; }
  fi
  "$BIN/strata" render "$scene" --out "$DIR/strata/$name.png" >/dev/null
done
"$BIN/StrataBench" --fidelity-shapes "$DIR" reference
