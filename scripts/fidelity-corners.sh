#!/bin/sh
# How close Strata's per-corner radii, borders and masks are to a browser's: each case of
# the table below is written twice from the same numbers, as a scene file (`strata
# render`: maskedCorners with circular corners, a border, a CAGradientLayer as `mask`) and
# as an HTML page (headless Chromium: CSS per-corner `border-radius`, `border`,
# `mask-image: linear-gradient(...)`), and StrataBench --fidelity-shapes prints one JSON
# line per case with its PSNR over the whole frame and at its edges, then the pooled PSNR.
#
#   scripts/fidelity-corners.sh [DIR]      (make fidelity; not part of make test)
#
# Continuous corners differ from CSS on purpose (CSS rounds with quarter ellipses, UIKit
# with its own curve), so they are measured against their own geometry instead: the same
# rounded rectangles as `Path.continuousRoundedRect` filled by Cairo (StrataBench
# --fidelity-continuous, no browser).
#
# Pages, scenes and references are kept in DIR/corners (default /tmp/strata-fidelity/corners);
# references are re-used on later runs (FIDELITY_REFRESH=1 shoots them again). As for the
# shapes, the goal is measured against Chromium's 4x frame averaged per 4x4 block (its
# coverage), and its 1x frame is printed too. BIN names the build products' folder.
set -eu
DIR=${1:-/tmp/strata-fidelity}/corners
BIN=${BIN:-.build/release}
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
for tool in "$BIN/strata" "$BIN/StrataBench" "$CHROMIUM" /usr/bin/python3; do
  [ -x "$tool" ] || { echo "fidelity-corners: $tool is missing (make release builds Strata; make deps installs chromium)" >&2; exit 2; }
done
mkdir -p "$DIR/cases"

/usr/bin/python3 - "$DIR/cases" <<'PY'
import json, sys
out = sys.argv[1]
W, H = 240, 160
TL, TR, BL, BR = "layerMinXMinYCorner", "layerMaxXMinYCorner", "layerMinXMaxYCorner", "layerMaxXMaxYCorner"
def box(frame, color, radius=0, corners=(TL, TR, BL, BR), border=0, borderColor="#000000", mask=None):
    return dict(frame=frame, color=color, radius=radius, corners=list(corners), border=border, borderColor=borderColor, mask=mask)
# A mask: (start, end) in unit coordinates and the stops' alphas, evenly spread.
CASES = {
    "per-corner-radius": [box([10, 10, 100, 60], "#007AFF", 20, (TL, BR)),
                          box([130, 10, 100, 60], "#FF3B30", 28, (TR,), border=4),
                          box([10, 90, 100, 60], "#34C759", 30, border=6, borderColor="#FFCC00"),
                          box([130, 90, 100, 60], "#AF52DE", 14, (BL, BR))],
    "mask-gradient": [box([10, 10, 220, 60], "#007AFF", mask=((0, 0.5), (1, 0.5), [0, 1, 0])),
                      box([10, 90, 220, 60], "#FF9500", 16, mask=((0.5, 0), (0.5, 1), [1, 0.2])),],
}

def css_color(c, a=1):
    h = c.lstrip("#")
    return "rgba(%d, %d, %d, %s)" % (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16), repr(a))

def html(b):
    x, y, w, h = b["frame"]
    r = lambda c: "%gpx" % (b["radius"] if c in b["corners"] else 0)
    s = ["position: absolute", "box-sizing: border-box", "left: %gpx" % x, "top: %gpx" % y, "width: %gpx" % w, "height: %gpx" % h,
         "background: " + css_color(b["color"]), "border-radius: %s %s %s %s" % (r(TL), r(TR), r(BR), r(BL))]
    if b["border"]: s.append("border: %gpx solid %s" % (b["border"], css_color(b["borderColor"])))
    if b["mask"]:
        (sx, sy), (ex, ey), alphas = b["mask"]
        # The gradient's line from start to end, as CSS's angle from "to top" clockwise.
        direction = {(0, 0.5, 1, 0.5): "to right", (0.5, 0, 0.5, 1): "to bottom"}[(sx, sy, ex, ey)]
        g = "linear-gradient(%s, %s)" % (direction, ", ".join(css_color("#000000", a) for a in alphas))
        s += ["-webkit-mask-image: " + g, "mask-image: " + g]
    return '<div style="%s"></div>' % "; ".join(s)

def layer(b):
    j = {"frame": b["frame"], "backgroundColor": b["color"], "cornerRadius": b["radius"], "maskedCorners": b["corners"]}
    if b["border"]: j.update(borderWidth=b["border"], borderColor=b["borderColor"])
    if b["mask"]:
        (sx, sy), (ex, ey), alphas = b["mask"]
        j["mask"] = {"class": "CAGradientLayer", "frame": [0, 0, b["frame"][2], b["frame"][3]], "startPoint": [sx, sy], "endPoint": [ex, ey],
                     "colors": ["#000000%02X" % round(a * 255) for a in alphas]}
    return j

for name, boxes in CASES.items():
    scene = {"strataScene": 1, "summary": "fidelity case " + name, "size": [W, H],
             "root": {"class": "CALayer", "backgroundColor": "white", "sublayers": [layer(b) for b in boxes]}}
    with open("%s/%s.scene.json" % (out, name), "w") as f: json.dump(scene, f, indent=1)
    page = ('<!DOCTYPE html><html><head><meta charset="utf-8"><style>html, body { margin: 0; padding: 0; background: white; overflow: hidden; }'
            '</style></head><body>%s</body></html>' % "".join(html(b) for b in boxes))
    with open("%s/%s.html" % (out, name), "w") as f: f.write(page)
PY

WHO=fidelity-corners
. "$(dirname "$0")/fidelity-cases.sh"
"$BIN/StrataBench" --fidelity-shapes "$DIR" coverage corner
"$BIN/StrataBench" --fidelity-shapes "$DIR" reference corner
"$BIN/StrataBench" --fidelity-continuous
