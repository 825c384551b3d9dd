package picture

import (
	"math/bits"
	"slices"

	"github.com/karkason/karkason/engine"
)

// Cities, the cells of the City of Carcassonne, and where figures stand.

const (
	capCtl     = 0.7 * T  // a cap's curve: its control point this far in from the edge (the cap 0.35 T deep)
	capBeside  = 0.46 * T // … beside another city's cap: the two meet only at the corner
	bayCtl     = 0.5 * T  // the bay of a city with an edge of field between two of its corners
	crossBay   = 0.7 * T  // the band under a walled bridge (kr-2cities): deep bays, the field strips beyond
	crossCap   = 0.3 * T  // … and the bridge's caps
	crossWidth = 0.22 * T // … and the bridge's width
)

const (
	edgesNS = 1<<engine.N | 1<<engine.S
	edgesEW = 1<<engine.E | 1<<engine.W
)

// layoutCities lays out the tile's cities (see layout).
func layoutCities(a *tileArt) {
	t := a.t
	var cities []int
	for i := range t.Segs {
		if t.Segs[i].Kind == engine.KCity {
			cities = append(cities, i)
		}
	}
	if len(cities) == 2 {
		lo, hi := cities[0], cities[1]
		m0, m1 := t.Segs[lo].Edges, t.Segs[hi].Edges
		if m0 == edgesNS && m1 == edgesEW || m0 == edgesEW && m1 == edgesNS {
			// Two cities that must cross: the later on a walled bridge over the earlier (kr-2cities).
			a.feats[lo].regions = []region{{pts: cityOutlineWith(m0, capCtl, crossBay)}}
			es := edgesOf(m1)
			for _, e := range es {
				a.feats[hi].regions = append(a.feats[hi].regions, region{pts: capOf(e, crossCap)})
			}
			along := unit(sub(mid(es[1]), mid(es[0])))
			w := mul(perp(along), crossWidth/2)
			from, to := add(mid(es[0]), mul(along, 0.08*T)), sub(mid(es[1]), mul(along, 0.08*T))
			a.feats[hi].regions = append(a.feats[hi].regions,
				region{pts: []Pt{add(from, w), add(to, w), sub(to, w), sub(from, w)}, over: true})
			a.feats[hi].crosses = []int{lo}
			return
		}
	}
	for _, i := range cities {
		m := t.Segs[i].Edges
		ctl := capCtl
		if bits.OnesCount8(m) == 1 {
			e := edgesOf(m)[0]
			for _, j := range cities {
				if j != i && t.Segs[j].Edges&(1<<((e+1)%4)|1<<((e+3)%4)) != 0 {
					ctl = capBeside
				}
			}
		}
		bay := bayCtl
		if t.Centre >= 0 { // a deeper bay, with room for the garden (b-c3g)
			bay = 0.9 * T
		}
		for e := 0; e < 4; e++ { // a bay under another city's cap: deeper, so that the field between shows
			if m&(1<<e) == 0 && m&(1<<((e+1)%4)) != 0 && m&(1<<((e+3)%4)) != 0 &&
				slices.ContainsFunc(cities, func(j int) bool { return j != i && t.Segs[j].Edges&(1<<e) != 0 }) {
				bay = 0.85 * T // tb-bandcap-*: the cap, the enclosed meadow strip, the band
			}
		}
		pts := cityOutlineWith(m, ctl, bay)
		pts = spurs(t, i, pts)
		a.feats[i].regions = []region{{pts: pts, over: overpass(t, i)}}
	}
	a.lenses() // a meadow enclosed by a cap and a corner city (layout_lens.go)
}

// capOf is a cap on edge e whose curve's control point lies ctl in from the edge.
func capOf(e int, ctl float64) []Pt {
	a, b := cornerPts[e], cornerPts[(e+1)%4]
	return append([]Pt{a}, quad(a, add(mid(e), mul(inwardN(e), ctl)), b, 24)...)
}

