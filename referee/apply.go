package referee

import (
	"slices"

	"github.com/karkason/karkason/engine"
)

// Applying actions: each action is matched to the pending decision. An optional decision that the action does
// not answer (the figure step, the rest of a moving-out round, entering the City, the Count's move) is declined, as
// the record format allows; a mandatory one (placing a tile, a market move) makes the action a refusal.

// Apply validates one action and, if it is legal, applies it and appends it to the record. A refused action
// returns a *Refusal (line number set from a.Line) and leaves the game exactly as it was.
func (g *Game) Apply(a Action) error { return g.applyAction(&a) }

// applyAction is Apply of *a, which it copies into the record if it is accepted (or, when a is nextAction's room,
// keeps there).
func (g *Game) applyAction(a *Action) error {
	g.applying = true
	err := g.apply(a)
	g.applying = false
	if err != nil {
		g.rebuild()
		err = asRefusal(err)
		if r, ok := err.(*Refusal); ok && r.Line == 0 {
			r.Line = a.Line
		}
		return err
	}
	if n := len(g.Actions); n < cap(g.Actions) && a == &g.Actions[:n+1][n] {
		g.Actions = g.Actions[:n+1] // parsed in place (nextAction)
		return nil
	}
	g.Actions = append(g.Actions, *a)
	return nil
}

// nextAction returns the room after the record's last action, where the next action can be parsed so that
// applyAction keeps it without a copy; nil when the record has no room left (reserve). What is there is not part of
// the record until applyAction accepts it.
func (g *Game) nextAction() *Action {
	if n := len(g.Actions); n < cap(g.Actions) {
		return &g.Actions[:n+1][n]
	}
	return nil
}

// rebuild replays the accepted actions from the set-up: the state after a refusal is exactly the state before it.
func (g *Game) rebuild() {
	fresh, err := buildGame(g.Setup, g.Position, g.Cat, wholePosition)
	if err != nil {
		panic("referee: set-up that was accepted is refused on rebuild: " + err.Error())
	}
	for i := range g.Actions {
		fresh.applying = true // as applyAction: the action joins the record once accepted (fairyPoint counts it)
		err := fresh.apply(&g.Actions[i])
		fresh.applying = false
		if err != nil {
			panic("referee: accepted action refused on rebuild: " + err.Error())
		}
		fresh.Actions = append(fresh.Actions, g.Actions[i])
	}
	*g = *fresh
}

// Undo takes back the last n actions (fewer if there are fewer) and returns them, last first.
func (g *Game) Undo(n int) []Action {
	if n > len(g.Actions) {
		n = len(g.Actions)
	}
	cut := g.Actions[len(g.Actions)-n:]
	out := make([]Action, 0, n)
	for i := len(cut) - 1; i >= 0; i-- {
		out = append(out, cut[i])
	}
	g.Actions = g.Actions[:len(g.Actions)-n]
	g.rebuild()
	return out
}

// Clone returns an independent copy of the game (for "what if we stopped now").
func (g *Game) Clone() *Game { return g.clone(true) }

// clone copies g: the board, the bag and the pending round are always the copy's own. With logs, so are the
// record, the events, the history and the scorings; without, the copy shares the record and the history capped (an
// append to either copies them) and starts with no events and no scorings: enough for a copy that is only ended
// and read (ifEndedNow).
func (g *Game) clone(logs bool) *Game {
	c := *g
	c.S = g.S.Clone()
	c.Bag = g.Bag.clone()
	c.round = slices.Clone(g.round)
	c.targets = slices.Clone(g.targets)
	c.am.order = slices.Clone(g.am.order)
	c.pd.visited = slices.Clone(g.pd.visited)
	if logs {
		c.Actions = slices.Clone(g.Actions)
		c.Events = slices.Clone(g.Events)
		c.History = slices.Clone(g.History)
		c.scoreLog = slices.Clone(g.scoreLog)
	} else {
		c.Actions = g.Actions[:len(g.Actions):len(g.Actions)]
		c.History = g.History[:len(g.History):len(g.History)]
		c.Events, c.scoreLog = nil, nil
	}
	return &c
}

func (g *Game) notYourTurn(who int) *Refusal {
	return refusal("DEF-7", "err.not_your_turn", "player", g.Name(g.Active), "colour", string(g.Colour(g.Active)),
		"actor", g.Name(who))
}

