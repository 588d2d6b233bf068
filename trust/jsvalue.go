package trust

import (
	"strconv"

	"github.com/hookwarden/hookwarden/settingsio"
)

// JSIdentity identifies a JavaScript value the way a Set compares them:
// primitives by type and value, objects and arrays by reference (here: by
// their place in the file).
func JSIdentity(n *settingsio.Node) string {
	if n == nil {
		return "u"
	}
	switch n.Kind {
	case settingsio.Array, settingsio.Object:
		return "o" + strconv.Itoa(n.Pos.Offset)
	case settingsio.String:
		return "s" + n.Str
	case settingsio.Number:
		return "n" + settingsio.FormatJSNumber(n.Number)
	}
	return "p" + n.JSString()
}
