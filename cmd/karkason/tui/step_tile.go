package tui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
	"github.com/rivo/tview"
)

// tileStep asks for the tile (SEQ-1..3): the player types the tile's four edges as they lie on the table,
// clockwise from the board's north (edgecode.go), with its marks; the tile types still in the stack that show them
// are listed, each in the rotation that shows them (engine MatchTiles). One match is taken at once. A tile can
// also be typed by its id or letter, or picked from the list or from the pictures (F4). With nothing typed, the
// first answer opens a gift (if one may be opened now).
//
// The builder's second tile (Traders & Builders, SEQ-7a, TB-7..10) is this step again for the same player: the
// prompt says that the builder earned it, and with nothing typed the first answer, Enter, declines it (TB-9:
// builder-pass, as the referee lists it last), before the gift; a tile is typed as in any turn part.
type tileStep struct{ answers }

func (s *tileStep) kind() step { return stepTile }

func (s *tileStep) legend() string {
	loc := s.e.t.u.loc
	if s.second() {
		return loc.T("ui.legend.second_tile", nil) + " · " + loc.T("ui.edge_legend", nil)
	}
	return loc.T("ui.edge_legend", nil)
}

// second reports whether this is the builder's second tile, which may still be declined (referee SecondTileOpen).
func (s *tileStep) second() bool {
	g := s.e.g
	return g != nil && g.Phase == referee.PhaseTile && g.SecondTileOpen()
}

func (s *tileStep) show() {
	e := s.e
	if s.second() {
		e.ask("ui.ask.second_tile", nil)
	} else {
		e.ask("ui.ask.tile", nil)
	}
	e.tileLine()
	if e.input.GetText() != e.typed {
		e.input.SetText(e.typed) // calls typed
	}
	s.filter(false)
}

// typed: the text of the input line changed.
func (s *tileStep) typed(text string) {
	s.e.typed = text
	s.filter(true)
}

// highlight shows the highlighted tile's picture beside the prompt.
func (s *tileStep) highlight(i int) {
	e := s.e
	e.pic.t = nil
	s.answers.highlight(i)
	e.layout()
}

// key: ↑↓ move the list's highlight while typing; Enter takes the highlighted tile; Esc clears the line.
func (s *tileStep) key(ev *tcell.EventKey) *tcell.EventKey {
	e := s.e
	switch ev.Key() {
	case tcell.KeyUp, tcell.KeyDown, tcell.KeyPgUp, tcell.KeyPgDn:
		e.menu.handleKey(ev)
		return nil
	case tcell.KeyEnter:
		s.enterTile()
		return nil
	case tcell.KeyEscape:
		e.input.SetText("")
		return nil
	case tcell.KeyRune:
		if i, ok := e.abbeyOffered(); ok && ev.Rune() == abbeyKey && strings.TrimSpace(e.input.GetText()) == "" {
			e.menu.choose(i) // the abbey instead of a tile (step_abbey.go)
			return nil
		}
	}
	return ev
}

// drawable returns the tile types that can be drawn now.
func (e *entry) drawable() []*engine.TileType { return e.g.Bag.Drawable(e.g.Cat) }

// tileLabel is "city, road CRFR D ×3": the tile in words and its edges lying in rotation rot (tileName), the
// letter of the rule book and the copies left.
func (e *entry) tileLabel(t *engine.TileType, rot int) string {
	return e.tileListed(t, tileName(e.t.u.loc, t, rot), true)
}

// tileListed is tile t's line in the tile step's list: its words, the letters of the rule book if letters, the
// copies left.
func (e *entry) tileListed(t *engine.TileType, words string, letters bool) string {
	if letters && len(t.Aliases) > 0 {
		words += " " + strings.Join(t.Aliases, " ")
	}
	return tview.Escape(words) + fmt.Sprintf(" ×%d", e.g.Bag.Left(t))
}