func (g *Game) apply(a *Action) error {
	if a.Verb == VerbEnd {
		if n := len(g.Actions); n > 0 && g.Actions[n-1].Verb == VerbEnd {
			return refusal("END-1", "err.game_over") // nothing may follow `end` (record format), not even `end`
		}
		return g.end()
	}
	who := g.Player(a.Colour)
	if who < 0 {
		return refusal("CFG-1", "err.colour_not_seated", "colour", string(a.Colour))
	}
	if a.Verb == VerbGift && who == g.Active && g.part.tile >= 0 && !g.extraTurn && !g.secondPartDue() &&
		(g.Phase == PhaseFigure || g.Phase == PhaseMoving || g.Phase == PhaseCity || g.Phase == PhaseCount) {
		// The gift window is after drawing and before placing (SEQ-2, GIFT-5(a)): this turn's tile lies already.
		// (After the volcano the same player's extra turn is a new turn with its own window, RIV2-8; the second part
		// of a double turn has a window of its own, COMBO-20(b).)
		return refusal("GIFT-5(a)", "err.gift_not_now")
	}
	if r := g.abbeyTooLate(a, who); r != nil { // AM-3(a), am.go
		return r
	}
	for {
		switch g.Phase {
		case PhaseEnded:
			if a.Verb == VerbMarket {
				if r := g.marketRefusal(who); r != nil {
					return r
				}
			}
			if r := g.lateTileRefusal(who); r != nil && isTileLine(*a) && g.ended.rule == "TB-10(b)" {
				return r
			}
			return refusal("END-1", "err.game_over")
		case PhaseMarket:
			if r := g.lateTileRefusal(who); r != nil && isTileLine(*a) && g.ended.rule == "TB-10(b)" {
				return r
			}
			return g.applyMarket(*a, who)
		case PhaseWagon: // SEQ-6(h), am.go
			if handled, err := g.applyWagon(a, who); handled {
				return err
			}
			continue
		case PhaseDragon: // the dragon's movement: nothing else until it ends (SEQ-5a, PD-9(a); pd.go)
			switch a.Verb {
			case VerbDragon:
				return g.dragonStep(*a, who)
			case VerbDeploy, VerbPass, VerbReturnAbbot, VerbFairy, VerbPrincess: // the figure step is over
				if r := g.pdFigureRefusal(*a, who); r != nil {
					return r
				}
			}
			return g.pdDragonDue()
		case PhaseTile:
			if g.InAbbeyRound() { // AM-10, am.go
				handled, err, again := g.applyAbbeyRound(a, who)
				if again {
					continue
				}
				if handled {
					return err
				}
			}
			if g.secondPartOpen() && (who != g.Active && isTileLine(*a) && a.Verb != VerbBuilderPass ||
				a.Verb == VerbMarket) {
				g.declineSecondPart() // another player's tile line, or the market round, declines it (TB-9)
				continue
			}
			switch a.Verb {
			case VerbBuilderPass:
				return g.builderPass(who)
			case VerbAside:
				if who != g.Active {
					return g.notYourTurn(who)
				}
				return g.aside(*a) // PD-5, pd.go
			case VerbPlace, VerbDiscard, VerbGift:
				if who != g.Active {
					if r := g.lateTileRefusal(who); r != nil {
						return r
					}
					return g.notYourTurn(who)
				}
				switch a.Verb {
				case VerbPlace:
					return g.place(a)
				case VerbDiscard:
					return g.discard(*a)
				}
				return g.gift(*a, who)
			case VerbMarket:
				// Record format: the first market line ends the play of tiles (a table that stops early holds
				// the market round then, COUNT-19); the player who placed the last tile is the previous one.
				if (g.TurnNo > 1 || g.Position != nil) && !g.part.giftOpened && g.S.City.Active {
					if r := g.marketRefusal(who); r != nil {
						return r
					}
					g.Active = g.prevActive
					g.lastTurn = true
					g.gameEnd()
					continue
				}
			}
			return g.outOfOrder(*a, who)
		case PhaseFigure:
			switch a.Verb {
			case VerbDeploy, VerbReturnAbbot, VerbPass, VerbFairy, VerbPrincess:
				if who != g.Active {
					return g.notYourTurn(who)
				}
				switch { // The Princess & the Dragon's actions (PD-14, PD-21, PD-23; pd.go)
				case a.Verb == VerbFairy:
					return g.fairy(a, who)
				case a.Verb == VerbPrincess:
					return g.princess(a, who)
				case a.portalDeploy():
					return g.portalDeploy(a, who)
				}
				return g.figure(a, who)
			}
			g.startScoring() // the figure step is passed
		case PhaseMoving:
			if a.Verb == VerbMove || a.Verb == VerbDecline {
				at := slices.Index(g.round[g.roundPos:], who)
				if at < 0 {
					// The player's go is over or was skipped (COUNT-16(b), (d)). A move that would be illegal
					// anyway cites the rule it breaks (the Count's quarter, the wrong quarter, ...).
					if a.Verb == VerbMove {
						if err := g.checkMove(*a, who); err != nil {
							return err
						}
					}
					return refusal("COUNT-16(a)", "err.round_not_your_go", "player", g.Name(g.round[g.roundPos]))
				}
				if at > 0 { // a later player acts: everyone due before declines
					g.roundPos += at
				}
				if a.Verb == VerbDecline {
					g.roundPos++
					g.advanceRound()
					return nil
				}
				return g.move(*a, who)
			}
			g.roundPos = len(g.round) // any other action ends the round
			g.advanceRound()
		case PhaseCity:
			switch {
			case a.Verb == VerbCity && who == g.Active:
				return g.enterCity(*a, who)
			case a.Verb == VerbCity:
				return refusal("COUNT-6", "err.city_not_active", "player", g.Name(g.Active))
			case a.Verb == VerbCount:
				return refusal("COUNT-11", "err.count_without_city")
			}
			g.endPart() // the City placement is declined
		case PhaseCount:
			switch {
			case a.Verb == VerbCount && who == g.Active:
				q, _ := engine.ParseQuarter(a.Quarter)
				if err := g.S.MoveCount(q); err != nil {
					return err
				}
				g.announce(who, "COUNT-11", "ev.count_moved", "quarter", a.Quarter)
				g.endPart()
				return nil
			case a.Verb == VerbCount:
				return refusal("COUNT-11", "err.count_not_yours", "player", g.Name(g.Active))
			case a.Verb == VerbCity:
				return refusal("COUNT-8(a)", "err.city_twice")
			}
			g.endPart() // the Count stays
		}
	}
}

