# Strata: two commands do all set-up on a fresh Debian 12 machine with Swift:
#   make demo    install missing packages, build, render the carousel and replay a drag into ./out/
#   make test    install missing packages, build, run the whole test suite

SWIFT ?= swift
OUT ?= out
# Debug builds (build, test, the example package) share these flags, so one build serves
# them all: the example builds in this package's build folder and finds Strata's modules
# up to date only when they were compiled the same way. Line tables only: crash
# backtraces keep file and line, a debugger sees no variables; a cold `make test` build
# takes about 4% less CPU time (258 against 248 s user here).
DEBUG_FLAGS := -Xswiftc -gline-tables-only
# pkg-config module -> Debian package that provides it.
PKG_MODULES := glfw3:libglfw3-dev libpng:libpng-dev libdeflate:libdeflate-dev libisal:libisal-dev freetype2:libfreetype-dev fontconfig:libfontconfig-dev libcrypto:libssl-dev harfbuzz:libharfbuzz-dev cairo:libcairo2-dev libjpeg:libjpeg62-turbo-dev
# Libraries loaded with dlopen at run time (no pkg-config module, no -dev package
# needed) -> Debian package. Checked in the loader's cache, which is what dlopen searches.
RUNTIME_LIBS := libEGL.so.1:libegl1 libEGL_mesa.so.0:libegl-mesa0
# The same, installed only where the distribution still offers them: Mesa 25.1 dropped
# OSMesa, and Strata then draws through EGL alone.
OPTIONAL_RUNTIME_LIBS := libOSMesa.so.8:libosmesa6
# Commands the tests and benchmarks drive -> Debian package.
TOOLS := Xvfb:xvfb xdotool:xdotool compare:imagemagick /usr/bin/time:time pkg-config:pkg-config fc-list:fontconfig hb-shape:libharfbuzz-bin chromium:chromium
# Python modules the tests read results with (Debian's python3) -> Debian package:
# Pillow decodes the animated PNGs as a real decoder; websocket drives headless Chromium
# over the DevTools protocol in the replay benchmark (scripts/bench-chromium.py).
PYTHON_MODULES := PIL:python3-pil websocket:python3-websocket
# Font families the text renderer needs -> Debian package.
FONTS := Inter:fonts-inter Noto.Sans.CJK:fonts-noto-cjk Noto.Sans.Arabic:fonts-noto-core

.PHONY: deps build release demo test test-fast docs docs-properties bench fidelity fuzz record-references record-traces clean