// filter lists the tiles that fit what was typed: an edge code (complete: the matching tile types in their
// rotation, one match taken at once if auto, several each with a digit, which typed right after the code takes it;
// a beginning: the tiles whose edges begin so), else a tile's id or letter; nothing typed: a gift first (if one may
// be opened), then every tile that can be drawn.
func (s *tileStep) filter(auto bool) {
	e := s.e
	if e.now != s || e.g == nil {
		return
	}
	text := strings.TrimSpace(e.input.GetText())
	if base, k, complete, ok := digitAfterCode(e.t.u.loc.Lang(), text); ok && auto {
		// A digit right after a code, complete or begun: the tile listed with that key (the code stays typed for
		// Esc).
		choices, _ := s.list(base, false)
		var open []int // the answers numbered 1..9 (numberMatches)
		for i, c := range choices {
			if !c.muted {
				open = append(open, i)
			}
		}
		if k < len(open) && (len(open) > 1 || !complete) {
			e.typed = base
			e.offer(choices)
			s.numberMatches(!complete)
			e.menu.setCurrent(open[k])
			e.menu.choose(open[k])
			e.focus()
			return
		}
	}
	choices, taken := s.list(text, auto)
	if taken {
		return
	}
	e.offer(choices)
	if code, ok := parseEdgeCode(e.t.u.loc.Lang(), text); ok && code.digitsListed(text) {
		s.numberMatches(!code.complete())
	}
	e.markAbbey() // its key, with nothing typed (step_abbey.go)
	if text == "" && e.pic.t != nil {
		e.pic.t = nil // the picture once something is typed or chosen: the room is the list's
		e.layout()
	}
}

// minDigitEdges is the number of edges typed from which the tiles listed carry digits (issue 30: the tile is
// taken as soon as it is listed, often after three edges, one key fewer than the whole code and its digit).
const minDigitEdges = 2

// digitsListed reports whether the tiles listed for code c, typed as text, carry digits: a complete code, or one
// begun with at least minDigitEdges edges typed as letters (edges typed as digits, `32`, go on as digits: the next
// digit is an edge).
func (c edgeCode) digitsListed(text string) bool {
	return c.complete() || (len(c.edges) >= minDigitEdges && !strings.ContainsAny(text, "0123456789"))
}

// digitAfterCode reports whether text is an edge code whose tiles carry digits (digitsListed: a complete code with
// any marks, or the beginning of one in letters) followed by one of the digits 1..9: the code, the digit's index
// (0 for "1") and whether the code is complete.
func digitAfterCode(lang, text string) (base string, k int, complete, ok bool) {
	n := len(text)
	if n < minDigitEdges+1 || text[n-1] < '1' || text[n-1] > '9' {
		return "", 0, false, false
	}
	base = strings.TrimSpace(text[:n-1])
	code, isCode := parseEdgeCode(lang, base)
	return base, int(text[n-1] - '1'), code.complete(), isCode && code.digitsListed(base)
}

// numberMatches shows the digit of each tile listed for a code (1..9, the order of the list): typed right after
// the code, it takes that tile (filter). For a complete code only when two or more are listed (one is taken at
// once); for a code begun (begun), also a single tile, which is never taken before its digit: the edge typed next
// must not fall to the place step. The list has no keys of its own otherwise (the keys type the tile).
func (s *tileStep) numberMatches(begun bool) {
	m := s.e.menu
	n := 0
	for i := range m.items {
		if !m.items[i].muted && n < 9 {
			n++
			m.items[i].key = string(rune('0' + n))
		}
	}
	if n < 2 && !(begun && n == 1) {
		for i := range m.items {
			m.items[i].key = ""
		}
	}
	s.e.layout() // (the matches with their digits come first, entry.layout)
}

