#!/bin/sh
# How close Strata's `contents` are to a browser's: each case of the table below is written
# twice from the same numbers, as a scene file of image layers (`strata render`) and as a
# page of boxes with CSS backgrounds (headless Chromium), and StrataBench --fidelity-images
# prints one JSON line per case with its PSNR over the whole frame and over its edges, then
# the pooled PSNR (goal: at least 40 dB).
#
#   scripts/fidelity-images.sh [DIR]      (make fidelity; not part of make test)
#
# The images, pages, scenes and references are kept in DIR/images (default
# /tmp/strata-fidelity/images); references are re-used on later runs (FIDELITY_REFRESH=1
# shoots them again). BIN names the build products' folder.
#
# contentsGravity is CSS's background-size (resize: 100% 100%, resizeAspect: contain,
# resizeAspectFill: cover, the positions: auto) with background-position; contentsCenter
# is border-image with `fill` (slices in image pixels, the border as wide as the slice, so
# the corners keep their size as CA's do); contentsRect is a background scaled so the part
# fills the box and moved by the part's origin; magnificationFilter nearest is
# image-rendering: pixelated. Where iOS and CSS differ on purpose the page draws what iOS
# draws: iOS's `top` gravities sit at the bottom edge (ContentsGravity.swift), so the page
# positions `top` at `bottom` and `bottom` at `top`. An image larger than its box spills
# past it on iOS unless masksToBounds; a CSS background never does, so the cases that
# overflow (resizeAspectFill) mask to bounds.
set -eu
DIR=${1:-/tmp/strata-fidelity}/images
BIN=${BIN:-.build/release}
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
for tool in "$BIN/strata" "$BIN/StrataBench" "$CHROMIUM" /usr/bin/python3; do
  [ -x "$tool" ] || { echo "fidelity-images: $tool is missing (make release builds Strata; make deps installs chromium)" >&2; exit 2; }
done
mkdir -p "$DIR/reference" "$DIR/strata" "$DIR/cases/img"

/usr/bin/python3 - "$DIR/cases" <<'PY'
import json, sys
from PIL import Image, ImageDraw
out = sys.argv[1]
W, H = 240, 160

# The images, drawn here. quad: 30x20, four flat quadrants and a dark rim, for positions
# at 1:1. smooth: 60x40 of gentle gradients and a soft disc, for the scaling gravities
# (bilinear and a browser's resampler agree on smooth images, not on hard edges).
# bubble: 36x36 with 12 px corners for the nine-slice. strip: four 20x20 sprites, each
# with a 1-px white gutter as sprite sheets have: bilinear filtering at a contentsRect's
# edge reads the texels beyond it, on iOS as on any GPU, where a browser drawing a
# background's visible part does not; with the gutter both read white there.
# heart: 8x8 pixel art.
quad = Image.new("RGB", (30, 20), (40, 40, 40))
d = ImageDraw.Draw(quad)
for (x, y, c) in [(1, 1, (255, 59, 48)), (15, 1, (52, 199, 89)), (1, 10, (0, 122, 255)), (15, 10, (255, 204, 0))]:
    d.rectangle((x, y, x + 13, y + 8), fill=c)
quad.save(out + "/img/quad.png")
smooth = Image.new("RGB", (60, 40))
px = smooth.load()
for y in range(40):
    for x in range(60):
        dx, dy = x - 38, y - 16
        disc = max(0.0, 1 - (dx * dx + dy * dy) / 160.0)
        px[x, y] = (int(60 + 2 * x + 120 * disc), int(90 + 3 * y + 100 * disc), int(200 - y - 80 * disc))
smooth.save(out + "/img/smooth.png")
bubble = Image.new("RGBA", (36, 36), (0, 0, 0, 0))
d = ImageDraw.Draw(bubble)
d.rounded_rectangle((0, 0, 35, 35), radius=12, fill=(30, 120, 230, 255))
d.rounded_rectangle((3, 3, 32, 32), radius=9, fill=(90, 170, 250, 255))
bubble.save(out + "/img/bubble.png")
strip = Image.new("RGB", (80, 20), (255, 255, 255))
d = ImageDraw.Draw(strip)
for i, c in enumerate([(240, 80, 60), (250, 190, 40), (60, 180, 90), (70, 110, 230)]):
    d.rectangle((20 * i + 1, 1, 20 * i + 18, 18), fill=c)
    d.rectangle((20 * i + 6, 6, 20 * i + 13, 13), fill=(255, 255, 255))
strip.save(out + "/img/strip.png")
heart = Image.new("RGBA", (8, 8), (0, 0, 0, 0))
for y, row in enumerate(["........", ".XX..XX.", "XXXXXXXX", "XXXXXXXX", ".XXXXXX.", "..XXXX..", "...XX...", "........"]):
    for x, c in enumerate(row):
        if c == "X": heart.putpixel((x, y), (220, 30, 60, 255))
heart.save(out + "/img/heart.png")
SIZES = {"quad": (30, 20), "smooth": (60, 40), "bubble": (36, 36), "strip": (80, 20), "heart": (8, 8)}

# iOS's vertical placement (see the header): CSS's background-position for each gravity.
POSITION = {"center": "center", "top": "center bottom", "bottom": "center top", "left": "left center", "right": "right center",
            "topLeft": "left bottom", "topRight": "right bottom", "bottomLeft": "left top", "bottomRight": "right top"}
SIZE = {"resize": "100% 100%", "resizeAspect": "contain", "resizeAspectFill": "cover"}

