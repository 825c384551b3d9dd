package referee

import (
	"fmt"

	"github.com/karkason/karkason/engine"
)

// Abbey & Mayor at the referee (RULES-AM.md SEQ-0b, SEQ-3, SEQ-5(i)-(k), SEQ-6(h), SEQ-9a, AM-3..10, AM-16..19,
// COMBO-50(b), COMBO-52(a)): the abbey placed instead of a tile (placeAbbey), the barn's figure step (deployBarn),
// the wagon moves as a round of their own after the scoring and before the City placement (PhaseWagon:
// beginWagons, applyWagon, wagonsDone), and the end-of-game abbey round (beginAbbeyRound, applyAbbeyRound). The rules
// themselves are the engine's (engine/am.go, whose doc comment lists the rulings OPEN-33..42).

// amState is what the referee keeps for Abbey & Mayor besides the engine: the end-of-game abbey round.
type amState struct {
	round    bool  // the end-of-game abbey round has begun (AM-10)
	order    []int // its players in order: the left neighbour of the last tile's player first, that player last
	pos      int   // whose go it is in order
	last     int   // the player who placed (or discarded) the last land tile
	roundEnd bool  // the round is over: the market round and final scoring follow
}

// --- the abbey ---------------------------------------------------------------------------------------------------

// placeAbbey handles `place am-abbey x,y`: instead of drawing (SEQ-0b, AM-3), into a hole (AM-4), closing its
// neighbours (AM-5); the figure step follows (AM-7). Refusals: AM-3(a) a tile was drawn in this part, AM-3(b) the
// river stack is current (OPEN-34), COMBO-50(b) after Two Choices, AM-3(d) no abbey held, AM-4 not a hole, SHRINE-3.
// The abbey never earns a gift (COMBO-50(a)) nor the builder's second tile (COMBO-52(a)); it may be the second part
// of a double turn (COMBO-52(a), OPEN-41).
func (g *Game) placeAbbey(a *Action) error {
	who := g.Active
	switch {
	case !g.S.Opts.AbbeyMayor:
		return refusal("CFG-3", "err.am.no_abbey_module")
	case g.part.twoChoices:
		return refusal("COMBO-50(b)", "err.am.abbey_two_choices")
	case g.part.drew:
		return refusal("AM-3(a)", "err.am.abbey_after_draw")
	case g.Bag.InRiverPhase() || g.Bag.Spring != nil:
		return refusal("AM-3(b)", "err.am.abbey_river")
	}
	pos := engine.Pos{X: a.Pos.X, Y: a.Pos.Y}
	idx, err := g.S.PlaceAbbey(who, pos)
	if err != nil {
		return err
	}
	g.afterVolcano = false
	g.lastFigure = figureStep{player: -1}
	g.pdPlacedAbbey() // no symbol: the dragon does not move (COMBO-57(b), combo.go)
	g.part.tile, g.part.begun = idx, true
	g.S.Turn.Tile = idx
	g.S.Turn.Completed = g.S.Completed(idx, g.S.Turn.Completed[:0])
	if g.am.round {
		g.am.pos++ // this player's go in the round is taken
	}
	g.announce(who, "AM-3", "ev.am.abbey_placed", "pos", a.Pos.String())
	g.Phase = PhaseFigure
	return nil
}

// abbeyTooLate returns the refusal of a `place am-abbey` line of the active player after this part's tile was
// placed (AM-3(a)); nil for any other line or when a second part is due (COMBO-52(a): its tile may be the abbey).
func (g *Game) abbeyTooLate(a *Action, who int) *Refusal {
	if a.Verb != VerbPlace || a.Tile != TileAbbey || who != g.Active || g.part.tile < 0 || g.secondPartDue() {
		return nil
	}
	switch g.Phase {
	case PhaseFigure, PhaseMoving, PhaseWagon, PhaseCity, PhaseCount:
		return refusal("AM-3(a)", "err.am.abbey_after_draw")
	}
	return nil
}

// --- the barn ----------------------------------------------------------------------------------------------------

// deployBarn handles `deploy barn CORNER` (SEQ-5(k), AM-21, AM-22; refusals AM-21(a), AM-21, AM-22, AM-7, DEF-5).
func (g *Game) deployBarn(a Action, who int) error {
	c, _ := engine.ParseCorner(a.Place)
	if _, err := g.S.DeployBarn(who, g.part.tile, c); err != nil {
		return err
	}
	g.announce(who, "AM-21", "ev.am.barn_placed", "corner", a.Place)
	return nil
}

// --- the wagon moves ---------------------------------------------------------------------------------------------

// beginWagons opens the wagon moves if a wagon waits (SEQ-6(h), AM-16) and reports whether it did.
func (g *Game) beginWagons() bool {
	if g.S.Turn.Wagons == 0 {
		return false
	}
	g.Phase = PhaseWagon
	g.announceWagonGo()
	return true
}