// list returns the answers for text (see filter); taken reports that a single match was taken at once (auto).
func (s *tileStep) list(text string, auto bool) (choices []choice, taken bool) {
	e := s.e
	loc := e.t.u.loc
	add := func(t *engine.TileType, rots []int, label string) {
		choices = append(choices, choice{label: label, next: func() { e.placeTile(t, rots) },
			preview: func() { e.pic.t, e.pic.rot = t, rots[0] }})
	}
	// A match of an edge code: its label; its short label once every match is listed (step_tile_words.go).
	var listed []listedTile
	addMatch := func(t *engine.TileType, rots []int) {
		add(t, rots, e.tileAnswer(t, rots[0]))
		listed = append(listed, listedTile{len(choices) - 1, t, rots[0]})
	}
	// The matches of one tile type that read the same are one answer (matchRots), a tile of turnTwins one a way.
	words := func(t *engine.TileType, rot int) string { return tileName(loc, t, rot) + "|" + turnKey(t, rot) }
	code, isCode := parseEdgeCode(loc.Lang(), text)
	drawable := e.drawable()
	switch {
	case text == "":
		if s.second() { // the builder's second tile declined: Enter (TB-9)
			pass := referee.Action{Colour: e.g.Colour(e.who), Verb: referee.VerbBuilderPass}
			choices = append(choices, choice{label: loc.T("ui.opt.builder_pass", nil), act: &pass})
		}
		if e.giftAllowed() {
			choices = append(choices, choice{label: loc.T("ui.opt.gift", map[string]any{"Count": e.g.S.Gift.Hands[e.who]}),
				next: func() { e.enter(&giftStep{answers{e}}) }})
		}
		e.abbeyChoices(&choices) // the abbey instead of a tile, the end-of-game abbey round (step_abbey.go)
		for _, t := range drawable {
			add(t, []int{0, 1, 2, 3}, e.tileLabel(t, 0))
		}
	case isCode && code.complete():
		matches := e.g.Cat.MatchTiles(code.edges4(), code.marks, drawable)
		rots := matchRots(matches, words)
		for i, m := range matches {
			if rots[i] != nil { // a tile whose rotations show the same edges and words: one answer, Space turns it
				addMatch(m.Type, rots[i])
			}
		}
		e.shortLabels(choices, listed, true)
		e.addNamed(&choices, text, add)
		if len(choices) == 0 {
			choices = append(choices, choice{label: loc.T("ui.no_match", map[string]any{"Code": tview.Escape(text)}),
				muted: true})
		}
		// One answer (one tile, read one way): taken at once. Several: the list, those that show nothing more than was
		// typed first (b-rs before its garden copy b-rsg and the shrine sh-2roads), each with its digit, which typed
		// right after the code takes it; Enter takes the first; typing a mark narrows it. A garden copy in the stack is
		// listed beside its plain tile even without the Abbot (issue 30: the record and F4 say which copy lies on the
		// table), so "rrff2" takes it and "rrffg" names it.
		if auto && len(matches) > 0 && !slices.ContainsFunc(matches, func(m engine.Match) bool {
			return m.Type != matches[0].Type
		}) && !slices.ContainsFunc(rots[1:], func(r []int) bool { return r != nil }) { // one answer: one way it reads
			e.offer(choices)
			e.placeTile(matches[0].Type, rots[0])
			e.focus()
			return choices, true
		}
	case isCode:
		// A code begun: each tile whose edges begin so, each way it shows them that reads otherwise (a digit takes
		// it in that rotation, issue 30).
		matches := code.prefixMatches(drawable)
		rots := matchRots(matches, words)
		for i, m := range matches {
			if rots[i] != nil {
				addMatch(m.Type, rots[i])
			}
		}
		e.shortLabels(choices, listed, false)
		e.addNamed(&choices, text, add)
	default:
		e.addNamed(&choices, text, add)
		if len(choices) == 0 {
			choices = append(choices, choice{label: loc.T("ui.unknown_tile", map[string]any{"Tile": tview.Escape(text)}),
				muted: true})
		}
	}
	return choices, false
}

// matchRots groups the matches of one tile type that read the same (words: the tile in words in a rotation): the
// first such match gets the rotations of all of them (a tile whose distinct rotations show the same edges and read
// the same, like ic-2bends' two bends, RRRR either way: the place step turns it with Space, its picture shows
// which); the others nil. Rotations that read otherwise (tb-corner2caps-cloth's cities, CCCC each way) are answers
// of their own, each taken by its digit (issue 30: no turning with Space where the words tell them apart).
func matchRots(matches []engine.Match, words func(t *engine.TileType, rot int) string) [][]int {
	type key struct {
		t     *engine.TileType
		words string
	}
	out := make([][]int, len(matches))
	first := map[key]int{}
	for i, m := range matches {
		k := key{m.Type, words(m.Type, m.Rot)}
		if j, ok := first[k]; ok {
			out[j] = append(out[j], m.Rot)
			continue
		}
		first[k] = i
		out[i] = []int{m.Rot}
	}
	return out
}