// cityOutlineWith is the outline of a city touching the table edges m: along each edge it touches, a cap's curve
// (control ctl in from the edge) on one edge, a bay (control bay in from a field edge between two of its corners),
// a curve across the tile leaving one corner out; the whole tile for four edges.
func cityOutlineWith(m uint8, ctl, bay float64) []Pt {
	var in []int // the corners the city holds, clockwise
	for c := 0; c < 4; c++ {
		if m&(1<<c) != 0 || m&(1<<((c+3)%4)) != 0 {
			in = append(in, c)
		}
	}
	if len(in) == 0 {
		return nil
	}
	var pts []Pt
	for k, a := range in {
		b := in[(k+1)%len(in)]
		from, to := cornerPts[a], cornerPts[b]
		if len(pts) == 0 {
			pts = append(pts, from)
		}
		step := (b - a + 4) % 4
		if step == 0 {
			step = 4
		}
		switch {
		case step == 1 && m&(1<<a) != 0:
			pts = append(pts, to) // along the edge
		case step == 1: // a bay
			pts = append(pts, quad(from, add(mid(a), mul(inwardN(a), bay)), to, 24)...)
		case step == 2: // across the tile, leaving one corner out
			skipped := cornerPts[(a+1)%4]
			pts = append(pts, quad(from, lerp(centre, skipped, -0.25), to, 40)...)
		default: // a cap on one edge
			pts = append(pts, quad(from, add(mid(b), mul(inwardN(b), ctl)), to, 24)...)
		}
	}
	return pts[:len(pts)-1]
}

// spurs reaches city i's outline into each corner it does not hold where the two fields meeting there are
// different fields that both border it: nothing else could part them (kr-corner2roads, whose wall reaches the SE
// corner between its ESE and SSE fields).
func spurs(t *engine.TileType, i int, pts []Pt) []Pt {
	sd := &t.Segs[i]
	for c := 0; c < 4; c++ {
		if sd.Edges&(1<<c) != 0 || sd.Edges&(1<<((c+3)%4)) != 0 {
			continue // held
		}
		h1, h2 := 2*((c+3)%4)+1, 2*c // the halves on either side of corner c
		f1, f2 := t.SegAtHalf(0, h1), t.SegAtHalf(0, h2)
		if f1 < 0 || f2 < 0 || f1 == f2 || !borders(t, f1, i) || !borders(t, f2, i) {
			continue
		}
		corner := cornerPts[c]
		k := 0
		for j := range pts {
			if dist(pts[j], corner) < dist(pts[k], corner) {
				k = j
			}
		}
		// The points 0.12 T along the outline on either side of the nearest one.
		ka, kb := k, k
		for l := 0.0; l < 0.12*T && ka > 0; ka-- {
			l += dist(pts[ka], pts[ka-1])
		}
		for l := 0.0; l < 0.12*T && kb < len(pts)-1; kb++ {
			l += dist(pts[kb], pts[kb+1])
		}
		// The spur ends on both edges a little way from the corner, so that it is never thinner than a hair.
		onPrev, onNext := add(corner, mul(inwardN(c), 0.05*T)), add(corner, mul(inwardN((c+3)%4), 0.05*T))
		pts = append(append(append([]Pt{}, pts[:ka+1]...), onPrev, corner, onNext), pts[kb:]...)
	}
	return pts
}

func borders(t *engine.TileType, field, city int) bool {
	return slices.Contains(t.Segs[field].Borders, int8(city))
}

// overpass reports whether city i is a bridge the fields pass under: a field of the tile lies on both of its sides
// (r2-citybridge, whose west bank's field runs under the city).
func overpass(t *engine.TileType, i int) bool {
	m := t.Segs[i].Edges
	if m != edgesNS && m != edgesEW {
		return false
	}
	es := edgesOf(m)
	side := func(h int) int { // 0 or 1: which side of the band half-edge h lies on
		e := h / 2
		if e == es[0] || e == es[1] {
			return -1
		}
		return map[bool]int{true: 0, false: 1}[e == (es[0]+1)%4]
	}
	for f := range t.Segs {
		if t.Segs[f].Kind != engine.KField {
			continue
		}
		seen := [2]bool{}
		for h := 0; h < 8; h++ {
			if t.Segs[f].Halves&(1<<h) != 0 {
				if s := side(h); s >= 0 {
					seen[s] = true
				}
			}
		}
		if seen[0] && seen[1] {
			return true
		}
	}
	return false
}

