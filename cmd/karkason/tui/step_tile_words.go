package tui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/karkason/karkason/engine"
)

// The words of the tile step's answers (issue 30). A tile two of whose ways read the same but join its edges
// otherwise (ic-2bends' bends, RRRR either way) is listed once a way, each naming what its roads join
// ("2 roads, 3 fields RRRR N+W, E+S"), so that the digit that takes it names its turn too and the place step needs
// no Space. Where the answers do not all fit (80x24: a complete code's matches under the input line, entry.layout),
// each shows a short label: its sides in compass letters after their feature, its goods after their city's side, a
// feature's word not repeated, no expansion, no count of fields where no other tile listed reads the same without it,
// one join of a tile's ways ("2 roads RRRR N+W E ×1": one line, where a code begun lists ic-2bends among the
// three-road tiles), and no edge code nor letter of the rule book where the code was typed whole (every answer shows
// the code): "city NW cloth, S, E ×1", one line at 80x24, where the full label took two or three (the eleven answers
// of `cccc` took four pages).

// turnTwins reports whether two ways tile t may lie read the same (tileName) but join its edges otherwise
// (joinWords): ic-2bends, am-bridgecross, pd-portal2bends.
func turnTwins(t *engine.TileType) bool {
	for a := 0; a < 4; a++ {
		for b := a + 1; b < 4; b++ {
			if t.DistinctRotation(a) && t.DistinctRotation(b) &&
				tileName(keyWords{}, t, a) == tileName(keyWords{}, t, b) && joinKey(t, a) != joinKey(t, b) {
				return true
			}
		}
	}
	return false
}

// joinKey is joinWords of t in rotation rot in a fixed order (the same joins, whichever segment is first).
func joinKey(t *engine.TileType, rot int) string {
	parts := strings.Split(joinWords(keyWords{}, t, rot), ", ")
	slices.Sort(parts)
	return strings.Join(parts, ", ")
}

// tileTurnName is tileName, and for a tile of turnTwins what its roads, cities and rivers join after its edge
// code: "2 roads, 3 fields RRRR N+W, E+S (Inns & Cathedrals)".
func tileTurnName(loc translator, t *engine.TileType, rot int) string {
	name := tileName(loc, t, rot)
	if !turnTwins(t) {
		return name
	}
	code := " " + codeOf(t, rot)
	if i := strings.LastIndex(name, code); i >= 0 {
		i += len(code)
		return name[:i] + " " + joinWords(loc, t, rot) + name[i:]
	}
	return name + " " + joinWords(loc, t, rot)
}

// Marks of shortWords in a tile's name, taken out by shortTileName.
const (
	sideMark  = "\x01" // between a feature's word and its side
	goodsMark = "\x02" // before goods
	expMark   = "\x03" // an expansion's name
	fieldMark = "\x04" // the count of fields (tileName's "3 fields")
)

// shortWords is the translator of a short tile name (shortTileName): a side in compass letters, marked; goods
// marked; an expansion's name a mark.
type shortWords struct {
	loc    translator
	fields bool // the count of fields in words, not marked
}

func (s shortWords) T(id string, data map[string]any) string {
	switch {
	case strings.HasPrefix(id, "ui.side."):
		return localPlace(s.loc, strings.ToUpper(strings.TrimPrefix(id, "ui.side.")))
	case id == "ui.feat.side":
		return fmt.Sprint(data["Kind"]) + sideMark + fmt.Sprint(data["Side"])
	case strings.HasPrefix(id, "term.goods."):
		return goodsMark + s.loc.T(id, data)
	case strings.HasPrefix(id, "ui.exp."):
		return expMark
	}
	return s.loc.T(id, data)
}

func (s shortWords) N(id string, count int, data map[string]any) string {
	if id == "plural.tile_fields" && !s.fields {
		return fieldMark
	}
	if n, ok := s.loc.(plurals); ok {
		return n.N(id, count, data)
	}
	return id
}

// shortTileName names tile t lying in rotation rot for a narrow list: "city NW cloth, S, E" for tileName's
// "city (north-west), cloth, city (south), city (east) CCCC" (no expansion, no count of fields: "2 roads RRRR" for
// "2 roads, 3 fields RRRR"; withCode: its edge code after the words), and for a tile of turnTwins the edges its
// first road, city or river joins (the others join the edges left: "2 roads RRRR N+W").
func shortTileName(loc translator, t *engine.TileType, rot int, withCode bool) string {
	return shortName(loc, t, rot, withCode, false)
}

