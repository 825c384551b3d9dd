package tui

import (
	"strings"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// giftStep offers the gift cards the player may open now (GIFT-5..10), after drawing and before placing, in the
// order of the rules (GIFT-6..10): Two Choices, and a card with nothing to act on now ("<card> void"), are
// recorded at once (asking first if they are void, GIFT-5(d)); the other cards go on to giftTargetStep. Esc or "back": the tile step.
type giftStep struct{ answers }

func (s *giftStep) kind() step { return stepGift }

func (s *giftStep) show() {
	e := s.e
	loc := e.t.u.loc
	back := func() { e.enter(&tileStep{answers{e}}) }
	e.back = back
	e.pic.t = nil
	acts := e.giftActions()
	var choices []choice
	for c := engine.GiftCard(0); c < engine.NumGiftCards; c++ {
		var mine []referee.Action
		for _, a := range acts {
			if a.Gift == c.String() {
				mine = append(mine, a)
			}
		}
		if len(mine) == 0 {
			continue
		}
		c := c
		if c == engine.TwoChoices {
			a := mine[0]
			ch := choice{label: e.giftName(c) + ": " + loc.T("ui.opt.two_choices", nil), act: &a}
			if e.g.GiftVoid(a.Gift) {
				// No second tile to draw (GIFT-10(c)): the gift may still be opened, void; ask first (GIFT-5(d)).
				ch.label = e.giftName(c) + ": " + loc.T("ui.opt.two_choices_void", nil)
				ch.warn = loc.T("ui.gift_void_ask", map[string]any{"Gift": e.giftName(c)})
			}
			choices = append(choices, ch)
			continue
		}
		if len(mine) == 1 && mine[0].Void {
			// Nothing for the card to act on now: it may still be opened, void; ask first (GIFT-5(d), GIFT-11).
			a := mine[0]
			why := loc.T("ui.gift_void_why."+strings.ReplaceAll(c.String(), "-", "_"), nil)
			choices = append(choices, choice{label: e.giftName(c) + ": " + loc.T("ui.opt.gift_void", nil), act: &a,
				warn: loc.T("ui.gift_void_card_ask", map[string]any{"Gift": e.giftName(c), "Why": why})})
			continue
		}
		choices = append(choices, choice{label: e.giftName(c), next: func() {
			e.enter(&giftTargetStep{answers: answers{e}, card: c, acts: mine})
		}})
	}
	choices = append(choices, choice{label: loc.T("ui.opt.back", nil), next: back})
	e.ask("ui.ask.gift", map[string]any{"Count": e.g.S.Gift.Hands[e.who]})
	e.offer(choices)
}

// synodLabel is "large follower onto monastery at 2,0": a Synod's answer in words.
func (s *giftTargetStep) synodLabel(a referee.Action, seg int32) string {
	e := s.e
	return e.t.u.loc.T("ui.opt.onto", map[string]any{"Figure": e.figureWord(a.FigureKind(), e.g.S.SegKind(seg)),
		"Feature": e.segWhere(seg)})
}

// giftActions are the gift answers the referee lists for the tile step.
func (e *entry) giftActions() []referee.Action {
	var out []referee.Action
	for _, a := range e.legal() {
		if a.Verb == referee.VerbGift {
			out = append(out, a)
		}
	}
	return out
}

func (e *entry) giftName(c engine.GiftCard) string {
	return e.t.u.loc.T("term.gift."+strings.ReplaceAll(c.String(), "-", "_"), nil)
}

// giftTargetStep offers what gift card is played on (acts: the referee's answers for it): the feature of a
// Synod's figure, of a Road Sweeper, of a Cash Out, a Change of Position's new place. Esc or "back": the cards.
type giftTargetStep struct {
	answers
	card engine.GiftCard
	acts []referee.Action
}

func (s *giftTargetStep) kind() step { return stepGiftTarget }

func (s *giftTargetStep) show() {
	e := s.e
	g, loc := e.g, e.t.u.loc
	back := func() { e.enter(&giftStep{answers{e}}) }
	e.back = back
	var choices []choice
	for a, seg := range e.onFeatures(s.acts) {
		var label string
		kind := a.FigureKind()
		show := e.showFigure(seg, kind)
		target := segTarget(g.S.Root(seg))
		switch s.card {
		case engine.Synod:
			label = s.synodLabel(*a, seg)
		case engine.RoadSweeper:
			label = e.segWhere(seg)
			show = nil
		case engine.CashOut:
			label = loc.T("ui.opt.from", map[string]any{"Figure": e.figureWord(kind, g.S.SegKind(seg)),
				"Feature": e.segWhere(seg)})
		case engine.ChangePosition:
			ti, _ := g.S.SegTile(seg)
			l, err := g.S.SegByPlace(ti, a.NewPlace)
			if err != nil {
				continue
			}
			to := g.S.Tiles[ti].Seg(l)
			label = loc.T("ui.opt.change", map[string]any{"From": e.segWhere(seg), "To": e.segName(to)})
			if kind != engine.Follower {
				label = e.figureWord(kind, g.S.SegKind(seg)) + ": " + label
			}
			show = e.showFigure(to, kind)
			target = segTarget(seg) + ">" + a.NewPlace
		}
		choices = append(choices, choice{label: label, act: a, preview: show, seg: seg, hasSeg: true,
			figure: kind, target: target})
	}
	if s.card == engine.Synod {
		choices = e.withBase(choices, func(a referee.Action) (referee.Action, string, string) {
			a.Large = false
			seg, _ := e.refSeg(a.Target)
			return a, s.synodLabel(a, seg), e.segWhere(seg)
		})
	}
	choices = append(choices, choice{label: loc.T("ui.opt.back", nil), next: back})
	e.ask("ui.ask.gift_target", map[string]any{"Gift": e.giftName(s.card)})
	e.offer(choices)
}