# Installs only what is missing; apt-get runs (with one update) only when something is.
# pkg-config modules, runtime libraries, commands and fonts are each checked their own way.
deps:
	@missing=""; optional=""; \
	for pair in $(PKG_MODULES); do mod=$${pair%%:*}; pkg=$${pair##*:}; \
	  pkg-config --exists $$mod 2>/dev/null || missing="$$missing $$pkg"; done; \
	for pair in $(RUNTIME_LIBS); do lib=$${pair%%:*}; pkg=$${pair##*:}; \
	  PATH="$$PATH:/sbin:/usr/sbin" ldconfig -p 2>/dev/null | grep -q "[[:space:]]$$lib " || missing="$$missing $$pkg"; done; \
	for pair in $(OPTIONAL_RUNTIME_LIBS); do lib=$${pair%%:*}; pkg=$${pair##*:}; \
	  PATH="$$PATH:/sbin:/usr/sbin" ldconfig -p 2>/dev/null | grep -q "[[:space:]]$$lib " || optional="$$optional $$pkg"; done; \
	for pair in $(TOOLS); do cmd=$${pair%%:*}; pkg=$${pair##*:}; \
	  command -v $$cmd >/dev/null 2>&1 || missing="$$missing $$pkg"; done; \
	for pair in $(PYTHON_MODULES); do mod=$${pair%%:*}; pkg=$${pair##*:}; \
	  /usr/bin/python3 -c "import $$mod" 2>/dev/null || missing="$$missing $$pkg"; done; \
	for pair in $(FONTS); do family=$${pair%%:*}; pkg=$${pair##*:}; \
	  fc-list 2>/dev/null | grep -q ": $$family" || missing="$$missing $$pkg"; done; \
	if [ -n "$$missing$$optional" ]; then \
	  SUDO=""; [ "$$(id -u)" -ne 0 ] && SUDO=sudo; \
	  $$SUDO apt-get update -qq || exit 1; \
	  for pkg in $$optional; do \
	    if apt-cache show $$pkg >/dev/null 2>&1; then missing="$$missing $$pkg"; \
	    else echo "make deps: $$pkg is not offered here (Mesa 25.1 dropped OSMesa); rendering uses EGL"; fi; done; \
	fi; \
	if [ -n "$$missing" ]; then \
	  echo "make deps: installing$$missing"; \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing; \
	else echo "make deps: all packages present"; fi

build: deps
	$(SWIFT) build $(DEBUG_FLAGS)

release: deps
	$(SWIFT) build -c release

demo: release
	@mkdir -p $(OUT)
	@for a in 0 30 72 144 216; do \
	  .build/release/strata render carousel --angle $$a --out $(OUT)/carousel-$$a.png > /dev/null || exit 1; done
	@.build/release/strata render carousel --angle 30 --scale 2 --out $(OUT)/carousel-30@2x.png > /dev/null
	@.build/release/strata replay Traces/carousel-drag.trace --out $(OUT)/carousel-drag
	@echo "demo: carousel frames written to $(abspath $(OUT))/ (carousel-0.png ... carousel-216.png, carousel-30@2x.png)"
	@echo "demo: the recorded drag Traces/carousel-drag.trace replayed into $(abspath $(OUT))/carousel-drag/"

# The example package (a scene of its own, through StrataCommandLine and StrataTesting) is
# built and tested too: it is how a user's package uses Strata. It builds in this package's
# build folder (--scratch-path), where SwiftPM finds the Strata modules it needs up to date
# (the same compile commands), so only the example's own targets compile, not Strata again.
# The whole suite runs on EGL (STRATA_GL=egl); where OSMesa is installed too, the render,
# replay and shipped-trace suites run again on it, so both backends are shown to give the
# same bytes. Where only one backend exists, the suite runs on that one.
HAVE_LIB = $(shell PATH="$$PATH:/sbin:/usr/sbin" ldconfig -p 2>/dev/null | grep -q "[[:space:]]$(1) " && echo yes)
FIRST_GL = $(if $(call HAVE_LIB,libEGL_mesa.so.0),egl,osmesa)
SECOND_GL = $(if $(and $(call HAVE_LIB,libEGL_mesa.so.0),$(call HAVE_LIB,libOSMesa.so.8)),osmesa)
BACKEND_SUITES := StrataRenderTests|StrataReplayTests|ShippedTraceTests|CardsTraceTests

test: deps
	$(SWIFT) build --build-tests $(DEBUG_FLAGS)
	STRATA_GL=$(FIRST_GL) $(SWIFT) test --skip-build
	$(if $(SECOND_GL),STRATA_GL=$(SECOND_GL) $(SWIFT) test --skip-build --filter '$(BACKEND_SUITES)',@echo "make test: only $(FIRST_GL) is installed; the suite ran on it alone")
	cd Examples/CustomScene && $(SWIFT) build --build-tests $(DEBUG_FLAGS) --scratch-path ../../.build && $(SWIFT) test --skip-build --scratch-path ../../.build
	scripts/docs.sh

# The Swift API's documentation (DocC, in the toolchain) as a static site in .build/docs/:
# StrataModel, StrataDriver, StrataTesting and StrataCommandLine, and the article "Your own
# scene" (Documentation/StrataDriver.docc/). Symbol graphs come from the debug build's
# modules; the script typechecks the articles' Swift code and checks the pages are there.
# `make test` builds it too.
docs: build
	scripts/docs.sh

# The GL-free tests alone: every suite not tagged `.gl` (swift test filters by name, not by
# tag, so scripts/gl-suites.sh turns the tags the test bundle lists into a --skip regex).
# STRATA_GL names no backend, so an untagged test that reaches GL fails instead of quietly
# needing it.
test-fast: deps
	$(SWIFT) build --build-tests $(DEBUG_FLAGS)
	STRATA_GL=none $(SWIFT) test --skip-build --skip "$$(scripts/gl-suites.sh)"

# docs/PROPERTIES.md from the layer classes' property declarations (PropertyReferenceTests
# fails while the page is stale).
docs-properties:
	$(SWIFT) build --build-tests $(DEBUG_FLAGS)
	STRATA_UPDATE_DOCS=1 STRATA_GL=none $(SWIFT) test --skip-build --filter PropertyReferenceTests

# Prints one JSON line per case; see docs/ARCHITECTURE.md for what each case measures.
bench: release
	.build/release/StrataBench
	.build/release/StrataBench --encoders
	.build/release/StrataBench --compare
	scripts/bench-memory.sh
	scripts/bench-check.sh
	/usr/bin/python3 scripts/bench-chromium.py

# The carousel against an independent rendering of the same scene: a CSS 3D page drawn
# by headless Chromium's compositor at 24 angles (references kept outside the project, in
# FIDELITY_DIR, and re-used); prints per-frame, pooled, worst-frame and edge-region PSNR
# as JSON lines. Then shape layers against the same shapes drawn as SVG by Chromium
# (scripts/fidelity-shapes.sh: fills, rules, strokes, caps, joins, dashes, trimming), PSNR
# per case and pooled; many-stop gradients against CSS `linear-gradient`
# (scripts/fidelity-gradients.sh); contents images against CSS backgrounds (scripts/fidelity-images.sh:
# gravity as background-size/-position, nine-slice as border-image, contentsRect, nearest);
# per-corner radii, borders and gradient masks against CSS (scripts/fidelity-corners.sh), and
# continuous corners against their own path filled by Cairo (CSS has no continuous corners).
# Not part of `make test`.
FIDELITY_DIR ?= /tmp/strata-fidelity
fidelity: release
	scripts/fidelity-shadows.sh $(FIDELITY_DIR)
	scripts/fidelity-carousel.sh $(FIDELITY_DIR)
	scripts/fidelity-shapes.sh $(FIDELITY_DIR)
	scripts/fidelity-gradients.sh $(FIDELITY_DIR)
	scripts/fidelity-images.sh $(FIDELITY_DIR)
	scripts/fidelity-corners.sh $(FIDELITY_DIR)

# libFuzzer on every reader of untrusted input (Fuzz/: trace files, PNG files, scene files,
# the command line, results files, references manifests, masks), FUZZ_SECONDS each (default
# 60), seeded from Fuzz/Corpus/ and first
# replaying every kept crash input in Fuzz/Regressions/. Fails on a crash, a leak, an input
# taking over 2 s or a process over 1 GB; the failing input is left in Fuzz/.build/artifacts/.
# Not part of `make test`.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= trace png arguments scenefile results manifest masks
FUZZ_FLAGS := -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xcc -fsanitize=fuzzer-no-link,address
fuzz: deps
	cd Fuzz && SWIFT_BACKTRACE=enable=no $(SWIFT) build $(FUZZ_FLAGS)
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p Fuzz/.build/corpus/$$t Fuzz/.build/artifacts/$$t; \
	  bin=Fuzz/.build/debug/fuzz-$$t; \
	  if [ -n "$$(ls Fuzz/Regressions/$$t 2>/dev/null)" ]; then \
	    SWIFT_BACKTRACE=enable=no $$bin -timeout=2 -rss_limit_mb=1024 Fuzz/Regressions/$$t/* || exit 1; fi; \
	  echo "fuzz-$$t: $(FUZZ_SECONDS) s"; \
	  SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=1 $$bin -max_total_time=$(FUZZ_SECONDS) -timeout=2 \
	    -rss_limit_mb=1024 -malloc_limit_mb=1024 -max_len=65536 -print_final_stats=1 \
	    -artifact_prefix=Fuzz/.build/artifacts/$$t/ Fuzz/.build/corpus/$$t Fuzz/Corpus/$$t || exit 1; \
	done

# The only way reference images change: rerecord them all, then review and commit.
# StrataTesting's assertions fail a recording run on purpose (saying what they wrote), so
# its status is ignored here; `make test` then checks what was recorded.
record-references: deps
	-STRATA_RECORD=1 $(SWIFT) test $(DEBUG_FLAGS)

# Rerecords Traces/*.trace in a real window on a private Xvfb display, driven by xdotool.
record-traces: build
	scripts/record-traces.sh

clean:
	rm -rf .build $(OUT)
