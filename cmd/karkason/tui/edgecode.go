package tui

import (
	"slices"
	"strings"
	"unicode"

	"github.com/karkason/karkason/engine"
)

// The edge code: a tile typed as the players see it on the table, its four edges clockwise from the board's north
// (N E S W), with what else is printed on it. "C R F R" (or "crfr", or "3212") is a city north, a road east, a
// field south and a road west. The keys are chosen so that they work with the keyboard in any layout the players
// use: digits are digits everywhere, and a letter key gives a Cyrillic letter in a Bulgarian (BDS or phonetic)
// or Ukrainian (ЙЦУКЕН) layout, which counts as the Latin letter on the same key.
//
//	terrain  key  digit        mark       key
//	field    F    1            monastery  M
//	road     R    2            shrine     S
//	city     C    3            garden     G
//	river    W    4            pennant    E (emblem: "герб")
//
// The Cyrillic letters of the two Bulgarian layouts and of the Ukrainian one share letters on different keys
// (с is C in ЙЦУКЕН and S in the phonetic layout): a Cyrillic letter is read through the layouts of the user's
// language first (bg: BDS, phonetic; uk: ЙЦУКЕН), then through the others.

// codeSym is one symbol of an edge code.
type codeSym uint8

const (
	symNone codeSym = iota
	symField
	symRoad
	symCity
	symRiver
	symMonastery
	symShrine
	symGarden
	symPennant
)

// latinSym maps the Latin key (lower case) to its symbol.
var latinSym = map[rune]codeSym{
	'f': symField, 'r': symRoad, 'c': symCity, 'w': symRiver,
	'm': symMonastery, 's': symShrine, 'g': symGarden, 'e': symPennant,
	'1': symField, '2': symRoad, '3': symCity, '4': symRiver,
}

// Keyboard layouts: the Cyrillic letter each Latin letter key gives.
const latinKeys = "qwertyuiopasdfghjklzxcvbnm"

var (
	layoutUK       = "йцукенгшщзфівапролдячсмить"
	layoutBDS      = ",уеишщксдзьяаожгтнвюйъэфхп"
	layoutPhonetic = "явертъуиопасдфгхйклзьцжбнм"
)

// layoutOrder lists the layouts to read Cyrillic through, per user language.
var layoutOrder = map[string][]string{
	"bg": {layoutBDS, layoutPhonetic, layoutUK},
	"uk": {layoutUK, layoutBDS, layoutPhonetic},
	"en": {layoutUK, layoutBDS, layoutPhonetic},
}

// latinKey returns the Latin key (lower case) that gives r in the user's layouts: r itself for a Latin letter or
// a digit, the key of a Cyrillic letter in the first layout (of the user language's order) that has a key with
// an edge-code meaning for it, else the first layout that has it at all; 0 if none.
func latinKey(lang string, r rune) rune {
	r = unicode.ToLower(r)
	if r < 128 {
		return r
	}
	if r == 'ы' { // the Russian layout's key for the Ukrainian і
		r = 'і'
	}
	order := layoutOrder[lang]
	if order == nil {
		order = layoutOrder["en"]
	}
	first := rune(0)
	for _, l := range order {
		i := strings.IndexRune(l, r)
		if i < 0 {
			continue
		}
		k := rune(latinKeys[len([]rune(l[:i]))])
		if _, ok := latinSym[k]; ok {
			return k
		}
		if first == 0 {
			first = k
		}
	}
	return first
}

// edgeCode is a parsed edge code: the terrains typed so far (N first), and the marks.
type edgeCode struct {
	edges []engine.Terrain
	marks engine.Marks
}

// parseEdgeCode reads s as an edge code; ok is false if s has a character that is none of the code's keys (then
// it is a tile's name, see tileMatches) or more than four terrains. Spaces, commas, "+" and "-" between symbols
// are ignored.
func parseEdgeCode(lang, s string) (c edgeCode, ok bool) {
	for _, r := range s {
		switch r {
		case ' ', ',', '+':
			continue
		}
		sym := latinSym[latinKey(lang, r)]
		switch sym {
		case symNone:
			return c, false
		case symField:
			c.edges = append(c.edges, engine.Field)
		case symRoad:
			c.edges = append(c.edges, engine.Road)
		case symCity:
			c.edges = append(c.edges, engine.City)
		case symRiver:
			c.edges = append(c.edges, engine.River)
		case symMonastery:
			c.marks.Centre = engine.KMonastery
		case symShrine:
			c.marks.Centre = engine.KShrine
		case symGarden:
			c.marks.Centre = engine.KGarden
		case symPennant:
			c.marks.Pennant = true
		}
	}
	return c, len(c.edges) <= 4
}

// complete reports whether all four edges are typed.
func (c edgeCode) complete() bool { return len(c.edges) == 4 }

// empty reports whether nothing was typed.
func (c edgeCode) empty() bool {
	return len(c.edges) == 0 && c.marks == (engine.Marks{})
}