// layoutPiece lays out a cell of the City of Carcassonne: the City itself (stone) less a strip of field along each
// outer edge, its cities as shallow caps in the strip and its roads to the City's wall.
func layoutPiece(a *tileArt) {
	t := a.t
	x0, y0, x1, y1 := 0.0, 0.0, T, T
	if t.Edges[engine.N] != engine.None {
		y0 = depth
	}
	if t.Edges[engine.E] != engine.None {
		x1 = T - depth
	}
	if t.Edges[engine.S] != engine.None {
		y1 = T - depth
	}
	if t.Edges[engine.W] != engine.None {
		x0 = depth
	}
	a.stone = []Pt{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}
	for i := range t.Segs {
		sd := &t.Segs[i]
		f := &a.feats[i]
		switch sd.Kind {
		case engine.KCity:
			f.regions = []region{{pts: capOf(edgesOf(sd.Edges)[0], 1.6*depth)}}
		case engine.KRoad:
			e := edgesOf(sd.Edges)[0]
			f.width = roadW
			f.path = []Pt{mid(e), add(mid(e), mul(inwardN(e), depth+hair))}
			f.regions = []region{{pts: band(f.path, roadW)}}
			a.contacts = append(a.contacts, [2]int{i, contactStone})
		}
	}
	a.anchors()
}

// Contacts with what is not a feature.
const (
	contactVillage = -1
	contactStone   = -3
)

// anchors works out where a figure stands on each feature, and each city's pennant.
func (a *tileArt) anchors() {
	var r *raster
	for i := range a.feats {
		f := &a.feats[i]
		switch {
		case f.kind.IsCentre():
			f.anchor = add(f.at, Pt{0, 0.08 * T * f.centreS})
		case f.tunnel != [2]int{}:
			f.anchor = alongPath(f.path, 0.14) // under a city band: on its first stretch, not over the city
		case f.kind == engine.KRoad && slices.ContainsFunc(f.crosses, func(j int) bool { return a.feats[j].kind == engine.KRoad }):
			f.anchor = alongPath(f.path, 0.22) // a road over another on a bridge: on its end, not on the deck
		case f.kind == engine.KRoad || f.kind == engine.KRiver:
			f.anchor = alongPath(f.path, 0.5)
		case f.kind == engine.KCity || f.kind == engine.KField:
			if r == nil {
				r = a.rasterize(0, anchorRes)
			}
			m := r.member(a, i)
			if f.kind == engine.KField { // a farmer stands on the meadow in view, never under a bridge (am-bridgecross)
				for p := range m {
					m[p] = m[p] && r.over[p] == 0
				}
			}
			f.anchor = r.pole(m)
		}
	}
	for i := range a.feats {
		if a.t.Segs[i].Kind != engine.KCity || a.t.Segs[i].Pennants == 0 {
			continue
		}
		p := add(a.feats[i].anchor, Pt{-0.1 * T, -0.1 * T})
		if !allIn(pennantShape(p), a.feats[i].regions) {
			p = add(a.feats[i].anchor, Pt{-0.08 * T, -0.08 * T})
		}
		a.pennants[i] = p
		a.feats[i].anchor = add(a.feats[i].anchor, Pt{0.06 * T, 0.04 * T})
	}
	a.markPlaces()
}

