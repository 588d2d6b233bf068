// Command icon draws Hookwarden's application icon, a white shield holding
// a hook on a blue-to-teal rounded square, and writes it as a 256×256 PNG.
//
//	go run ./scripts/icon assets/icon.png
package main

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
)

const (
	size    = 256
	samples = 4 // per axis, for anti-aliasing
)

var (
	topColor    = rgb(0x25, 0x63, 0xeb)
	bottomColor = rgb(0x0f, 0x76, 0x6e)
	shieldColor = rgb(0xf8, 0xfa, 0xfc)
	hookColor   = rgb(0x0f, 0x3b, 0x5f)
)

type rgba struct{ r, g, b, a float64 }

func rgb(r, g, b uint8) rgba { return rgba{float64(r), float64(g), float64(b), 1} }

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go run ./scripts/icon OUT.png")
		os.Exit(2)
	}
	if err := write(os.Args[1], draw()); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func write(name string, img image.Image) error {
	f, err := os.Create(name)
	if err != nil {
		return fmt.Errorf("creating %s: %w", name, err)
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("encoding %s: %w", name, err)
	}
	return f.Close()
}

// draw renders every pixel as the average of samples×samples points.
func draw() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	for py := 0; py < size; py++ {
		for px := 0; px < size; px++ {
			var acc rgba
			for sy := 0; sy < samples; sy++ {
				for sx := 0; sx < samples; sx++ {
					x := float64(px) + (float64(sx)+0.5)/samples
					y := float64(py) + (float64(sy)+0.5)/samples
					c := shade(x, y)
					acc.r += c.r * c.a
					acc.g += c.g * c.a
					acc.b += c.b * c.a
					acc.a += c.a
				}
			}
			n := float64(samples * samples)
			if acc.a == 0 {
				continue
			}
			img.SetNRGBA(px, py, color.NRGBA{
				R: uint8(math.Round(acc.r / acc.a)), G: uint8(math.Round(acc.g / acc.a)),
				B: uint8(math.Round(acc.b / acc.a)), A: uint8(math.Round(255 * acc.a / n)),
			})
		}
	}
	return img
}

// shade is the colour at one sample point; alpha 0 outside the icon.
func shade(x, y float64) rgba {
	if !inRoundedSquare(x, y, 8, 248, 52) {
		return rgba{}
	}
	t := (x + y) / (2 * size)
	c := mix(topColor, bottomColor, t)
	if inShield(x, y) {
		c = shieldColor
	}
	if onHook(x, y) {
		c = hookColor
	}
	return c
}

func mix(a, b rgba, t float64) rgba {
	return rgba{a.r + (b.r-a.r)*t, a.g + (b.g-a.g)*t, a.b + (b.b-a.b)*t, 1}
}

func inRoundedSquare(x, y, lo, hi, r float64) bool {
	return inRoundedRect(x, y, lo, lo, hi, hi, r)
}

func inRoundedRect(x, y, x0, y0, x1, y1, r float64) bool {
	if x < x0 || x > x1 || y < y0 || y > y1 {
		return false
	}
	cx := math.Max(x0+r, math.Min(x, x1-r))
	cy := math.Max(y0+r, math.Min(y, y1-r))
	return (x-cx)*(x-cx)+(y-cy)*(y-cy) <= r*r
}

// inShield: a flat top with rounded corners, straight sides, and a lower half
// formed by two circular arcs meeting in a point at the bottom.
func inShield(x, y float64) bool {
	const top, left, right, shoulder, tip = 44.0, 60.0, 196.0, 118.0, 222.0
	switch {
	case y < top || y > tip:
		return false
	case y <= shoulder:
		return inRoundedRect(x, y, left, top, right, shoulder+40, 18)
	}
	// below the shoulder: inside both arcs whose circles pass through the
	// shoulder corners and the tip
	return inArc(x, y, left, shoulder, 128, tip) && inArc(x, y, right, shoulder, 128, tip)
}

// inArc reports whether (x, y) is inside the circle through the side point
// (sx, sy) and the tip (tx, ty) whose centre lies on the horizontal line
// y = sy (so the side meets the arc without a kink).
func inArc(x, y, sx, sy, tx, ty float64) bool {
	// centre (cx, sy): (sx-cx)^2 = (tx-cx)^2 + (ty-sy)^2
	cx := (sx*sx - tx*tx - (ty-sy)*(ty-sy)) / (2 * (sx - tx))
	r := math.Abs(sx - cx)
	return (x-cx)*(x-cx)+(y-sy)*(y-sy) <= r*r
}

// onHook: a fishing hook — an eye, a straight shank, a round bend and a
// point with a barb.
func onHook(x, y float64) bool {
	const w = 7.5 // half stroke width
	const shankX, eyeY, bendY, bendR = 154.0, 80.0, 152.0, 26.0
	eye := math.Abs(math.Hypot(x-shankX, y-eyeY)-9) <= 4.5
	shank := segDist(x, y, shankX, eyeY+9, shankX, bendY) <= w
	bend := false
	if y >= bendY {
		bend = math.Abs(math.Hypot(x-(shankX-bendR), y-bendY)-bendR) <= w
	}
	pointX := shankX - 2*bendR
	point := segDist(x, y, pointX, bendY, pointX, bendY-28) <= w
	barb := segDist(x, y, pointX, bendY-30, pointX+16, bendY-12) <= w*0.8
	return eye || shank || bend || point || barb
}

func segDist(x, y, ax, ay, bx, by float64) float64 {
	dx, dy := bx-ax, by-ay
	t := ((x-ax)*dx + (y-ay)*dy) / (dx*dx + dy*dy)
	t = math.Max(0, math.Min(1, t))
	return math.Hypot(x-(ax+t*dx), y-(ay+t*dy))
}
