package trust

import (
	"math"
	"strconv"
	"strings"

	"github.com/hookwarden/hookwarden/settingsio"
)

// jsString is JavaScript's String(value) for a parsed JSON value, which is
// what a template literal such as `${name}:${command}` produces. Strings use
// the expanded form (Node.Str); a nil node is undefined.
func jsString(n *settingsio.Node) string {
	if n == nil {
		return "undefined"
	}
	switch n.Kind {
	case settingsio.Null:
		return "null"
	case settingsio.Bool:
		return strconv.FormatBool(n.Bool)
	case settingsio.Number:
		return jsNumber(n.Number)
	case settingsio.String:
		return n.Str
	case settingsio.Array:
		// Array.prototype.join(","): null and undefined become "".
		parts := make([]string, len(n.Items))
		for i, it := range n.Items {
			if it != nil && it.Kind != settingsio.Null {
				parts[i] = jsString(it)
			}
		}
		return strings.Join(parts, ",")
	case settingsio.Object:
		return "[object Object]"
	}
	return "undefined"
}

// jsNumber is ECMAScript's Number::toString(x) in radix 10.
func jsNumber(x float64) string {
	switch {
	case math.IsNaN(x):
		return "NaN"
	case math.IsInf(x, 1):
		return "Infinity"
	case math.IsInf(x, -1):
		return "-Infinity"
	case x == 0:
		return "0"
	}
	sign := ""
	if x < 0 {
		sign, x = "-", -x
	}
	// Shortest round-tripping digits and exponent: x = 0.d1d2…dk × 10^n.
	e := strconv.FormatFloat(x, 'e', -1, 64) // d.ddddde±XX
	mant, expStr, _ := strings.Cut(e, "e")
	digits := strings.Replace(mant, ".", "", 1)
	exp, _ := strconv.Atoi(expStr)
	k := len(digits)
	n := exp + 1
	switch {
	case k <= n && n <= 21:
		return sign + digits + strings.Repeat("0", n-k)
	case 0 < n && n <= 21:
		return sign + digits[:n] + "." + digits[n:]
	case -6 < n && n <= 0:
		return sign + "0." + strings.Repeat("0", -n) + digits
	}
	expSign := "+"
	if n-1 < 0 {
		expSign = "-"
	}
	expAbs := strconv.Itoa(int(math.Abs(float64(n - 1))))
	if k == 1 {
		return sign + digits + "e" + expSign + expAbs
	}
	return sign + digits[:1] + "." + digits[1:] + "e" + expSign + expAbs
}

// jsIdentity identifies a JavaScript value the way a Set compares them:
// primitives by type and value, objects and arrays by reference (here: by
// their place in the file).
func jsIdentity(n *settingsio.Node) string {
	if n == nil {
		return "u"
	}
	switch n.Kind {
	case settingsio.Array, settingsio.Object:
		return "o" + strconv.Itoa(n.Pos.Offset)
	case settingsio.String:
		return "s" + n.Str
	case settingsio.Number:
		return "n" + jsNumber(n.Number)
	}
	return "p" + jsString(n)
}
