package picture

import (
	"math"
	"sort"

	"github.com/karkason/karkason/engine"
)

// raster is a tile's layout sampled on an n x n grid of pixel centres (table orientation at rotation rot): which
// features cover each pixel (bit i: segment i; the village, the volcano and the City's stone have bits of their
// own), as ground or as a bridge, and the fields the uncovered ground falls apart into. It finds where a figure
// stands on a field (a tile's fields are the ground that is left) and is what the tests check a layout with.
type raster struct {
	n      int
	rot    int
	ground []uint64 // per pixel, row by row
	over   []uint64
	comp   []int32 // the uncovered ground's 4-connected components (-1 for a covered pixel)
	comps  int
}

// Bits of the raster that are no segment.
const (
	bitVillage = 61
	bitVolcano = 62
	bitStone   = 63
)

// rasterize samples a's regions turned by rot quarter turns on an n x n grid.
func (a *tileArt) rasterize(rot, n int) *raster {
	r := &raster{n: n, rot: rot, ground: make([]uint64, n*n), over: make([]uint64, n*n)}
	fill := func(pts []Pt, bit uint, over bool) {
		pts = rotPts(pts, rot)
		x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, p := range pts {
			x0, y0, x1, y1 = min(x0, p.X), min(y0, p.Y), max(x1, p.X), max(y1, p.Y)
		}
		px := T / float64(n)
		for y := max(0, int(y0/px)-1); y < min(n, int(y1/px)+2); y++ {
			for x := max(0, int(x0/px)-1); x < min(n, int(x1/px)+2); x++ {
				if inPoly(Pt{(float64(x) + 0.5) * px, (float64(y) + 0.5) * px}, pts) {
					if over {
						r.over[y*n+x] |= 1 << bit
					} else {
						r.ground[y*n+x] |= 1 << bit
					}
				}
			}
		}
	}
	for i, f := range a.feats {
		for _, reg := range f.regions {
			fill(reg.pts, uint(i), reg.over)
		}
	}
	for _, o := range []struct {
		pts []Pt
		bit uint
	}{{a.village, bitVillage}, {a.volcano, bitVolcano}, {a.stone, bitStone}} {
		if o.pts != nil {
			fill(o.pts, o.bit, false)
		}
	}
	// The fields: 4-connected runs of uncovered ground.
	r.comp = make([]int32, n*n)
	for i := range r.comp {
		r.comp[i] = -1
	}
	for start := range r.comp {
		if r.ground[start] != 0 || r.comp[start] >= 0 {
			continue
		}
		c := int32(r.comps)
		r.comps++
		stack := []int{start}
		r.comp[start] = c
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := p%n, p/n
			for _, q := range [4][2]int{{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}} {
				if q[0] < 0 || q[1] < 0 || q[0] >= n || q[1] >= n {
					continue
				}
				k := q[1]*n + q[0]
				if r.ground[k] == 0 && r.comp[k] < 0 {
					r.comp[k] = c
					stack = append(stack, k)
				}
			}
		}
	}
	return r
}

// halfPixel is the pixel just inside half-edge h (table orientation).
func (r *raster) halfPixel(h int) int {
	return r.edgePixel(h/2, 0.25+0.5*float64(h%2))
}

// edgePixel is the pixel just inside table edge e at fraction k along it (clockwise).
func (r *raster) edgePixel(e int, k float64) int {
	p := lerp(cornerPts[e], cornerPts[(e+1)%4], k)
	p = add(p, mul(inwardN(e), 1.01*T/float64(r.n)))
	x, y := min(r.n-1, int(p.X/T*float64(r.n))), min(r.n-1, int(p.Y/T*float64(r.n)))
	return y*r.n + x
}

