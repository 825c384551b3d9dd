package tui

import (
	"errors"
	"slices"
	"strconv"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// posFigureStep enters the figures of a board as it lies (POS-3): the cursor is on a tile, and the list names each
// of its features with whose figure may stand (or lie) there, one answer a feature and a player in seating order
// (a follower, a farmer on a field, a heretic on a shrine; then on a monastery, shrine or garden each player's
// abbot; the large follower, and the builder and the pig where their owner's follower or farmer is, with their
// letters, kindLetters), so a figure is one key; the figures already there follow, to take off. Each feature shows on the board
// with the key of its first answer. The referee says where a figure may go: a feature no figure may stand on is
// one answer, greyed with the reason and its rule (Draft.TileFeatures: a completed feature, BASE-12; the river,
// RIVER-8; a garden without an abbot, ABBOT-3); a player who may not put a figure there is greyed with the reason
// (Draft.StandRefusal: a supply used up, CFG-2; ABBOT-1), keeping its key, so the keys never move; a greyed key
// says why (F3 explains). The builder's and the pig's answers show on every road or city and every field, greyed
// with the reason while their owner has no follower or farmer there yet (in reading order that figure is often
// on a later tile of the feature: greyedSpecial).
//
// Keys: the answer's key (a click on a feature highlights its first answer); arrows jump to the next tile that way;
// F9 goes on (the City, the King, gifts, points, who plays next); Esc back to the tiles.
type posFigureStep struct {
	answers
	// at, if set, is the one tile asked about (Tab in the board step, which this step then goes back to); nil:
	// the tile under the cursor, which the arrows move.
	at *engine.Pos
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
		if _, fig := l.Kind.Figure(); !fig || l.InCity() {
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
	ti := e.g.S.TileIndex(cur)
	if ti < 0 {
		e.ask("ui.pos.ask_figure_none", map[string]any{"Cell": cur.String()})
		e.offer(nil)
		return
	}
	e.ask("ui.pos.ask_figure", map[string]any{"Cell": cur.String()})
	figs := e.figuresAt(ti)
	// The answers by figure: the followers (and abbots) on every feature first, then the large follower's, then the
	// builder's and the pig's, so that the answer most often wanted comes first at any size (the keys are the
	// features' and players', whatever the order: choiceKeys).
	var buckets [3][]choice
	bucket := func(fk engine.FigureKind) int {
		switch fk {
		case engine.Large, engine.Mayor, engine.Wagon:
			return 1
		case engine.Builder, engine.Pig:
			return 2
		}
		return 0
	}
	for _, f := range d.TileFeatures(referee.Pos{X: cur.X, Y: cur.Y}) {
		seg := f.Seg
		name := featureName(e.g, loc, seg, false)
		stands := slices.ContainsFunc(figs, func(fl figureLine) bool { return fl.seg == seg })
		// (followers used up, CFG-2, leave the mayor and the wagon their answers: step_posam.go)
		if f.Why != nil && !stands && !e.posAMSupplied(f.Why) { // no figure may stand there: one answer, greyed, with why
			buckets[0] = append(buckets[0], choice{label: name + " — " + e.t.u.why(f.Why), seg: seg, hasSeg: true,
				why: f.Why})
			continue
		}
		kinds := []engine.FigureKind{engine.Follower}
		if e.g.S.Opts.Abbot && f.Kind.IsCentre() {
			kinds = append(kinds, engine.Abbot)
		}
		if e.g.S.Opts.InnsCathedrals {
			kinds = append(kinds, engine.Large) // IC-4: its own key, D and the follower's (kindLetters)
		}
		// the mayor K, the wagon T (step_posam.go)
		kinds = append(kinds, e.posAMKinds()...)
		if e.g.S.Opts.TradersBuilders { // beside a follower of its owner (TB-5, TB-12; POS-3): X, Z and the key
			kinds = append(kinds, engine.Builder, engine.Pig)
		}
		slices.SortStableFunc(kinds, func(a, b engine.FigureKind) int { return figureOrder(a) - figureOrder(b) })
		for _, fk := range kinds {
			for p := 0; p < e.g.Players(); p++ {
				l := referee.PositionLine{Kind: referee.FigureLineKind(fk), Colour: e.g.Colour(p), Target: f.Ref}
				why := d.StandRefusal(e.g.Colour(p), fk, seg)
				if why != nil && kindLetters[fk] != "" && !greyedSpecial(fk, why) {
					continue // its key is the follower's with a letter: no key moves without it
				}
				c := choice{label: name + " — " + e.t.names.badge(p) + " " + e.t.names.plain(p) + ": " +
					e.figureWord(fk, f.Kind), seg: seg, hasSeg: true, figure: fk,
					target: segTarget(seg) + "p" + strconv.Itoa(p),
					preview: func() {
						b := e.t.board
						b.pvFig, b.pvSeg, b.pvKind, b.pvWho = true, seg, fk, p
					},
					next: func() { e.t.posDo(func(st posSteps) error { return st.Add(l) }, nil) }}
				if why != nil {
					c.why, c.label = why, c.label+" — "+e.t.u.why(why)
					if greyedSpecial(fk, why) { // one line: the reason in short, the rule's text on F3
						c.label = name + " — " + e.t.names.badge(p) + " " + e.t.names.plain(p) + ": " +
							e.figureWord(fk, f.Kind) + " — " + e.t.u.loc.T("ui.pos.special_later",
							map[string]any{"Rule": ruleOf(why)})
					}
				}
				buckets[bucket(fk)] = append(buckets[bucket(fk)], c)
			}
		}
	}
	choices := append(append(buckets[0], buckets[1]...), buckets[2]...)
	choices = append(choices, e.posBarnChoices(cur)...)     // the barns at its corners (step_posam.go)
	choices = append(choices, s.pdPosChoices(cur, figs)...) // the dragon and the fairy (step_posfig_pd.go)
	for _, f := range figs {
		f := f
		p := e.g.Player(f.l.Colour)
		fk, _ := f.l.Kind.Figure()
		choices = append(choices, choice{label: loc.T("ui.pos.take_off", map[string]any{
			"Figure": e.t.names.badge(p) + " " + e.t.names.plain(p) + ": " + e.figureWord(fk, e.g.S.SegKind(f.seg)) +
				", " + featureName(e.g, loc, f.seg, false)}),
			next: func() { e.t.posDo(func(st posSteps) error { return st.Remove(f.i) }, nil) }})
	}
	if len(choices) == 0 {
		choices = append(choices, choice{label: loc.T("ui.pos.no_place", nil), muted: true})
	}
	e.offer(choices)
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
	if pageKey(e.menu, ev) { // by rows: no answer passed over (pospage.go)
		return nil
	}
	if ev.Key() == tcell.KeyF9 && s.at == nil {
		if e.t.posBoardDone() { // a tile added apart since the board step: not past it (POS-1)
			e.posStage(stepTokens)
		}
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

// click on a feature of the tile under the cursor highlights its first answer (its key, or Enter, takes it); on
// another tile moves the cursor there.
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
	ti := e.g.S.TileIndex(p)
	if ti < 0 || sx < 0 {
		return
	}
	t := &e.g.S.Tiles[ti]
	blk := rasterTile(t.Type, int(t.Rot))
	l := blk[sy][sx].seg
	if l < 0 {
		return
	}
	seg := t.Seg(l)
	for i, c := range e.choices {
		if c.hasSeg && c.seg == seg {
			e.menu.setCurrent(i)
			return
		}
	}
}

// greyedSpecial reports whether the answer of a builder or a pig the referee refuses (why) is shown greyed with its
// reason rather than left out: on a feature of its kind (a road or a city, a field), whatever the reason (no
// follower or farmer of its owner there yet, POS-3; the one figure already on the board); never on another kind of
// feature (TB-5(c), TB-12), nor for another figure (the large follower's answer is left out when refused).
func greyedSpecial(fk engine.FigureKind, why error) bool {
	if fk != engine.Builder && fk != engine.Pig {
		return false
	}
	var r *referee.Refusal
	if !errors.As(why, &r) {
		return false
	}
	switch r.Key {
	case "err.pig_not_field", "err.builder_not_there", "err.pig_no_farmers":
		return false
	}
	return true
}

// ruleOf is the rule a refusal cites, "" for another error.
func ruleOf(err error) string {
	var r *referee.Refusal
	if errors.As(err, &r) {
		return r.Rule
	}
	return ""
}
