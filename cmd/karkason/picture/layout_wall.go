package picture

import (
	"math/bits"

	"github.com/karkason/karkason/engine"
)

// A road that touches a city's wall to fence off a corner meadow (Abbey & Mayor: am-capbend-e/w, whose bend from
// the edge beside the cap touches the cap's wall before it turns down; am-2caps2roads, whose two roads end at the
// walls of the cap and of the narrow city, where they would otherwise meet at a hamlet; a road that ends at a gate
// anyway keeps its way there): where the field on one side of a road at an edge is that half-edge alone
// (a corner meadow) and borders one city only, which holds the edge beyond that corner and does not lie straight
// ahead of the road, nothing but the road can part the meadow from the rest, so the road goes to that city's wall (a
// declared contact) and the meadow lies between the wall, the road and the edge.

// meadowWall returns the city whose wall road i must touch at its edge e, the corner meadow's corner, and whether
// there is one.
func (a *tileArt) meadowWall(i, e int) (int, Pt, bool) {
	t := a.t
	lone := func(hh int) bool { // the field at half-edge hh is that half-edge alone
		f := t.SegAtHalf(0, hh)
		return f >= 0 && t.Segs[f].Halves == 1<<hh
	}
	if lone(2*e) && lone(2*e+1) {
		return -1, Pt{}, false // a corner meadow on both sides (ic-2caps2roads: the hamlet's lanes part them)
	}
	for _, hh := range []int{2 * e, 2*e + 1} {
		f := t.SegAtHalf(0, hh)
		if !lone(hh) || len(t.Segs[f].Borders) != 1 {
			continue
		}
		c := int(t.Segs[f].Borders[0])
		beyond, corner := (e+3)%4, cornerPts[e] // the edge past the meadow's corner, and that corner
		if hh == 2*e+1 {
			beyond, corner = (e+1)%4, cornerPts[(e+1)%4]
		}
		if c >= 0 && t.Segs[c].Kind == engine.KCity && t.Segs[c].Edges&(1<<beyond) != 0 && len(a.feats[c].regions) > 0 &&
			!a.ahead(e, c) {
			return c, corner, true
		}
	}
	return -1, Pt{}, false
}

// ahead reports whether city c lies straight ahead of a road coming in at edge e (b-c3r1: the road runs into the
// city's bay and parts the two meadows itself; no need to turn).
func (a *tileArt) ahead(e, c int) bool {
	walls := a.outlines(nil, c)
	for _, p := range sample([]Pt{mid(e), mid((e + 2) % 4)}, 40) {
		for _, w := range walls {
			if inPoly(p, w) {
				return true
			}
		}
	}
	return false
}

// wallPoint is where a road fencing off the meadow at corner touches city c's wall: the wall's point nearest to a
// point a little over half way from the corner to the tile's centre.
func (a *tileArt) wallPoint(c int, corner Pt) (w, out Pt) {
	p0 := lerp(corner, centre, 0.55)
	w = nearestOn(a.outlines(nil, c), p0)
	return w, unit(sub(p0, w)) // the wall point and the way out of the city, into the meadow
}

// cubic puts n points on the cubic Bézier curve a, b, c, d (a left out, as quad does).
func cubic(a, b, c, d Pt, n int) []Pt {
	out := make([]Pt, 0, n)
	for i := 1; i <= n; i++ {
		t := float64(i) / float64(n)
		u := 1 - t
		out = append(out, add(add(mul(a, u*u*u), mul(b, 3*u*u*t)), add(mul(c, 3*u*t*t), mul(d, t*t*t))))
	}
	return out
}

// wallIn is how far a road that touches a wall reaches into it.
const wallIn = 0.6 * hair

// wallRoads lays out again the roads across the tile that must touch a wall (through roads: a bend; layout calls
// it after the roads across the tile).
func (a *tileArt) wallRoads() {
	t := a.t
	for i := range t.Segs {
		if t.Segs[i].Kind != engine.KRoad || bits.OnesCount8(t.Segs[i].Edges) != 2 {
			continue
		}
		es := edgesOf(t.Segs[i].Edges)
		for k, e := range es {
			c, _, ok := a.meadowWall(i, e)
			if !ok {
				continue
			}
			other := es[1-k]
			walls := a.outlines(nil, c)
			gap := func(path []Pt) float64 { // the least distance from the road's middle line to the wall
				d := T
				for _, p := range path {
					for _, w := range walls {
						if inPoly(p, w) {
							return -1
						}
						d = min(d, polyDist(p, w))
					}
				}
				return d
			}
			// A bend that leaves both edges square, swelling towards the wall until its side reaches a hair into it.
			var path []Pt
			for l := 0.3 * T; l <= 1.6*T; l += 0.01 * T {
				path = append([]Pt{mid(e)}, cubic(mid(e), add(mid(e), mul(inwardN(e), l)),
					add(mid(other), mul(inwardN(other), l)), mid(other), 40)...)
				if gap(path) <= roadW/2-wallIn {
					break
				}
			}
			// Two bands meeting at the point nearest the wall, with a disc there: no pocket of field inside a tight
			// turn, as one band folding over itself would leave.
			k := 0
			for j, p := range path {
				if dist(p, nearestOn(walls, p)) < dist(path[k], nearestOn(walls, path[k])) {
					k = j
				}
			}
			k = max(1, min(len(path)-2, k))
			f := &a.feats[i]
			f.path = path
			f.regions = []region{{pts: band(path[:k+1], f.width)}, {pts: band(path[k:], f.width)},
				{pts: polyCircle(path[k], f.width/2, 20)}}
			a.contacts = append(a.contacts, [2]int{i, c})
			break
		}
	}
}

// wallEnds lays out each of the roads ends, which end on the tile, as a road to the wall of the city of its corner
// meadow, if every one of them has one; false (nothing done) if not.
func (a *tileArt) wallEnds(ends []int) bool {
	for _, i := range ends {
		if _, _, ok := a.meadowWall(i, edgesOf(a.t.Segs[i].Edges)[0]); !ok {
			return false
		}
	}
	for _, i := range ends {
		a.wallEnd(i)
	}
	return true
}

// wallEnd lays out road i ending on the tile at its edge e as a road to the wall of the city of its corner meadow.
func (a *tileArt) wallEnd(i int) {
	e := edgesOf(a.t.Segs[i].Edges)[0]
	c, corner, _ := a.meadowWall(i, e)
	w, out := a.wallPoint(c, corner)
	end := sub(w, mul(out, hair)) // a hair into the wall
	f := &a.feats[i]
	f.width = roadW
	f.path = append([]Pt{mid(e)}, quad(mid(e), add(mid(e), mul(inwardN(e), 0.22*T)), end, 16)...)
	f.regions = []region{{pts: band(f.path, f.width)}}
	a.contacts = append(a.contacts, [2]int{i, c})
}