// outOfOrder refuses an action that answers no decision at the start of a turn, with the rule it breaks.
func (g *Game) outOfOrder(a Action, who int) error {
	switch a.Verb {
	case VerbDeploy, VerbPass, VerbReturnAbbot:
		if g.afterVolcano && who == g.Active {
			return refusal("RIV2-8", "err.volcano_no_figure")
		}
	case VerbCity, VerbCount, VerbMove, VerbMarket:
		if g.S.City.Placed && !g.S.City.Active { // the plain side: a start area only, no quarters, no Count
			return refusal("COUNT-3", "err.city_plain")
		}
	}
	switch a.Verb {
	case VerbDeploy, VerbPass, VerbReturnAbbot, VerbFairy, VerbPrincess:
		if r := g.pdFigureRefusal(a, who); r != nil { // PD-14(a), PD-21(c), pd.go
			return r
		}
		if r := g.secondFigure(a, who); r != nil {
			return r
		}
	}
	switch a.Verb {
	case VerbDeploy, VerbPass:
		return refusal("BASE-6", "err.figure_not_now")
	case VerbReturnAbbot:
		return refusal("ABBOT-6(a)", "err.abbot_not_now")
	case VerbCity:
		if who == g.prevActive {
			if err := g.cityRefusal.Err(); err != nil {
				return err
			}
		}
		return refusal("COUNT-6", "err.city_not_entitled")
	case VerbCount:
		return refusal("COUNT-11", "err.count_without_city")
	case VerbMove, VerbDecline:
		return refusal("COUNT-13", "err.no_round")
	case VerbWagon:
		return refusal("AM-16", "err.am.no_wagon_waiting")
	case VerbAbbeyPass:
		return refusal("AM-10", "err.am.no_abbey_round")
	case VerbMarket:
		return refusal("COUNT-19(a)", "err.no_market_round")
	case VerbDragon:
		return g.dragonLineRefusal(a) // PD-8, PD-9, PD-10, PD-11
	case VerbFairy:
		if g.afterVolcano && who == g.Active { // River II's volcano lake: no other action (COMBO-30, OPEN-25)
			return refusal("COMBO-30", "err.pd_fairy_volcano_lake")
		}
		return refusal("PD-14", "err.pd_fairy_not_now")
	case VerbPrincess:
		return refusal("PD-21", "err.pd_princess_not_now")
	case VerbAside:
		return refusal("PD-5", "err.pd_aside_not_now")
	}
	return refusal("BASE-3", "err.out_of_order")
}

func rot(a Action) int { return a.Rot / 90 }

// drawn returns the tile type a player says they drew, if it can be drawn now: a known tile (CFG-5) that is left
// in the stack being drawn from (CFG-5, RIVER-2/4, RIV2-3/7, COMBO-1).
func (g *Game) drawn(id string) (*engine.TileType, error) {
	t := g.Cat.Tile(id)
	if t == nil || t.Piece != nil {
		return nil, refusal("CFG-5", "err.tile_unknown", "tile", id)
	}
	g.gardenVariant(t) // one piece, two printings (pd.go)
	if err := g.Bag.check(t); err != nil {
		// The bag holds only tiles of this game's box (setUpGame, boxCopies), so a tile not in the game is refused by
		// check too; asked only then, which rule it breaks is the first question (IC-2, CFG-3: e.g. an ic- tile
		// without inns-cathedrals), not one every placement of a replay asks.
		if !g.TileInGame(t) {
			return nil, refusal("CFG-5", "err.tile_not_in_game", "tile", t.ID)
		}
		return nil, err
	}
	return t, nil
}