// WagonMover returns whose wagon move it is (AM-18: clockwise from the active player), -1 outside the wagon moves.
func (g *Game) WagonMover() int {
	if g.Phase != PhaseWagon {
		return -1
	}
	for i := 0; i < g.Players(); i++ {
		if p := (g.Active + i) % g.Players(); g.S.WagonWaiting(p) {
			return p
		}
	}
	return -1
}

func (g *Game) announceWagonGo() {
	if m := g.WagonMover(); m >= 0 {
		g.announce(m, "AM-18", "ev.am.wagon_go", "pos", g.S.WagonFrom(m).String())
	}
}

// wagonOrder returns the place of player p in the order of the wagon moves (AM-18): 0 for the active player.
func (g *Game) wagonOrder(p int) int { return (p - g.Active + g.Players()) % g.Players() }

// applyWagon handles a `wagon` line in the wagon moves (AM-16..18): the mover's wagon onto a target (AM-17) or home;
// a line of a later owner sends the wagons of the owners due before it home (record format). It reports whether the
// line was a wagon line; any other line sends every waiting wagon home and is then matched to the next decision.
func (g *Game) applyWagon(a *Action, who int) (bool, error) {
	if a.Verb != VerbWagon {
		g.wagonsHome(g.Players())
		g.wagonsDone()
		return false, nil
	}
	if !g.S.WagonWaiting(who) {
		return true, refusal("AM-16", "err.am.no_wagon_waiting")
	}
	mover := g.WagonMover()
	if who != mover {
		g.wagonsHome(g.wagonOrder(who)) // the owners due before who decline (record format)
	}
	if a.Home {
		g.S.WagonHome(who)
		g.announce(who, "AM-16", "ev.am.wagon_home")
	} else {
		seg, err := g.S.FeatureAt(engine.Pos{X: a.Target.Pos.X, Y: a.Target.Pos.Y}, a.Target.Place)
		if err != nil {
			return true, err
		}
		before := g.S.Challenges()
		if err := g.S.MoveWagon(who, seg); err != nil {
			return true, err
		}
		g.announce(who, "AM-17", "ev.am.wagon_moved", "feature", a.Target.String())
		if g.S.SegKind(seg).IsCloister() && g.challengeStarted(before, seg) { // AM-20, SHRINE-5(b)
			g.announce(who, "SHRINE-5(b)", "ev.challenge_started")
		}
	}
	if g.WagonMover() < 0 {
		g.wagonsDone()
	} else {
		g.announceWagonGo()
	}
	return true, nil
}

// wagonsHome sends home the waiting wagons of the owners before place n of the order (AM-16: a wagon with no line
// goes home).
func (g *Game) wagonsHome(n int) {
	for i := 0; i < n && i < g.Players(); i++ {
		if p := (g.Active + i) % g.Players(); g.S.WagonWaiting(p) {
			g.S.WagonHome(p)
			g.announce(p, "AM-16", "ev.am.wagon_home")
		}
	}
}

// wagonsDone closes the wagon moves: the City placement follows (SEQ-7).
func (g *Game) wagonsDone() {
	g.Phase = PhaseFigure // a placeholder until cityStep sets the next decision
	g.cityStep()
}

// --- the end-of-game abbey round ---------------------------------------------------------------------------------

// beginAbbeyRound begins the end-of-game abbey round after the turn of the last land tile (SEQ-9a, AM-10, OPEN-35):
// the players who still hold an abbey, from the left neighbour of that tile's player round to that player. It
// reports whether a go of the round is due (nextAbbeyGo); false when the round is over or has nobody.
func (g *Game) beginAbbeyRound() bool {
	if !g.S.Opts.AbbeyMayor || g.am.roundEnd {
		return false
	}
	if !g.am.round {
		g.am.round, g.am.last, g.am.pos = true, g.Active, 0
		g.am.order = g.am.order[:0]
		for i := 1; i <= g.Players(); i++ {
			if p := (g.Active + i) % g.Players(); g.S.Abbeys[p] {
				g.am.order = append(g.am.order, p)
			}
		}
		if len(g.am.order) > 0 {
			g.announce(-1, "AM-10", "ev.am.abbey_round")
		}
	}
	return g.nextAbbeyGo()
}

// nextAbbeyGo begins the next go of the abbey round, if any is left (each player once, AM-10(a)).
func (g *Game) nextAbbeyGo() bool {
	for g.am.pos < len(g.am.order) && !g.S.Abbeys[g.am.order[g.am.pos]] {
		g.am.pos++
	}
	if g.am.pos >= len(g.am.order) {
		g.endAbbeyRound()
		return false
	}
	p := g.am.order[g.am.pos]
	g.beginTurn(p)
	g.announce(p, "AM-10", "ev.am.abbey_round_go")
	return true
}

