#!/bin/sh
# check-fuzz-targets.sh PKG:FuzzName ... — fails when a listed fuzz target
# is not a Fuzz function of its package (a moved target fuzzes nothing and
# `go test -fuzz` with a pattern that matches nothing passes silently), and
# when a Fuzz function in the tree's tests is not listed.
set -eu
cd "$(dirname "$0")/.."
status=0
for t in "$@"; do
	pkg=${t%%:*}
	name=${t#*:}
	if ! grep -q "^func $name(f \*testing.F)" "$pkg"/*_test.go 2>/dev/null; then
		echo "fuzz-check: $name is not a fuzz target of $pkg (moved or renamed? update FUZZ_TARGETS in the Makefile)" >&2
		status=1
	fi
done
found=$(grep -rHo --include='*_test.go' '^func Fuzz[A-Za-z0-9_]*(f \*testing.F)' . |
	grep -v '/testdata/' | sed -e 's|^\(.*\)/[^/]*_test.go:func \(Fuzz[A-Za-z0-9_]*\)(.*|\1:\2|')
for t in $found; do
	case " $* " in
	*" $t "*) ;;
	*)
		echo "fuzz-check: $t is not in FUZZ_TARGETS (the Makefile): add it so make fuzz runs it" >&2
		status=1
		;;
	esac
done
[ "$status" = 0 ] && echo "fuzz-check: $# targets, each found"
exit "$status"
