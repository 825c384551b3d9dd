package tui

import (
	"slices"
	"strings"
	"unicode"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// Twins: tiles that show the same edges and differ by one mark, a garden (ABBOT-2: b-rs and b-rsg) or a pennant
// (BASE-10: b-c3 and b-c3s). The board step lays the plain one of a code typed without the mark and asks for the
// mark after (markAsk), so the board is the table's at one key for a tile with the mark and none for a tile without
// (step_board.go).

// markAsk is a tile just laid whose type has twins in the box (the same tile with a garden or a pennant more) or
// look-alikes (a tile of any set that shows the same edges with one mark more, markedLike): the mark's key (g, e,
// m, s) makes it that tile, lying as rots says.
type markAsk struct {
	cell  engine.Pos
	rot   int
	twins map[rune]*engine.TileType
	rots  map[rune]int // the quarter turns each twin lies in (a look-alike of another set may be drawn turned)
}

// marks is what the prompt shows of the marks asked for: "♣ G", "◆ E", "⌂ M", "† S", in that order.
func (m *markAsk) marks() string {
	var out []string
	for _, k := range []rune{'g', 'e', 'm', 's'} {
		if m.twins[k] != nil {
			out = append(out, markShown[k])
		}
	}
	return strings.Join(out, " / ")
}

// markShown and markKeys are the marks that tell twins and look-alikes apart, as the prompt shows them.
var (
	markShown = map[rune]string{'g': "♣ G", 'e': "◆ E", 'm': "⌂ M", 's': "† S"}
	markKeys  = map[rune]string{'g': "G ♣", 'e': "E ◆", 'm': "M ⌂", 's': "S †"}
)

// markedLike returns the mark (lower case) that tile o turned r shows beyond code, the code of another tile as it
// lies, when o so shows the same edges and marks with exactly one mark more; 0 otherwise (issue 29: b-c1 "CFFF"
// and am-citysplit3 "CFFFE", of two sets, are told apart by the pennant as twins are).
func markedLike(o *engine.TileType, r int, code string) rune {
	c := codeOf(o, r)
	if len(c) != len(code)+1 || c[:4] != code[:4] {
		return 0
	}
	for i := 4; i < len(c); i++ {
		if c[:i]+c[i+1:] == code {
			return unicode.ToLower(rune(c[i]))
		}
	}
	return 0
}

// exactOfMarked returns the one match whose code is the code typed, when every other match shows it with one mark
// more, a different mark each, and no twin or look-alike of the laid tile shares that mark (markAsk would not know
// which): laid at once as a twin's plain tile is, the others asked for by their mark after. ok is false otherwise.
func (e *entry) exactOfMarked(matches []engine.Match) (engine.Match, bool) {
	var exact []engine.Match
	short := 0
	for _, m := range matches {
		if n := len(codeOf(m.Type, m.Rot)); short == 0 || n < short {
			short, exact = n, []engine.Match{m}
		} else if n == short {
			exact = append(exact, m)
		}
	}
	if len(exact) != 1 {
		return engine.Match{}, false
	}
	code := codeOf(exact[0].Type, exact[0].Rot)
	ask := e.markAsk(exact[0].Type, engine.Pos{}, exact[0].Rot)
	for _, m := range matches {
		if m == exact[0] {
			continue
		}
		k := markedLike(m.Type, m.Rot, code)
		if k == 0 || ask == nil || ask.twins[k] != m.Type || ask.rots[k] != m.Rot {
			return engine.Match{}, false
		}
	}
	return exact[0], true
}

// twinMark returns the mark that tells tile a from tile b when a is b with one thing more (a garden: 'g', ABBOT-2;
// a pennant: 'e', BASE-10) and nothing else differs (the same set, no inn or cathedral apart: b-c4s is not
// ic-cathedral with a pennant); 0 otherwise.
func twinMark(a, b *engine.TileType) rune {
	if gardenTwin(a, b) {
		return 'g'
	}
	if a == b || a.Set != b.Set || a.Edges != b.Edges || len(a.Segs) != len(b.Segs) || a.Centre != b.Centre {
		return 0
	}
	more := false
	for i := range a.Segs {
		x, y := a.Segs[i], b.Segs[i]
		if x.Kind != y.Kind || x.Edges != y.Edges || x.Halves != y.Halves || x.Marks != y.Marks ||
			x.Pennants < y.Pennants {
			return 0
		}
		more = more || x.Pennants > y.Pennants
	}
	if more {
		return 'e'
	}
	return 0
}

// withoutTwins are the matches a player means by the marks typed: a twin with a mark more than another match (in
// the same rotation) is left out, as the mark was not typed (it is asked for once the plain one is laid); the
// copies the box holds most of first.
func withoutTwins(matches []engine.Match, bag referee.Bag) []engine.Match {
	out := dropTwins(matches, func(a, b *engine.TileType) bool { return twinMark(a, b) != 0 })
	slices.SortStableFunc(out, func(a, b engine.Match) int { return bag.Left(b.Type) - bag.Left(a.Type) })
	return out
}

// dropTwins returns the matches, in their order, less each that is twin (twin(its type, the other's)) of another
// match in the same rotation.
func dropTwins(matches []engine.Match, twin func(a, b *engine.TileType) bool) []engine.Match {
	var out []engine.Match
	for _, m := range matches {
		if !slices.ContainsFunc(matches, func(o engine.Match) bool { return o.Rot == m.Rot && twin(m.Type, o.Type) }) {
			out = append(out, m)
		}
	}
	return out
}

// others are the matches not in meant, in their order.
func others(matches, meant []engine.Match) []engine.Match {
	var out []engine.Match
	for _, m := range matches {
		if !slices.Contains(meant, m) {
			out = append(out, m)
		}
	}
	return out
}

// onlyTwins returns the mark the matches of a code show and the code did not type, when every match (among the
// tiles the box holds) is a twin of a tile with that mark less: the box holds no more of the plain one (POS-2),
// and the twin is not laid without the player's word; 0 otherwise.
func onlyTwins(cat *engine.Catalogue, matches []engine.Match, typed engine.Marks) rune {
	mark := rune(0)
	for _, m := range matches {
		found := rune(0)
		for _, o := range cat.Types {
			k := twinMark(m.Type, o)
			if k == 'g' && typed.Centre == engine.KGarden || k == 'e' && typed.Pennant {
				k = 0 // that mark was typed
			}
			if k != 0 {
				found = k
				break
			}
		}
		if found == 0 {
			return 0
		}
		mark = found
	}
	return mark
}

// markAsk is what the prompt asks after tile t is laid at cell in rotation rot: its twins the box still holds, by
// their mark's key; nil if none.
func (e *entry) markAsk(t *engine.TileType, cell engine.Pos, rot int) *markAsk {
	m := &markAsk{cell: cell, rot: rot, twins: map[rune]*engine.TileType{}, rots: map[rune]int{}}
	code := codeOf(t, rot)
	shared := map[rune]bool{} // a mark two tiles show more: its key cannot say which
	for _, o := range e.g.Cat.Types {
		if o == t || o.Piece != nil || e.g.Bag.Left(o) == 0 {
			continue
		}
		if k := twinMark(o, t); k != 0 {
			shared[k] = shared[k] || m.twins[k] != nil
			m.twins[k], m.rots[k] = o, rot
			continue
		}
		for r := 0; r < 4; r++ {
			if k := markedLike(o, r, code); k != 0 && o.DistinctRotation(r) {
				shared[k] = shared[k] || m.twins[k] != nil
				m.twins[k], m.rots[k] = o, r
			}
		}
	}
	for k := range shared {
		if shared[k] {
			delete(m.twins, k)
		}
	}
	if len(m.twins) == 0 {
		return nil
	}
	return m
}