// place handles "place": the tile must be the one that can be drawn now (CFG-5, RIVER-4, RIV2-3/7), placed legally
// (BASE-4 and the river and shrine limits); then a gift may be earned (GIFT-2) and the figure step opens.
func (g *Game) place(a *Action) error {
	if a.Tile == TileAbbey {
		return g.placeAbbey(a) // instead of drawing (SEQ-0b, AM-3; am.go)
	}
	t, err := g.drawn(a.Tile)
	if err != nil {
		return err
	}
	if r := g.pdTileRefusal(t); r != nil { // PD-5, COMBO-37(e): set it aside instead (pd_twochoices.go)
		return r
	}
	pos := engine.Pos{X: a.Pos.X, Y: a.Pos.Y}
	idx, err := g.S.Place(t, pos, rot(*a))
	if err != nil {
		return err
	}
	setup := g.Bag.Spring == t
	g.Bag.take(t)
	g.afterVolcano = false
	g.lastFigure = figureStep{player: -1}
	if setup { // COMBO-1/3: the spring laid next to the City is a set-up action, not a turn
		g.announce(g.Active, springRule(t), "ev.spring_laid")
		g.announce(g.Active, "SEQ-1", "ev.turn") // the first player's first turn follows
		g.autoDiscardRiver()
		return nil
	}
	g.part.tile, g.part.begun = idx, true
	g.S.Turn.Tile = idx
	g.S.Turn.Completed = g.S.Completed(idx, g.S.Turn.Completed[:0])
	g.noteSecondTile(idx) // SEQ-3, TB-7
	if !g.Bag.InRiverPhase() && g.Bag.LandLeft() == 0 && t.Set != "river" && t.Set != "river2" {
		g.lastTurn = true
	}
	if g.S.GiftEarned(idx) { // GIFT-2, SEQ-4
		if g.S.ReceiveGift(g.Active) {
			g.announce(g.Active, "GIFT-2", "ev.gift_received")
		} else {
			g.announce(g.Active, "GIFT-3(b)", "ev.gift_none_left")
		}
	}
	g.pdPlaced(idx)               // the volcano, the dragon symbol (PD-5, PD-6, PD-8, COMBO-30; pd.go)
	if t.ID == "r2-lakevolcano" { // RIV2-8: no figure step, an extra turn after this one
		g.S.Turn.Volcano = true
		g.extraTurn = true
		g.announce(g.Active, "RIV2-8", "ev.volcano")
		g.startScoring()
		return nil
	}
	g.Phase = PhaseFigure
	return nil
}

// discard handles "discard": only a tile with no legal placement (BASE-5, RIVER-10).
func (g *Game) discard(a Action) error {
	t, err := g.drawn(a.Tile)
	if err != nil {
		return err
	}
	if r := g.pdTwoChoicesPair(); r != nil { // COMBO-37(e), pd_twochoices.go
		return r
	}
	if g.S.Placeable(t) {
		if g.part.twoChoices {
			return refusal("GIFT-10(d)", "err.discard_placeable", "tile", t.ID)
		}
		return refusal("BASE-5", "err.discard_placeable", "tile", t.ID)
	}
	g.Bag.take(t)
	g.afterVolcano = false
	g.lastFigure = figureStep{player: -1}
	g.part.begun, g.part.drew = true, true
	g.part.giftDiscard = g.part.giftOpened
	g.announce(g.Active, "BASE-5", "ev.discarded", "tile", t.ID)
	if g.Bag.Spring == nil && !g.Bag.InRiverPhase() && g.Bag.LandLeft() == 0 && t.Set != "river" &&
		t.Set != "river2" {
		g.lastTurn = true
		g.endPart() // the stack ran out with a discard: the game ends after this turn (BASE-5, END-1)
		return nil
	}
	g.autoDiscardRiver()
	return nil
}

// figure handles step 2 (SEQ-5): deploy, return-abbot or pass.
func (g *Game) figure(a *Action, who int) error {
	g.lastFigure = figureStep{player: who, kind: a.FigureKind(), deploy: a.Verb == VerbDeploy}
	switch a.Verb {
	case VerbDeploy:
		if a.Barn { // at a corner (AM-21; am.go)
			if err := g.deployBarn(*a, who); err != nil {
				return err
			}
			break
		}
		local, err := g.S.SegByPlace(g.part.tile, a.Place)
		if err != nil {
			return err
		}
		if _, err := g.S.Deploy(who, a.FigureKind(), g.part.tile, local); err != nil {
			return err
		}
		seg := g.S.Tiles[g.part.tile].Seg(local)
		if g.S.SegKind(seg).IsCloister() {
			g.announceStarted(who, seg)
		}
	case VerbReturnAbbot:
		// The pairs as they stand, also one whose other side this turn's tile completed: completion counts only in
		// the scoring step (SHRINE-5(f)), so an abbot taken back now ends that challenge too (SHRINE-5(c)).
		before := g.S.Pairs()
		scores, err := g.S.ReturnAbbot(who, engine.Pos{X: a.Pos.X, Y: a.Pos.Y}, nil)
		if err != nil {
			return err
		}
		g.announceScores(scores)
		g.announceEndedChallenges(who, before) // ABBOT-7: the abbot was the only figure on its side
	}
	g.startScoring()
	return nil
}

// startScoring begins step 3: the moving-out round if there is an eligible target (COUNT-13, COUNT-17), else the
// scoring itself.
func (g *Game) startScoring() {
	if g.pd.due { // the dragon moves first (SEQ-5a, pd.go)
		g.beginDragon()
		return
	}
	g.targets = g.S.MovingTargets()
	if len(g.targets) == 0 {
		g.finishScoring()
		return
	}
	g.round = g.round[:0]
	for p := g.next(g.Active); ; p = g.next(p) {
		g.round = append(g.round, p)
		if p == g.Active {
			break
		}
	}
	g.roundPos = 0
	g.Phase = PhaseMoving
	g.announce(-1, "COUNT-13", "ev.round_begins")
	g.advanceRound()
}

