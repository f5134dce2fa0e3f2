#!/bin/sh
# Prints a `swift test --skip` regex of every suite and test tagged `.gl`:
# `@Suite(..., .tags(.gl)) struct NAME` and `@Test(..., .tags(.gl)) func NAME(`.
# swift test (Swift 6.3) filters by name only, not by tag, so `make test-fast` reads the tags here.
cd "$(dirname "$0")/.." || exit 2
suites=$(grep -rhoE '@Suite\(.*\.tags\(\.gl\)\) +(final +)?(struct|class) +[A-Za-z0-9_]+' Tests \
    | sed -E 's/.* ([A-Za-z0-9_]+)$/\1/' | sort -u | paste -sd'|' -)
tests=$(grep -rhoE '@Test\(.*\.tags\(\.gl\)\) +func +[A-Za-z0-9_]+' Tests \
    | sed -E 's/.* ([A-Za-z0-9_]+)$/\1/' | sort -u | paste -sd'|' -)
[ -n "$suites" ] || { echo "gl-suites.sh: no suite is tagged .gl under Tests/" >&2; exit 2; }
printf '\\.(%s)/' "$suites"
[ -z "$tests" ] || printf '|/(%s)\\(' "$tests"
printf '\n'