// endAbbeyRound closes the abbey round: the player of the last land tile is again the one the market round starts
// after (COUNT-19(b)).
func (g *Game) endAbbeyRound() {
	g.am.roundEnd = true
	g.Active = g.am.last
	g.prevActive = g.am.last
}

// InAbbeyRound reports whether the pending decision is a go of the end-of-game abbey round (AM-10).
func (g *Game) InAbbeyRound() bool { return g.am.round && !g.am.roundEnd && g.Phase == PhaseTile }

// applyAbbeyRound matches a line to a go of the abbey round (AM-10, record format): `place am-abbey` or
// `abbey-pass` of a player due (a later player's line declines for everyone due before it), a gift of the player
// whose go it is (COMBO-50(b)); a `market` line declines the rest of the round. It reports whether the line was
// handled (err is its result) and whether the game moved on so that the line is to be matched again (again).
func (g *Game) applyAbbeyRound(a *Action, who int) (handled bool, err error, again bool) {
	switch a.Verb {
	case VerbMarket:
		g.endAbbeyRound()
		g.gameEnd()
		return false, nil, true
	case VerbGift:
		if who == g.Active {
			return false, nil, false
		}
	case VerbAbbeyPass, VerbPlace, VerbDiscard:
	default:
		return false, nil, false
	}
	at := -1
	for i := g.am.pos; i < len(g.am.order); i++ {
		if g.am.order[i] == who {
			at = i
		}
	}
	switch {
	case a.Verb == VerbDiscard || a.Verb == VerbPlace && a.Tile != TileAbbey:
		return true, refusal("AM-10", "err.am.round_abbey_only"), false
	case at < 0:
		return true, refusal("AM-10(a)", "err.am.round_not_due"), false
	case g.part.begun && at > g.am.pos:
		return true, refusal("AM-10", "err.am.round_not_due"), false
	}
	if at > g.am.pos { // the players due before who decline
		g.am.pos = at
		g.beginTurn(who)
	}
	if a.Verb == VerbAbbeyPass {
		g.announce(who, "AM-10", "ev.am.abbey_declined")
		g.am.pos++
		g.ended = endedTurn{player: who, rule: g.endedRule()}
		if !g.nextAbbeyGo() {
			g.gameEnd()
		}
		return true, nil, false
	}
	return false, nil, false // the abbey line itself: place, placeAbbey
}

// legalAbbey appends the abbey placements the active player may make now (SEQ-0b, AM-3, AM-4): one per hole where
// the abbey may lie, while the player holds it, no tile was drawn in this part and the river is not being laid.
func (g *Game) legalAbbey(out []Action) []Action {
	s, who := g.S, g.Active
	if !s.Opts.AbbeyMayor || !s.Abbeys[who] || g.part.drew || g.part.twoChoices || g.Bag.InRiverPhase() ||
		g.Bag.Spring != nil || g.part.tile >= 0 {
		return out
	}
	if !g.InAbbeyRound() && g.lastTurnDone() {
		return out
	}
	for _, p := range s.AbbeyHoles(nil) {
		out = append(out, Action{Colour: g.Colour(who), Verb: VerbPlace, Tile: TileAbbey, Pos: Pos{p.X, p.Y}})
	}
	return out
}

// lastTurnDone reports whether the play of land tiles is over outside the abbey round (no tile left to draw).
func (g *Game) lastTurnDone() bool { return g.lastTurn }

// legalWagon lists the wagon moves of the player whose wagon decides (AM-16, AM-17): home, then each eligible
// target named by one segment.
func (g *Game) legalWagon(who int, out []Action) []Action {
	if who < 0 {
		return out
	}
	c := g.Colour(who)
	out = append(out, Action{Colour: c, Verb: VerbWagon, Home: true})
	for _, seg := range g.S.WagonTargets(who, nil) {
		out = append(out, Action{Colour: c, Verb: VerbWagon, Target: g.segRef(seg)})
	}
	return out
}

// amSummary adds Abbey & Mayor to a replay summary (record format "Abbey & Mayor", Replay output): the abbeys each
// colour still holds, and a note for every wagon move (AM-16, AM-17) in the order they were made.
func (g *Game) amSummary(s *Summary) {
	if !g.S.Opts.AbbeyMayor {
		return
	}
	s.Abbeys = map[Colour]int{}
	for i, p := range g.Setup.Players {
		s.Abbeys[p.Colour] = b2i(g.S.Abbeys[i])
	}
	for _, ev := range g.Events {
		switch ev.Key {
		case "ev.am.wagon_moved":
			s.Notes = append(s.Notes, fmt.Sprintf("AM-17: %s's wagon moves to %v", g.Colour(ev.Player), ev.Data()["feature"]))
		case "ev.am.wagon_home":
			s.Notes = append(s.Notes, fmt.Sprintf("AM-16: %s's wagon goes home", g.Colour(ev.Player)))
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
