#!/bin/sh
# Prints a `swift test --skip` regex of every suite and test tagged `.gl`, read from the
# built test bundle: Swift Testing lists each test with its tags in its event stream (the
# `_tags` field, given with SWT_EXPERIMENTAL_EVENT_STREAM_FIELDS_ENABLED), so the tags the
# compiler saw decide, however a suite or test is written. swift test (Swift 6.3) filters
# by name only, not by tag; `make test-fast` skips these names (run `swift build
# --build-tests` first: it does).
cd "$(dirname "$0")/.." || exit 2
bundle="$(swift build --show-bin-path)/StrataPackageTests.xctest" || exit 2
[ -x "$bundle" ] || { echo "gl-suites.sh: $bundle is not built (swift build --build-tests)" >&2; exit 2; }
list=$(mktemp) || exit 2
trap 'rm -f "$list"' EXIT
SWT_EXPERIMENTAL_EVENT_STREAM_FIELDS_ENABLED=1 "$bundle" --testing-library swift-testing --list-tests \
    --event-stream-output-path "$list" --event-stream-version 0 >/dev/null || exit 2
/usr/bin/python3 - "$list" <<'PY'
import json, sys
tagged = []
for line in open(sys.argv[1]):
    record = json.loads(line)
    test = record.get("payload", {})
    if record.get("kind") == "test" and ".gl" in test.get("_tags", []):
        tagged.append(test["id"])
if not tagged:
    sys.exit("gl-suites.sh: no suite or test is tagged .gl")
# A suite's ID leads its tests' IDs (Module.Suite/test()/File.swift:L:C): each tagged ID
# skips itself and what it holds.
special = set(".^$*+?()[]{}|\\")
escape = lambda text: "".join("\\" + c if c in special else c for c in text)
print("|".join("^%s(/|$)" % escape(i) for i in sorted(tagged)))
PY
