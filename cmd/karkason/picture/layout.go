package picture

import (
	"math"
	"math/bits"
	"slices"
	"strings"
	"sync"

	"github.com/karkason/karkason/engine"
)

// The layout of a tile: where each feature of the catalogue lies, worked out from the tile's data alone (its
// segments' edges and half-edges, its centre feature, its river ends and objects), never from a table per tile type.
// A tile is laid out once, in rotation 0, as polygons in tile units (0..T); a rotation turns the points.
//
// The fields are the ground: what no other feature covers. Every other feature is a set of regions, placed so that
// no two features overlap and the uncovered ground falls apart into exactly the catalogue's fields:
//
//   - cities first: a cap on one edge, a corner, a band between two edges, three edges with a bay, the whole tile;
//     caps beside another city's edge are shallower so that the two only meet at the corner; a city both of whose
//     fields on either side of a corner it does not hold border it reaches into that corner (kr-corner2roads); of
//     two cities that must cross (one W–E, one N–S), the later is drawn as its caps and a walled bridge over the
//     other (kr-2cities), and a city whose field lies on both its sides is a bridge the field passes under
//     (r2-citybridge);
//   - rivers and roads that cross the tile (two edges) or fork (three); a road crosses a river on a bridge; of two
//     roads that must cross (one N–S, one W–E: tb-bridge) the later passes over the earlier on a bridge (its deck
//     over the lower road, its ends down to it, so that the four corner fields stay apart);
//   - a river that ends on the tile (a spring or a lake) goes in from its edge until its end touches another
//     feature (the spring under r1-spring's road, the lake at r2-lakecity's city wall), else it ends in the middle;
//   - a village where three or more roads end and no monastery or shrine stands, or a hamlet where two end that meet no city's gate, with a lane to
//     each city cap whose two flanking fields differ (ic-2caps2roads); a road that ends on the tile goes in from
//     its edge until it meets what it ends at: the village, the monastery or shrine, or the city's gate (over the
//     river on a bridge tile); two roads that would meet at one gate go to two gates apart (tb-corner2roads-wineg),
//     or, when the far edge of one of them is one field on both its halves, that one goes straight on over the other
//     on a bridge and ends at a house short of the far edge (tb-capbridge, whose E field is one piece);
//   - inns beside their roads and cathedrals in their cities (Inns & Cathedrals; markPlaces), and the goods symbol in
//     its city (Traders & Builders), drawn over the tile;
//   - the monastery, shrine or garden where the most room is left (the tile's centre when it fits), smaller when
//     room is short; the volcano likewise.
//
// A feature that ends at another (a road at a gate, a lake at a wall) reaches a hair into it, so that no field leaks
// between them: such a contact is declared (contacts) and is the only overlap besides a bridge.

// region is one part of a feature: a closed polygon. over: a bridge, under which the ground and the feature it
// crosses pass.
type region struct {
	pts  []Pt
	over bool
}

// featureArt is how one segment of a tile is drawn.
type featureArt struct {
	kind    engine.Kind
	regions []region
	path    []Pt // roads and rivers: the middle line (for the banks, the bridge deck and a figure)
	width   float64
	crosses []int // the segments this one passes over on a bridge
	end     int8  // rivers: engine.Spring or engine.Lake for an end drawn as such
	endC    Pt    // … its centre
	endR    float64
	centreS float64 // a centre feature: its scale (1 = full size)
	at      Pt      // a centre feature: where it stands
	anchor  Pt      // where a figure stands (fields: see fieldAnchors)
	tunnel  [2]int  // a road under a city band: where along path it goes down and comes up (layout_tunnel.go)
}

// tileArt is the layout of one tile type in rotation 0.
type tileArt struct {
	t        *engine.TileType
	feats    []featureArt // by segment index; fields have no regions
	village  []Pt         // a village where three or more roads end, or a hamlet (no feature: ground, not field)
	volcano  []Pt         // the volcano of r2-lakevolcano (an object, RIV2-9)
	stone    []Pt         // a cell of the City of Carcassonne: the City itself
	contacts [][2]int     // features that touch another (a road at a gate, -1 the village): may overlap a hair
	pennants []Pt         // where each city's pennant goes, by segment (zero for none)
	marks    []Pt         // where each road's inn or city's cathedral stands, by segment (zero for none)
	goods    []Pt         // where each city's goods symbol is drawn, by segment (Traders & Builders; zero for none)
	symbol   Pt           // where the tile's dragon, portal or princess symbol is drawn (The Princess & the Dragon, pd.go)
	symbolS  float64      // … and its scale (1: full size)
}

const (
	roadW  = 0.13 * T
	riverW = 0.17 * T
	hair   = 0.015 * T // how far a feature reaches into the one it ends at
)

