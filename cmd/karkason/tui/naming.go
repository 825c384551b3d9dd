package tui

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// Naming a feature as a player says it, in words (issue 20: a list of targets never names a feature by compass
// codes alone): a field by the side of its tile it lies on and what it lies beside ("the field north of the road",
// "the field around the monastery", "the field between the road and the city"), a road, city or river by its side of the tile when the tile has more than one
// of that kind ("city (east)"), a road with its inn and a city with its cathedral so where the module counts them
// ("road with an inn (east)"), a monastery, shrine or garden by its kind; then, where the list needs it, the cell
// of its tile ("... at -2,3"). The side is the direction from the tile's middle to the edges (a road, a city) or
// half-edges (a field) the segment reaches; a field reaching all round, or a segment whose edges cancel out, has
// none. This is wording only: which features exist and where a figure may go are the engine's.

// featureName names the feature of a segment in words (see above), with the cell of its tile if withPos.
func featureName(g *referee.Game, loc translator, seg int32, withPos bool) string {
	ti, l := g.S.SegTile(seg)
	t := &g.S.Tiles[ti]
	kind := g.S.SegKind(seg)
	name := loc.T("term."+kind.String(), nil)
	// A road with the inn printed on it, a city with the cathedral in it, where the module makes them count (IC-7,
	// IC-8): on a tile with two roads the inn's is the one it doubles.
	switch own, acts := t.Type.Segs[l].Marks, g.S.Marks(seg); {
	case kind == engine.KRoad && own.Has(engine.MarkInn) && acts.Has(engine.MarkInn):
		name = loc.T("term.inn_road", nil)
	case kind == engine.KCity && own.Has(engine.MarkCathedral) && acts.Has(engine.MarkCathedral):
		name = loc.T("term.cathedral_city", nil)
	}
	data := map[string]any{"Kind": name}
	side, ok := segSide(g.S, ti, l)
	switch {
	case kind.IsCentre():
	case kind == engine.KField:
		of, has := beside(t)
		switch {
		case !has:
		case ok:
			data["Side"], data["Of"] = loc.T("ui.side."+sideKeys[side], nil), loc.T("ui.of."+of.String(), nil)
			name = loc.T("ui.feat.field", data)
		default: // no side: around its monastery, shrine or garden, else between its city and its road, or around
			if t.Type.Centre >= 0 {
				of = t.Type.Segs[t.Type.Centre].Kind
			}
			if and, ok := second(t, of); ok && t.Type.Centre < 0 {
				data["Of"], data["And"] = loc.T("ui.amid."+of.String(), nil), loc.T("ui.amid."+and.String(), nil)
				name = loc.T("ui.feat.between", data)
				break
			}
			data["Of"] = loc.T("ui.of."+of.String(), nil)
			name = loc.T("ui.feat.around", data)
		}
	case kinds(t.Type, kind) > 1 && ok:
		data["Side"] = loc.T("ui.side."+sideKeys[side], nil)
		name = loc.T("ui.feat.side", data)
	case kinds(t.Type, kind) > 1:
		name += " " + localPlace(loc, placeWords(g.S, ti, l)) // no side in words: its edges
	}
	if withPos {
		return loc.T("ui.feat.at", map[string]any{"Feature": name, "Cell": t.Pos.String()})
	}
	return name
}

// sideKeys are the eight sides of a tile, clockwise from the north (ui.side.*).
var sideKeys = [8]string{"n", "ne", "e", "se", "s", "sw", "w", "nw"}

// placeVec is where each edge (N E S W) and half-edge (NNW NNE ... WNW) lies from the tile's middle (x east, y
// south).
var placeVec = map[string][2]float64{
	"N": {0, -1}, "E": {1, 0}, "S": {0, 1}, "W": {-1, 0},
	"NNW": {-0.5, -1}, "NNE": {0.5, -1}, "ENE": {1, -0.5}, "ESE": {1, 0.5},
	"SSE": {0.5, 1}, "SSW": {-0.5, 1}, "WSW": {-1, 0.5}, "WNW": {-1, -0.5},
}

// segSide returns the side of the tile (an index into sideKeys) that local segment l of tile ti lies on: the sum of
// its half-edges (a field) or edges (a road, a city, a river); false if they cancel out.
func segSide(s *engine.State, ti, l int) (int, bool) {
	field := s.Tiles[ti].Type.Segs[l].Kind == engine.KField
	var x, y float64
	for _, n := range s.PlaceNames(ti, l) {
		if v, ok := placeVec[n]; ok && (len(n) == 3) == field {
			x, y = x+v[0], y+v[1]
		}
	}
	return sideOf(x, y)
}

