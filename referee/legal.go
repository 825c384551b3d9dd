package referee

import (
	"slices"

	"github.com/karkason/karkason/engine"
)

// Legal actions: every answer the referee would accept to the pending decision, as the table offers them and as a
// random player picks from. Each listed action is accepted by Apply; where several actions have the same effect only
// one is listed (documented per phase on Legal).

// Decision is the pending decision of a game and its legal answers.
type Decision struct {
	Phase  Phase
	Player int // seat index of the player who decides; -1 once the game has ended
	// Actions are the legal answers in a stable order (see Legal). Empty only when the game has ended.
	Actions []Action
	// Optional reports that the decision may be declined. The figure step and a go in the moving-out round have a
	// declining action of their own among Actions (pass, decline); the City and the Count have none: they are
	// declined by answering the next decision (what any other action does, record format), whose answers
	// AfterDecline lists. "end" also declines every optional decision (and ends the game). The tile step of the
	// builder's second part is optional too (TB-9), its declining action `builder-pass` last among Actions.
	Optional bool
	// Part is the turn part the decision belongs to (DEF-12): 1, or 2 in the second part of a builder's double turn
	// (TB-7..10), whose tile step is the builder's second tile (SEQ-7a).
	Part int
}

// LegalActions returns every legal answer to the pending decision; see Legal.
func (g *Game) LegalActions() []Action { return g.Legal().Actions }

// Legal returns the pending decision and every legal answer to it:
//
//   - PhaseTile (SEQ-1..3; in the second part of a double turn the builder's second tile, SEQ-7a): for each tile
//     type that can be drawn now (Bag.Drawable: the river order, RIVER-4, RIV2-3/7, COMBO-1), each legal placement (engine LegalPlacements, BASE-4, river and shrine limits; a rotation
//     that is the same placement as a lower one of a symmetric tile is listed once, at the lower rotation), or
//     "discard" if it has none (BASE-5, RIVER-10); then, if the active player holds a gift and has opened none
//     this turn (GIFT-5(a)), the gifts: synod onto each incomplete monastery or shrine with a follower and/or the
//     abbot from supply (GIFT-6), road-sweeper on each incomplete road (GIFT-7), change-position of each follower to
//     each legal place of its tile (GIFT-9), cash-out of each of the player's figures per feature and kind
//     (GIFT-8), two-choices (GIFT-10); the large follower wherever a follower may be named (COMBO-21, COMBO-23,
//     COMBO-24); a card of the four with a target that has none now is listed as "<card> void" (GIFT-5(d)). Roads
//     are named by one segment of each road feature. In the second part, before its tile, `builder-pass` last: the
//     second tile declined (TB-9; optional).
//   - PhaseFigure (SEQ-5): pass; each deploy option (engine DeployOptions, BASE-6/7, FARM-2, ABBOT-3/4, IC-4: a
//     follower, the abbot, the large follower; TB-5 the builder, TB-12 the pig) named by the place's shortest name
//     (PlaceName); return-abbot for each of the player's abbots on an incomplete building (ABBOT-6).
//   - PhaseMoving (COUNT-13..17): for the player whose go it is, decline, and each move: from the quarter that
//     feeds the target's kind (COUNT-14) if the Count is not there (COUNT-15), a follower, the large follower
//     (COMBO-15) and/or the abbot (cathedral only) present there (COUNT-16(e)), onto each eligible target
//     (COUNT-17) named by one segment.
//   - PhaseCity (COUNT-6..8): each quarter the active player may enter with a follower, the large follower (any
//     quarter, COMBO-15) and/or the abbot; optional.
//   - PhaseCount (COUNT-11): each quarter (the Count's own quarter leaves him where he is), the market only with
//     farmers (COUNT-11(a)); optional.
//   - PhaseMarket (COUNT-19): for the player whose market move it is, one market action per field feature on the
//     board and per kind of figure they have in the market (a follower, the large follower, COMBO-15(b)), named by
//     one of its segments (every segment of a field is the same move: the farmer lies on the field,
//     COUNT-19(c)); mandatory.
//   - PhaseEnded: nothing.
//
// Stopping the game is never listed: "end" (END-1) and, with the City, a "market" line in place of a tile, which
// ends the play of tiles early and opens the market round (COUNT-19) are the table's own decisions.
func (g *Game) Legal() Decision {
	d := Decision{Phase: g.Phase, Player: g.Active, Part: g.part.no}
	switch g.Phase {
	case PhaseTile:
		d.Actions = g.legalAside(g.legalTile(nil)) // PD-5 (pd.go)
		if g.InAbbeyRound() {                      // AM-10: the abbey may be declined
			d.Optional = true
			d.Actions = append(d.Actions, Action{Colour: g.Colour(g.Active), Verb: VerbAbbeyPass})
		}
		if g.secondPartOpen() {
			d.Optional = true
			d.Actions = append(d.Actions, Action{Colour: g.Colour(g.Active), Verb: VerbBuilderPass})
		}
	case PhaseFigure:
		d.Optional = true
		d.Actions = g.legalPDFigure(g.legalFigure(nil)) // the fairy, the princess, the portal (pd.go)
	case PhaseDragon:
		d.Player = g.DragonMover()
		d.Actions = g.legalDragon() // PD-9, PD-10 (pd.go)
	case PhaseMoving:
		d.Optional = true
		d.Player = g.RoundMover()
		d.Actions = g.legalMoving(d.Player, nil)
	case PhaseCity:
		d.Optional = true
		c := g.Colour(g.Active)
		for _, q := range engine.QuarterNames {
			qq, _ := engine.ParseQuarter(q)
			for _, kind := range figureKinds {
				if g.S.CanEnterCity(g.Active, qq, kind) == nil {
					d.Actions = append(d.Actions, naming(Action{Colour: c, Verb: VerbCity, Quarter: q}, kind))
				}
			}
		}
	case PhaseCount:
		d.Optional = true
		for i, q := range engine.QuarterNames {
			if engine.Quarter(i) == engine.Market && !g.S.Opts.Farmers {
				continue // out of play for the Count too (COUNT-11(a))
			}
			d.Actions = append(d.Actions, Action{Colour: g.Colour(g.Active), Verb: VerbCount, Quarter: q})
		}
	case PhaseWagon: // SEQ-6(h), AM-16..18 (am.go)
		d.Optional = true
		d.Player = g.WagonMover()
		d.Actions = g.legalWagon(d.Player, nil)
	case PhaseMarket:
		d.Player = g.MarketMover()
		if d.Player >= 0 {
			d.Actions = g.legalMarket(d.Player, nil)
		}
	case PhaseEnded:
		d.Player = -1
	}
	return d
}