// advanceRound skips the players who have nothing to move (COUNT-16(d)) and ends the round after the last.
func (g *Game) advanceRound() {
	for g.roundPos < len(g.round) && !g.S.CanMove(g.round[g.roundPos], g.targets) {
		g.roundPos++
	}
	if g.roundPos >= len(g.round) {
		g.finishScoring()
		return
	}
	g.announce(g.round[g.roundPos], "COUNT-16", "ev.round_go")
}

// Deciding returns the seat of the player whose decision is pending (the one referee.Legal answers for): the
// mover of the moving-out round (COUNT-16), of the market round (COUNT-19), of the wagon moves (AM-18), of the
// dragon's steps (PD-9), otherwise
// the active player; -1 once the game is over.
func (g *Game) Deciding() int {
	switch g.Phase {
	case PhaseEnded:
		return -1
	case PhaseMoving:
		return g.RoundMover()
	case PhaseMarket:
		return g.MarketMover()
	case PhaseWagon:
		return g.WagonMover()
	case PhaseDragon:
		return g.DragonMover() // each step by the next player clockwise (PD-9)
	}
	return g.Active
}

// RoundMover returns whose go it is in the moving-out round, -1 outside one.
func (g *Game) RoundMover() int {
	if g.Phase != PhaseMoving || g.roundPos >= len(g.round) {
		return -1
	}
	return g.round[g.roundPos]
}

// Targets returns the eligible targets of the current moving-out round.
func (g *Game) Targets() []int32 { return g.targets }

// FigureKind returns the kind of figure the action names (deploy, city, move, market, synod, cash-out,
// change-position): the abbot, the large follower (IC-4; record_ic.go), the builder or the pig (TB-5, TB-12;
// record_tb.go) or an ordinary follower.
func (a Action) FigureKind() engine.FigureKind {
	switch {
	case a.Abbot:
		return engine.Abbot
	case a.Large:
		return engine.Large
	case a.Builder:
		return engine.Builder
	case a.Pig:
		return engine.Pig
	case a.Mayor:
		return engine.Mayor
	case a.Wagon:
		return engine.Wagon
	case a.Barn:
		return engine.Barn
	}
	return engine.Follower
}

// moveArgs resolves a move line: the quarter, the figure kind and the target segment.
func (g *Game) moveArgs(a Action) (engine.Quarter, engine.FigureKind, int32, error) {
	q, _ := engine.ParseQuarter(a.Quarter)
	seg, err := g.S.FeatureAt(engine.Pos{X: a.Target.Pos.X, Y: a.Target.Pos.Y}, a.Target.Place)
	return q, a.FigureKind(), seg, err
}

// checkMove checks a move line against COUNT-14, COUNT-15, COUNT-16(e) and COUNT-17, whoever's go it is.
func (g *Game) checkMove(a Action, who int) error {
	q, kind, seg, err := g.moveArgs(a)
	if err != nil {
		return err
	}
	return g.S.CanMoveOut(who, q, kind, seg, g.targets)
}

// move handles a move out of a quarter in the round (COUNT-14..17).
func (g *Game) move(a Action, who int) error {
	q, kind, seg, err := g.moveArgs(a)
	if err != nil {
		return err
	}
	if err := g.S.MoveOut(who, q, kind, seg, g.targets); err != nil {
		return err
	}
	g.announce(who, "COUNT-16", "ev.moved_out", "quarter", a.Quarter)
	if !g.S.CanMove(who, g.targets) {
		g.roundPos++
		g.advanceRound()
	}
	return nil
}

// finishScoring scores the turn (SEQ-6(c)-(f)) and opens the City placement if the active player is entitled
// (SEQ-7, COUNT-6).
func (g *Game) finishScoring() {
	g.round, g.targets = g.round[:0], nil
	kingBefore, baronBefore := g.S.King.Player, g.S.Baron.Player
	from := len(g.scoreLog)
	g.scoreLog = g.S.ScoreTurn(g.scoreLog)
	scores := g.announceLogged(from)
	g.announceChallenges(scores)
	g.announceGoods() // TB-3
	if g.S.King.Changed {
		key := "ev.king_moves"
		if kingBefore == g.S.King.Player {
			key = "ev.king_kept"
		}
		g.announce(g.S.King.Player, g.S.King.Rule, key, "size", g.S.King.Size)
	}
	if g.S.Baron.Changed {
		key := "ev.baron_moves"
		if baronBefore == g.S.Baron.Player {
			key = "ev.baron_kept"
		}
		g.announce(g.S.Baron.Player, g.S.Baron.Rule, key, "size", g.S.Baron.Size)
	}
	if g.beginWagons() { // the wagon moves come first (SEQ-6(h), am.go)
		return
	}
	g.cityStep()
}

