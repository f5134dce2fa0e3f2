# Sourced by scripts/fidelity-shapes.sh and scripts/fidelity-corners.sh, not run: each
# case in $DIR/cases (NAME.scene.json and NAME.html, 240x160) shot by headless Chromium at
# 1x (reference/) and at 4x averaged per 4x4 block (coverage/, the share of each pixel the
# page covers), once unless FIDELITY_REFRESH=1, and rendered by Strata into strata/.
# Needs DIR, BIN, CHROMIUM and WHO (the script's name, for messages).

# shoot NAME SCALE FILE: the case's page at a device scale factor. Skia's CPU rasterizer
# (--disable-gpu): on SwiftShader Chromium rasterizes paths by multisampling, and CA's
# layers and shape layers are drawn by coverage.
shoot() {
  "$CHROMIUM" --headless --no-sandbox --no-first-run --disable-extensions --hide-scrollbars \
    --user-data-dir="$DIR/chromium-profile" --disable-gpu --disable-gpu-rasterization \
    --force-device-scale-factor=$2 --force-color-profile=srgb --window-size=240,160 \
    --screenshot="$3" "file://$DIR/cases/$1.html" >/dev/null 2>&1
  [ -f "$3" ] || { echo "$WHO: chromium wrote no $3" >&2; exit 2; }
}
mkdir -p "$DIR/reference" "$DIR/coverage" "$DIR/reference-4x" "$DIR/strata"
for scene in "$DIR"/cases/*.scene.json; do
  name=$(basename "$scene" .scene.json)
  if [ ! -f "$DIR/reference/$name.png" ] || [ ! -f "$DIR/coverage/$name.png" ] || [ "${FIDELITY_REFRESH:-0}" = 1 ]; then
    shoot "$name" 1 "$DIR/reference/$name.png"
    shoot "$name" 4 "$DIR/reference-4x/$name.png"
    # Each 4x4 block averaged: the share of each pixel the shapes cover, to within Skia's
    # error at a quarter of the pixel (its own 1x edges are off by up to a tenth of a pixel).
    /usr/bin/python3 -c 'import sys; from PIL import Image; Image.open(sys.argv[1]).convert("RGB").reduce(4).save(sys.argv[2])' \
      "$DIR/reference-4x/$name.png" "$DIR/coverage/$name.png"
  fi
  "$BIN/strata" render "$scene" --out "$DIR/strata/$name.png" >/dev/null
done
