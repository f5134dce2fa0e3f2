#!/bin/sh
# The Swift API's documentation as one static site (DocC, in the Swift toolchain), from the
# symbol graphs of the four libraries a package of one's own uses: StrataModel, StrataDriver,
# StrataTesting and StrataCommandLine, with the articles in Documentation/<module>.docc/
# ("Your own scene" is StrataDriver's).
#
# Fast: the symbol graphs are extracted from the modules of the debug build already made
# (swift-symbolgraph-extract), not by building everything again with -emit-symbol-graph.
# Each module is converted on its own, then `docc merge` joins them under one landing page.
# Then it checks the site: every module's page and the article are there, and DocC
# reported no error (its warnings about undocumented parameters are left to it).
#
# Usage: scripts/docs.sh [OUT]   (default .build/docs; open OUT/index.html through a web
# server, e.g. python3 -m http.server -d OUT, as DocC's pages load their data by URL).
set -eu
cd "$(dirname "$0")/.."
OUT=${1:-.build/docs}
MODULES="StrataModel StrataDriver StrataTesting StrataCommandLine"
BUILD=.build/debug
WORK=.build/docs-work
TARGET=$(swift -print-target-info | sed -n 's/.*"triple": "\(.*\)".*/\1/p' | head -1)

for m in $MODULES; do
  [ -f "$BUILD/Modules/$m.swiftmodule" ] || { echo "docs: $BUILD/Modules/$m.swiftmodule is missing; run 'swift build' first" >&2; exit 1; }
done
rm -rf "$WORK" "$OUT"
mkdir -p "$WORK"

# The C modules the Swift ones import: the system-library targets' module maps (their
# folders), the C target's generated one, and the headers pkg-config names.
INCLUDES=""
for d in Sources/C*/; do [ -f "$d/module.modulemap" ] && INCLUDES="$INCLUDES -I $d"; done
for map in "$BUILD"/*.build/module.modulemap; do [ -f "$map" ] && INCLUDES="$INCLUDES -Xcc -fmodule-map-file=$map"; done
for flag in $(pkg-config --cflags-only-I freetype2 harfbuzz fontconfig libpng glfw3 libdeflate cairo libjpeg 2>/dev/null); do
  INCLUDES="$INCLUDES -Xcc $flag"
done

# The articles' Swift code compiles against the modules as they are: every ```swift block of
# a catalog's articles that is library code (not a manifest, an @main or a test) is
# typechecked together, per article.
for article in Documentation/*.docc/*.md; do
  code="$WORK/$(basename "$article" .md).swift"
  awk '/^```swift$/ { inside = 1; block = ""; next }
       /^```$/ && inside { inside = 0; if (block !~ /PackageDescription|@main|import Testing/) printf "%s", block; next }
       inside { block = block $0 "\n" }' "$article" >"$code"
  if [ -s "$code" ]; then
    # shellcheck disable=SC2086
    swiftc -typecheck -I "$BUILD/Modules" $INCLUDES "$code" \
      || { echo "docs: the Swift code of $article does not compile against the modules (above)" >&2; exit 1; }
  fi
done

ARCHIVES=""
for m in $MODULES; do
  mkdir -p "$WORK/graphs/$m"
  # shellcheck disable=SC2086 # INCLUDES is a list of words
  swift-symbolgraph-extract -module-name "$m" -I "$BUILD/Modules" $INCLUDES -target "$TARGET" \
    -minimum-access-level public -output-dir "$WORK/graphs/$m"
  catalog="Documentation/$m.docc"
  [ -d "$catalog" ] || { catalog="$WORK/$m.docc"; mkdir -p "$catalog"; }
  docc convert "$catalog" --additional-symbol-graph-dir "$WORK/graphs/$m" --output-path "$WORK/$m.doccarchive" \
    --fallback-display-name "$m" --fallback-bundle-identifier "org.strata.$m" >"$WORK/$m.log" 2>&1 \
    || { cat "$WORK/$m.log" >&2; echo "docs: docc convert failed for $m" >&2; exit 1; }
  if grep -q "^error:" "$WORK/$m.log"; then grep -A3 "^error:" "$WORK/$m.log" >&2; exit 1; fi
  ARCHIVES="$ARCHIVES $WORK/$m.doccarchive"
done
# shellcheck disable=SC2086
docc merge $ARCHIVES --output-path "$WORK/Strata.doccarchive" --synthesized-landing-page-name Strata \
  --synthesized-landing-page-kind Package >"$WORK/merge.log" 2>&1 || { cat "$WORK/merge.log" >&2; exit 1; }
docc process-archive transform-for-static-hosting "$WORK/Strata.doccarchive" --output-path "$OUT" >"$WORK/static.log" 2>&1 \
  || { cat "$WORK/static.log" >&2; exit 1; }

# The site has every module, the article and the symbols a newcomer starts from.
for page in stratamodel stratadriver stratatesting stratacommandline stratadriver/yourownscene \
            stratadriver/scenedescriptor stratamodel/layer stratacommandline/stratacommand; do
  [ -f "$OUT/data/documentation/$page.json" ] || { echo "docs: $OUT/data/documentation/$page.json is missing" >&2; exit 1; }
  [ -f "$OUT/documentation/$page/index.html" ] || { echo "docs: $OUT/documentation/$page/index.html is missing" >&2; exit 1; }
done
echo "docs: $OUT/index.html ($(find "$OUT/data/documentation" -name '*.json' | wc -l) pages)"
