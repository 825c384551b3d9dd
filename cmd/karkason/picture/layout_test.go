package picture

import (
	"fmt"
	"math/bits"
	"slices"
	"testing"

	"github.com/karkason/karkason/engine"
)

// testRes is the raster the layouts are checked on: pixels a tile side (a pixel is 0.8 picture units).
const testRes = 80

// TestEveryFeatureDrawnApart checks the layout of every tile type of every set (the City's cells included) in
// every rotation against the tile catalogue, on a raster (issue 22 item 10):
//
//   - no two features overlap, except a bridge over what it crosses (declared: a road or city over a river on a
//     tile with a bridge object, two features whose edges interleave round the tile and so must cross, or a road
//     over a road, tiles-ic-tb.md's "roads that cross without meeting") and a feature ending at another (a road at
//     a gate, a lake at a wall: at most a hair, 0.6 % of the tile);
//   - every edge of the catalogue is the feature it names: a city all along it, a road or river at its middle, a
//     field all along it but where a road or river meets it;
//   - the ground no feature covers falls apart into exactly the catalogue's fields: each field's half-edges in one
//     piece, different fields in different pieces, one piece touching no edge for each inner field, nothing else;
//   - every feature is in one piece and visible (at least 1 % of the tile uncovered by anything drawn over it);
//   - two roads, two rivers or two cities do not touch (one would read as the other) but at a corner, or a road
//     where its bridge comes down beside the road it crosses;
//   - a figure's place lies on its feature, a pennant and a goods symbol inside its city.
//
// notDrawnApart are the tiles whose drawing does not yet keep every feature apart, with why: a known gap of the
// pictures, listed so that it is seen. None now: The Princess & the Dragon's tunnel (pd-dragontunnel,
// layout_tunnel.go) and enclosed meadow (pd-princesscapcorner, layout_lens.go) are drawn.
var notDrawnApart = map[string]string{}

func TestEveryFeatureDrawnApart(t *testing.T) {
	for _, tt := range engine.Standard().Types {
		if reason, ok := notDrawnApart[tt.ID]; ok {
			t.Logf("%s: not checked: %s", tt.ID, reason)
			continue
		}
		a := artOf(tt)
		for rot := 0; rot < 4; rot++ {
			t.Run(fmt.Sprintf("%s/%d", tt.ID, rot*90), func(t *testing.T) {
				if why, gap := amLayoutGaps[tt.ID]; gap {
					t.Skip("known gap of the generic layout: " + why)
				}
				checkLayout(t, a, rot)
			})
		}
	}
}