// Check tells whether a would be accepted now, without applying it: nil, or the *Refusal Apply would return (the
// table greys an answer that is not legal now with it, e.g. a follower where only the large follower may go). The
// game is not changed.
func (g *Game) Check(a Action) error {
	return asRefusal(g.clone(false).apply(&a))
}

// AfterDecline returns a copy of the game with the pending optional decision declined, as an action answering a
// later decision would decline it (the whole moving-out round, not only the current go): its Legal lists those
// later answers. It returns nil if the pending decision is not optional.
func (g *Game) AfterDecline() *Game {
	c := g.Clone()
	if g.secondPartOpen() { // the builder's second tile (TB-9)
		c.declineSecondPart()
		return c
	}
	switch g.Phase {
	case PhaseFigure:
		c.startScoring()
	case PhaseMoving:
		c.roundPos = len(c.round)
		c.advanceRound()
	case PhaseCity, PhaseCount:
		c.endPart()
	case PhaseWagon:
		c.wagonsHome(c.Players())
		c.wagonsDone()
	default:
		return nil
	}
	return c
}

func (g *Game) legalTile(out []Action) []Action {
	c := g.Colour(g.Active)
	types := g.Bag.Drawable(g.Cat)
	// Enumerate first, then allocate the actions once: a turn offers a thousand placements or more.
	var buf []engine.Placement
	ends := make([]int, len(types))
	for i, t := range types {
		buf = g.S.LegalPlacements(t, buf)
		ends[i] = len(buf)
	}
	if out == nil {
		out = make([]Action, 0, len(buf)+len(types))
	}
	start := 0
	for i, t := range types {
		if ends[i] == start {
			out = append(out, Action{Colour: c, Verb: VerbDiscard, Tile: t.ID})
			continue
		}
		for _, p := range buf[start:ends[i]] {
			out = append(out, Action{Colour: c, Verb: VerbPlace, Tile: t.ID, Pos: Pos{p.Pos.X, p.Pos.Y}, Rot: 90 * p.Rot})
		}
		start = ends[i]
	}
	out = g.legalAbbey(out) // AM-3, AM-4, AM-10 (am.go)
	if g.S.Opts.Gifts && !g.part.giftOpened && g.S.Gift.Hands[g.Active] > 0 {
		out = g.legalGifts(out)
	}
	return out
}