var (
	artMu    sync.Mutex
	artCache = map[*engine.TileType]*tileArt{}
)

// artOf returns the layout of t in rotation 0 (computed once a type).
func artOf(t *engine.TileType) *tileArt {
	artMu.Lock()
	defer artMu.Unlock()
	if a, ok := artCache[t]; ok {
		return a
	}
	a := layout(t)
	artCache[t] = a
	return a
}

func hasObject(t *engine.TileType, word string) bool {
	return slices.ContainsFunc(t.Objects, func(o string) bool { return strings.HasPrefix(o, word) })
}

// inwardN is the unit vector into the tile from edge e.
func inwardN(e int) Pt {
	return [4]Pt{{0, 1}, {-1, 0}, {0, -1}, {1, 0}}[e]
}

func add(a, b Pt) Pt         { return Pt{a.X + b.X, a.Y + b.Y} }
func sub(a, b Pt) Pt         { return Pt{a.X - b.X, a.Y - b.Y} }
func mul(a Pt, k float64) Pt { return Pt{a.X * k, a.Y * k} }
func dist(a, b Pt) float64   { return math.Hypot(a.X-b.X, a.Y-b.Y) }
func unit(a Pt) Pt           { l := math.Hypot(a.X, a.Y); return Pt{a.X / l, a.Y / l} }
func perp(a Pt) Pt           { return Pt{-a.Y, a.X} }
func dot(a, b Pt) float64    { return a.X*b.X + a.Y*b.Y }
func polyCircle(c Pt, r float64, n int) []Pt {
	pts := make([]Pt, n)
	for i := range pts {
		a := 2 * math.Pi * float64(i) / float64(n)
		pts[i] = Pt{c.X + r*math.Cos(a), c.Y + r*math.Sin(a)}
	}
	return pts
}

// layout works out t's features in rotation 0.
func layout(t *engine.TileType) *tileArt {
	a := &tileArt{t: t, feats: make([]featureArt, len(t.Segs)), pennants: make([]Pt, len(t.Segs)),
		marks: make([]Pt, len(t.Segs)), goods: make([]Pt, len(t.Segs))}
	for i := range t.Segs {
		a.feats[i].kind = t.Segs[i].Kind
	}
	if t.Piece != nil {
		layoutPiece(a)
		return a
	}
	layoutCities(a)
	bridge := hasObject(t, "bridge")
	// Rivers and roads across the tile, and the river fork.
	for _, kind := range []engine.Kind{engine.KRiver, engine.KRoad} {
		for i := range t.Segs {
			sd := &t.Segs[i]
			if sd.Kind != kind || bits.OnesCount8(sd.Edges) < 2 {
				continue
			}
			f := &a.feats[i]
			f.width = roadW
			if kind == engine.KRiver {
				f.width = riverW
			}
			es := edgesOf(sd.Edges)
			if len(es) == 2 {
				f.path = throughPath(es[0], es[1])
				f.regions = []region{{pts: band(f.path, f.width)}}
			} else {
				for _, e := range es {
					f.regions = append(f.regions, region{pts: band([]Pt{mid(e), centre}, f.width)})
				}
				f.regions = append(f.regions, region{pts: polyCircle(centre, f.width/2, 24)})
				f.path = []Pt{mid(es[0]), centre}
			}
			if kind == engine.KRoad {
				a.bridgeOver(i)
			}
		}
	}
	// Two roads across the tile that must cross (tb-bridge): the later over the earlier.
	for i := range t.Segs {
		for j := i + 1; j < len(t.Segs); j++ {
			if t.Segs[i].Kind == engine.KRoad && t.Segs[j].Kind == engine.KRoad &&
				(t.Segs[i].Edges == edgesNS && t.Segs[j].Edges == edgesEW || t.Segs[i].Edges == edgesEW &&
					t.Segs[j].Edges == edgesNS) {
				a.roadBridge(j, i)
			}
		}
	}
	a.tunnels()   // a road under a city band (layout_tunnel.go)
	a.wallRoads() // a road that touches a wall to fence off a corner meadow (layout_wall.go)
	// A city that is a bridge passes over the rivers under it (r2-citybridge).
	for i := range t.Segs {
		if f := &a.feats[i]; f.kind == engine.KCity && len(f.regions) > 0 && f.regions[0].over {
			a.bridgeOver(i)
		}
	}
	// Rivers that end on the tile: a spring or a lake, in from its edge until it touches something.
	for i := range t.Segs {
		sd := &t.Segs[i]
		if sd.Kind != engine.KRiver || bits.OnesCount8(sd.Edges) != 1 {
			continue
		}
		a.riverEnd(i)
	}
	// Roads that end on the tile.
	var ends []int
	for i := range t.Segs {
		if sd := &t.Segs[i]; sd.Kind == engine.KRoad && bits.OnesCount8(sd.Edges) == 1 {
			ends = append(ends, i)
		}
	}
	centreKind := engine.Kind(255)
	if t.Centre >= 0 {
		centreKind = t.Segs[t.Centre].Kind
	}
	switch {
	case centreKind.IsCloister():
		// after the building: every road that ends on the tile ends at it, however many (tb-mon3roads: the tile
		// list has its three roads end at the monastery, no village)
	case len(ends) >= 3:
		s := 0.12 * T
		a.village = []Pt{{centre.X - s, centre.Y - s}, {centre.X + s, centre.Y - s}, {centre.X + s, centre.Y + s},
			{centre.X - s, centre.Y + s}}
		for _, i := range ends {
			a.roadEnd(i, bridge, -1)
		}
		ends = nil
	case len(ends) == 1 && t.Centre < 0 && len(a.cityWalls(nil)) == 0 && hasObject(t, "volcano"):
		// A road that ends at a volcano in the middle (pd-volcanoroad, The Princess & the Dragon).
		a.volcano = volcanoShape(centre, 1)
		a.roadEnd(ends[0], bridge, -3)
		ends = nil
	case len(ends) == 2 && t.Centre < 0 && !a.meetsCity(ends) && a.wallEnds(ends):
		// Two roads that would meet at a hamlet, each with a corner meadow that only it can fence off: each goes to
		// the wall of that meadow's city instead (am-2caps2roads, layout_wall.go).
		ends = nil
	case len(ends) == 2 && t.Centre < 0 && !a.meetsCity(ends):
		// Two roads that meet no city's gate end at a hamlet in the middle, with lanes to the caps it parts
		// (ic-2caps2roads).
		a.hamlet()
		for _, i := range ends {
			a.roadEnd(i, bridge, -1)
		}
		ends = nil
	default:
		for _, i := range ends {
			a.roadEnd(i, bridge, -2)
		}
		if len(ends) == 2 && overlaps(a.feats[ends[0]].regions, a.feats[ends[1]].regions) {
			a.apart(ends[0], ends[1], bridge) // two roads at one gate: a bridge, or two gates
		}
		ends = nil
	}
	if t.Centre >= 0 {
		a.placeCentre(int(t.Centre))
	}
	if t.Abbey {
		a.abbeyCourt() // the abbey fills its cell: no field (am.go)
	}
	for _, i := range ends {
		a.roadEnd(i, bridge, int(t.Centre))
	}
	if hasObject(t, "volcano") && a.volcano == nil {
		c, s := a.roomiest(0.2*T, nil)
		a.volcano = volcanoShape(c, s)
	}
	a.anchors()
	a.placeSymbol() // The Princess & the Dragon (pd.go)
	return a
}