def L(frame, image, **k): return dict(frame=frame, image=image, **k)
grid = ["topLeft", "top", "topRight", "left", "center", "right", "bottomLeft", "bottom", "bottomRight"]
CASES = {
    # 76x50 boxes: every offset a whole point ((76 - 30) / 2 = 23, (50 - 20) / 2 = 15).
    "gravity-positions": [L([2 + 80 * (i % 3), 3 + 53 * (i // 3), 76, 50], "quad", gravity=g) for i, g in enumerate(grid)],
    # Each fitted or filled image lands on whole pixels (75x60 fits 75x50 at y 5; 74x60 fills
    # 90x60 at x -8; 111x70 fits 105x70 at x 3; 110x70 fills 110x73.3 at y -1.7 is avoided:
    # 120x70 fills 120x80 at y -5). A browser snaps a background's rectangle to pixels, CA
    # does not (its fractional edge is anti-aliased), which this case does not measure.
    "gravity-resize": [L([4, 10, 74, 60], "smooth", gravity="resize"), L([84, 10, 75, 60], "smooth", gravity="resizeAspect"),
                       L([164, 10, 74, 60], "smooth", gravity="resizeAspectFill", masks=True),
                       L([4, 80, 111, 70], "smooth", gravity="resizeAspect"), L([118, 80, 120, 70], "smooth", gravity="resizeAspectFill", masks=True)],
    "nine-slice": [L([10, 10, 220, 60], "bubble", center=12), L([10, 84, 70, 70], "bubble", center=12),
                   L([94, 84, 136, 44], "bubble", center=12)],
    "contents-rect": [L([10 + 56 * i, 20, 48, 48], "strip", rect=[0.25 * i, 0, 0.25, 1]) for i in range(4)]
                     + [L([10, 90, 120, 60], "strip", rect=[0.25, 0, 0.5, 1])],
    "magnify-nearest": [L([20, 16, 96, 96], "heart", nearest=True), L([136, 40, 64, 64], "heart", nearest=True),
                        L([136, 116, 80, 20], "strip", nearest=True)],
}

def layer_json(l):
    j = {"frame": l["frame"], "contents": "img/%s.png" % l["image"], "contentsGravity": l.get("gravity", "resize")}
    if "center" in l:
        w, h = SIZES[l["image"]]
        c = l["center"]
        j["contentsCenter"] = [c / w, c / h, (w - 2 * c) / w, (h - 2 * c) / h]
    if "rect" in l: j["contentsRect"] = l["rect"]
    if l.get("nearest"): j["magnificationFilter"] = "nearest"
    if l.get("masks"): j["masksToBounds"] = True
    return j

def box(l):
    x, y, w, h = l["frame"]
    iw, ih = SIZES[l["image"]]
    url = "img/%s.png" % l["image"]
    s = "position:absolute;left:%gpx;top:%gpx;width:%gpx;height:%gpx;" % (x, y, w, h)
    if l.get("nearest"): s += "image-rendering:pixelated;"
    if "center" in l:
        c = l["center"]
        s += ("box-sizing:border-box;border-style:solid;border-width:%dpx;border-color:transparent;"
              "border-image:url(%s) %d fill / %dpx stretch;" % (c, url, c, c))
    elif "rect" in l:
        rx, ry, rw, rh = l["rect"]
        sw, sh = w / (rw * iw), h / (rh * ih)
        s += "background:url(%s) no-repeat;background-size:%gpx %gpx;background-position:%gpx %gpx;" % (
            url, iw * sw, ih * sh, -rx * iw * sw, -ry * ih * sh)
    else:
        g = l.get("gravity", "resize")
        s += "background:url(%s) no-repeat;background-size:%s;background-position:%s;" % (
            url, SIZE.get(g, "auto"), POSITION.get(g, "center"))
    return '<div style="%s"></div>' % s

for name, layers in CASES.items():
    scene = {"strataScene": 1, "summary": "fidelity case " + name, "size": [W, H],
             "root": {"class": "CALayer", "backgroundColor": "white", "sublayers": [layer_json(l) for l in layers]}}
    with open("%s/%s.scene.json" % (out, name), "w") as f: json.dump(scene, f, indent=1)
    page = ('<!DOCTYPE html><html><head><meta charset="utf-8"><style>html, body { margin: 0; padding: 0; background: white; overflow: hidden; }'
            '</style></head><body>%s</body></html>' % "".join(box(l) for l in layers))
    with open("%s/%s.html" % (out, name), "w") as f: f.write(page)
PY

for scene in "$DIR"/cases/*.scene.json; do
  name=$(basename "$scene" .scene.json)
  if [ ! -f "$DIR/reference/$name.png" ] || [ "${FIDELITY_REFRESH:-0}" = 1 ]; then
    "$CHROMIUM" --headless --no-sandbox --no-first-run --disable-extensions --hide-scrollbars \
      --user-data-dir="$DIR/chromium-profile" --disable-gpu --force-device-scale-factor=1 \
      --force-color-profile=srgb --window-size=240,160 \
      --screenshot="$DIR/reference/$name.png" "file://$DIR/cases/$name.html" >/dev/null 2>&1
    [ -f "$DIR/reference/$name.png" ] || { echo "fidelity-images: chromium wrote no $name.png" >&2; exit 2; }
  fi
  "$BIN/strata" render "$scene" --out "$DIR/strata/$name.png" >/dev/null
done
"$BIN/StrataBench" --fidelity-images "$DIR"
