package tui

import (
	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// posFigureStep enters the figures of a board as it lies (POS-3): the cursor is on a tile, the list its features
// where a figure may stand (a follower, a farmer lying on a field, the abbot on a monastery or garden) or where
// figures stand already; a feature's number (or a click on it on the board) asks whose figure it is, or which
// one comes off. Where a figure may stand is the referee's (Draft.FigurePlaces: never on a completed feature,
// BASE-12; no more than the supply, CFG-2).
//
// Keys: arrows jump to the next tile that way; 1-9 a feature; F9 goes on (the City, the King, gifts, points, who
// plays next); Esc back to the tiles.
type posFigureStep struct {
	answers
	// at, if set, is the one tile asked about (Tab in the board step, which this step then goes back to); nil:
	// the tile under the cursor, which the arrows move.
	at *engine.Pos
	// places: every place a figure may stand now, per seat and kind (0 follower, 1 abbot).
	places [][2][]referee.FeatureOption
}

func (s *posFigureStep) kind() step { return stepPosFigure }

func (s *posFigureStep) legend() string {
	if s.at != nil {
		return s.e.t.u.loc.T("ui.pos.figure_here_legend", nil)
	}
	return s.e.t.u.loc.T("ui.pos.figure_legend", nil)
}

// figureLine is a figure line of the position on the board, with its index among the lines and its segment.
type figureLine struct {
	i   int
	l   referee.PositionLine
	seg int32
}

// figuresAt lists the figure lines on the board whose figure stands on tile ti.
func (e *entry) figuresAt(ti int) []figureLine {
	var out []figureLine
	for i, l := range e.t.u.pos.draft().Lines() {
		if (l.Kind != referee.PosFollower && l.Kind != referee.PosAbbot) || l.InCity() {
			continue
		}
		seg, ok := e.refSeg(l.Target)
		if !ok {
			continue
		}
		if t, _ := e.g.S.SegTile(seg); t == ti {
			out = append(out, figureLine{i: i, l: l, seg: seg})
		}
	}
	return out
}

func (s *posFigureStep) show() {
	e := s.e
	pos := e.t.u.pos
	loc := e.t.u.loc
	d := pos.draft()
	cur := pos.cur
	if s.at != nil {
		cur = *s.at
	}
	e.t.board.cursor = &cur
	e.t.board.centreOn(cur)
	e.back = func() { e.posStage(stepBoard) }
	if s.at != nil {
		e.back = func() { e.t.refresh() }
	}
	s.places = make([][2][]referee.FeatureOption, e.g.Players())
	for p := range s.places {
		s.places[p][0] = d.FigurePlaces(e.g.Colour(p), engine.Follower)
		if e.g.S.Opts.Abbot {
			s.places[p][1] = d.FigurePlaces(e.g.Colour(p), engine.Abbot)
		}
	}
	ti := e.g.S.TileIndex(cur)
	if ti < 0 {
		e.ask("ui.pos.ask_figure_none", map[string]any{"Cell": cur.String()})
		e.offer(nil)
		return
	}
	e.ask("ui.pos.ask_figure", map[string]any{"Cell": cur.String()})
	t := &e.g.S.Tiles[ti]
	figs := e.figuresAt(ti)
	var choices []choice
	for l := range t.Type.Segs {
		seg := t.Seg(l)
		if t.Type.Segs[l].Kind == engine.KRiver {
			continue
		}
		on := s.offersOn(seg)
		label := featureName(e.g, loc, seg, false)
		n := 0
		for _, f := range figs {
			if f.seg == seg {
				label += " " + e.t.names.badge(e.g.Player(f.l.Colour))
				n++
			}
		}
		if len(on) == 0 && n == 0 {
			continue
		}
		choices = append(choices, choice{label: label, seg: seg, hasSeg: true,
			preview: func() { e.t.board.pvFig, e.t.board.pvSeg, e.t.board.pvWho = true, seg, -1 },
			next:    func() { s.whose(seg) }})
	}
	if len(choices) == 0 {
		choices = append(choices, choice{label: loc.T("ui.pos.no_place", nil), muted: true})
	}
	e.offer(choices)
}

// offersOn lists the figures that may stand on seg: a figure line for each seat and kind.
func (s *posFigureStep) offersOn(seg int32) []referee.PositionLine {
	e := s.e
	var out []referee.PositionLine
	for p := range s.places {
		for k, kind := range []referee.PositionKind{referee.PosFollower, referee.PosAbbot} {
			for _, o := range s.places[p][k] {
				if o.Seg == seg {
					out = append(out, referee.PositionLine{Kind: kind, Colour: e.g.Colour(p), Target: o.Ref})
					break
				}
			}
		}
	}
	return out
}

// whose asks whose figure stands on seg (a follower, a farmer, the abbot), or which figure comes off it.
func (s *posFigureStep) whose(seg int32) {
	e := s.e
	loc := e.t.u.loc
	ti, _ := e.g.S.SegTile(seg)
	kind := e.g.S.SegKind(seg)
	var list []choice
	for _, l := range s.offersOn(seg) {
		l := l
		p := e.g.Player(l.Colour)
		fk := engine.Follower
		if l.Kind == referee.PosAbbot {
			fk = engine.Abbot
		}
		label := e.t.names.badge(p) + " " + e.t.names.plain(p) + ": " + e.figureWord(fk, kind)
		list = append(list, choice{label: label, seg: seg, hasSeg: true,
			preview: func() {
				b := e.t.board
				b.pvFig, b.pvSeg, b.pvKind, b.pvWho = true, seg, fk, p
			},
			next: func() { e.t.posDo(func(st posSteps) error { return st.Add(l) }, nil) }})
	}
	for _, f := range e.figuresAt(ti) {
		if f.seg != seg {
			continue
		}
		f := f
		p := e.g.Player(f.l.Colour)
		fk := engine.Follower
		if f.l.Kind == referee.PosAbbot {
			fk = engine.Abbot
		}
		list = append(list, choice{label: loc.T("ui.pos.take_off", map[string]any{
			"Figure": e.t.names.badge(p) + " " + e.t.names.plain(p) + ": " + e.figureWord(fk, kind)}),
			next: func() { e.t.posDo(func(st posSteps) error { return st.Remove(f.i) }, nil) }})
	}
	back := func() { e.t.refresh() }
	if s.at != nil {
		back = func() { e.enter(s); e.focus() }
	}
	e.enter(&pickStep{answers: answers{e}, prompt: "ui.pos.ask_whose",
		data: map[string]any{"Feature": featureName(e.g, loc, seg, true)}, list: list, back: back})
	cur := e.t.u.pos.cur
	if s.at != nil {
		cur = *s.at
	}
	e.t.board.cursor = &cur
	e.focus()
}

// key: the arrows jump to the next tile that way (a step if there is none); F9 goes on.
func (s *posFigureStep) key(ev *tcell.EventKey) *tcell.EventKey {
	e := s.e
	if d, ok := arrowDir[ev.Key()]; ok && ev.Modifiers()&tcell.ModShift == 0 && s.at == nil {
		pos := e.t.u.pos
		pos.cur = nextTile(e.g.S, pos.cur, d)
		e.t.status.SetText("")
		s.show()
		return nil
	}
	if ev.Key() == tcell.KeyF9 && s.at == nil {
		e.posStage(stepTokens)
		return nil
	}
	return ev
}

// nextTile returns the nearest tile from p in direction d (in the same row or column), else the next cell.
func nextTile(s *engine.State, p engine.Pos, d [2]int) engine.Pos {
	best, dist := engine.Pos{X: p.X + d[0], Y: p.Y + d[1]}, -1
	for i := range s.Tiles {
		q := s.Tiles[i].Pos
		var k int
		switch {
		case d[1] == 0 && q.Y == p.Y && (q.X-p.X)*d[0] > 0:
			k = (q.X - p.X) * d[0]
		case d[0] == 0 && q.X == p.X && (q.Y-p.Y)*d[1] > 0:
			k = (q.Y - p.Y) * d[1]
		default:
			continue
		}
		if dist < 0 || k < dist {
			best, dist = q, k
		}
	}
	return best
}

// click on a feature of the tile under the cursor asks whose figure it is; on another tile moves the cursor there.
func (s *posFigureStep) click(p engine.Pos, sx, sy int) {
	e := s.e
	if s.at != nil && p != *s.at {
		return
	}
	if s.at == nil && p != e.t.u.pos.cur {
		e.t.u.pos.cur = p
		s.show()
		if sx < 0 {
			return
		}
	}
	s.answers.click(p, sx, sy)
}
