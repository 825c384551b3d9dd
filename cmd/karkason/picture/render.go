package picture

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"io"
	"math"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
	"golang.org/x/text/unicode/norm"
)

// WriteSVG writes p as an SVG document: one <g> per group with its attributes, polygons, polylines, circles and
// texts in the Go fonts' families (with sans-serif after them).
func WriteSVG(w io.Writer, p *Picture) error {
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s">`+"\n",
		num(p.W), num(p.H), num(p.W), num(p.H))
	fmt.Fprintf(b, `<rect width="100%%" height="100%%" fill="%s"/>`+"\n", hexOf(p.Background))
	for _, g := range p.Groups {
		b.WriteString("<g")
		for _, a := range g.Attrs {
			fmt.Fprintf(b, ` %s="%s"`, a[0], esc(a[1]))
		}
		b.WriteString(">\n")
		for _, s := range g.Shapes {
			writeShape(b, &s)
		}
		b.WriteString("</g>\n")
	}
	b.WriteString("</svg>\n")
	return b.Flush()
}

func writeShape(b *bufio.Writer, s *Shape) {
	paint := func() string {
		out := fmt.Sprintf(` fill="%s"`, hexOf(s.Fill))
		if s.Stroke.A != 0 && s.Width > 0 {
			out += fmt.Sprintf(` stroke="%s" stroke-width="%s" stroke-linejoin="round"`, hexOf(s.Stroke), num(s.Width))
			if s.RoundCap {
				out += ` stroke-linecap="round"`
			}
		}
		return out
	}
	switch {
	case s.IsText:
		anchor := [...]string{"start", "middle", "end"}[s.Anchor]
		weight := ""
		if s.Bold {
			weight = ` font-weight="bold"`
		}
		fmt.Fprintf(b, `<text x="%s" y="%s" font-family="Go, 'Go Regular', sans-serif" font-size="%s" fill="%s" text-anchor="%s"%s>%s</text>`+"\n",
			num(s.At.X), num(s.At.Y), num(s.Size), hexOf(s.Fill), anchor, weight, esc(norm.NFC.String(s.Text)))
	case s.Circle:
		fmt.Fprintf(b, `<circle cx="%s" cy="%s" r="%s"%s/>`+"\n", num(s.C.X), num(s.C.Y), num(s.R), paint())
	case s.Closed:
		fmt.Fprintf(b, `<polygon points="%s"%s/>`+"\n", points(s.Points), paint())
	default:
		s.Fill = Colour{}
		fmt.Fprintf(b, `<polyline points="%s"%s/>`+"\n", points(s.Points), paint())
	}
}

func points(ps []Pt) string {
	var b strings.Builder
	for i, p := range ps {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(num(p.X) + "," + num(p.Y))
	}
	return b.String()
}

func num(f float64) string { return strconv.FormatFloat(math.Round(f*10)/10, 'f', -1, 64) }

func esc(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}

// The Go fonts, parsed once.
var (
	fontsOnce sync.Once
	regular   *opentype.Font
	bold      *opentype.Font
	fontErr   error
)

func loadFonts() error {
	fontsOnce.Do(func() {
		if regular, fontErr = opentype.Parse(goregular.TTF); fontErr != nil {
			return
		}
		bold, fontErr = opentype.Parse(gobold.TTF)
	})
	return fontErr
}

