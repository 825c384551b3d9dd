package tui

import (
	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// asideStep: a dragon tile drawn while the dragon is not in play is set aside, and the player draws again (The
// Princess & the Dragon, PD-5); it comes back into the stack with the first volcano. The answers: set it aside, or
// back to the tile (a tile mistyped).
type asideStep struct {
	answers
	tile *engine.TileType
	rot  int // the rotation typed, for the picture
}

func (s *asideStep) kind() step { return stepAside }

func (s *asideStep) show() {
	e, loc := s.e, s.e.t.u.loc
	back := func() { e.enter(&tileStep{answers{e}}) }
	e.back = back
	e.pic.t, e.pic.rot = s.tile, s.rot
	name := tileName(loc, s.tile, s.rot)
	e.ask("ui.ask.pd_aside", map[string]any{"Tile": name})
	a := referee.Action{Verb: referee.VerbAside, Tile: s.tile.ID}
	e.offer([]choice{{label: loc.T("ui.opt.pd_aside", map[string]any{"Tile": name}), act: &a},
		{label: loc.T("ui.opt.back", nil), next: back}})
}

// key: Backspace goes back to the tile.
func (s *asideStep) key(ev *tcell.EventKey) *tcell.EventKey {
	switch ev.Key() {
	case tcell.KeyBackspace, tcell.KeyBackspace2:
		s.e.goBack()
		return nil
	}
	return ev
}
