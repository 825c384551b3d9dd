package tui

import (
	"slices"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// Abbey & Mayor at the table (RULES-AM.md): the abbey instead of a tile and the end-of-game abbey round (abbeyStep),
// the barn's answers in the figure step (barnChoice) and its corners as keys on the board (boardView.ckeys,
// board_am.go). The wagon's move is step_wagon.go.

// abbeyKey is the key of the tile step that offers the abbey instead of a tile (SEQ-0b, AM-3), with nothing typed:
// a digit, the same on every keyboard layout, that no edge code begins with (edgecode.go: 1..4 are edges).
const abbeyKey = '0'

// abbeyChoices adds to the tile step's answers, with nothing typed, the abbey instead of a tile (SEQ-0b, AM-3, AM-4)
// when the referee lets it lie in a hole now: one answer, its key abbeyKey (step_tile.go), which goes on to the
// holes (abbeyStep).
func (e *entry) abbeyChoices(choices *[]choice) {
	if !e.g.S.Opts.AbbeyMayor {
		return
	}
	if holes := e.abbeyHoles(); len(holes) > 0 {
		*choices = append(*choices, choice{label: e.t.u.loc.N("plural.am.abbey_instead", len(holes), nil),
			next: func() { e.enter(newAbbeyStep(e, false)) }, target: "abbey"})
	}
}

// abbeyHoles returns the holes the referee lets the abbey lie in now (Legal: `place am-abbey x,y`), and the pass
// of the end-of-game abbey round if it is offered (AM-10).
func (e *entry) abbeyHoles() []referee.Action {
	var out []referee.Action
	for _, a := range e.legal() {
		if a.Verb == referee.VerbPlace && a.Tile == referee.TileAbbey {
			out = append(out, a)
		}
	}
	return out
}

// abbeyOffered reports whether the tile step's list holds the abbey's answer (abbeyChoices) and its index.
func (e *entry) abbeyOffered() (int, bool) {
	i := slices.IndexFunc(e.choices, func(c choice) bool { return c.target == "abbey" && c.next != nil })
	return i, i >= 0
}

// markAbbey shows the abbey's key beside its answer in the tile step's list (whose answers have no keys: the keys
// type the tile).
func (e *entry) markAbbey() {
	if i, ok := e.abbeyOffered(); ok && i < e.menu.count() {
		e.menu.items[i].key = string(abbeyKey)
	}
}

// abbeyStep asks which hole the abbey goes into (AM-3, AM-4): each hole the referee lists is a place with a key of
// its own, on the board and in the list, as the place step's places are (it is a place step for the abbey tile, in
// its one rotation: the arrows, PgUp PgDn, a click, Enter work the same); Esc goes back to the tile. In the
// end-of-game abbey round (AM-10) it is the step of each player whose go it is, and its last answer is "no abbey".
type abbeyStep struct {
	placeStep
	round bool
	pass  *referee.Action // the end-of-game round's "no abbey" (AM-10), nil outside it
}

// newAbbeyStep is the abbey step of the pending decision: the holes listed nearest the last tile first.
func newAbbeyStep(e *entry, round bool) *abbeyStep {
	s := &abbeyStep{placeStep: placeStep{answers: answers{e}, tile: e.g.Cat.Tile(referee.TileAbbey)}, round: round}
	var places []engine.Placement
	for _, a := range e.abbeyHoles() {
		places = append(places, engine.Placement{Pos: engine.Pos{X: a.Pos.X, Y: a.Pos.Y}})
	}
	s.spots = spotsOf(places, []int{0}, e.t.board.lastPos())
	for _, a := range e.legal() {
		if a.Verb == referee.VerbAbbeyPass {
			s.pass = &a
		}
	}
	return s
}

func (s *abbeyStep) kind() step { return stepAbbey }

func (s *abbeyStep) legend() string { return s.e.t.u.loc.T("ui.legend.am.abbey", nil) }

func (s *abbeyStep) show() {
	e := s.e
	loc := e.t.u.loc
	if !s.round {
		e.back = func() { e.enter(&tileStep{answers{e}}) }
	}
	choices := make([]choice, 0, len(s.spots)+1)
	for i := range s.spots {
		choices = append(choices, choice{label: loc.T("ui.am.abbey_at", map[string]any{"Pos": s.spotLabel(i)})})
	}
	if s.pass != nil || s.round {
		choices = append(choices, choice{label: loc.T("ui.am.abbey_pass", nil), act: s.pass})
	}
	e.offer(choices)
	if s.round { // the pass's key in the prompt: the list of holes may be longer than the panel
		e.ask("ui.ask.am.abbey_round", map[string]any{"Key": e.menu.items[len(choices)-1].key})
	} else {
		e.ask("ui.ask.am.abbey", map[string]any{"Count": len(s.spots)})
	}
	if len(s.spots) == 0 {
		e.layout()
		return
	}
	e.menu.current = s.cur
	s.previewSpot()
	e.layout()
}

// highlight previews the abbey in the hole highlighted (the pass: nothing).
func (s *abbeyStep) highlight(i int) {
	if i >= len(s.spots) {
		s.e.t.board.clearPreview()
		return
	}
	s.placeStep.highlight(i)
}

// choose lays the abbey into hole i, or records the pass of the abbey round.
func (s *abbeyStep) choose(i int) {
	if i >= len(s.spots) {
		if s.pass != nil {
			s.e.t.do(*s.pass)
		}
		return
	}
	s.placeStep.choose(i)
}

// key: the place step's keys, but Space (the abbey has no side to turn) and none without a hole.
func (s *abbeyStep) key(ev *tcell.EventKey) *tcell.EventKey {
	if len(s.spots) == 0 || (ev.Key() == tcell.KeyRune && ev.Rune() == ' ') {
		return ev
	}
	return s.placeStep.key(ev)
}

// barnChoice is the figure step's answer that puts the barn at a corner of the tile just placed (AM-21): its key is
// shown at that corner on the board (cornerKeys).
func (e *entry) barnChoice(a *referee.Action) choice {
	return choice{label: e.t.u.loc.T("ui.am.barn_at", map[string]any{"Corner": localPlace(e.t.u.loc, a.Place)}), act: a,
		figure: engine.Barn, target: "barn " + a.Place}
}

// cornerKeys are the keys of the barn's answers at their corners, for the board (boardView.ckeys): of the tile just
// laid in the figure step, of the tile under the cursor in the entry of a position (step_posam.go); one a corner
// (its first answer's).
func (e *entry) cornerKeys() []cornerKey {
	var p engine.Pos
	switch {
	case e.step == stepFigure && len(e.g.S.Tiles) > 0:
		p = e.g.S.Tiles[len(e.g.S.Tiles)-1].Pos
	case e.step == stepPosFigure && e.t.board.cursor != nil:
		p = *e.t.board.cursor
	default:
		return nil
	}
	var out []cornerKey
	seen := map[int]bool{}
	for i, c := range e.choices {
		k, ok := barnTarget(c.target)
		if !ok || seen[k] || i >= e.menu.count() {
			continue
		}
		seen[k] = true
		out = append(out, cornerKey{pos: p, corner: k, key: e.menu.items[i].key, off: c.why != nil})
	}
	return out
}