// Raster draws p into a new RGBA image at scale (pixels per picture unit): every polygon filled and stroked with
// the vector rasterizer, every text with the Go fonts.
func Raster(p *Picture, scale float64) (*image.RGBA, error) {
	if err := loadFonts(); err != nil {
		return nil, err
	}
	w, h := int(math.Ceil(p.W*scale)), int(math.Ceil(p.H*scale))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(p.Background), image.Point{}, draw.Src)
	r := vector.NewRasterizer(1, 1)
	faces := map[[2]float64]font.Face{}
	face := func(size float64, b bool) (font.Face, error) {
		k := [2]float64{size * scale, 0}
		if b {
			k[1] = 1
		}
		if f, ok := faces[k]; ok {
			return f, nil
		}
		src := regular
		if b {
			src = bold
		}
		f, err := opentype.NewFace(src, &opentype.FaceOptions{Size: size * scale, DPI: 72, Hinting: font.HintingFull})
		if err != nil {
			return nil, err
		}
		faces[k] = f
		return f, nil
	}
	// fill rasterizes one polygon in its bounding box only (a rasterizer the size of the picture would be cleared
	// for every shape).
	fill := func(pts []Pt, c Colour) {
		if c.A == 0 || len(pts) < 3 {
			return
		}
		x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, q := range pts {
			x0, y0 = min(x0, q.X*scale), min(y0, q.Y*scale)
			x1, y1 = max(x1, q.X*scale), max(y1, q.Y*scale)
		}
		box := image.Rect(int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x1))+1, int(math.Ceil(y1))+1).
			Intersect(img.Bounds())
		if box.Empty() {
			return
		}
		r.Reset(box.Dx(), box.Dy())
		ox, oy := float64(box.Min.X), float64(box.Min.Y)
		r.MoveTo(float32(pts[0].X*scale-ox), float32(pts[0].Y*scale-oy))
		for _, q := range pts[1:] {
			r.LineTo(float32(q.X*scale-ox), float32(q.Y*scale-oy))
		}
		r.ClosePath()
		r.Draw(img, box, image.NewUniform(c), image.Point{})
	}
	for _, g := range p.Groups {
		for _, s := range g.Shapes {
			switch {
			case s.IsText:
				f, err := face(s.Size, s.Bold)
				if err != nil {
					return nil, err
				}
				d := &font.Drawer{Dst: img, Src: image.NewUniform(s.Fill), Face: f}
				src := regular
				if s.Bold {
					src = bold
				}
				txt := drawable(s.Text, src) // composed, each glyph the font lacks clearly replaced (glyphs.go)
				x := s.At.X * scale
				switch s.Anchor {
				case Middle:
					x -= float64(d.MeasureString(txt)) / 64 / 2
				case End:
					x -= float64(d.MeasureString(txt)) / 64
				}
				d.Dot = fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6(s.At.Y * scale * 64)}
				d.DrawString(txt)
			case s.Closed:
				fill(s.Points, s.Fill)
				if s.Stroke.A != 0 && s.Width > 0 {
					stroke(fill, append(s.Points[:len(s.Points):len(s.Points)], s.Points[0]), s.Width, s.Stroke, false)
				}
			default:
				stroke(fill, s.Points, s.Width, s.Stroke, s.RoundCap)
			}
		}
	}
	return img, nil
}

// stroke draws a line of width w through pts as one quadrilateral a segment, with round joins (and caps when
// round) as small discs.
func stroke(fill func([]Pt, Colour), pts []Pt, w float64, c Colour, round bool) {
	if c.A == 0 || w <= 0 {
		return
	}
	hw := w / 2
	for i := 0; i+1 < len(pts); i++ {
		a, b := pts[i], pts[i+1]
		dx, dy := b.X-a.X, b.Y-a.Y
		l := math.Hypot(dx, dy)
		if l == 0 {
			continue
		}
		nx, ny := -dy/l*hw, dx/l*hw
		fill([]Pt{{a.X + nx, a.Y + ny}, {b.X + nx, b.Y + ny}, {b.X - nx, b.Y - ny}, {a.X - nx, a.Y - ny}}, c)
	}
	if w < 2.5 {
		return // thin lines: the joins do not show
	}
	for i, p := range pts {
		if !round && (i == 0 || i == len(pts)-1) {
			continue
		}
		fill(circle(p, hw, c, Colour{}, 0).Points, c)
	}
}

// WritePNG writes p as a PNG image at scale pixels per picture unit.
func WritePNG(w io.Writer, p *Picture, scale float64) error {
	img, err := Raster(p, scale)
	if err != nil {
		return err
	}
	enc := png.Encoder{CompressionLevel: png.DefaultCompression}
	return enc.Encode(w, img)
}