// fieldComps gives each field segment of a (at the raster's rotation) its component: the one under its
// half-edges, or for a field that touches no edge (inner) one of the components that touch none, in reading
// order. -1 where none is found.
func (r *raster) fieldComps(a *tileArt) []int32 {
	out := make([]int32, len(a.feats))
	for i := range out {
		out[i] = -1
	}
	touches := make([]bool, r.comps)
	for k := 0; k < r.n; k++ { // the pixels of the four borders
		for _, p := range []int{k, (r.n-1)*r.n + k, k * r.n, k*r.n + r.n - 1} {
			if c := r.comp[p]; c >= 0 {
				touches[c] = true
			}
		}
	}
	var inner []int32
	for c := range touches {
		if !touches[c] {
			inner = append(inner, int32(c))
		}
	}
	// Inner components by size, the largest first (the catalogue's inner fields are strips, not specks), then in
	// reading order.
	size := make([]int, r.comps)
	first := make([]int, r.comps) // the component's first pixel in the unturned tile's reading order: the same
	for c := range first {        // pixel whatever the rotation (am-bridgecross's two inner fields)
		first[c] = len(r.comp)
	}
	for p := len(r.comp) - 1; p >= 0; p-- {
		if c := r.comp[p]; c >= 0 {
			size[c]++
			first[c] = min(first[c], r.rotBack(p))
		}
	}
	sort.SliceStable(inner, func(i, j int) bool { return size[inner[i]] > size[inner[j]] })
	var innerFields []int
	for i := range a.feats {
		sd := &a.t.Segs[i]
		if sd.Kind != engine.KField {
			continue
		}
		hs := tableHalves(sd, r.rot)
		if hs == 0 {
			innerFields = append(innerFields, i)
			continue
		}
		for h := 0; h < 8; h++ {
			if hs&(1<<h) != 0 {
				out[i] = r.comp[r.halfPixel(h)]
				break
			}
		}
	}
	if len(inner) > len(innerFields) {
		inner = inner[:len(innerFields)]
	}
	sort.SliceStable(inner, func(i, j int) bool { return first[inner[i]] < first[inner[j]] })
	for k, c := range inner {
		out[innerFields[k]] = c
	}
	return out
}

// rotBack is the index of pixel p in the unturned tile (rotation 0), for an order that does not depend on rot.
func (r *raster) rotBack(p int) int {
	x, y := p%r.n, p/r.n
	for k := 0; k < r.rot; k++ {
		x, y = y, r.n-1-x // a quarter turn back
	}
	return y*r.n + x
}

// member is the pixels of segment i: a field's component, else the pixels its regions cover.
func (r *raster) member(a *tileArt, i int) []bool {
	m := make([]bool, r.n*r.n)
	if a.t.Segs[i].Kind == engine.KField {
		c := r.fieldComps(a)[i]
		for p := range m {
			m[p] = c >= 0 && r.comp[p] == c
		}
		return m
	}
	for p := range m {
		m[p] = (r.ground[p]|r.over[p])&(1<<uint(i)) != 0
	}
	return m
}

// pole is the member pixel farthest from the others (and from the tile's border), as a point in tile units: where
// a figure stands. The centre for no member.
func (r *raster) pole(m []bool) Pt {
	n := r.n
	d := make([]int, n*n)
	var queue []int
	for p := range d {
		x, y := p%n, p/n
		switch {
		case !m[p]:
			d[p] = 0
			queue = append(queue, p)
		case x == 0 || y == 0 || x == n-1 || y == n-1:
			d[p] = 1
			queue = append(queue, p)
		default:
			d[p] = -1
		}
	}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		x, y := p%n, p/n
		for _, q := range [8][2]int{{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}, {x - 1, y - 1}, {x + 1, y + 1},
			{x - 1, y + 1}, {x + 1, y - 1}} {
			if q[0] < 0 || q[1] < 0 || q[0] >= n || q[1] >= n {
				continue
			}
			if k := q[1]*n + q[0]; d[k] < 0 {
				d[k] = d[p] + 1
				queue = append(queue, k)
			}
		}
	}
	best := -1
	px := T / float64(n)
	at := func(p int) Pt { return Pt{(float64(p%n) + 0.5) * px, (float64(p/n) + 0.5) * px} }
	for p := range d {
		if m[p] && (best < 0 || d[p] > d[best] || d[p] == d[best] && dist(at(p), centre) < dist(at(best), centre)) {
			best = p
		}
	}
	if best < 0 {
		return centre
	}
	return at(best)
}