// roadBridge makes road upper pass over road lower on a bridge (tb-bridge, tb-capbridge): upper's band is cut where
// it crosses lower into its two ends on the ground, each reaching a hair into lower so that no field passes between,
// and the deck over lower (a region over it); drawTile draws the deck where the path runs over lower.
func (a *tileArt) roadBridge(upper, lower int) {
	f := &a.feats[upper]
	path := resample(f.path, 0.005*T)
	low := a.outlines(nil, lower)
	inLow := func(p Pt) bool { return slices.ContainsFunc(low, func(poly []Pt) bool { return inPoly(p, poly) }) }
	first, last := -1, -1
	for k, p := range path {
		if inLow(p) {
			if first < 0 {
				first = k
			}
			last = k
		}
	}
	if first < 1 {
		return
	}
	reach := int(hair / (0.005 * T))
	var regions []region
	if a := path[:min(len(path), first+reach+1)]; len(a) > 1 {
		regions = append(regions, region{pts: band(a, f.width)})
	}
	regions = append(regions, region{pts: band(path[first-1:min(len(path), last+2)], f.width), over: true})
	if b := path[max(0, last-reach):]; len(b) > 1 && last < len(path)-1 {
		regions = append(regions, region{pts: band(b, f.width)})
	}
	f.regions = regions
	f.path = path
	f.crosses = append(f.crosses, lower)
}

