#!/bin/sh
# Checks what `make package` and `make install` make, as a user gets it:
# the .deb unpacked with dpkg-deb -x runs --version and holds the binary in
# /usr/bin, the desktop file, the icons, the metainfo and the man page; the
# tarball holds the same tree; hookwarden-observe stands next to hookwarden
# everywhere and exits 0, silent, on a broken payload; an install into a temporary prefix and its
# uninstall leave nothing behind. Validators run when they are installed
# (appstreamcli, desktop-file-validate, man).
#   scripts/check-package.sh DIST_DIR PACKAGER_CMD...
set -eu
dist=$1; shift
fail() { echo "check-package: $*" >&2; exit 1; }
# observer_runs BIN: the observer hook takes a broken payload, prints
# nothing and exits 0 (its history goes to a scratch folder).
observer_runs() {
	[ -x "$1" ] || fail "$1 is missing or not executable"
	out=$(printf '{"broken' | HOOKWARDEN_HISTORY_DIR="$tmp/history" "$1" --agent claude --event PreToolUse 2>&1) ||
		fail "$1 exits $? on a broken payload (must be 0)"
	[ -z "$out" ] || fail "$1 printed on a broken payload: $out"
}
deb=$(ls "$dist"/hookwarden_*_amd64.deb 2>/dev/null | head -n1)
tgz=$(ls "$dist"/hookwarden-*-linux-amd64.tar.gz 2>/dev/null | head -n1)
[ -n "$deb" ] || fail "no .deb in $dist"
[ -n "$tgz" ] || fail "no tarball in $dist"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The .deb.
dpkg-deb -x "$deb" "$tmp/deb"
dpkg-deb -f "$deb" Package Version Architecture Depends | grep -q '^Package: hookwarden$' || fail "$deb: wrong Package field"
"$tmp/deb/usr/bin/hookwarden" --version | grep -q '^hookwarden [0-9]' || fail "the .deb's binary does not run --version"
observer_runs "$tmp/deb/usr/bin/hookwarden-observe"
id=io.github.hookwarden
for f in usr/share/applications/$id.desktop usr/share/metainfo/$id.metainfo.xml \
	usr/share/man/man1/hookwarden.1.gz usr/share/icons/hicolor/48x48/apps/$id.png \
	usr/share/icons/hicolor/256x256/apps/$id.png; do
	[ -s "$tmp/deb/$f" ] || fail "the .deb lacks /$f"
done
desktop=$tmp/deb/usr/share/applications/$id.desktop
grep -q '^Name=Hookwarden$' "$desktop" || fail "desktop file: no Name"
grep -q '^Categories=.*;$' "$desktop" || fail "desktop file: no Categories"
grep -q '^Exec=hookwarden open %F$' "$desktop" || fail "desktop file: no 'open %F' Exec"
grep -q '^\[Desktop Action open\]$' "$desktop" || fail "desktop file: no open action"
if command -v desktop-file-validate >/dev/null; then desktop-file-validate "$desktop"; fi
if command -v appstreamcli >/dev/null; then
	appstreamcli validate --no-net --pedantic "$tmp/deb/usr/share/metainfo/$id.metainfo.xml" >/dev/null ||
		appstreamcli validate --no-net "$tmp/deb/usr/share/metainfo/$id.metainfo.xml" || fail "metainfo does not validate"
fi
if command -v man >/dev/null; then
	MANWIDTH=80 man -l "$tmp/deb/usr/share/man/man1/hookwarden.1.gz" 2>/dev/null | grep -q 'hookwarden  *scan' || fail "the man page lacks scan"
fi

# The tarball: the same tree under one folder, and a Makefile.
tar -xzf "$tgz" -C "$tmp"
top=$tmp/$(basename "$tgz" .tar.gz)
[ -x "$top/bin/hookwarden" ] || fail "the tarball lacks bin/hookwarden"
[ -f "$top/Makefile" ] || fail "the tarball lacks its Makefile"
cmp -s "$top/bin/hookwarden" "$tmp/deb/usr/bin/hookwarden" || fail "the tarball and the .deb hold different binaries"
cmp -s "$top/bin/hookwarden-observe" "$tmp/deb/usr/bin/hookwarden-observe" || fail "the tarball lacks bin/hookwarden-observe or holds another one"
for f in share/applications/$id.desktop share/metainfo/$id.metainfo.xml share/icons/hicolor/128x128/apps/$id.png; do
	[ -s "$top/$f" ] || fail "the tarball lacks $f"
done

# The tarball's own Makefile installs and uninstalls it.
if command -v make >/dev/null; then
	make -s -C "$top" install PREFIX="$tmp/tarprefix" >/dev/null
	"$tmp/tarprefix/bin/hookwarden" --version >/dev/null || fail "the tarball's make install gives no working binary"
	observer_runs "$tmp/tarprefix/bin/hookwarden-observe"
	grep -q "^Exec=$tmp/tarprefix/bin/hookwarden open %F$" "$tmp/tarprefix/share/applications/$id.desktop" ||
		fail "the tarball's make install leaves Exec= without the installed path"
	make -s -C "$top" uninstall PREFIX="$tmp/tarprefix" >/dev/null
	left=$(find "$tmp/tarprefix" -type f ! -name 'icon-theme.cache' ! -name 'mimeinfo.cache')
	[ -z "$left" ] || fail "the tarball's make uninstall left: $left"
fi

# make install / make uninstall into a temporary prefix.
prefix=$tmp/prefix
"$@" -install "$prefix" >/dev/null
"$prefix/bin/hookwarden" --version >/dev/null || fail "the installed binary does not run"
observer_runs "$prefix/bin/hookwarden-observe"
grep -q "^Exec=$prefix/bin/hookwarden open %F$" "$prefix/share/applications/$id.desktop" ||
	fail "the installed desktop file does not run the installed binary"
"$@" -uninstall "$prefix" >/dev/null
left=$(find "$prefix" -type f ! -name 'icon-theme.cache' ! -name 'mimeinfo.cache')
[ -z "$left" ] || fail "uninstall left: $left"
echo "check-package: $(basename "$deb") and $(basename "$tgz") are complete"
