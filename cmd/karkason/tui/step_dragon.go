package tui

import (
	"strings"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// dragonStep asks one step of the dragon's movement (The Princess & the Dragon, SEQ-5a, PD-9..12): the player whose
// step it is (named by the prompt) chooses one of the tiles open to the dragon (Game.Legal: PD-10), each answer
// naming the figures the dragon would eat there (PD-12). The step is compulsory: there is no "no" (PD-9(a)). Each
// tile open to the dragon is marked on the board with its answer's key (boardView.marks, as the place step marks
// its places; board_pd.go draws it on the tile's corner), so that a step is one key, or a click on the tile. (No
// dragon is previewed at the highlighted tile: two dragons on the board read as two.)
type dragonStep struct{ answers }

func (s *dragonStep) kind() step { return stepDragon }

func (s *dragonStep) show() {
	e := s.e
	g, loc := e.g, e.t.u.loc
	var choices []choice
	for _, a := range e.legal() {
		a := a
		if a.Verb != referee.VerbDragon {
			continue
		}
		var eats []string
		for _, fi := range g.S.FiguresOnTile(engine.Pos{X: a.Pos.X, Y: a.Pos.Y}, nil) {
			f := &g.S.Figures[fi]
			eats = append(eats, g.Name(int(f.Player))+" ("+e.figureWord(f.Kind, g.S.SegKind(f.Seg))+")")
		}
		label := loc.T("ui.opt.pd_dragon_step", map[string]any{"Pos": a.Pos.String()})
		short := a.Pos.String()
		if len(eats) > 0 {
			label += " — " + loc.T("ui.opt.pd_dragon_eats", map[string]any{"Names": strings.Join(eats, ", ")})
			short += " ✗" + strings.Join(eats, ", ")
		}
		choices = append(choices, choice{label: label, short: short, act: &a})
	}
	e.ask("ui.ask.pd_dragon", map[string]any{"Step": g.DragonSteps() + 1})
	e.offer(choices)
}

// highlight marks every tile open to the dragon with its key, all in view if they fit.
func (s *dragonStep) highlight(i int) {
	e := s.e
	b := e.t.board
	b.clearPreview()
	var focus []engine.Pos
	cur := 0
	for k, c := range e.choices {
		if c.act == nil || c.act.Verb != referee.VerbDragon {
			continue
		}
		p := engine.Pos{X: c.act.Pos.X, Y: c.act.Pos.Y}
		key := ""
		if k < e.menu.count() {
			key = e.menu.items[k].key
		}
		b.marks, b.keys = append(b.marks, p), append(b.keys, key)
		if k == i {
			cur = len(focus)
		}
		focus = append(focus, p)
	}
	b.typed = e.menu.pending
	if len(focus) > 0 {
		if b.g != nil && b.g.S.PD.DragonIn {
			focus = append(focus, b.g.S.PD.Dragon)
		}
		b.showAll(focus, cur)
	}
}

// click: a click on a tile open to the dragon takes that step.
func (s *dragonStep) click(p engine.Pos, _, _ int) {
	e := s.e
	for i, c := range e.choices {
		if c.act != nil && c.act.Verb == referee.VerbDragon && c.act.Pos.X == p.X && c.act.Pos.Y == p.Y {
			e.menu.setCurrent(i)
			e.menu.choose(i)
			return
		}
	}
}