// beside is what a field of tile t is named beside: its road, else its city, river, monastery, shrine or garden;
// false if the tile has nothing but fields.
func beside(t *engine.Placed) (engine.Kind, bool) {
	for _, k := range []engine.Kind{engine.KRoad, engine.KCity, engine.KRiver, engine.KMonastery, engine.KShrine,
		engine.KGarden} {
		if kinds(t.Type, k) > 0 {
			return k, true
		}
	}
	return 0, false
}

// second is another kind than first of the road, city and river that tile t shows (a field between them).
func second(t *engine.Placed, first engine.Kind) (engine.Kind, bool) {
	for _, k := range []engine.Kind{engine.KCity, engine.KRoad, engine.KRiver} {
		if k != first && kinds(t.Type, k) > 0 {
			return k, true
		}
	}
	return 0, false
}

// kinds counts the segments of kind k on tile type t.
func kinds(t *engine.TileType, k engine.Kind) int {
	n := 0
	for _, sd := range t.Segs {
		if sd.Kind == k {
			n++
		}
	}
	return n
}

// tileWords describes a tile type lying in a rotation by what tells it from the tiles with the same edges: its
// cities (each with its side when there are several, ◆ with a pennant; a city with a cathedral so named; the goods
// printed in it, TB-1), its roads with an inn (IC-7), its river's spring or lake, a pig herd, its monastery, shrine or garden ("city (west), city (east), garden"; "city ◆"); its roads
// when it has nothing else; "field" for a tile of fields only.
func tileWords(loc translator, t *engine.TileType, rot int) string {
	var parts []string
	cities, roads := kinds(t, engine.KCity), kinds(t, engine.KRoad)
	for l, sd := range t.Segs {
		var w string
		switch {
		case sd.Kind == engine.KCity && sd.Marks.Has(engine.MarkCathedral):
			w = loc.T("term.cathedral_city", nil)
		case sd.Kind == engine.KCity:
			w = loc.T("term.city", nil)
		case sd.Kind == engine.KRoad && sd.Marks.Has(engine.MarkInn):
			w = loc.T("term.inn_road", nil)
		case sd.Kind == engine.KRiver && sd.End == engine.Spring:
			w = loc.T("term.spring", nil)
		case sd.Kind == engine.KRiver && sd.End == engine.Lake:
			w = loc.T("term.lake", nil)
		default:
			continue
		}
		if side, ok := typeSide(t, rot, l); ok && ((sd.Kind == engine.KCity && cities > 1) || (sd.Kind == engine.KRoad && roads > 1)) {
			w = loc.T("ui.feat.side", map[string]any{"Kind": w, "Side": loc.T("ui.side."+sideKeys[side], nil)})
		}
		if sd.Pennants > 0 {
			w += " ◆"
		}
		parts = append(parts, w)
		for g, n := range sd.Goods { // the goods printed in a city (TB-1)
			if n > 0 {
				parts = append(parts, loc.T("term.goods."+engine.GoodsNames[g], nil))
			}
		}
	}
	for _, sd := range t.Segs {
		if sd.Marks.Has(engine.MarkPigHerd) { // River II's pig herd on a field (COMBO-12)
			parts = append(parts, loc.T("term.pig_herd", nil))
		}
	}
	// Its roads (or river, or fields) when it has nothing else: a garden copy reads as its plain tile and the
	// garden ("road, garden RRFFG", issue 30), a monastery or shrine by itself.
	if len(parts) == 0 && (t.Centre < 0 || t.Segs[t.Centre].Kind == engine.KGarden) {
		for _, k := range []engine.Kind{engine.KRoad, engine.KRiver, engine.KField} {
			if kinds(t, k) > 0 {
				parts = append(parts, loc.T("term."+k.String(), nil))
				break
			}
		}
	}
	if t.Centre >= 0 {
		parts = append(parts, loc.T("term."+t.Segs[t.Centre].Kind.String(), nil))
	}
	if y, _ := t.PDSymbol(); y != engine.NoSymbol { // a volcano, a dragon, a magic portal, the princess (board_pd.go)
		parts = append(parts, loc.T("term.pd."+y.String(), nil))
	}
	return strings.Join(parts, ", ")
}