// apart lays out again two roads i and j that end on the tile and would meet at one city's gate: if the edge
// opposite one of them shows one field on both its halves (tb-capbridge: the road from W, its E field one piece) and
// its straight way crosses the other road, that one goes straight on over the other on a bridge and ends at a house
// short of the far edge (the field goes round the house); else each goes to a gate of its own, on its side of the
// other (tb-corner2roads-wineg: two gates on the corner city's wall, the SE field with its garden between them).
func (a *tileArt) apart(i, j int, bridge bool) {
	t := a.t
	for _, pair := range [2][2]int{{i, j}, {j, i}} {
		b, other := pair[0], pair[1]
		e := edgesOf(t.Segs[b].Edges)[0]
		o := (e + 2) % 4
		if t.Edges[o] != engine.Field || t.SegAtHalf(0, 2*o) < 0 || t.SegAtHalf(0, 2*o) != t.SegAtHalf(0, 2*o+1) {
			continue
		}
		house := add(mid(o), mul(inwardN(o), 0.2*T))
		s := 0.07 * T
		f := &a.feats[b]
		f.path = sample([]Pt{mid(e), add(house, mul(inwardN(o), s-hair))}, 120)
		f.regions = []region{{pts: band(f.path, roadW)}}
		if !overlaps(f.regions, a.feats[other].regions) {
			continue
		}
		a.village = []Pt{{house.X - s, house.Y - s}, {house.X + s, house.Y - s}, {house.X + s, house.Y + s},
			{house.X - s, house.Y + s}}
		a.contacts = slices.DeleteFunc(a.contacts, func(c [2]int) bool { return c[0] == b || c[1] == b })
		a.contacts = append(a.contacts, [2]int{b, contactVillage})
		a.roadBridge(b, other)
		return
	}
	// Two gates: each road to the wall point nearest a point in from its edge, away from the other road's edge.
	ei, ej := edgesOf(t.Segs[i].Edges)[0], edgesOf(t.Segs[j].Edges)[0]
	for _, pair := range [2][2]int{{i, ej}, {j, ei}} {
		k, away := pair[0], pair[1]
		e := edgesOf(t.Segs[k].Edges)[0]
		toward := add(mid(e), mul(inwardN(e), 0.4*T))
		if d := sub(mid(e), mid(away)); dot(d, d) > 0 {
			side := mul(perp(inwardN(e)), 0.2*T) // along edge e, to the side away from the other road's edge
			if dot(side, d) < 0 {
				side = mul(side, -1)
			}
			toward = add(toward, side)
		}
		a.contacts = slices.DeleteFunc(a.contacts, func(c [2]int) bool { return c[0] == k || c[1] == k })
		a.roadToGate(k, toward, bridge)
	}
}

// roadToGate lays out road k that ends on the tile from its edge to the city wall point nearest toward: in
// straight from the edge, then bending to the gate, a hair into the wall.
func (a *tileArt) roadToGate(k int, toward Pt, bridge bool) {
	f := &a.feats[k]
	e := edgesOf(a.t.Segs[k].Edges)[0]
	m, n := mid(e), inwardN(e)
	walls := a.cityWalls(nil)
	g := nearestOn(walls, toward)
	c := add(m, mul(n, dot(sub(g, m), n)*0.6))
	path := resample(append(append([]Pt{m}, quad(m, c, g, 60)...), add(g, mul(unit(sub(g, c)), 0.2*T))), 0.005*T)
	hit, _ := firstHit(path, walls, roadTip)
	if hit < 1 {
		hit = len(path) - 1
	}
	end, d := path[hit], unit(sub(path[hit], path[hit-1]))
	f.path = append(path[:hit:hit], add(end, mul(d, hair)))
	f.regions = []region{{pts: band(f.path, roadW)}}
	a.roadReaches(k, bridge)
}

// roadReaches records what road k, laid out, reaches besides what it ends at: a river it crosses on a bridge tile
// (its bridge), any other feature a contact.
func (a *tileArt) roadReaches(k int, bridge bool) {
	f := &a.feats[k]
	for j := range a.feats {
		if j == k || !overlaps(f.regions, a.feats[j].regions) {
			continue
		}
		if a.feats[j].kind == engine.KRiver && bridge {
			f.crosses = append(f.crosses, j)
			continue
		}
		a.contacts = append(a.contacts, [2]int{k, j})
	}
}

// cityWalls appends the outlines of the tile's cities to walls.
func (a *tileArt) cityWalls(walls [][]Pt) [][]Pt {
	for j := range a.feats {
		if a.feats[j].kind == engine.KCity {
			walls = a.outlines(walls, j)
		}
	}
	return walls
}

// outlines appends the outlines of feature j's regions to out.
func (a *tileArt) outlines(out [][]Pt, j int) [][]Pt {
	for _, r := range a.feats[j].regions {
		out = append(out, r.pts)
	}
	return out
}

// roadTip is the end of a road's middle line at p going in direction d, for firstHit: a wall met aslant is
// overlapped by one corner of the road's end, never left with a pocket of field between the two.
func roadTip(p, d Pt) []Pt { return band([]Pt{sub(p, mul(d, 0.01*T)), p}, roadW/4) }

