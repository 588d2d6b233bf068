#!/bin/sh
# fuzz-targets.sh FUZZTIME PKG:FuzzName ... — fuzzes each listed target for
# FUZZTIME (a duration, or a count such as 3000x). Each package's fuzz test
# binary is built once (instrumented, as `go test -fuzz` builds it) and run
# once per target, rather than one `go test -fuzz` per target, which relinked
# the package's test binary for every target. The binary runs in its package
# directory with the same fuzz cache `go test` uses, so seeds come from
# PKG/testdata/fuzz/NAME and a crasher lands there as before.
set -eu
cd "$(dirname "$0")/.."
GO=${GO:-go}
fuzztime=$1
shift
bindir=$(mktemp -d)
trap 'rm -rf "$bindir"' EXIT INT TERM
cache=$("$GO" env GOCACHE)/fuzz
pkgs=
for t in "$@"; do
	pkg=${t%%:*}
	case " $pkgs " in
	*" $pkg "*) ;;
	*) pkgs="$pkgs $pkg" ;;
	esac
done
for pkg in $pkgs; do
	bin=$bindir/$(echo "$pkg" | tr './' '__').test
	"$GO" test -c -fuzz=. -o "$bin" "$pkg"
	importpath=$("$GO" list -f '{{.ImportPath}}' "$pkg")
	for t in "$@"; do
		[ "${t%%:*}" = "$pkg" ] || continue
		name=${t#*:}
		echo "fuzz $pkg $name for $fuzztime"
		(cd "$pkg" && "$bin" -test.paniconexit0 -test.timeout=10m0s -test.run '^$' \
			-test.fuzz "^$name\$" -test.fuzztime="$fuzztime" \
			-test.fuzzcachedir="$cache/$importpath")
	done
done