// edges4 returns the four edges of a complete code.
func (c edgeCode) edges4() [4]engine.Terrain {
	var e [4]engine.Terrain
	copy(e[:], c.edges)
	return e
}

// prefixMatches returns each tile of types with each rotation prefixRotations gives it (a code begun: the tiles
// whose edges begin so, each way they show them).
func (c edgeCode) prefixMatches(types []*engine.TileType) []engine.Match {
	var out []engine.Match
	for _, t := range types {
		for _, rot := range c.prefixRotations(t) {
			out = append(out, engine.Match{Type: t, Rot: rot})
		}
	}
	return out
}

// prefixRotations returns the rotations of t whose first edges (N, E, ...) are c's and that carry c's marks;
// distinct rotations only (a symmetric tile's equal rotations once).
func (c edgeCode) prefixRotations(t *engine.TileType) []int {
	if c.marks.Centre != engine.KRoad && (t.Centre < 0 || t.Segs[t.Centre].Kind != c.marks.Centre) {
		return nil
	}
	if c.marks.Pennant && !hasPennant(t) {
		return nil
	}
	var out []int
	for rot := 0; rot < 4; rot++ {
		if !t.DistinctRotation(rot) {
			continue
		}
		ok := true
		for e, want := range c.edges {
			if t.Rotated(rot, e) != want {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, rot)
		}
	}
	return out
}

func hasPennant(t *engine.TileType) bool {
	for _, s := range t.Segs {
		if s.Pennants > 0 {
			return true
		}
	}
	return false
}

// codeOf returns the edge code (Latin letters) that a tile shows in a rotation: its four edges and its marks.
func codeOf(t *engine.TileType, rot int) string {
	var b strings.Builder
	for e := 0; e < 4; e++ {
		b.WriteByte("FRCW-A"[t.Rotated(rot, e)]) // "-" inside a piece, "A" an abbey edge (AM-4)
	}
	if t.Centre >= 0 {
		switch t.Segs[t.Centre].Kind {
		case engine.KMonastery:
			b.WriteByte('M')
		case engine.KShrine:
			b.WriteByte('S')
		case engine.KGarden:
			b.WriteByte('G')
		}
	}
	if hasPennant(t) {
		b.WriteByte('E')
	}
	return b.String()
}

// latinText converts what was typed on a Cyrillic layout to the Latin keys (for tile names typed by key).
func latinText(lang, s string) string {
	var b strings.Builder
	for _, r := range s {
		if k := latinKey(lang, r); k != 0 {
			b.WriteRune(k)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// ownLayouts is how many layouts of layoutOrder[lang] are the language's own: Bulgarian BDS and phonetic,
// Ukrainian ЙЦУКЕН; English has none of its own and reads all three.
var ownLayouts = map[string]int{"bg": 2, "uk": 1, "en": 3}

// keysOf returns the Latin keys (lower case) that give r in the language's own layouts: r itself for a Latin
// letter or a digit; for a Cyrillic letter, the key it is on in each of those layouts (one key, or several where
// the layouts put it on different keys). The answers' letter keys (answerKey) are chosen so that their letters,
// and the edge code's, name one key in each language's own layouts.
func keysOf(lang string, r rune) []rune {
	r = unicode.ToLower(r)
	if r < 128 {
		return []rune{r}
	}
	if r == 'ы' { // the Russian layout's key for the Ukrainian і
		r = 'і'
	}
	order := layoutOrder[lang]
	n, ok := ownLayouts[lang]
	if order == nil || !ok {
		order, n = layoutOrder["en"], ownLayouts["en"]
	}
	var out []rune
	for _, l := range order[:n] {
		i := strings.IndexRune(l, r)
		if i < 0 {
			continue
		}
		if k := rune(latinKeys[len([]rune(l[:i]))]); !strings.ContainsRune(string(out), k) {
			out = append(out, k)
		}
	}
	return out
}

// keyName is Latin key k (upper case) as the user's own layouts show it: "D (В)" in Ukrainian, "D (А/Д)" in
// Bulgarian (BDS, phonetic), "D" in English.
func keyName(lang string, k rune) string {
	order, n := layoutOrder[lang], ownLayouts[lang]
	if order == nil || lang == "en" {
		return string(k)
	}
	i := strings.IndexRune(latinKeys, unicode.ToLower(k))
	if i < 0 {
		return string(k)
	}
	var on []string
	for _, l := range order[:n] {
		r := string(unicode.ToUpper([]rune(l)[i]))
		if !slices.Contains(on, r) {
			on = append(on, r)
		}
	}
	return string(k) + " (" + strings.Join(on, "/") + ")"
}

// isCodeKey reports whether Latin key k (lower case) means something in the edge code (a terrain or a mark).
func isCodeKey(k rune) bool {
	_, ok := latinSym[k]
	return ok
}