// cityStep opens the City placement if the active player is entitled (SEQ-7, COUNT-6), else ends the part.
func (g *Game) cityStep() {
	g.cityRefusal = engine.CityRefusal{}
	if g.S.City.Active {
		if g.S.CityEntitled() {
			g.Phase = PhaseCity
			g.announce(g.Active, "COUNT-6", "ev.city_may_enter")
			return
		}
		// Keep the reason, for a "city" line that comes anyway (the refusal made by Apply then, if one comes).
		g.cityRefusal = g.S.CheckEnterCity(g.Active, engine.Palace, engine.Follower)
	}
	g.endPart()
}

// announceChallenges says which shrine challenges this turn's scoring decided: one side completed first (SHRINE-6:
// it scored, the other side's figures went back with nothing) or both by the same tile (SHRINE-7: both scored).
func (g *Game) announceChallenges(scores []engine.Score) {
	for _, sc := range scores {
		switch {
		case sc.Cat == engine.CatChallengeLost:
			g.announce(-1, "SHRINE-6", "ev.challenge_decided", "winner", g.FeatureRefOf(g.S.Partner(sc.Feature)),
				"loser", g.FeatureRefOf(sc.Feature))
		case sc.Rule == "SHRINE-7" && sc.Cat == engine.CatShrine:
			g.announce(-1, "SHRINE-7", "ev.challenge_both", "shrine", g.FeatureRefOf(sc.Feature),
				"monastery", g.FeatureRefOf(g.S.Partner(sc.Feature)))
		}
	}
}

// announceStarted says which challenge the figure just put in step 2 on the monastery or shrine of seg starts
// (SHRINE-5(b)): an open one (both sides incomplete), or one that this turn's scoring decides at once because one
// side or both are complete already (SHRINE-5(f): the completed side scores and the other side's figures go back
// with nothing, SHRINE-6; both complete, both score, SHRINE-7).
func (g *Game) announceStarted(who int, seg int32) {
	if g.S.InChallenge(seg) {
		g.announce(who, "SHRINE-5", "ev.challenge_started")
		return
	}
	winner, loser, ok := g.S.Decided(seg)
	switch {
	case !ok:
	case loser >= 0:
		g.announce(who, "SHRINE-5(f)", "ev.challenge_now_decided", "winner", g.FeatureRefOf(winner),
			"loser", g.FeatureRefOf(loser))
	default:
		shrine, monastery := seg, g.S.Partner(seg)
		if g.S.SegKind(seg) != engine.KShrine {
			shrine, monastery = monastery, shrine
		}
		g.announce(who, "SHRINE-5(f)", "ev.challenge_now_both", "shrine", g.FeatureRefOf(shrine),
			"monastery", g.FeatureRefOf(monastery))
	}
}

// announceEndedChallenges says which of the challenges in play before an action (before: State.Pairs, or in the gift
// window State.Challenges, the same there) the action ended without a result: one side has no figure any more
// (SHRINE-5(c): the abbot taken back, ABBOT-7, also from a building whose partner this turn's tile completed, since
// completion counts only in the scoring step, SHRINE-5(f); Cash Out, GIFT-8; Change Position, GIFT-9(f)). A new
// challenge may start later (SHRINE-5(b)).
func (g *Game) announceEndedChallenges(who int, before []engine.Challenge) {
	after := g.S.Pairs()
	for _, c := range before {
		if !slices.Contains(after, c) {
			g.announce(who, "SHRINE-5(c)", "ev.challenge_ended", "shrine", g.FeatureRefOf(c.Shrine),
				"monastery", g.FeatureRefOf(c.Monastery))
		}
	}
}

// challengeStarted reports whether the monastery or shrine of seg is in a challenge now that was not open before the
// action (before: State.Challenges): a challenge starts when the second of the two buildings becomes occupied
// (SHRINE-5(b)), not when a side that is already in one gains a figure (Synod, Change Position).
func (g *Game) challengeStarted(before []engine.Challenge, seg int32) bool {
	for _, c := range before {
		if c.Shrine == seg || c.Monastery == seg {
			return false
		}
	}
	return g.S.InChallenge(seg)
}

// enterCity handles "city" (COUNT-6..10).
func (g *Game) enterCity(a Action, who int) error {
	q, _ := engine.ParseQuarter(a.Quarter)
	if err := g.S.EnterCity(who, q, a.FigureKind()); err != nil {
		return err
	}
	g.announce(who, "COUNT-6", "ev.city_entered", "quarter", a.Quarter)
	g.Phase = PhaseCount
	return nil
}

// endPart closes the current turn part (DEF-12): a second part follows when one is due (secondPartDue, tb.go), else
// the turn ends. SEQ-9: after the last land tile the game ends after this part, without a second one (TB-10(b)).
func (g *Game) endPart() {
	if g.secondPartDue() {
		g.beginPart(2)
		g.announce(g.Active, "SEQ-7a", "ev.second_part")
		return
	}
	if g.part.no == 1 && g.part.secondTile {
		g.announce(g.Active, "TB-10(b)", "ev.second_tile_none")
	}
	g.endTurn()
}