// meetsCity reports whether one of the roads ends (that end on the tile), going straight in from its edge, meets a
// city before three quarters of the way: its gate (kr-corner2roads, ic-band2roads).
func (a *tileArt) meetsCity(ends []int) bool {
	cities := a.cityWalls(nil)
	for _, i := range ends {
		e := edgesOf(a.t.Segs[i].Edges)[0]
		m := mid(e)
		straight := sample([]Pt{m, add(m, mul(inwardN(e), T-0.05*T))}, 190)
		hit, _ := firstHit(straight, cities, roadTip)
		if hit >= 0 && hit <= len(straight)*3/4 {
			return true
		}
	}
	return false
}

// hamlet lays out the small village where two roads end that meet no gate, with a lane from it to each city cap
// whose two flanking fields (the half-edges beside the cap's edge, round the tile) are different fields: the lane
// parts them (ic-2caps2roads: its four corner fields). Derived from the tile's data alone.
func (a *tileArt) hamlet() {
	t := a.t
	s, l := 0.09*T, 0.035*T
	// The lanes: towards edge e, as far as the city on it (a hair into its wall).
	reach := [4]float64{}
	for e := 0; e < 4; e++ {
		if t.Edges[e] != engine.City {
			continue
		}
		c := t.SegAtEdge(0, e)
		before, after := t.SegAtHalf(0, (2*e+7)%8), t.SegAtHalf(0, (2*e+2)%8)
		if before < 0 || after < 0 || before == after || t.Segs[before].Kind != engine.KField ||
			t.Segs[after].Kind != engine.KField {
			continue
		}
		walls := a.outlines(nil, c)
		path := sample([]Pt{centre, mid(e)}, 190)
		hit, _ := firstHit(path, walls, func(p, d Pt) []Pt { return band([]Pt{sub(p, mul(d, 0.01*T)), p}, l) })
		if hit < 0 {
			continue
		}
		reach[e] = dist(centre, path[hit]) + hair
		a.contacts = append(a.contacts, [2]int{c, contactVillage})
	}
	// The hamlet's outline: round the square from its NW corner clockwise, out along each lane and back.
	var pts []Pt
	corner := [4]Pt{{-s, -s}, {s, -s}, {s, s}, {-s, s}} // NW NE SE SW: the corner before edge e (N E S W)
	for e := 0; e < 4; e++ {
		pts = append(pts, add(centre, corner[e]))
		if reach[e] == 0 {
			continue
		}
		out := mul(inwardN(e), -1) // from the middle towards edge e
		side := perp(out)          // across the lane
		if dot(side, sub(corner[(e+1)%4], corner[e])) < 0 {
			side = mul(side, -1)
		}
		for _, p := range []Pt{add(mul(out, s), mul(side, -l)), add(mul(out, reach[e]), mul(side, -l)),
			add(mul(out, reach[e]), mul(side, l)), add(mul(out, s), mul(side, l))} {
			pts = append(pts, add(centre, p))
		}
	}
	a.village = pts
}

// bridgeOver marks road or city i as passing over every river it overlaps.
func (a *tileArt) bridgeOver(i int) {
	f := &a.feats[i]
	for j := range a.feats {
		if a.feats[j].kind == engine.KRiver && j != i && overlaps(f.regions, a.feats[j].regions) {
			f.crosses = append(f.crosses, j)
		}
	}
}

// overlaps reports whether any point of one set of regions lies inside the other (sampled along the edges).
func overlaps(x, y []region) bool {
	for _, rx := range x {
		for _, ry := range y {
			if polysOverlap(rx.pts, ry.pts) {
				return true
			}
		}
	}
	return false
}

func polysOverlap(p, q []Pt) bool {
	for _, pt := range p {
		if inPoly(pt, q) {
			return true
		}
	}
	for _, pt := range q {
		if inPoly(pt, p) {
			return true
		}
	}
	for i := range p {
		for j := range q {
			if segsCross(p[i], p[(i+1)%len(p)], q[j], q[(j+1)%len(q)]) {
				return true
			}
		}
	}
	return false
}

func segsCross(a, b, c, d Pt) bool {
	o := func(p, q, r Pt) float64 { return (q.X-p.X)*(r.Y-p.Y) - (q.Y-p.Y)*(r.X-p.X) }
	d1, d2, d3, d4 := o(c, d, a), o(c, d, b), o(a, b, c), o(a, b, d)
	return (d1 > 0) != (d2 > 0) && (d3 > 0) != (d4 > 0) && d1 != 0 && d2 != 0 && d3 != 0 && d4 != 0
}

