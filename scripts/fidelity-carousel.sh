#!/bin/sh
# How close Strata's carousel is to a browser compositor's: the seed-000 carousel as a CSS
# 3D page (preserve-3d, the same sizes, colours, m34, plane transforms, corner radius,
# border and shadow), screenshotted by headless Chromium at 24 angles, against
# `strata render carousel --angle A` of the same angles; StrataBench --fidelity prints
# one JSON line per frame and the pooled, worst-frame and edge-region PSNR.
#
#   scripts/fidelity-carousel.sh [DIR]      (make fidelity; not part of make test)
#
# The references are kept in DIR (default /tmp/strata-fidelity/reference), outside the
# project, and re-used on later runs so every run measures against the same pixels;
# delete them (or FIDELITY_REFRESH=1) to shoot them again. BIN names the build products'
# folder (default .build/release).
#
# Chromium draws through its GPU compositor on SwiftShader (--use-angle=swiftshader):
# with --disable-gpu its software compositor cuts a plane's shadow where the shadow-grown
# quads of neighbouring planes meet in the 3D sort, which no real compositor shows.
set -eu
DIR=${1:-/tmp/strata-fidelity}
BIN=${BIN:-.build/release}
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
for tool in "$BIN/strata" "$BIN/StrataBench" "$CHROMIUM"; do
  [ -x "$tool" ] || { echo "fidelity-carousel: $tool is missing (make release builds Strata; make deps installs chromium)" >&2; exit 2; }
done
mkdir -p "$DIR/reference" "$DIR/strata"

# The scene of Scenes/carousel.scene.json at its default size: a 480x320 white view, five
# 250x150 planes at (width/2 - 125, height/2 - 95), each turned by angle + 72 i about y
# and pushed 250 pt out under m34 = -1/1000 (CSS perspective(1000px) is that m34, and
# CSS applies the rightmost function first, as CATransform3D's rotate/translate chain
# does); CAGradientLayer's default axis (top to bottom) over the whole bounds, under a
# 4 pt border of white at 0.3 inside the bounds (border-box), radius 10 (inner 6 in both);
# shadow black, opacity 1, offset (0, -3), sigma 20 = CSS blur 40px (sigma = blur / 2).
# The page is scripts/carousel-css3d.html (bench-chromium.py drives the same page).
cp "$(dirname "$0")/carousel-css3d.html" "$DIR/carousel.html"

angle=0
while [ $angle -lt 360 ]; do
  name=$(printf 'angle-%03d.png' $angle)
  if [ ! -f "$DIR/reference/$name" ] || [ "${FIDELITY_REFRESH:-0}" = 1 ]; then
    "$CHROMIUM" --headless --no-sandbox --no-first-run --disable-extensions --hide-scrollbars \
      --user-data-dir="$DIR/chromium-profile" --use-angle=swiftshader --enable-unsafe-swiftshader \
      --force-device-scale-factor=1 --force-color-profile=srgb --window-size=480,320 \
      --screenshot="$DIR/reference/$name" "file://$DIR/carousel.html#$angle" >/dev/null 2>&1
    [ -f "$DIR/reference/$name" ] || { echo "fidelity-carousel: chromium wrote no $DIR/reference/$name" >&2; exit 2; }
  fi
  "$BIN/strata" render carousel --angle $angle --out "$DIR/strata/$name" >/dev/null
  angle=$((angle + 15))
done
"$BIN/StrataBench" --fidelity "$DIR"
