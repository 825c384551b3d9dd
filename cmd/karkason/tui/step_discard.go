package tui

import (
	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// discardStep: the tile fits nowhere on the board (BASE-5); it goes back into the box and the player draws again.
// The answers: discard it, or back to the tile (a tile mistyped).
type discardStep struct{ tileOffStep }

func (s *discardStep) kind() step { return stepDiscard }

func (s *discardStep) show() { s.offerOff(referee.VerbDiscard, "ui.ask.discard", "ui.opt.discard") }

// tileOffStep is a step that takes the tile typed off the table, not laid, and has the player draw again (a
// discard, BASE-5; a dragon tile set aside, PD-5): its answers are that action or back to the tile (a tile
// mistyped). The steps that embed it say which action and in which words.
type tileOffStep struct {
	answers
	tile *engine.TileType
	rot  int // the rotation typed, for the picture
}

// offerOff asks with the message ask and offers verb for the tile (its answer's label opt) or back to the tile.
func (s *tileOffStep) offerOff(verb referee.Verb, ask, opt string) {
	e, loc := s.e, s.e.t.u.loc
	back := func() { e.enter(&tileStep{answers{e}}) }
	e.back = back
	e.pic.t, e.pic.rot = s.tile, s.rot
	name := tileName(loc, s.tile, s.rot)
	e.ask(ask, map[string]any{"Tile": name})
	a := referee.Action{Verb: verb, Tile: s.tile.ID}
	e.offer([]choice{{label: loc.T(opt, map[string]any{"Tile": name}), act: &a},
		{label: loc.T("ui.opt.back", nil), next: back}})
}

// key: Backspace goes back to the tile.
func (s *tileOffStep) key(ev *tcell.EventKey) *tcell.EventKey {
	switch ev.Key() {
	case tcell.KeyBackspace, tcell.KeyBackspace2:
		s.e.goBack()
		return nil
	}
	return ev
}

// choose: the tile taken off, the tile step that follows starts with nothing typed (the player draws again: the
// edges typed were this tile's); if the referee refuses, the text is kept for going back to it.
func (s *tileOffStep) choose(i int) {
	e := s.e
	if i < 0 || i >= len(e.choices) || e.choices[i].act == nil {
		s.answers.choose(i)
		return
	}
	typed, before := e.typed, len(e.t.game().Actions)
	e.typed = ""
	s.answers.choose(i)
	if len(e.t.game().Actions) == before {
		e.typed = typed
	}
}
