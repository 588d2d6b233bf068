module github.com/hookwarden/hookwarden

go 1.26.0

require (
	fyne.io/fyne/v2 v2.8.1 // indirect
	github.com/dlclark/regexp2 v1.12.0 // indirect
	github.com/fsnotify/fsnotify v1.10.1 // indirect
	github.com/sergi/go-diff v1.4.0 // indirect
	github.com/tailscale/hujson v0.0.0-20260727124030-b80ff77dac4f // indirect
	golang.org/x/sys v0.47.0 // indirect
	mvdan.cc/sh/v3 v3.14.1 // indirect
)