// inPoly reports whether p lies inside the polygon (even-odd rule).
func inPoly(p Pt, poly []Pt) bool {
	in := false
	for i, j := 0, len(poly)-1; i < len(poly); j, i = i, i+1 {
		a, b := poly[i], poly[j]
		if (a.Y > p.Y) != (b.Y > p.Y) && p.X < (b.X-a.X)*(p.Y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
}

// polyDist is the distance from p to the polygon's outline, negative inside.
func polyDist(p Pt, poly []Pt) float64 {
	d := math.Inf(1)
	for i := range poly {
		d = min(d, segDist(p, poly[i], poly[(i+1)%len(poly)]))
	}
	if inPoly(p, poly) {
		return -d
	}
	return d
}

func segDist(p, a, b Pt) float64 { return dist(p, nearestOnSeg(p, a, b)) }

// nearestOnSeg is the point of the line segment a-b nearest to p.
func nearestOnSeg(p, a, b Pt) Pt {
	ab := sub(b, a)
	t := 0.0
	if l := dot(ab, ab); l > 0 {
		t = max(0, min(1, dot(sub(p, a), ab)/l))
	}
	return add(a, mul(ab, t))
}

// throughPath is the middle line of a road or river between edges e1 and e2: straight across, or a bend round
// the corner between them.
func throughPath(e1, e2 int) []Pt {
	a, b := mid(e1), mid(e2)
	if (e1+2)%4 == e2 {
		return sample([]Pt{a, b}, 12)
	}
	corner := cornerPts[e2]
	if (e1+1)%4 != e2 {
		corner = cornerPts[e1]
	}
	return append([]Pt{a}, quad(a, lerp(centre, corner, 0.2), b, 16)...)
}

// sample puts n points on the straight line a-b.
func sample(ab []Pt, n int) []Pt {
	out := make([]Pt, 0, n+1)
	for i := 0; i <= n; i++ {
		out = append(out, lerp(ab[0], ab[1], float64(i)/float64(n)))
	}
	return out
}

// band is the outline of a stroke of width w along path (square ends).
func band(path []Pt, w float64) []Pt {
	left, right := sides(path, w)
	out := append([]Pt{}, left...)
	for i := len(right) - 1; i >= 0; i-- {
		out = append(out, right[i])
	}
	return out
}

// sides are the two banks of a stroke of width w along path.
func sides(path []Pt, w float64) (left, right []Pt) {
	for i, p := range path {
		var d Pt
		switch {
		case i == 0:
			d = sub(path[1], p)
		case i == len(path)-1:
			d = sub(p, path[i-1])
		default:
			d = add(unit(sub(p, path[i-1])), unit(sub(path[i+1], p)))
		}
		n := mul(perp(unit(d)), w/2)
		left, right = append(left, add(p, n)), append(right, sub(p, n))
	}
	return left, right
}

// others are the regions of every feature but skip, with the village, the volcano and the City's stone, for where
// something may go.
func (a *tileArt) others(skip int) [][]Pt {
	out := a.othersExcept([]int{skip})
	if a.stone != nil {
		out = append(out, a.stone)
	}
	return out
}

// firstHit marches a shape along path (by arc length, in steps) and returns the first step at which shape(p, dir)
// meets one of obstacles; -1 if it never does.
func firstHit(path []Pt, obstacles [][]Pt, shape func(p, dir Pt) []Pt) (int, []Pt) {
	for i := 1; i < len(path); i++ {
		s := shape(path[i], unit(sub(path[i], path[i-1])))
		for _, o := range obstacles {
			if polysOverlap(s, o) {
				return i, o
			}
		}
	}
	return -1, nil
}

// riverEnd lays out river i that ends on the tile: from its edge inwards to a spring or a lake that touches the
// first feature in its way, else in the middle.
func (a *tileArt) riverEnd(i int) {
	sd := &a.t.Segs[i]
	f := &a.feats[i]
	f.width = riverW
	e := edgesOf(sd.Edges)[0]
	r, stop := 0.12*T, 0.5*T
	f.end = int8(engine.Spring)
	if sd.End == engine.Lake {
		r, stop, f.end = 0.2*T, 0.45*T, int8(engine.Lake)
	}
	n := inwardN(e)
	line := make([]Pt, 0, 80)
	for d := 0.0; d <= T-r-0.04*T; d += 0.005 * T {
		line = append(line, add(mid(e), mul(n, d)))
	}
	hit, _ := firstHit(line, a.others(i), func(p, _ Pt) []Pt { return polyCircle(p, r, 32) })
	c := add(mid(e), mul(n, stop))
	if hit > 0 {
		c = add(line[hit-1], mul(n, hair))
		if j := a.ownerOf(c, r+hair*2, i); j >= 0 {
			a.contacts = append(a.contacts, [2]int{i, j})
		}
	}
	f.endC, f.endR = c, r
	f.path = []Pt{mid(e), c}
	f.regions = []region{{pts: band(sample([]Pt{mid(e), c}, 8), riverW)}, {pts: endShape(engine.RiverEnd(f.end), c, r)}}
}

// ownerOf is the feature (other than skip) whose regions come within r of c, -1 for none (-1 also for the
// village: see contacts).
func (a *tileArt) ownerOf(c Pt, r float64, skip int) int {
	best, bd := -1, r
	for j := range a.feats {
		if j == skip {
			continue
		}
		for _, reg := range a.feats[j].regions {
			if d := polyDist(c, reg.pts); d < bd {
				best, bd = j, d
			}
		}
	}
	return best
}

// endShape is a spring (a round pool) or a lake (a wider, irregular water) centred on c.
func endShape(k engine.RiverEnd, c Pt, r float64) []Pt {
	const n = 36
	pts := make([]Pt, n)
	for i := range pts {
		t := 2 * math.Pi * float64(i) / n
		rr := r
		if k == engine.Lake {
			rr = r * (1 + 0.08*math.Sin(3*t+0.7) + 0.05*math.Cos(5*t))
		}
		pts[i] = Pt{c.X + rr*math.Cos(t), c.Y + rr*math.Sin(t)}
	}
	return pts
}

// roadEnd lays out road i that ends on the tile: from its edge to target (-1 the village, -2 the city's gate,
// else the centre segment), stopping a hair into it; over rivers on a bridge tile.
func (a *tileArt) roadEnd(i int, bridge bool, target int) {
	sd := &a.t.Segs[i]
	f := &a.feats[i]
	f.width = roadW
	e := edgesOf(sd.Edges)[0]
	m, n := mid(e), inwardN(e)
	var obstacles [][]Pt
	var path []Pt
	switch {
	case target == -1:
		obstacles = [][]Pt{a.village}
	case target == -3:
		obstacles = [][]Pt{a.volcano}
	case target >= 0:
		obstacles = a.outlines(nil, target)
	default:
		obstacles = a.cityWalls(nil)
	}
	// Straight in from the edge; if that meets nothing before the far side, bend towards the nearest point of the
	// target (the gate of a city cap beside the road's edge, kr-cityroadg).
	straight := sample([]Pt{m, add(m, mul(n, T-0.05*T))}, 190)
	// The road's middle line meets it (roadTip).
	hit, _ := firstHit(straight, obstacles, roadTip)
	path = straight
	if len(obstacles) == 0 && target == -2 {
		// Nothing to end at (am-roadendg: one road and a garden): the road ends at a house a third of the way in.
		path = sample([]Pt{m, add(m, mul(n, 0.3*T))}, 60)
		hit = len(path) - 1
	}
	if hit < 0 || hit > len(straight)*3/4 && target == -2 && len(obstacles) > 0 {
		g := nearestOn(obstacles, centre)
		c := add(m, mul(n, dot(sub(g, m), n)))
		path = append(append([]Pt{m}, quad(m, c, g, 60)...), add(g, mul(unit(sub(g, c)), 0.2*T)))
		path = resample(path, 0.005*T)
		hit, _ = firstHit(path, obstacles, roadTip)
	}
	if hit < 0 {
		hit = len(path) - 1
	}
	// A hair further, so that no field leaks past the road's end (twice that into a chapel's pointed roof).
	end := path[hit]
	d := unit(sub(path[hit], path[hit-1]))
	reach := hair
	if target >= 0 {
		reach = 2 * hair
	}
	if target == -3 {
		reach = 0 // up to the volcano's foot, not into it
	}
	path = append(path[:hit:hit], add(end, mul(d, reach)))
	f.path = path
	f.regions = []region{{pts: band(path, roadW)}}
	a.roadReaches(i, bridge)
	if target == -1 {
		a.contacts = append(a.contacts, [2]int{i, -1})
	}
}

// resample puts points along path every step (arc length).
func resample(path []Pt, step float64) []Pt {
	out := []Pt{path[0]}
	carry := 0.0
	for i := 1; i < len(path); i++ {
		a, b := path[i-1], path[i]
		l := dist(a, b)
		for s := step - carry; s <= l; s += step {
			out = append(out, lerp(a, b, s/l))
		}
		carry = math.Mod(carry+l, step)
	}
	return append(out, path[len(path)-1])
}

// nearestOn is the point of the polygons' outlines nearest to p.
func nearestOn(polys [][]Pt, p Pt) Pt {
	best, bd := p, math.Inf(1)
	for _, poly := range polys {
		for i := range poly {
			q := nearestOnSeg(p, poly[i], poly[(i+1)%len(poly)])
			if d := dist(p, q); d < bd {
				best, bd = q, d
			}
		}
	}
	return best
}

// roomiest is the point with the most room around it (its distance to every other feature and to the tile's
// border), the centre when it has need there; and the scale (at most 1) at which a shape of radius need fits.
func (a *tileArt) roomiest(need float64, skipFeat []int) (Pt, float64) {
	obst := a.othersExcept(skipFeat)
	room := func(p Pt) float64 {
		r := min(p.X, p.Y, T-p.X, T-p.Y)
		for _, o := range obst {
			r = min(r, polyDist(p, o))
		}
		return r
	}
	if room(centre) >= need {
		return centre, 1
	}
	best, br := centre, room(centre)
	step := 0.025 * T
	for y := 0.15 * T; y <= 0.85*T+1e-9; y += step {
		for x := 0.15 * T; x <= 0.85*T+1e-9; x += step {
			p := Pt{x, y}
			r := room(p)
			if r > br+0.005*T || r > br-0.005*T && dist(p, centre) < dist(best, centre)-1e-9 {
				best, br = p, r
			}
		}
	}
	return best, max(0.3, min(1, br/need))
}

// othersExcept are the regions of every feature but those of skip, with the village and the volcano (not the
// City's stone: others adds it).
func (a *tileArt) othersExcept(skip []int) [][]Pt {
	var out [][]Pt
	for i := range a.feats {
		if !slices.Contains(skip, i) {
			out = a.outlines(out, i)
		}
	}
	for _, p := range [][]Pt{a.village, a.volcano} {
		if p != nil {
			out = append(out, p)
		}
	}
	return out
}

// Centre features' sizes at scale 1: the chapel (body w x h, roof, door) and the garden's hedge.
const (
	chapelW = 0.3 * T
	chapelH = 0.2 * T
	roofH   = 0.2 * T
	gardenR = 0.2 * T
)

// placeCentre puts the monastery, shrine or garden i where the most room is.
func (a *tileArt) placeCentre(i int) {
	f := &a.feats[i]
	need := gardenR + 0.04*T
	if f.kind != engine.KGarden {
		need = 0.29 * T // from the chapel's middle to its roof's top (and the shrine's cross), with a margin
	}
	if f.kind == engine.KShrine {
		need = 0.37 * T // … its cross above the dome
	}
	f.at, f.centreS = a.roomiest(need, []int{i})
	// The chapel is no disc: smaller still until it keeps clear of everything (a field goes round it).
	obst := a.others(i)
	for f.centreS > 0.3 && !clearOf(centreOutline(f.kind, f.at, f.centreS), obst, 0.04*T) {
		f.centreS *= 0.92
	}
	f.regions = []region{{pts: centreOutline(f.kind, f.at, f.centreS)}}
}

// clearOf reports whether poly lies inside the tile, overlaps none of obst and keeps gap from each.
func clearOf(poly []Pt, obst [][]Pt, gap float64) bool {
	for _, p := range poly {
		if min(p.X, p.Y, T-p.X, T-p.Y) < gap {
			return false
		}
		for _, o := range obst {
			if polyDist(p, o) < gap {
				return false
			}
		}
	}
	for _, o := range obst {
		if polysOverlap(poly, o) {
			return false
		}
	}
	return true
}

// centreOutline is the outline of a centre feature at c, scale s: the garden's hedge, or the chapel with its roof
// (and the shrine's cross) as one polygon.
func centreOutline(k engine.Kind, c Pt, s float64) []Pt {
	if k == engine.KGarden {
		return polyCircle(c, gardenR*s, 24)
	}
	w, h, rh := chapelW*s, chapelH*s, roofH*s
	top := c.Y - h/4
	pts := []Pt{{c.X - w/2, c.Y + 3*h/4}, {c.X - w/2, top}, {c.X - w/2 - 2*s, top}, {c.X, top - rh},
		{c.X + w/2 + 2*s, top}, {c.X + w/2, top}, {c.X + w/2, c.Y + 3*h/4}}
	if k == engine.KShrine { // the cross above the dome
		cross := top - rh
		pts = append(pts[:4:4], Pt{c.X - 0.01*T*s, cross}, Pt{c.X - 0.01*T*s, cross - 0.1*T*s},
			Pt{c.X + 0.01*T*s, cross - 0.1*T*s}, Pt{c.X + 0.01*T*s, cross})
		pts = append(pts, Pt{c.X + w/2 + 2*s, top}, Pt{c.X + w/2, top}, Pt{c.X + w/2, c.Y + 3*h/4})
	}
	return pts
}

// volcanoShape is the volcano's cone at c, scale s.
func volcanoShape(c Pt, s float64) []Pt {
	w, h := 0.34*T*s, 0.26*T*s
	return []Pt{{c.X - w/2, c.Y + h/2}, {c.X - w/6, c.Y - h/2}, {c.X + w/6, c.Y - h/2}, {c.X + w/2, c.Y + h/2}}
}
