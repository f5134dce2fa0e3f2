#!/bin/sh
# How close Strata's shadows are to a browser's: each case below is written twice from
# the same numbers, as a scene file (`strata render`) and as an HTML page whose CSS casts
# the same shadow (headless Chromium), and StrataBench --fidelity-shadows prints one JSON
# line per case with its PSNR over the whole frame and over its edges, then pooled.
#
#   scripts/fidelity-shadows.sh [DIR]     (make fidelity; not part of make test)
#
# Pages, scenes and references are kept in DIR/shadows (default /tmp/strata-fidelity/
# shadows), outside the project, and re-used (FIDELITY_REFRESH=1 shoots them again).
#
# The mapping. CSS's box-shadow blur B is a Gaussian of sigma B / 2 (css-backgrounds-3),
# CA's shadowRadius is sigma itself: shadowRadius = B / 2. A box-shadow's spread s is the
# box grown by s with its radius grown by s: a shadowPath of that rounded rectangle. The
# filter drop-shadow() casts the shadow of the element's alpha, as CA casts a container's,
# a text's or a shape's; its blur length is the Gaussian's sigma itself (Filter Effects:
# feGaussianBlur stdDeviation = the length): shadowRadius = the length. rgba's alpha is
# shadowOpacity. A turned element's filter is applied before its transform, so its shadow
# turns with it, as a layer's does.
set -eu
DIR=${1:-/tmp/strata-fidelity}/shadows
BIN=${BIN:-.build/release}
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
for tool in "$BIN/strata" "$BIN/StrataBench" "$CHROMIUM" /usr/bin/python3; do
  [ -x "$tool" ] || { echo "fidelity-shadows: $tool is missing (make release builds Strata; make deps installs chromium)" >&2; exit 2; }
done
mkdir -p "$DIR/cases"

/usr/bin/python3 - "$DIR/cases" <<'PY'
import json, sys
out = sys.argv[1]
W, H = 240, 160

def rounded(x, y, w, h, r):
    return ("M %g %g H %g A %g %g 0 0 1 %g %g V %g A %g %g 0 0 1 %g %g H %g A %g %g 0 0 1 %g %g V %g A %g %g 0 0 1 %g %g Z"
            % (x + r, y, x + w - r, r, r, x + w, y + r, y + h - r, r, r, x + w - r, y + h, x + r, r, r, x, y + h - r,
               y + r, r, r, x + r, y))

def div(frame, color, radius, extra=""):
    x, y, w, h = frame
    return ('<div style="position:absolute; left:%gpx; top:%gpx; width:%gpx; height:%gpx; background:%s; border-radius:%gpx;%s"></div>'
            % (x, y, w, h, color, radius, extra))

TILES = [([0, 0, 50, 50], "#007AFF", 10), ([65, 25, 50, 50], "#34C759", 25), ([130, 10, 50, 70], "#FF3B30", 0)]
STAR = "M 60 6 L 91.7 103.6 L 8.7 43.3 L 111.3 43.3 L 28.3 103.6 Z"

def container(frame, dx, dy, sigma, alpha, rotate=0):
    x, y, w, h = frame
    layer = {"class": "CALayer", "frame": frame, "shadowOpacity": alpha, "shadowRadius": sigma, "shadowOffset": [dx, dy],
             "sublayers": [{"class": "CALayer", "frame": f, "backgroundColor": c, "cornerRadius": r} for f, c, r in TILES]}
    if rotate: layer["transform"] = [{"rotate": [rotate, 0, 0, 1]}]
    css = " filter: drop-shadow(%gpx %gpx %gpx rgba(0, 0, 0, %g));" % (dx, dy, sigma, alpha)
    if rotate: css += " transform: rotate(%gdeg);" % rotate
    inner = "".join(div(f, c, r) for f, c, r in TILES)
    page = ('<div style="position:absolute; left:%gpx; top:%gpx; width:%gpx; height:%gpx;%s">%s</div>' % (x, y, w, h, css, inner))
    return [layer], page

CASES = {}
# A card's own shadow: box-shadow 0 8px 24px (sigma 12), the layer's rounded bounds.
CASES["box-shadow"] = ([{"class": "CALayer", "frame": [40, 24, 160, 100], "backgroundColor": "#007AFF", "cornerRadius": 16,
                         "shadowOpacity": 0.35, "shadowRadius": 12, "shadowOffset": [0, 8]}],
                       div([40, 24, 160, 100], "#007AFF", 16, " box-shadow: 0px 8px 24px rgba(0, 0, 0, 0.35);"))
# Spread 6 as a shadowPath 6 pt wider each way, radius 16 + 6.
CASES["box-shadow-spread-path"] = ([{"class": "CALayer", "frame": [40, 24, 160, 100], "backgroundColor": "#FFCC00", "cornerRadius": 16,
                                     "shadowOpacity": 0.4, "shadowRadius": 8, "shadowOffset": [0, 10],
                                     "shadowPath": rounded(-6, -6, 172, 112, 22)}],
                                   div([40, 24, 160, 100], "#FFCC00", 16, " box-shadow: 0px 10px 16px 6px rgba(0, 0, 0, 0.4);"))
# A hard shadow (no blur), offset: the path's edges themselves.
CASES["box-shadow-hard"] = ([{"class": "CALayer", "frame": [50, 30, 120, 80], "backgroundColor": "#5856D6", "cornerRadius": 24,
                              "shadowOpacity": 0.5, "shadowRadius": 0, "shadowOffset": [12, 12],
                              "shadowPath": rounded(0, 0, 120, 80, 24)}],
                            div([50, 30, 120, 80], "#5856D6", 24, " box-shadow: 12px 12px 0px rgba(0, 0, 0, 0.5);"))
CASES["drop-shadow-container"] = container([30, 30, 180, 100], 4, 6, 3, 0.5)
CASES["drop-shadow-turned"] = container([30, 30, 180, 100], 0, 8, 4, 0.45, rotate=12)
# A shape's own alpha: an SVG star with drop-shadow, a CAShapeLayer with a shadow.
CASES["drop-shadow-shape"] = ([{"class": "CAShapeLayer", "frame": [60, 14, 120, 120], "path": STAR, "fillColor": "#FF9500",
                                "shadowOpacity": 0.5, "shadowRadius": 4, "shadowOffset": [0, 6]}],
                              '<svg style="position:absolute; left:60px; top:14px; overflow:visible; filter: drop-shadow(0px 6px 4px rgba(0, 0, 0, 0.5));"'
                              ' width="120" height="120" xmlns="http://www.w3.org/2000/svg"><path d="%s" fill="#FF9500"/></svg>' % STAR)

for name, (layers, page) in CASES.items():
    scene = {"strataScene": 1, "summary": "fidelity case " + name, "size": [W, H],
             "root": {"class": "CALayer", "backgroundColor": "white", "sublayers": layers}}
    with open("%s/%s.scene.json" % (out, name), "w") as f: json.dump(scene, f, indent=1)
    html = ('<!DOCTYPE html><html><head><meta charset="utf-8"><style>html, body { margin: 0; padding: 0; background: white;'
            ' overflow: hidden; }</style></head><body>%s</body></html>' % page)
    with open("%s/%s.html" % (out, name), "w") as f: f.write(html)
PY

WHO=fidelity-shadows
. "$(dirname "$0")/fidelity-cases.sh"
"$BIN/StrataBench" --fidelity-shadows "$DIR" coverage
"$BIN/StrataBench" --fidelity-shadows "$DIR" reference