func checkLayout(t *testing.T, a *tileArt, rot int) {
	tt := a.t
	r := a.rasterize(rot, testRes)
	n := testRes
	px := n * n
	name := func(i int) string {
		switch i {
		case bitVillage:
			return "the village"
		case bitVolcano:
			return "the volcano"
		case bitStone:
			return "the City"
		}
		return tt.Segs[i].Name + " (" + tt.Segs[i].Kind.String() + ")"
	}
	// Overlaps.
	allowed := func(i, j int) (bool, int) { // may i and j overlap, and by how many pixels at most
		for _, c := range a.contacts {
			ci, cj := c[0], c[1]
			if cj == contactVillage {
				cj = bitVillage
			}
			if cj == contactStone {
				cj = bitStone
			}
			if ci == i && cj == j || ci == j && cj == i {
				return true, px * 6 / 1000
			}
		}
		if i >= len(a.feats) || j >= len(a.feats) {
			return false, 0
		}
		if slices.Contains(a.feats[i].crosses, j) || slices.Contains(a.feats[j].crosses, i) {
			upper, lower := i, j
			if slices.Contains(a.feats[j].crosses, i) {
				upper, lower = j, i
			}
			must := interleave(tt.Segs[upper].Edges, tt.Segs[lower].Edges)
			onBridgeTile := hasObject(tt, "bridge") && tt.Segs[lower].Kind == engine.KRiver
			// A road over a road (tb-bridge, tb-capbridge: "roads that cross without meeting", tiles-ic-tb.md).
			roadOverRoad := tt.Segs[upper].Kind == engine.KRoad && tt.Segs[lower].Kind == engine.KRoad
			return must || onBridgeTile || roadOverRoad, px
		}
		return false, 0
	}
	overlap := map[[2]int]int{}
	for p := 0; p < px; p++ {
		all := r.ground[p] | r.over[p]
		if bits.OnesCount64(all) < 2 {
			continue
		}
		for i := 0; i < 64; i++ {
			for j := i + 1; j < 64; j++ {
				if all&(1<<i) != 0 && all&(1<<j) != 0 {
					overlap[[2]int{i, j}]++
				}
			}
		}
	}
	for k, v := range overlap {
		ok, most := allowed(k[0], k[1])
		if !ok && v > 2 || v > most && ok {
			t.Errorf("%s and %s overlap (%d pixels of %d)", name(k[0]), name(k[1]), v, px)
		}
	}
	// Edges.
	for e := 0; e < 4; e++ {
		ce := (e - rot + 4) % 4 // the catalogue's edge at table edge e
		terr := tt.Edges[ce]
		switch terr {
		case engine.City:
			for k := 0.08; k < 0.93; k += 0.07 {
				if cov := r.ground[r.edgePixel(e, k)] | r.over[r.edgePixel(e, k)]; !coversKind(tt, cov, engine.KCity, ce) {
					t.Errorf("table edge %s at %.2f: not its city (%b)", engine.EdgeNames[e], k, cov)
				}
			}
		case engine.Road, engine.River:
			kind := engine.KRoad
			if terr == engine.River {
				kind = engine.KRiver
			}
			if cov := r.ground[r.edgePixel(e, 0.5)]; !coversKind(tt, cov, kind, ce) {
				t.Errorf("table edge %s: its middle is not its %s (%b)", engine.EdgeNames[e], kind, cov)
			}
			fallthrough
		case engine.Field:
			for k := 0.15; k < 0.86; k += 0.05 {
				if terr != engine.Field && k > 0.35 && k < 0.65 {
					continue
				}
				if p := r.edgePixel(e, k); r.ground[p] != 0 {
					t.Errorf("table edge %s at %.2f: %s where the catalogue has field", engine.EdgeNames[e], k,
						name(bits.TrailingZeros64(r.ground[p])))
				}
			}
		}
	}
	// Fields.
	comps := r.fieldComps(a)
	size := make([]int, r.comps)
	for p := 0; p < px; p++ {
		if c := r.comp[p]; c >= 0 && r.over[p] == 0 {
			size[c]++
		}
	}
	used := map[int32]int{}
	for i := range tt.Segs {
		sd := &tt.Segs[i]
		if sd.Kind != engine.KField {
			continue
		}
		c := comps[i]
		if c < 0 {
			t.Errorf("field %s: not found on the ground", sd.Name)
			continue
		}
		if j, ok := used[c]; ok {
			t.Errorf("fields %s and %s are one piece of ground", tt.Segs[j].Name, sd.Name)
		}
		used[c] = i
		hs := tableHalves(sd, rot)
		for h := 0; h < 8; h++ {
			if hs&(1<<h) != 0 && r.comp[r.halfPixel(h)] != c {
				t.Errorf("field %s: half-edge %s apart from the rest", sd.Name, engine.HalfNames[h])
			}
		}
		if size[c] < px/100 {
			t.Errorf("field %s: %d pixels visible, want %d", sd.Name, size[c], px/100)
		}
	}
	for c := 0; c < r.comps; c++ {
		if _, ok := used[int32(c)]; !ok && size[c] > 3 {
			t.Errorf("a piece of ground of %d pixels that is no field of the catalogue", size[c])
		}
	}
	// Every other feature: one piece, visible.
	visible := make([]int, 64)
	for p := 0; p < px; p++ {
		top := r.over[p]
		if top == 0 {
			top = r.ground[p]
		}
		for i := 0; i < 64; i++ {
			if top&(1<<i) != 0 {
				visible[i]++
			}
		}
	}
	for i := range tt.Segs {
		if tt.Segs[i].Kind == engine.KField {
			continue
		}
		m := r.member(a, i)
		if k := pieces(m, n); k != 1 {
			t.Errorf("%s: %d pieces", name(i), k)
		}
		if visible[i] < px/100 {
			t.Errorf("%s: %d pixels visible, want %d", name(i), visible[i], px/100)
		}
	}
	// Roads, rivers, cities apart from their own kind (but at a corner, and a road where it goes over another on a
	// bridge: its ends come down beside the road it crosses, tb-bridge).
	for i := range tt.Segs {
		for j := i + 1; j < len(tt.Segs); j++ {
			k := tt.Segs[i].Kind
			bridged := k == engine.KRoad && (slices.Contains(a.feats[i].crosses, j) || slices.Contains(a.feats[j].crosses, i))
			if k != tt.Segs[j].Kind || k == engine.KField || k.IsCentre() || bridged {
				continue
			}
			touch := 0
			for p := 0; p < px; p++ {
				x, y := p%n, p/n
				if r.ground[p]&(1<<i) == 0 {
					continue
				}
				for _, q := range [][2]int{{x + 1, y}, {x - 1, y}, {x, y + 1}, {x, y - 1}} {
					if q[0] >= 0 && q[1] >= 0 && q[0] < n && q[1] < n && r.ground[q[1]*n+q[0]]&(1<<j) != 0 {
						touch++
					}
				}
			}
			if touch > n/8 {
				t.Errorf("%s and %s touch along %d pixels", name(i), name(j), touch)
			}
		}
	}
	// Figures and pennants.
	for i := range tt.Segs {
		if tt.Segs[i].Kind == engine.KRiver {
			continue
		}
		p := rotPt(a.feats[i].anchor, rot)
		k := min(n-1, int(p.Y/T*float64(n)))*n + min(n-1, int(p.X/T*float64(n)))
		if m := r.member(a, i); !m[k] {
			t.Errorf("%s: the figure's place %v is off the feature", name(i), p)
		}
		if tt.Segs[i].Pennants > 0 && !allIn(pennantShape(a.pennants[i]), a.feats[i].regions) {
			t.Errorf("%s: the pennant sticks out of the city", name(i))
		}
		if tt.Segs[i].Goods.Total() > 0 && !allIn(goodsOutline(a.goods[i]), a.feats[i].regions) {
			t.Errorf("%s: the goods symbol sticks out of the city", name(i))
		}
	}
}

