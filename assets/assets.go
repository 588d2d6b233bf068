// Package assets holds the files Hookwarden ships inside its binary: the
// application icon, sample hook payloads and the demo project. It has no
// Fyne dependency; the ui package wraps the bytes into resources.
package assets

import _ "embed"

// Icon is the 256×256 application icon (PNG). scripts/icon draws it.
//
//go:embed icon.png
var Icon []byte
