# Sourced by scripts/fidelity-shapes.sh and scripts/fidelity-shadows.sh: each case
# DIR/cases/NAME.scene.json is drawn by Strata (DIR/strata/NAME.png) and its twin page
# DIR/cases/NAME.html shot by headless Chromium at 1x (DIR/reference) and at 4x averaged
# over each 4x4 block (DIR/coverage: the share of each pixel covered, to within Skia's
# error at a quarter of the pixel; its own 1x edges are off by up to a tenth of a pixel).
# Chromium's references are kept and re-used unless FIDELITY_REFRESH=1.
# Needs DIR, BIN, CHROMIUM and NAME (the caller's name, for messages) set.

# shoot CASE SCALE FILE: the case's page at a device scale factor. Skia's CPU rasterizer
# (--disable-gpu): on SwiftShader Chromium rasterizes paths by multisampling, and CA's
# shape layers and shadow paths are drawn by coverage.
shoot() {
  "$CHROMIUM" --headless --no-sandbox --no-first-run --disable-extensions --hide-scrollbars \
    --user-data-dir="$DIR/chromium-profile" --disable-gpu --disable-gpu-rasterization \
    --force-device-scale-factor=$2 --force-color-profile=srgb --window-size=240,160 \
    --run-all-compositor-stages-before-draw \
    --screenshot="$3" "file://$DIR/cases/$1.html" >/dev/null 2>&1
  [ -f "$3" ] || { echo "$NAME: chromium wrote no $3" >&2; exit 2; }
}

mkdir -p "$DIR/reference" "$DIR/strata" "$DIR/coverage" "$DIR/reference-4x"
for scene in "$DIR"/cases/*.scene.json; do
  case_name=$(basename "$scene" .scene.json)
  if [ ! -f "$DIR/reference/$case_name.png" ] || [ ! -f "$DIR/coverage/$case_name.png" ] || [ "${FIDELITY_REFRESH:-0}" = 1 ]; then
    shoot "$case_name" 1 "$DIR/reference/$case_name.png"
    shoot "$case_name" 4 "$DIR/reference-4x/$case_name.png"
    /usr/bin/python3 -c 'import sys; from PIL import Image; Image.open(sys.argv[1]).convert("RGB").reduce(4).save(sys.argv[2])' \
      "$DIR/reference-4x/$case_name.png" "$DIR/coverage/$case_name.png"
  fi
  "$BIN/strata" render "$scene" --out "$DIR/strata/$case_name.png" >/dev/null
done