// coversKind reports whether cov (raster bits) holds a segment of kind k that touches catalogue edge ce.
func coversKind(tt *engine.TileType, cov uint64, k engine.Kind, ce int) bool {
	for i := range tt.Segs {
		if cov&(1<<i) != 0 && tt.Segs[i].Kind == k && tt.Segs[i].Edges&(1<<ce) != 0 {
			return true
		}
	}
	return false
}

// interleave reports whether two features' edges alternate round the tile (N-S against E-W): they must cross.
func interleave(m1, m2 uint8) bool {
	return m1 == edgesNS && m2 == edgesEW || m1 == edgesEW && m2 == edgesNS
}

// pieces counts the 4-connected pieces of m.
func pieces(m []bool, n int) int {
	seen := make([]bool, len(m))
	k := 0
	for s := range m {
		if !m[s] || seen[s] {
			continue
		}
		k++
		stack := []int{s}
		seen[s] = true
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := p%n, p/n
			for _, q := range [][2]int{{x + 1, y}, {x - 1, y}, {x, y + 1}, {x, y - 1}} {
				if q[0] >= 0 && q[1] >= 0 && q[0] < n && q[1] < n && m[q[1]*n+q[0]] && !seen[q[1]*n+q[0]] {
					seen[q[1]*n+q[0]] = true
					stack = append(stack, q[1]*n+q[0])
				}
			}
		}
	}
	return k
}

// amLayoutGaps are the Abbey & Mayor tiles (tiles-am.md) whose drawing the generic layout does not reach yet, each
// with what is wrong, listed so that every other tile stays checked. None now: the roads that touch a wall
// (am-2caps2roads, am-capbend-e/w: layout_wall.go), the tunnel (am-bandtunnel), the farmers beside the bridge
// (am-bridgecross) and the abbey's courtyard (am-abbey) are drawn.
var amLayoutGaps = map[string]string{}