// segRef names a segment: the cell of its tile and its shortest place name.
func (g *Game) segRef(seg int32) FeatureRef {
	ti, l := g.S.SegTile(seg)
	p := g.S.Tiles[ti].Pos
	return FeatureRef{Pos: Pos{p.X, p.Y}, Place: g.S.PlaceName(ti, l)}
}

// figureKinds are the kinds of figure a City, moving or gift action may name (DEF-4): a follower, the abbot, the
// large follower (IC-4); never the builder or the pig (COMBO-16(a), COMBO-21, COMBO-23, COMBO-24), which only a
// deploy names (DeployOptions).
var figureKinds = [...]engine.FigureKind{engine.Follower, engine.Abbot, engine.Large, engine.Mayor, engine.Wagon}

// naming returns a with the figure word of kind set (Abbot, Large, Builder, Pig; none for an ordinary follower).
func naming(a Action, kind engine.FigureKind) Action {
	a.Abbot, a.Large = kind == engine.Abbot, kind == engine.Large
	a.Builder, a.Pig = kind == engine.Builder, kind == engine.Pig
	a.Mayor, a.Wagon, a.Barn = kind == engine.Mayor, kind == engine.Wagon, kind == engine.Barn // am.go
	return a
}

// legalGifts lists the gifts the active player may open now (GIFT-5..10).
func (g *Game) legalGifts(out []Action) []Action {
	s, who, c := g.S, g.Active, g.Colour(g.Active)
	gift := func(card engine.GiftCard) Action { return Action{Colour: c, Verb: VerbGift, Gift: card.String()} }
	// Features by root: one action per feature for road-sweeper (GIFT-7).
	seen := make(map[int32]bool)
	for seg := int32(0); seg < int32(s.SegCount()); seg++ {
		switch k := s.SegKind(seg); {
		case k.IsCloister(): // synod (GIFT-6): one segment per building
			for _, kind := range figureKinds {
				if s.CanSynod(who, kind, seg) == nil {
					a := naming(gift(engine.Synod), kind)
					a.Target = g.segRef(seg)
					out = append(out, a)
				}
			}
		case k == engine.KRoad:
			r := s.Root(seg)
			if seen[r] {
				continue
			}
			seen[r] = true
			if s.CanRoadSweeper(who, r) == nil {
				a := gift(engine.RoadSweeper)
				a.Target = g.segRef(r)
				out = append(out, a)
			}
		}
	}
	// change-position (GIFT-9) and cash-out (GIFT-8): from the player's figures.
	cashed := make(map[[2]int32]bool)
	changed := make(map[[2]int32]bool) // two followers of the player on one segment change position alike
	for i := range s.Figures {
		f := &s.Figures[i]
		if int(f.Player) != who || f.Where != engine.OnBoard {
			continue
		}
		if key := [2]int32{f.Seg, int32(f.Kind)}; f.Kind.IsFollower() && !changed[key] &&
			s.CanOpen(who, engine.ChangePosition) == nil {
			changed[key] = true
			ti, _ := s.SegTile(f.Seg)
			for l := range s.Tiles[ti].Type.Segs {
				to := s.Tiles[ti].Seg(l)
				if s.CanChangePosition(who, f.Kind, f.Seg, to) == nil {
					a := naming(gift(engine.ChangePosition), f.Kind)
					a.Target, a.NewPlace = g.segRef(f.Seg), s.PlaceName(ti, l)
					out = append(out, a)
				}
			}
		}
		key := [2]int32{s.Root(f.Seg), int32(f.Kind)}
		if !cashed[key] && s.CanCashOut(who, f.Kind, f.Seg) == nil {
			cashed[key] = true
			a := naming(gift(engine.CashOut), f.Kind)
			a.Target = g.segRef(f.Seg)
			out = append(out, a)
		}
	}
	if s.CanOpen(who, engine.TwoChoices) == nil {
		out = append(out, gift(engine.TwoChoices))
	}
	// A card that has no target now may still be opened, void (GIFT-5(d)).
	for _, card := range []engine.GiftCard{engine.Synod, engine.RoadSweeper, engine.ChangePosition, engine.CashOut} {
		if s.CanOpen(who, card) != nil || slices.ContainsFunc(out, func(a Action) bool { return a.Gift == card.String() }) {
			continue
		}
		a := gift(card)
		a.Void = true
		out = append(out, a)
	}
	return out
}

