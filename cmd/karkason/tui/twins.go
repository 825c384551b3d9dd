package tui

import (
	"slices"
	"strings"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// Twins: tiles that show the same edges and differ by one mark, a garden (ABBOT-2: b-rs and b-rsg) or a pennant
// (BASE-10: b-c3 and b-c3s). The board step lays the plain one of a code typed without the mark and asks for the
// mark after (markAsk), so the board is the table's at one key for a tile with the mark and none for a tile without
// (step_board.go).

// markAsk is a tile just laid whose type has twins in the box (the same tile with a garden or a pennant more): the
// mark's key (g, e) makes it that twin.
type markAsk struct {
	cell  engine.Pos
	rot   int
	twins map[rune]*engine.TileType
}

// marks is what the prompt shows of the marks asked for: "♣ G" and/or "◆ E".
func (m *markAsk) marks() string {
	var out []string
	if m.twins['g'] != nil {
		out = append(out, "♣ G")
	}
	if m.twins['e'] != nil {
		out = append(out, "◆ E")
	}
	return strings.Join(out, " / ")
}

// markKeys are the keys of the marks that tell twins apart, as the prompt shows them.
var markKeys = map[rune]string{'g': "G ♣", 'e': "E ◆"}

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
	m := &markAsk{cell: cell, rot: rot, twins: map[rune]*engine.TileType{}}
	for _, o := range e.g.Cat.Types {
		if k := twinMark(o, t); k != 0 && e.g.Bag.Left(o) > 0 {
			m.twins[k] = o
		}
	}
	if len(m.twins) == 0 {
		return nil
	}
	return m
}
