package settingsio

import (
	"math"
	"strconv"
	"strings"
)

// JSString is JavaScript's String(value) for the parsed value: what a
// template literal such as `${name}:${command}` or Array.includes sees when
// the agent reads a value of the wrong type. Strings give their expanded
// form (Str); a nil node is undefined.
func (n *Node) JSString() string {
	if n == nil {
		return "undefined"
	}
	switch n.Kind {
	case Null:
		return "null"
	case Bool:
		return strconv.FormatBool(n.Bool)
	case Number:
		return FormatJSNumber(n.Number)
	case String:
		return n.Str
	case Array:
		// Array.prototype.join(","): null and undefined become "".
		parts := make([]string, len(n.Items))
		for i, it := range n.Items {
			if it != nil && it.Kind != Null {
				parts[i] = it.JSString()
			}
		}
		return strings.Join(parts, ",")
	}
	return "[object Object]"
}

// FormatJSNumber is ECMAScript's Number::toString(x) in radix 10.
func FormatJSNumber(x float64) string {
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
	k, n := len(digits), exp+1
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