func (g *Game) legalFigure(out []Action) []Action {
	s, who, c := g.S, g.Active, g.Colour(g.Active)
	out = append(out, Action{Colour: c, Verb: VerbPass})
	for _, o := range s.DeployOptions(who, g.part.tile, nil) {
		out = append(out, naming(Action{Colour: c, Verb: VerbDeploy, Place: s.PlaceName(g.part.tile, o.Local)}, o.Kind))
	}
	for _, corner := range s.BarnOptions(who, g.part.tile, nil) { // AM-21 (am.go)
		out = append(out, Action{Colour: c, Verb: VerbDeploy, Barn: true, Place: engine.CornerNames[corner]})
	}
	if s.Opts.Abbot {
		for i := range s.Figures {
			f := &s.Figures[i]
			if int(f.Player) != who || f.Kind != engine.Abbot || f.Where != engine.OnBoard {
				continue
			}
			ti, _ := s.SegTile(f.Seg)
			p := s.Tiles[ti].Pos
			if s.CanReturnAbbot(who, p) == nil {
				out = append(out, Action{Colour: c, Verb: VerbReturnAbbot, Pos: Pos{p.X, p.Y}})
			}
		}
	}
	return out
}

func (g *Game) legalMoving(who int, out []Action) []Action {
	if who < 0 {
		return out
	}
	s, c := g.S, g.Colour(who)
	out = append(out, Action{Colour: c, Verb: VerbDecline})
	for _, t := range g.targets {
		q, ok := engine.QuarterFor(s.SegKind(t))
		if !ok && s.SegKind(t) == engine.KField {
			q, ok = engine.Market, true // a field scored because of a barn (COMBO-43)
		}
		if t = s.SegOffDragon(t); !ok || q == s.City.Count || t < 0 { // a place off the dragon's tile (COMBO-33(b))
			continue
		}
		for _, kind := range figureKinds {
			if s.InQuarter(who, q, kind) > 0 && s.CanMoveOut(who, q, kind, t, g.targets) == nil {
				out = append(out, naming(Action{Colour: c, Verb: VerbMove, Quarter: q.String(), Target: g.segRef(t)}, kind))
			}
		}
	}
	return out
}

func (g *Game) legalMarket(who int, out []Action) []Action {
	s, c := g.S, g.Colour(who)
	seen := make(map[int32]bool)
	for seg := int32(0); seg < int32(s.SegCount()); seg++ {
		if s.SegKind(seg) != engine.KField {
			continue
		}
		r := s.Root(seg)
		if seen[r] {
			continue
		}
		seen[r] = true // the mover has a market figure and the Count is elsewhere (MarketMover, COUNT-19(c)/(e))
		if r = s.SegOffDragon(r); r < 0 {
			continue // the whole field lies on the dragon's tile (COMBO-33(b))
		}
		for _, kind := range [2]engine.FigureKind{engine.Follower, engine.Large} { // COMBO-15(b)
			if s.InQuarter(who, engine.Market, kind) > 0 {
				out = append(out, naming(Action{Colour: c, Verb: VerbMarket, Target: g.segRef(r)}, kind))
			}
		}
	}
	return out
}
