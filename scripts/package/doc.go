// Command package builds Hookwarden's Linux packages from a built window
// binary: a desktop tarball and a .deb in dist/, or a user-level install
// into a prefix (make install: ~/.local).
//
//	go run . -bin ../../hookwarden -root ../.. -out ../../dist
//	go run . -bin ../../hookwarden -root ../.. -install ~/.local
//	go run . -root ../.. -uninstall ~/.local
//
// Both hold the same tree: the binary, a .desktop file (the app's name,
// categories, an "open %F" action) from FyneApp.toml, the icon in the
// hicolor sizes, AppStream metainfo and a man page made from
// "hookwarden help". The .deb is written by nfpm's Go library, so that
// building it needs neither dpkg-deb nor a download beyond the Go module
// proxy. It is a module of its own, so that nfpm and its dependencies stay
// out of Hookwarden's go.mod and out of "go install ./..." (what a
// pre-commit hook of language golang runs).
package main
