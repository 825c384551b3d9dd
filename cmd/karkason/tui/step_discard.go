package tui

import (
	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// discardStep: the tile fits nowhere on the board (BASE-5); it goes back into the box and the player draws again.
// The answers: discard it, or back to the tile (a tile mistyped).
type discardStep struct {
	answers
	tile *engine.TileType
	rot  int // the rotation typed, for the picture
}

func (s *discardStep) kind() step { return stepDiscard }

func (s *discardStep) show() {
	e, loc := s.e, s.e.t.u.loc
	back := func() { e.enter(&tileStep{answers{e}}) }
	e.back = back
	e.pic.t, e.pic.rot = s.tile, s.rot
	name := tileName(loc, s.tile, s.rot)
	e.ask("ui.ask.discard", map[string]any{"Tile": name})
	a := referee.Action{Verb: referee.VerbDiscard, Tile: s.tile.ID}
	e.offer([]choice{{label: loc.T("ui.opt.discard", map[string]any{"Tile": name}), act: &a},
		{label: loc.T("ui.opt.back", nil), next: back}})
}

// key: Backspace goes back to the tile.
func (s *discardStep) key(ev *tcell.EventKey) *tcell.EventKey {
	switch ev.Key() {
	case tcell.KeyBackspace, tcell.KeyBackspace2:
		s.e.goBack()
		return nil
	}
	return ev
}