// gardenTwin reports whether a is the garden copy of b: b's segments, in the same places, and a garden.
func gardenTwin(a, b *engine.TileType) bool {
	if a.Centre < 0 || a.Segs[a.Centre].Kind != engine.KGarden || b.Centre >= 0 || len(a.Segs) != len(b.Segs)+1 ||
		a.Edges != b.Edges || a.Set != b.Set || !slices.Equal(a.Objects, b.Objects) { // a volcano is no dragon tile
		return false
	}
	j := 0
	for i := range a.Segs {
		if i == int(a.Centre) {
			continue
		}
		x, y := a.Segs[i], b.Segs[j]
		if x.Kind != y.Kind || x.Edges != y.Edges || x.Halves != y.Halves || x.Pennants != y.Pennants {
			return false
		}
		j++
	}
	return true
}

// hasExtras reports whether t shows a mark that m does not name: a monastery, shrine or garden, or a pennant.
func hasExtras(t *engine.TileType, m engine.Marks) bool {
	return (m.Centre == engine.KRoad && t.Centre >= 0) || (!m.Pennant && hasPennant(t))
}

// addNamed puts first the drawable tiles whose id or letter is the text typed (also typed on a Cyrillic layout).
func (e *entry) addNamed(choices *[]choice, text string, add func(*engine.TileType, []int, string)) {
	n := len(*choices)
	latin := latinText(e.t.u.loc.Lang(), text)
	for _, t := range e.g.Cat.Types {
		// Every tile by its name, also one that cannot be drawn now: choosing it shows the referee's reason.
		if t.Piece == nil && (tileNamed(t, text) || (latin != text && tileNamed(t, latin))) {
			add(t, []int{0, 1, 2, 3}, e.tileLabel(t, 0))
		}
	}
	// The named tiles first.
	named := slices.Clone((*choices)[n:])
	*choices = append(named, (*choices)[:n]...)
}

// tileNamed reports whether text is t's id (or its beginning, from three characters on) or one of its letters.
func tileNamed(t *engine.TileType, text string) bool {
	text = strings.TrimSpace(text)
	if text == "" {
		return false
	}
	if strings.EqualFold(t.ID, text) || (len(text) >= 3 && strings.HasPrefix(t.ID, strings.ToLower(text))) {
		return true
	}
	for _, a := range t.Aliases {
		if a == text || (len(text) > 1 && strings.EqualFold(a, text)) {
			return true
		}
	}
	return false
}

// giftAllowed reports whether the player may open a gift now: one held, none opened this turn (GIFT-5(a)), and
// the referee offers one (referee.Legal lists the gifts after the placements).
func (e *entry) giftAllowed() bool {
	g := e.g
	if !g.S.Opts.Gifts || g.S.Gift.Hands[e.who] == 0 || giftOpenedThisTurn(g) {
		return false
	}
	return len(e.giftActions()) > 0
}

// giftOpenedThisTurn reports whether the active player opened a gift this turn (one a turn, GIFT-5(a)).
func giftOpenedThisTurn(g *referee.Game) bool {
	for i := len(g.Events) - 1; i >= 0; i-- {
		ev := g.Events[i]
		if ev.Turn != g.TurnNo {
			return false
		}
		if ev.Key == "ev.gift_opened" && ev.Player == g.Active {
			return true
		}
	}
	return false
}

// enterTile takes the highlighted tile.
func (s *tileStep) enterTile() {
	e := s.e
	if c := e.menu.current; c < e.menu.count() && !e.menu.items[c].muted {
		e.menu.choose(c)
		return
	}
	e.t.setStatus(e.t.u.loc.T("ui.unknown_tile", map[string]any{"Tile": e.input.GetText()}), true)
}