// tileName names a tile type lying in a rotation as the table reads it: tileWords and its edge code as it lies,
// "city ◆, monastery CFFFME" (the id is the record's, never the only name on the screen); a tile of an expansion
// that would read the same as another tile (their roads or fields joined otherwise: kr-cityroads and b-c1r3,
// ic-2bends and b-r4, a River tile and its River II twin) adds its expansion, "city CRRR (5 new tiles)".
//
// Such a tile also says how many roads and fields it shows (issue 30: b-c1r3 and kr-cityroads, b-r4, ic-2bends and
// tb-bridge, tb-cornerroad-grain and tb-cornerroadsplit-grain, which is of the same expansion), "city, 3 roads,
// 3 fields CRRR": what a player sees on the tile, and what tells them apart in words; the River's twins in River II
// differ by their expansion alone.
func tileName(loc translator, t *engine.TileType, rot int) string {
	if t.Abbey { // its wall, not a monastery's fields (AM-4)
		return loc.T("term.abbey", nil) + " " + codeOf(t, rot)
	}
	words := tileWords(loc, t, rot)
	if n, ok := loc.(plurals); ok && countsTell()[t] {
		counts := n.N("plural.tile_fields", kinds(t, engine.KField), nil)
		if r := kinds(t, engine.KRoad); r > 0 {
			counts = n.N("plural.tile_roads", r, nil) + ", " + counts
		}
		if words == loc.T("term.road", nil) {
			words = counts // "2 roads, 3 fields", not "road, 2 roads ..."
		} else {
			words += ", " + counts
		}
	}
	name := words + " " + codeOf(t, rot)
	if exp, _ := referee.SetExpansion(t.Set); nameClashes()[t] && exp != "" {
		name += " (" + loc.T("ui.exp."+exp, nil) + ")"
	}
	return name
}

// plurals is a translator with plural forms (the locales' N).
type plurals interface {
	N(id string, count int, data map[string]any) string
}

// nameClashes are the tile types of the catalogue that read the same as another type lying in some rotation (the
// same tileWords and edges), worked out once with the message ids for words (keyWords), whatever the language.
var nameClashes = sync.OnceValue(func() map[*engine.TileType]bool {
	by := map[string][]*engine.TileType{}
	for _, t := range engine.Standard().Types {
		if t.Piece != nil {
			continue
		}
		for rot := 0; rot < 4; rot++ {
			n := tileWords(keyWords{}, t, rot) + " " + codeOf(t, rot)
			if !slices.Contains(by[n], t) {
				by[n] = append(by[n], t)
			}
		}
	}
	out := map[*engine.TileType]bool{}
	for _, ts := range by {
		for _, t := range ts {
			out[t] = out[t] || len(ts) > 1
		}
	}
	return out
})

// countsTell are the tile types of nameClashes that a look-alike has other counts of roads or fields than (see
// tileName).
var countsTell = sync.OnceValue(func() map[*engine.TileType]bool {
	by := map[string][]*engine.TileType{}
	for _, t := range engine.Standard().Types {
		if t.Piece != nil || !nameClashes()[t] {
			continue
		}
		for rot := 0; rot < 4; rot++ {
			n := tileWords(keyWords{}, t, rot) + " " + codeOf(t, rot)
			by[n] = append(by[n], t)
		}
	}
	out := map[*engine.TileType]bool{}
	for _, ts := range by {
		for _, a := range ts {
			for _, b := range ts {
				if kinds(a, engine.KRoad) != kinds(b, engine.KRoad) || kinds(a, engine.KField) != kinds(b, engine.KField) {
					out[a] = true
				}
			}
		}
	}
	return out
})

// keyWords renders a message as its id and data: words that differ exactly where the messages differ.
type keyWords struct{}

func (keyWords) T(id string, data map[string]any) string { return id + fmt.Sprint(data) }

// typeSide is segSide for local segment l of a tile type in a rotation (its edges only: a road, a city, a river).
func typeSide(t *engine.TileType, rot, l int) (int, bool) {
	var x, y float64
	for e := 0; e < 4; e++ {
		if t.SegAtEdge(rot, e) == l {
			v := placeVec[engine.EdgeNames[e]]
			x, y = x+v[0], y+v[1]
		}
	}
	return sideOf(x, y)
}

// sideOf is the side (an index into sideKeys) a vector from the tile's middle points to; false if it is too short.
func sideOf(x, y float64) (int, bool) {
	if math.Hypot(x, y) < 0.75 {
		return 0, false
	}
	a := math.Atan2(x, -y) / (2 * math.Pi) * 8 // the angle clockwise from the north, in eighths
	return (int(math.Round(a)) + 8) % 8, true
}
