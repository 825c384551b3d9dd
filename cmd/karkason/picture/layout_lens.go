package picture

import (
	"math/bits"
	"slices"

	"github.com/karkason/karkason/engine"
)

// A meadow enclosed between a cap and a corner city (pd-princesscapcorner: the cap N, the corner city E+S, the
// inner field between them, the W field beyond): the corner city's wall comes up to the cap twice, a little way
// from the far corner and just short of the shared corner, so that the meadow between them is a lens of its own,
// apart from the field at the open edge. The two walls meet there (a declared contact), as on the tile.

// capCornerLens reshapes corner city j round the inner field f that it and cap i enclose, the cap on edge e.
func (a *tileArt) capCornerLens(i, j, e int) {
	ctl := capBeside                                                 // the cap beside the corner city (layoutCities)
	capY := func(x float64) float64 { return 2 * x * (1 - x) * ctl } // the cap's wall at x (tile N, x in 0..1)
	in := 0.004 * T                                                  // how far the corner city reaches into the cap where they meet
	p1 := Pt{0.3 * T, capY(0.3) - in}
	p2 := Pt{0.98 * T, capY(0.98) - in/2}
	// Canonical: the cap on N, the corner city on E and S. Its outline: the E and S edges, then from the SW corner
	// up to the cap (p1, a blunt tip), down round the lens and up again to the cap short of the NE corner (p2).
	pts := []Pt{{T, 0}, {T, T}, {0, T}}
	pts = append(pts, quad(Pt{0, T}, Pt{0.12 * T, 0.45 * T}, Pt{p1.X - 0.004*T, p1.Y}, 20)...)
	pts = append(pts, Pt{p1.X + 0.004*T, p1.Y})
	pts = append(pts, quad(Pt{p1.X + 0.004*T, p1.Y}, Pt{0.62 * T, 0.62 * T}, p2, 24)...)
	a.feats[j].regions = []region{{pts: rotPts(pts, e)}}
	a.contacts = append(a.contacts, [2]int{i, j})
}

// lenses finds the inner fields enclosed by a cap and a corner city beside it and lays them out (layoutCities).
func (a *tileArt) lenses() {
	t := a.t
	for f := range t.Segs {
		sd := &t.Segs[f]
		if sd.Kind != engine.KField || sd.Halves != 0 || len(sd.Borders) != 2 {
			continue
		}
		for _, pair := range [2][2]int8{{sd.Borders[0], sd.Borders[1]}, {sd.Borders[1], sd.Borders[0]}} {
			i, j := int(pair[0]), int(pair[1])
			if i < 0 || j < 0 || t.Segs[i].Kind != engine.KCity || t.Segs[j].Kind != engine.KCity ||
				bits.OnesCount8(t.Segs[i].Edges) != 1 {
				continue
			}
			e := edgesOf(t.Segs[i].Edges)[0]
			if t.Segs[j].Edges == 1<<((e+1)%4)|1<<((e+2)%4) && !slices.ContainsFunc(t.Segs, func(s engine.SegDef) bool {
				return s.Kind == engine.KCity && s.Edges&(1<<((e+3)%4)) != 0
			}) {
				a.capCornerLens(i, j, e)
				return
			}
		}
	}
}
