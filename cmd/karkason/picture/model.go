// Package picture draws a game as a picture to share: the board as it lies (every tile with its cities and
// pennants, roads, fields, river, monasteries, shrines and gardens, the City of Carcassonne with its quarters and
// the Count, the figures in their players' colours, standing or lying), the players' names and scores and the
// score-over-turns chart.
//
// One picture model (Picture: shapes, text, colours, in picture units) is built from the referee's game (Build)
// and rendered twice: as SVG with the standard library (WriteSVG) and as PNG with golang.org/x/image's vector
// rasterizer and the Go fonts, which cover Cyrillic (WritePNG). Tiles are drawn from the tile catalogue's data
// (each segment's edges and half-edges, the centre feature, pennants), never from a table per tile type. In the
// SVG each tile is one group <g data-tile="TYPE" data-pos="X,Y">.
package picture

import (
	"fmt"
	"image/color"
	"math"
)

// Pt is a point in picture units (1 unit = 1 PNG pixel); y grows downwards.
type Pt struct{ X, Y float64 }

// Colour is an sRGB colour; A 0 means none (no fill, no stroke).
type Colour = color.NRGBA

// Anchor is where a text's X lies: at its start, middle or end.
type Anchor uint8

// Text anchors.
const (
	Start Anchor = iota
	Middle
	End
)

// Shape is one drawn thing: a closed polygon (Closed), an open line (a polyline, stroked only), or a text. A
// circle is a polygon of many points with Circle set (the SVG writes it as a circle).
type Shape struct {
	Points   []Pt
	Closed   bool
	Fill     Colour
	Stroke   Colour
	Width    float64 // stroke width
	Circle   bool    // Points approximate a circle of centre C and radius R
	C        Pt
	R        float64
	Text     string
	At       Pt // text: the baseline point
	Size     float64
	Bold     bool
	Anchor   Anchor
	IsText   bool
	RoundJn  bool // a line with round joins (roads, rivers, chart lines)
	RoundCap bool // … and round ends (chart lines; a road ends square at the tile's edge)
}

// Group is a named group of shapes: a tile (Attrs data-tile, data-pos), the City's quarters, the scores.
type Group struct {
	Attrs  [][2]string
	Shapes []Shape
}

// Picture is the whole drawing: its size, background and groups in drawing order.
type Picture struct {
	W, H       float64
	Background Colour
	Groups     []Group
}

func (g *Group) add(s Shape) { g.Shapes = append(g.Shapes, s) }

func poly(fill, stroke Colour, w float64, pts ...Pt) Shape {
	return Shape{Points: pts, Closed: true, Fill: fill, Stroke: stroke, Width: w}
}

func line(stroke Colour, w float64, pts ...Pt) Shape {
	return Shape{Points: pts, Stroke: stroke, Width: w, RoundJn: true}
}

func rect(x, y, w, h float64, fill, stroke Colour, sw float64) Shape {
	return poly(fill, stroke, sw, Pt{x, y}, Pt{x + w, y}, Pt{x + w, y + h}, Pt{x, y + h})
}

func circle(c Pt, r float64, fill, stroke Colour, sw float64) Shape {
	const n = 24
	pts := make([]Pt, n)
	for i := range pts {
		a := 2 * math.Pi * float64(i) / n
		pts[i] = Pt{c.X + r*math.Cos(a), c.Y + r*math.Sin(a)}
	}
	return Shape{Points: pts, Closed: true, Fill: fill, Stroke: stroke, Width: sw, Circle: true, C: c, R: r}
}

func text(at Pt, size float64, fill Colour, s string, anchor Anchor, bold bool) Shape {
	return Shape{IsText: true, At: at, Size: size, Fill: fill, Text: s, Anchor: anchor, Bold: bold}
}

func rgb(hex uint32) Colour {
	return Colour{R: uint8(hex >> 16), G: uint8(hex >> 8), B: uint8(hex), A: 255}
}

func hexOf(c Colour) string {
	if c.A == 0 {
		return "none"
	}
	return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
}