// markPlaces places the inns and cathedrals printed on the tile (Inns & Cathedrals; the River II inn): an inn beside
// its road, a quarter of the way in, on the side where it stands on ground (else on the road); a cathedral in its
// city beside the figure's place.
func (a *tileArt) markPlaces() {
	for i := range a.feats {
		f := &a.feats[i]
		switch m := a.t.Segs[i].Marks; {
		case m.Has(engine.MarkInn) && len(f.path) > 1:
			p := alongPath(f.path, 0.3)
			d := unit(sub(alongPath(f.path, 0.35), alongPath(f.path, 0.25)))
			a.marks[i] = p
			for _, side := range []float64{1, -1} {
				q := add(p, mul(perp(d), side*0.15*T))
				if a.onGround(q, 0.07*T) && q.X > 0.1*T && q.X < 0.9*T && q.Y > 0.1*T && q.Y < 0.9*T {
					a.marks[i] = q
					break
				}
			}
		case m.Has(engine.MarkCathedral):
			a.marks[i] = f.anchor
			for _, d := range []Pt{{0, -0.2 * T}, {0.18 * T, -0.12 * T}, {-0.18 * T, -0.12 * T}} {
				if q := add(f.anchor, d); allIn(cathedralShape(q), f.regions) {
					a.marks[i] = q
					break
				}
			}
		}
		// A goods symbol (Traders & Builders): in its city beside the figure's place, where it fits whole.
		if a.t.Segs[i].Goods.Total() > 0 {
			a.goods[i] = f.anchor
			for _, d := range []Pt{{0.2 * T, -0.1 * T}, {-0.2 * T, -0.1 * T}, {0.2 * T, 0.1 * T}, {-0.2 * T, 0.1 * T},
				{0, -0.2 * T}, {0, 0.2 * T}, {0.15 * T, 0}, {-0.15 * T, 0}} {
				if q := add(f.anchor, d); allIn(goodsOutline(q), f.regions) {
					a.goods[i] = q
					break
				}
			}
		}
	}
}

// goodsOutline is the room a goods symbol takes, centred on p (tile units).
func goodsOutline(p Pt) []Pt { return polyCircle(p, 0.085*T, 16) }

// onGround reports whether the disc of radius r at c lies on the ground (the fields), clear of every feature drawn.
func (a *tileArt) onGround(c Pt, r float64) bool {
	for _, o := range a.others(-1) {
		if inPoly(c, o) || polyDist(c, o) < r {
			return false
		}
	}
	return true
}

// cathedralShape is the outline of a cathedral standing at p (its foot's middle), tile units.
func cathedralShape(p Pt) []Pt {
	w, h := 0.1*T, 0.12*T
	return []Pt{{p.X - w, p.Y}, {p.X + w, p.Y}, {p.X + w, p.Y - h}, {p.X, p.Y - 1.6*h}, {p.X - w, p.Y - h}}
}

// anchorRes is the raster the figures' places are found on (pixels a tile side).
const anchorRes = 64

// alongPath is the point at fraction k of path's length.
func alongPath(path []Pt, k float64) Pt {
	total := 0.0
	for i := 1; i < len(path); i++ {
		total += dist(path[i-1], path[i])
	}
	want := total * k
	for i := 1; i < len(path); i++ {
		l := dist(path[i-1], path[i])
		if want <= l && l > 0 {
			return lerp(path[i-1], path[i], want/l)
		}
		want -= l
	}
	return path[len(path)-1]
}

func allIn(pts []Pt, regs []region) bool {
	for _, p := range pts {
		in := false
		for _, r := range regs {
			if inPoly(p, r.pts) {
				in = true
			}
		}
		if !in {
			return false
		}
	}
	return true
}

// pennantShape is a pennant (a shield) with its top left corner at p.
func pennantShape(p Pt) []Pt {
	s := 0.16 * T
	return []Pt{{p.X, p.Y}, {p.X + s, p.Y}, {p.X + s, p.Y + 0.6*s}, {p.X + s/2, p.Y + s}, {p.X, p.Y + 0.6*s}}
}

// rotPt turns p by rot quarter turns clockwise about the tile's centre.
func rotPt(p Pt, rot int) Pt {
	for ; rot > 0; rot-- {
		p = Pt{T - p.Y, p.X}
	}
	return p
}

func rotPts(pts []Pt, rot int) []Pt {
	out := make([]Pt, len(pts))
	for i, p := range pts {
		out[i] = rotPt(p, rot)
	}
	return out
}
