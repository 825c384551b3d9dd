package tui

import (
	"slices"
	"strconv"
	"strings"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// numberStep asks a number for each player in turn, from seat on: the points on the score track (POS-7), the
// unopened gifts (POS-6) or the goods tokens of a kind (POS-11) of a board as it lies. Digits and Enter set it (Set: the referee checks it) and ask the
// next player's; Enter on an empty line keeps the number shown; Esc goes back to the list.
type numberStep struct {
	answers
	what referee.PositionKind // referee.PosScore, referee.PosGifts, or a kind of goods (referee.PosWine ...)
	seat int
}

func (s *numberStep) kind() step { return stepNumber }

func (s *numberStep) legend() string { return s.e.t.u.loc.T("ui.pos.number_legend", nil) }

// now is the number the position holds for the seat.
func (s *numberStep) now() int {
	g := s.e.g
	if k, ok := s.goods(); ok {
		return g.S.Goods[s.seat][k]
	}
	if s.what == referee.PosGifts {
		return g.S.Gift.Hands[s.seat]
	}
	return g.S.Scores[s.seat]
}

// goods returns the kind of goods asked (POS-11); false when it is not goods.
func (s *numberStep) goods() (engine.GoodsKind, bool) {
	i := slices.Index(goodsKinds[:], s.what)
	return engine.GoodsKind(max(i, 0)), i >= 0
}

func (s *numberStep) show() {
	e := s.e
	loc := e.t.u.loc
	e.who = s.seat
	e.back = func() { e.t.refresh() }
	key := "ui.pos.ask_score"
	if s.what == referee.PosGifts {
		key = "ui.pos.ask_gifts"
	}
	data := map[string]any{"Now": s.now()}
	if k, ok := s.goods(); ok {
		sums := e.t.u.pos.draft().Goods()
		key = "ui.pos.ask_goods"
		data["Goods"], data["Held"], data["Printed"] = loc.T("term.goods."+k.String(), nil), sums.Held[k], sums.Printed[k]
	}
	e.ask(key, data)
	e.input.SetLabel(loc.T("ui.pos.number", nil) + " ")
	e.input.SetPlaceholder("") // not the tile line's "edges or code"
	e.input.SetText("")
	e.offer(nil)
}

func (s *numberStep) typed(text string) {}

func (s *numberStep) key(ev *tcell.EventKey) *tcell.EventKey {
	e := s.e
	switch ev.Key() {
	case tcell.KeyEnter:
		text := strings.TrimSpace(e.input.GetText())
		if text == "" {
			s.next()
			return nil
		}
		n, err := strconv.Atoi(text)
		if err != nil {
			e.t.setStatus(e.t.u.loc.T("ui.pos.not_number", map[string]any{"Text": text}), true)
			return nil
		}
		l := referee.PositionLine{Kind: s.what, Colour: e.g.Colour(s.seat), N: n}
		if e.t.posDo(func(st posSteps) error { _, err := st.Set(l); return err }, nil) {
			s.next()
		}
		return nil
	case tcell.KeyEscape:
		e.goBack()
		return nil
	case tcell.KeyRune:
		if r := ev.Rune(); (r < '0' || r > '9') && r != '-' {
			return nil
		}
	}
	return ev
}

// next asks the next player's number, or goes back to the list after the last.
func (s *numberStep) next() {
	e := s.e
	if s.seat+1 < e.g.Players() {
		e.enter(&numberStep{answers: answers{e}, what: s.what, seat: s.seat + 1})
		e.focus()
		return
	}
	e.t.refresh()
}
