package tui

import (
	"fmt"

	"github.com/gdamore/tcell/v2"
	"strconv"
	"strings"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// tokenStep is the last part of the entry of a board as it lies: what is not a tile or a figure on one. Each answer
// shows what the position holds now and asks to change it: the Count's quarter and the figures in the City's
// quarters (with the City, POS-4), who holds the King and the Robber Baron and on which completed city or road its
// marker lies (POS-5), unopened gifts (POS-6), each player's goods tokens of each kind with what the completed cities
// show (Traders & Builders, POS-11), the points on the score track (POS-7, optional), who plays next
// (POS-9); then the two ways out: the end-of-game tally of the board as it lies (POS-9: "end", the market round
// first) or going on playing from here (the move entry). The referee checks the whole position then (POS-1..9) and
// a refusal keeps the entry.
type tokenStep struct{ answers }

func (s *tokenStep) kind() step { return stepTokens }

func (s *tokenStep) legend() string { return s.e.t.u.loc.T("ui.pos.tokens_legend", nil) }

func (s *tokenStep) show() {
	e := s.e
	g, loc := e.g, e.t.u.loc
	e.t.board.cursor = nil
	e.back = func() { e.posStage(stepPosFigure) }
	e.ask("ui.pos.ask_tokens", nil)
	var list []choice
	if g.S.City.Active {
		list = append(list,
			choice{label: loc.T("ui.city", map[string]any{"Quarter": loc.T("term.quarter."+g.S.City.Count.String(), nil)}),
				next: s.count},
			choice{label: loc.T("ui.pos.opt_city", map[string]any{"Figures": s.cityFigures()}), next: s.city})
	}
	if g.S.Opts.King {
		list = append(list,
			choice{label: "♔ " + capFirst(loc.T("term.king", nil)) + ": " + s.holder(g.S.King),
				next: func() { s.holder2(false) }},
			choice{label: "♘ " + capFirst(loc.T("term.robber_baron", nil)) + ": " + s.holder(g.S.Baron),
				next: func() { s.holder2(true) }})
	}
	if g.S.Opts.Gifts {
		list = append(list, choice{label: loc.T("ui.pos.opt_gifts", map[string]any{"List": s.perPlayer(func(p int) int {
			return g.S.Gift.Hands[p]
		})}), next: func() { s.numbers(referee.PosGifts, 0) }})
	}
	if g.S.Opts.TradersBuilders {
		sums := e.t.u.pos.draft().Goods() // what the players hold and what the completed cities show (POS-11)
		for k := range engine.NumGoods {
			kind := goodsKinds[k]
			list = append(list, choice{label: loc.T("ui.pos.opt_goods", map[string]any{"Symbol": string(goodsRunes[k]),
				"Goods": loc.T("term.goods."+k.String(), nil), "List": s.perPlayer(func(p int) int { return g.S.Goods[p][k] }),
				"Held": sums.Held[k], "Printed": sums.Printed[k]}), next: func() { s.numbers(kind, 0) }})
		}
	}
	list = append(list, s.posAbbeyChoice()...) // the abbeys still held (POS-16, step_posam.go)
	list = append(list,
		choice{label: loc.T("ui.pos.opt_score", map[string]any{"List": s.perPlayer(func(p int) int { return g.S.Scores[p] })}),
			next: func() { s.numbers(referee.PosScore, 0) }},
		choice{label: loc.T("ui.pos.opt_turn", map[string]any{"Player": e.t.names.badge(g.Active) + " " + e.t.names.plain(g.Active)}), next: s.turn},
		choice{label: loc.T("ui.pos.opt_tally", nil), next: func() { e.t.posPlay(true) }},
		choice{label: loc.T("ui.pos.opt_play", nil), next: func() { e.t.posPlay(false) }})
	e.offer(list)
}

// perPlayer is "● Ана 12 · ● Богдан 7".
func (s *tokenStep) perPlayer(v func(p int) int) string {
	var parts []string
	for p := 0; p < s.e.g.Players(); p++ {
		parts = append(parts, s.e.t.names.badge(p)+fmt.Sprint(v(p)))
	}
	return strings.Join(parts, " ")
}

// holder names who holds the King or the Robber Baron and the size of the feature its marker lies on.
func (s *tokenStep) holder(h engine.Holder) string {
	if h.Player < 0 {
		return "—"
	}
	return s.e.t.names.who(h.Player) + fmt.Sprintf(" (%d)", h.Size)
}

// cityFigures are the badges of the figures in the City's quarters.
func (s *tokenStep) cityFigures() string {
	g := s.e.g
	out := ""
	for p := 0; p < g.Players(); p++ {
		for _, name := range referee.Quarters() {
			q, _ := engine.ParseQuarter(name)
			for fk := engine.FigureKind(0); fk < engine.NumFigureKinds; fk++ {
				for k := g.S.InQuarter(p, q, fk); k > 0; k-- {
					out += s.e.t.names.figureBadge(p, fk)
				}
			}
		}
	}
	if out == "" {
		return "—"
	}
	return out
}

// back returns to this step.
func (s *tokenStep) again() { s.e.t.refresh() }

// pick enters a list asked on the way.
func (s *tokenStep) pick(prompt string, data map[string]any, list []choice) {
	e := s.e
	e.enter(&pickStep{answers: answers{e}, prompt: prompt, data: data, list: list, back: s.again})
	e.focus()
}

// set gives a single-valued line (Set: added, or replacing the one given).
func (s *tokenStep) set(l referee.PositionLine) func() {
	return func() {
		s.e.t.posDo(func(st posSteps) error { _, err := st.Set(l); return err }, nil)
	}
}

// count asks the Count's quarter (POS-4).
func (s *tokenStep) count() {
	loc := s.e.t.u.loc
	var list []choice
	for _, q := range referee.Quarters() {
		list = append(list, choice{label: loc.T("ui.opt.count", map[string]any{"Quarter": loc.T("term.quarter."+q, nil)}),
			next: s.set(referee.PositionLine{Kind: referee.PosCount, Quarter: q})})
	}
	s.pick("ui.pos.ask_count", nil, list)
}

// city asks the quarter, then whose figure goes in or comes out (POS-4).
func (s *tokenStep) city() {
	e := s.e
	g, loc := e.g, e.t.u.loc
	var list []choice
	for _, name := range referee.Quarters() {
		name := name
		q, _ := engine.ParseQuarter(name)
		label := loc.T("term.quarter."+name, nil)
		for p := 0; p < g.Players(); p++ {
			for fk := engine.FigureKind(0); fk < engine.NumFigureKinds; fk++ {
				for k := g.S.InQuarter(p, q, fk); k > 0; k-- {
					label += " " + e.t.names.figureBadge(p, fk)
				}
			}
		}
		list = append(list, choice{label: capFirst(label), next: func() { s.quarter(name) }})
	}
	s.pick("ui.pos.ask_quarter", nil, list)
}

// quarter asks whose figure goes into quarter name, or which comes out.
func (s *tokenStep) quarter(name string) {
	e := s.e
	g, loc := e.g, e.t.u.loc
	d := e.t.u.pos.draft()
	var list []choice
	kinds := []engine.FigureKind{engine.Follower}
	if g.S.Opts.InnsCathedrals {
		kinds = append(kinds, engine.Large) // any quarter (COMBO-15): D and the follower's key (kindLetters)
	}
	if name == "cathedral" && g.S.Opts.Abbot {
		kinds = append(kinds, engine.Abbot)
	}
	for _, fk := range kinds { // every player, the same key in every list: followers, then abbots
		for p := 0; p < g.Players(); p++ {
			l := referee.PositionLine{Kind: referee.FigureLineKind(fk), Colour: g.Colour(p), Quarter: name}
			why := d.QuarterRefusal(g.Colour(p), fk, name)
			if why != nil && kindLetters[fk] != "" {
				continue // its key is the follower's with a letter: no key moves without it
			}
			c := choice{label: e.t.names.badge(p) + " " + e.t.names.plain(p) + ": " + loc.T("term."+fk.String(), nil),
				next: s.add(l), figure: fk, target: "p" + strconv.Itoa(p)}
			if why != nil {
				c.why, c.label = why, c.label+" — "+e.t.u.why(why)
			}
			list = append(list, c)
		}
	}
	for i, l := range e.t.u.pos.draft().Lines() {
		if !l.InCity() || l.Quarter != name {
			continue
		}
		i, p := i, g.Player(l.Colour)
		fk, _ := l.Kind.Figure()
		word := loc.T("term."+fk.String(), nil)
		list = append(list, choice{label: loc.T("ui.pos.take_off", map[string]any{
			"Figure": e.t.names.badge(p) + " " + e.t.names.plain(p) + ": " + word}),
			next: func() { e.t.posDo(func(st posSteps) error { return st.Remove(i) }, nil) }})
	}
	s.pick("ui.pos.ask_whose", map[string]any{"Feature": loc.T("term.quarter."+name, nil)}, list)
}

// add adds a line.
func (s *tokenStep) add(l referee.PositionLine) func() {
	return func() { s.e.t.posDo(func(st posSteps) error { return st.Add(l) }, nil) }
}

// holder2 asks who holds the King (robber false) or the Robber Baron, then on which completed city or road its
// marker lies (Draft.Markers, POS-5); "nobody" takes the line out.
func (s *tokenStep) holder2(robber bool) {
	e := s.e
	g, loc := e.g, e.t.u.loc
	kind := referee.PosKing
	if robber {
		kind = referee.PosRobber
	}
	var list []choice
	for p := 0; p < g.Players(); p++ {
		p := p
		list = append(list, choice{label: e.t.names.who(p), next: func() { s.marker(kind, p) }})
	}
	d := e.t.u.pos.draft()
	if i := d.Find(referee.PositionLine{Kind: kind}); i >= 0 {
		list = append(list, choice{label: loc.T("ui.pos.nobody", nil),
			next: func() { e.t.posDo(func(st posSteps) error { return st.Remove(i) }, nil) }})
	}
	key := "ui.pos.ask_king"
	if robber {
		key = "ui.pos.ask_robber"
	}
	s.pick(key, nil, list)
}

// marker asks on which completed city (King) or road (Robber Baron) the marker of player p lies.
func (s *tokenStep) marker(kind referee.PositionKind, p int) {
	e := s.e
	g, loc := e.g, e.t.u.loc
	var list []choice
	for _, o := range e.t.u.pos.draft().Markers(kind == referee.PosRobber) {
		o := o
		label := featureName(g, loc, o.Seg, true) + fmt.Sprintf(" (%d)", g.S.Size(o.Seg))
		list = append(list, choice{label: label, seg: o.Seg, hasSeg: true,
			preview: func() { e.t.board.centreOn(g.S.Tiles[mustTile(g, o.Seg)].Pos) },
			next:    s.set(referee.PositionLine{Kind: kind, Colour: g.Colour(p), Target: o.Ref})})
	}
	if len(list) == 0 {
		list = append(list, choice{label: loc.T("ui.pos.no_marker", nil), muted: true})
	}
	key := "ui.pos.ask_king_city"
	if kind == referee.PosRobber {
		key = "ui.pos.ask_robber_road"
	}
	s.pick(key, map[string]any{"Player": e.t.names.who(p)}, list)
}

func mustTile(g *referee.Game, seg int32) int {
	ti, _ := g.S.SegTile(seg)
	return ti
}

// goodsKinds are the position lines of the goods tokens, by engine.GoodsKind (POS-11).
var goodsKinds = [engine.NumGoods]referee.PositionKind{engine.Wine: referee.PosWine, engine.Grain: referee.PosGrain,
	engine.Cloth: referee.PosCloth}

// numbers asks the number of kind (gifts, score or a kind of goods) for each player from seat p on.
func (s *tokenStep) numbers(kind referee.PositionKind, p int) {
	e := s.e
	e.enter(&numberStep{answers: answers{e}, what: kind, seat: p})
	e.focus()
}

// turn asks who plays next (POS-9).
func (s *tokenStep) turn() {
	e := s.e
	var list []choice
	for p := 0; p < e.g.Players(); p++ {
		list = append(list, choice{label: e.t.names.who(p),
			next: s.set(referee.PositionLine{Kind: referee.PosTurn, Colour: e.g.Colour(p)})})
	}
	s.pick("ui.pos.ask_turn", nil, list)
}

// key: PgDn and PgUp turn the list's pages by rows (pospage.go).
func (s *tokenStep) key(ev *tcell.EventKey) *tcell.EventKey {
	if pageKey(s.e.menu, ev) {
		return nil
	}
	return ev
}
