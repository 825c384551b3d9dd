package picture

import (
	"math"
	"math/bits"
	"slices"

	"github.com/karkason/karkason/engine"
)

// A road that runs under a city band (pd-dragontunnel, am-bandtunnel: the road N–S, the city W–E; one road): it
// goes down into a tunnel and comes up beyond the band. Where the meadow beside the road at an edge is one field on
// both its sides (pd-dragontunnel N and S, am-bandtunnel S), the road goes down at once, a short way in from the
// edge, and the meadow passes over the tunnel; where the meadow there is two fields (am-bandtunnel N), the road runs
// on the ground up to the city's wall, parting them. The tunnel is drawn as dashed walls with a dark mouth at each
// end; a figure on the road stands on its first stretch (anchors).

// tunnelStub is how far in from the edge a road goes down where the meadow passes over it.
const tunnelStub = 0.09 * T

// tunnels finds the roads across the tile whose edges interleave with a city band's and lays each out as a tunnel.
func (a *tileArt) tunnels() {
	t := a.t
	for i := range t.Segs {
		if t.Segs[i].Kind != engine.KRoad || bits.OnesCount8(t.Segs[i].Edges) != 2 {
			continue
		}
		for c := range t.Segs {
			if t.Segs[c].Kind == engine.KCity && interleaves(t.Segs[i].Edges, t.Segs[c].Edges) {
				a.roadTunnel(i, c)
				break
			}
		}
	}
}

// interleaves reports whether two features' edges alternate round the tile (N–S against W–E): they must cross.
func interleaves(m1, m2 uint8) bool {
	return m1 == edgesNS && m2 == edgesEW || m1 == edgesEW && m2 == edgesNS
}

// roadTunnel lays out road i under city c: a stretch on the ground from each edge (to the wall, or tunnelStub where
// one field lies on both its sides), the tunnel between them a region over the ground (the meadow and the city pass
// over it: no field is parted by it).
func (a *tileArt) roadTunnel(i, c int) {
	t := a.t
	f := &a.feats[i]
	const step = 0.005 * T
	path := resample(f.path, step)
	walls := a.outlines(nil, c)
	first, last := -1, -1
	for k, p := range path {
		if slices.ContainsFunc(walls, func(poly []Pt) bool { return inPoly(p, poly) }) {
			if first < 0 {
				first = k
			}
			last = k
		}
	}
	if first < 1 || last >= len(path)-1 {
		return
	}
	es := edgesOf(t.Segs[i].Edges)
	if dist(path[0], mid(es[0])) > dist(path[0], mid(es[1])) {
		es[0], es[1] = es[1], es[0]
	}
	oneField := func(e int) bool {
		h1, h2 := t.SegAtHalf(0, 2*e), t.SegAtHalf(0, 2*e+1)
		return h1 >= 0 && h1 == h2
	}
	reach := int(hair / step)
	stub := int(tunnelStub / step)
	down, up := first-reach, last+reach // where the road goes down into the tunnel and comes up
	if oneField(es[0]) {
		down = stub
	}
	if oneField(es[1]) {
		up = len(path) - 1 - stub
	}
	if down < 2 || up > len(path)-3 || up <= down {
		return
	}
	f.regions = []region{
		{pts: band(path[:down+reach+1], f.width)},
		{pts: band(path[down:up+1], f.width), over: true},
		{pts: band(path[up-reach:], f.width)},
	}
	f.path = path
	f.crosses = append(f.crosses, c)
	f.tunnel = [2]int{down, up}
}

// drawTunnel draws road f's tunnel (f.tunnel): its walls dashed along the way under the meadow and the city, a dark
// mouth where the road goes down and where it comes up. at turns and shifts tile units.
func drawTunnel(grp *Group, f *featureArt, at func([]Pt) []Pt) {
	down, up := f.tunnel[0], f.tunnel[1]
	under := f.path[down : up+1]
	left, right := sides(under, f.width)
	for _, bank := range [][]Pt{left, right} {
		for _, d := range dashes(bank, 0.035*T, 0.03*T) {
			grp.add(line(roadEdge, 1.6, at(d)...))
		}
	}
	for _, m := range [][2]int{{down, down + 1}, {up, up - 1}} {
		p, q := f.path[m[0]], f.path[m[1]]
		d := unit(sub(q, p)) // into the tunnel
		n := perp(d)
		r := f.width * 0.62
		var arch []Pt
		for k := 0; k <= 12; k++ {
			ang := math.Pi * float64(k) / 12
			arch = append(arch, add(p, add(mul(n, r*math.Cos(ang)), mul(d, r*0.8*math.Sin(ang)))))
		}
		grp.add(poly(rgb(0x3a3128), ink, 1, at(arch)...))
	}
}

// dashes cuts the line pts into dashes of length on with gaps of off.
func dashes(pts []Pt, on, off float64) [][]Pt {
	var out [][]Pt
	var cur []Pt
	pos, drawing := 0.0, true
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		l := dist(a, b)
		for s := 0.0; s < l; {
			limit := on
			if !drawing {
				limit = off
			}
			take := min(l-s, limit-pos)
			p0, p1 := lerp(a, b, s/l), lerp(a, b, (s+take)/l)
			if drawing {
				if len(cur) == 0 {
					cur = append(cur, p0)
				}
				cur = append(cur, p1)
			}
			s += take
			pos += take
			if pos >= limit-1e-9 {
				if drawing && len(cur) > 1 {
					out = append(out, cur)
				}
				cur, pos, drawing = nil, 0, !drawing
			}
		}
	}
	if drawing && len(cur) > 1 {
		out = append(out, cur)
	}
	return out
}