// shortTileNameFields is shortTileName with the count of fields too, where tileName gives one ("2 roads, 3 fields
// RRRR"): the words of a match that another match listed reads the same as without it (shortLabels).
func shortTileNameFields(loc translator, t *engine.TileType, rot int, withCode bool) string {
	return shortName(loc, t, rot, withCode, true)
}

func shortName(loc translator, t *engine.TileType, rot int, withCode, fields bool) string {
	name := strings.TrimSuffix(tileName(shortWords{loc, fields}, t, rot), " ("+expMark+")")
	name = strings.TrimSuffix(name, " "+codeOf(t, rot))
	var out []string
	prev, afterSide := "", false
	for _, p := range strings.Split(name, ", ") {
		word, side, sided := strings.Cut(p, sideMark)
		switch {
		case p == fieldMark: // (the roads tell the tile apart; a look-alike by its fields alone: shortTileNameFields)
		case strings.HasPrefix(p, goodsMark) && afterSide:
			out[len(out)-1] += " " + strings.TrimPrefix(p, goodsMark) // after its city's side: "city NW cloth"
		case sided && word == prev:
			out = append(out, side) // "city NW, S": the city's word once
		case sided:
			prev = word
			out = append(out, word+" "+side)
		default:
			prev = ""
			out = append(out, strings.TrimPrefix(p, goodsMark))
		}
		afterSide = sided
	}
	name = strings.Join(out, ", ")
	if withCode {
		name += " " + codeOf(t, rot)
	}
	if turnTwins(t) { // (its first join: the others join the edges left, "2 roads RRRR N+W")
		name += " " + strings.Split(joinWords(loc, t, rot), ", ")[0]
	}
	return name
}

// tileAnswer is the label of the tile step's answer for tile t lying in rotation rot, "city, road CRFR D ×3" (the
// tile in words and its edges, tileTurnName; the letter of the rule book; the copies left).
func (e *entry) tileAnswer(t *engine.TileType, rot int) string {
	return e.tileListed(t, tileTurnName(e.t.u.loc, t, rot), true)
}

// listedTile is a tile the tile step lists for a code: its answer's index, the tile and the rotation it lies in.
type listedTile struct {
	i   int
	t   *engine.TileType
	rot int
}

// shortLabels gives the tiles listed their short labels (shortTileName, the letter, the copies; typed: the code was
// typed whole, the short label leaves it and the letter out): without the count of fields where no other tile
// listed reads the same so, else with it (shortTileNameFields); then distinctShorts.
func (e *entry) shortLabels(choices []choice, listed []listedTile, typed bool) {
	loc := e.t.u.loc
	shorts := make([]string, len(listed))
	same := map[string]int{} // the tiles listed that read so without their fields
	for k, l := range listed {
		shorts[k] = shortTileName(loc, l.t, l.rot, !typed)
		same[shorts[k]]++
	}
	for k, l := range listed {
		short := shorts[k]
		if same[short] > 1 {
			short = shortTileNameFields(loc, l.t, l.rot, !typed)
		}
		// (a code begun: the letter with the code, as in full; typed whole: words alone, one line)
		choices[l.i].short = e.tileListed(l.t, short, !typed)
	}
	distinctShorts(choices)
}

// distinctShorts takes the short label away from answers whose short labels read the same (they show their full
// labels, which differ).
func distinctShorts(choices []choice) {
	by := map[string][]int{}
	for i, c := range choices {
		if c.short != "" && !c.muted {
			by[plainLabel(c.short)] = append(by[plainLabel(c.short)], i)
		}
	}
	for _, idx := range by {
		if len(idx) > 1 {
			for _, i := range idx {
				choices[i].short = ""
			}
		}
	}
}

// turnKey tells apart the ways of a tile of turnTwins in matchRots (joinKey); "" for another tile.
func turnKey(t *engine.TileType, rot int) string {
	if !turnTwins(t) {
		return ""
	}
	return joinKey(t, rot)
}