// endTurn closes the turn and begins the next one: the same player after the volcano (RIV2-8), the end of the game
// after the last tile (END-1), else the left neighbour (SEQ-9).
func (g *Game) endTurn() {
	g.ended = endedTurn{player: g.Active, rule: g.endedRule()}
	g.History = append(g.History, g.S.Scores)
	g.prevActive = g.Active
	if g.lastTurn {
		if g.beginAbbeyRound() { // SEQ-9a, AM-10 (am.go)
			return
		}
		g.gameEnd()
		return
	}
	if g.extraTurn {
		g.extraTurn = false
		g.afterVolcano = true // before beginTurn: no fairy point in this turn (OPEN-29, pd.go)
		g.beginTurn(g.Active)
		return
	}
	g.beginTurn(g.next(g.Active))
}

// gameEnd begins the end of the game: the market round if anyone can move out of the market (COUNT-19), then the
// final scoring.
func (g *Game) gameEnd() {
	g.marketPos = 0
	if g.marketMover() >= 0 {
		g.Phase = PhaseMarket
		g.announce(-1, "COUNT-19", "ev.market_round")
		g.announce(g.marketMover(), "COUNT-19(b)", "ev.market_go")
		return
	}
	g.finalScore()
}

// marketOrder is the cyclic order of the market round: the left neighbour of the player who placed the last tile
// first, that player last (COUNT-19(b)).
func (g *Game) marketOrder(i int) int { return (g.Active + 1 + i) % g.Players() }

// marketMover returns whose market move it is, -1 when the market round is over.
func (g *Game) marketMover() int {
	for i := 0; i < g.Players(); i++ {
		p := g.marketOrder(g.marketPos + i)
		if g.S.MarketMovable(p) > 0 {
			g.marketPos += i
			return p
		}
	}
	return -1
}

// MarketMover returns whose market move it is, -1 outside the market round.
func (g *Game) MarketMover() int {
	if g.Phase != PhaseMarket {
		return -1
	}
	for i := 0; i < g.Players(); i++ {
		p := g.marketOrder(g.marketPos + i)
		if g.S.MarketMovable(p) > 0 {
			return p
		}
	}
	return -1
}

func (g *Game) applyMarket(a Action, who int) error {
	mover := g.marketMover()
	switch {
	case a.Verb == VerbDecline:
		return refusal("COUNT-19(c)", "err.market_no_pass")
	case a.Verb != VerbMarket:
		return refusal("COUNT-19", "err.market_only")
	case who != mover:
		return refusal("COUNT-19(b)", "err.market_not_your_go", "player", g.Name(mover))
	}
	seg, err := g.S.FeatureAt(engine.Pos{X: a.Target.Pos.X, Y: a.Target.Pos.Y}, a.Target.Place)
	if err != nil {
		return err
	}
	if err := g.S.MoveFromMarket(who, a.FigureKind(), seg); err != nil {
		return err
	}
	g.announce(who, "COUNT-19", "ev.market_moved")
	g.marketPos++
	if m := g.marketMover(); m >= 0 {
		g.announce(m, "COUNT-19(b)", "ev.market_go")
		return nil
	}
	g.finalScore()
	return nil
}

// marketRefusal returns why the player cannot move a figure out of the market now, nil if they can: the Count
// stands on it (COUNT-15, COUNT-19(e)) or they have none there (COUNT-19(c); the large follower, COMBO-15(b)).
func (g *Game) marketRefusal(who int) *Refusal {
	switch {
	case !g.S.City.Active:
		return refusal("COUNT-3", "err.city_plain")
	case g.S.MarketFigures(who) == 0:
		return refusal("COUNT-19(c)", "err.none_in_quarter", "quarter", engine.Market.String(), "figure",
			engine.Follower.String())
	case g.S.City.Count == engine.Market:
		return refusal("COUNT-15", "err.count_blocks", "quarter", engine.Market.String())
	}
	return nil
}

// finalScore runs the end-of-game scoring once (END-2..7).
func (g *Game) finalScore() {
	if g.finalApplied {
		return
	}
	g.finalApplied = true
	if g.S.City.Active {
		left := 0
		for p := 0; p < g.Players(); p++ {
			left += g.S.MarketFigures(p)
		}
		if left > 0 {
			g.announce(-1, "COUNT-20", "ev.market_left", "count", left)
		}
	}
	g.announce(-1, "END-2", "ev.final")
	from := len(g.scoreLog)
	g.scoreLog = g.S.FinalScore(g.scoreLog)
	g.announceLogged(from)
	g.S.Ended = true
	g.Phase = PhaseEnded
	g.History = append(g.History, g.S.Scores)
}

// end handles "end": optional decisions are declined, the turn is scored, and the final scoring runs (once).
func (g *Game) end() error {
	if g.Phase == PhaseEnded {
		return nil
	}
	g.takeBackFairyPoint() // PD-26: the turn just begun is not played (pd.go)
	g.ending = true        // nor is one that settling the current turn begins (fairyPointDue)
	g.Settle()
	g.ending = false
	g.finalScore()
	return nil
}

// Settle declines every optional decision still pending (the figure step, the moving-out round, the City and the
// Count) so that the current turn is scored, as at the end of a record. A pending market round stays.
func (g *Game) Settle() {
	for {
		switch g.Phase {
		case PhaseFigure:
			g.startScoring()
		case PhaseMoving:
			g.roundPos = len(g.round)
			g.advanceRound()
		case PhaseCity, PhaseCount:
			g.endPart()
		case PhaseWagon: // a wagon move still due goes home (record format, AM)
			g.wagonsHome(g.Players())
			g.wagonsDone()
		case PhaseDragon: // the steps still due are not made: the part is scored as the board lies (pd.go)
			g.announce(-1, "PD-9(a)", "ev.pd_dragon_unfinished", "steps", g.pd.steps)
			g.pd.over = "PD-9(a)"
			g.Phase = PhaseFigure
			g.startScoring()
		default:
			return
		}
	}
}

// Final returns a copy of the game as if it ended now: pending decisions declined and the final scoring added
// (the table's "what if we stopped now"; market figures whose round is not done stay and score nothing).
func (g *Game) Final() *Game {
	c := g.Clone()
	_ = c.end()
	return c
}

// giftRules are the rules of the cards' actions, by engine.GiftCard: the opening is announced citing them.
var giftRules = [engine.NumGiftCards]string{"GIFT-6", "GIFT-7", "GIFT-9", "GIFT-8", "GIFT-10"}

// gift handles "gift" in the window after drawing and before placing (SEQ-2, GIFT-5..10).
func (g *Game) gift(a Action, who int) error {
	if g.part.giftOpened {
		if g.part.giftDiscard { // opened before a discard, it stays opened for the next tile (GIFT-5(e))
			return refusal("GIFT-5(e)", "err.gift_twice")
		}
		return refusal("GIFT-5(a)", "err.gift_twice")
	}
	card, ok := engine.ParseGift(a.Gift)
	if !ok {
		return refusal("GIFT-1", "err.no_such_gift", "card", a.Gift)
	}
	kind := a.FigureKind()
	pos := engine.Pos{X: a.Target.Pos.X, Y: a.Target.Pos.Y}
	var scores []engine.Score
	challenge := false // Synod began a shrine challenge (GIFT-6(e), SHRINE-5(b))
	before := g.S.Challenges()
	// Builders and pigs that go back with their owner's last follower (TB-11(b)).
	specials := g.specialsOnBoard()
	void := false // Two Choices with no second tile to draw (GIFT-10(c)), or a card opened with no target (a.Void)
	switch {
	case a.Void: // "<card> void": only while the card has no target (GIFT-5(d))
		if err := g.S.CanOpen(who, card); err != nil {
			return err
		}
		if g.giftHasTarget(card) {
			return refusal("GIFT-5(d)", "err.gift_not_void", "card", a.Gift)
		}
		if err := g.S.OpenVoid(who, card); err != nil {
			return err
		}
		void = true
	case card == engine.Synod:
		seg, err := g.S.FeatureAt(pos, a.Target.Place)
		if err != nil {
			return err
		}
		if err := g.S.Synod(who, kind, seg); err != nil {
			return err
		}
		challenge = g.challengeStarted(before, seg)
	case card == engine.RoadSweeper:
		seg, err := g.S.FeatureAt(pos, a.Target.Place)
		if err != nil {
			return err
		}
		if scores, err = g.S.RoadSweeper(who, seg, nil); err != nil {
			return err
		}
	case card == engine.ChangePosition:
		from, err := g.S.FeatureAt(pos, a.Target.Place)
		if err != nil {
			return err
		}
		ti := g.S.TileIndex(pos)
		local, err := g.S.SegByPlace(ti, a.NewPlace)
		if err != nil {
			return err
		}
		to := g.S.Tiles[ti].Seg(local)
		if err := g.S.ChangePosition(who, kind, from, to); err != nil {
			return err
		}
		if g.S.SegKind(to).IsCloister() && g.challengeStarted(before, to) { // GIFT-9(f)
			g.announce(who, "SHRINE-5(b)", "ev.challenge_started")
		}
	case card == engine.CashOut:
		seg, err := g.S.FeatureAt(pos, a.Target.Place)
		if err != nil {
			return err
		}
		if scores, err = g.S.CashOut(who, kind, seg, nil); err != nil {
			return err
		}
	case card == engine.TwoChoices:
		if err := g.S.OpenVoid(who, card); err != nil {
			return err
		}
		void = !g.Bag.SecondTile()
	}
	g.part.giftOpened, g.part.begun = true, true
	g.part.twoChoices = card == engine.TwoChoices
	g.announce(who, giftRules[card], "ev.gift_opened", "card", a.Gift)
	switch { // the card is discarded all the same and its end points are lost (GIFT-5(d), GIFT-11)
	case a.Void:
		g.announce(who, "GIFT-5(d)", "ev.gift_void_card", "card", a.Gift)
	case void:
		g.announce(who, "GIFT-10(c)", "ev.gift_void")
	}
	g.announceScores(scores)
	if challenge {
		g.announce(who, "SHRINE-5(b)", "ev.challenge_started")
	}
	g.announceEndedChallenges(who, before) // Cash Out or Change Position took the only figure off one side
	g.announceSpecialsBack(specials)
	return nil
}
