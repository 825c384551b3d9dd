package referee

import "github.com/karkason/karkason/engine"

// Traders & Builders at the referee (RULES-IC-TB.md TB-*, SEQ-7a, SEQ-10): the builder's double turn as the second
// turn part of the state machine (game.go, "Turns and turn parts"), the refusals of a tile line that comes too late
// or of a second figure line, and the announcements of the goods taken (TB-3) and of a builder or pig sent back
// with its owner's last follower (TB-11(b), TB-13). The rules themselves are the engine's (engine/tb.go, whose
// doc comment lists the rulings).

// endedTurn is what the turn that ended last left: whose it was and the rule a tile line (`place`, `discard`,
// `gift`) or a `builder-pass` of that player cites when it comes after it, in the next player's turn.
type endedTurn struct {
	player int // -1 before the first turn ends
	// rule: TB-7 no second tile was earned, TB-8 the second part was played, TB-9 it was declined, TB-10(b) none was
	// left to draw.
	rule string
}

// figureStep is the last figure step of a turn part (SEQ-5): who took it and with which figure, until the next tile
// is placed or discarded; a second figure line cites TB-5 or TB-12 when the builder or the pig is one of the two.
type figureStep struct {
	player int // -1: none since the last tile
	kind   engine.FigureKind
	deploy bool   // a deploy (else the abbot taken back or a pass)
	pd     string // the fairy or the princess took the step: the rule a second action breaks (PD-14(a), PD-21(c))
}

// secondPartDue reports whether, in the first part, a second part follows once this part's decisions are made
// (SEQ-7a): the first part's placement extended the road or city of the active player's builder (TB-7, noted by
// place), the game does not end after this part (SEQ-9: lastTurn, the last land tile) and a tile is left to draw
// from the stack current then (TB-10(b); the river stack while it has tiles, OPEN-22). A gift line of the active
// player then opens the second part's window (COMBO-20(b)).
func (g *Game) secondPartDue() bool {
	return g.part.no == 1 && g.part.secondTile && !g.lastTurn && g.Bag.LandLeft()+g.Bag.RiverLeft() > 0
}

// secondPartOpen reports whether the second part of a double turn is due and nothing of it is done yet: it may still
// be declined (TB-9).
func (g *Game) secondPartOpen() bool { return g.Phase == PhaseTile && g.part.no == 2 && !g.part.begun }

// SecondTileOpen reports whether the pending decision is the tile step of a builder's second tile that may still be
// declined (SEQ-7a, TB-9): Legal then lists `builder-pass` last. It is cheaper than Legal for a view that only
// needs to know (the table's tile step asks it at every key). The game is not changed.
func (g *Game) SecondTileOpen() bool { return g.secondPartOpen() }

// declineSecondPart declines the builder's second tile (TB-9): the turn ends after its first part.
func (g *Game) declineSecondPart() {
	g.announce(g.Active, "TB-9", "ev.second_tile_declined")
	g.endTurn()
}

// endedRule is the rule a late tile line of the player whose turn ends now cites (endedTurn).
func (g *Game) endedRule() string {
	switch {
	case g.part.no == 2 && g.part.begun:
		return "TB-8"
	case g.part.no == 2:
		return "TB-9"
	case g.part.secondTile:
		return "TB-10(b)"
	}
	return "TB-7"
}

// lateTileRefusal returns the refusal of a tile line (`place`, `discard`, `gift`) by the player whose turn just
// ended, with Traders & Builders: no second tile was earned (TB-7), a third tile (TB-8), the second tile was
// declined (TB-9) or none was left (TB-10(b)); nil for anyone else or without the module.
func (g *Game) lateTileRefusal(who int) *Refusal {
	if !g.S.Opts.TradersBuilders || who != g.ended.player || who == g.Active && g.Phase == PhaseTile {
		return nil
	}
	switch g.ended.rule {
	case "TB-8":
		return refusal("TB-8", "err.third_tile")
	case "TB-9":
		return refusal("TB-9", "err.second_tile_declined")
	case "TB-10(b)":
		return refusal("TB-10(b)", "err.second_tile_none_left")
	}
	return refusal("TB-7", "err.second_tile_not_due")
}

// builderPass handles `builder-pass` in the tile step (TB-9): the active player declines the second part before
// anything of it is done; refused when no second tile is due, when it is another player's, or once the second part
// has begun.
func (g *Game) builderPass(who int) error {
	switch {
	case g.secondPartOpen() && who == g.Active:
		g.declineSecondPart()
		return nil
	case g.secondPartOpen():
		return refusal("TB-9", "err.builder_pass_not_yours", "player", g.Name(g.Active))
	case g.part.no == 2 && who == g.Active:
		return refusal("TB-9", "err.builder_pass_late")
	}
	return refusal("TB-9", "err.builder_pass_not_due")
}

// secondFigure returns the refusal of a figure line (deploy, return-abbot, pass) after the figure step of the part
// was taken, when the builder or the pig is in one of the two (TB-5, TB-12; SEQ-5: one placement per figure step);
// nil otherwise (the caller cites BASE-6 or ABBOT-6(a)).
func (g *Game) secondFigure(a Action, who int) *Refusal {
	f := g.lastFigure
	if f.player != who || !g.S.Opts.TradersBuilders {
		return nil
	}
	kind := a.FigureKind()
	if a.Verb != VerbDeploy {
		kind = engine.Follower
	}
	prev := engine.Follower
	if f.deploy {
		prev = f.kind
	}
	switch {
	case kind == engine.Builder || prev == engine.Builder:
		return refusal("TB-5", "err.figure_step_once", "figure", engine.Builder.String())
	case kind == engine.Pig || prev == engine.Pig:
		return refusal("TB-12", "err.figure_step_once", "figure", engine.Pig.String())
	}
	return nil
}

// noteSecondTile notes, right after the placement of tile idx, whether it earns the builder's second tile (SEQ-3,
// TB-7: in the first part only) and says so; in the second part a tile that extends the builder's feature again
// earns nothing (TB-8), which is said too.
func (g *Game) noteSecondTile(idx int) {
	if !g.S.ExtendsBuilder(g.Active, idx) {
		return
	}
	if g.part.no == 1 {
		g.part.secondTile = true
		g.announce(g.Active, "TB-7", "ev.second_tile_earned")
		return
	}
	g.announce(g.Active, "TB-8", "ev.no_third_tile")
}

// announceGoods says which goods the active player took in this part's scoring (TB-3).
func (g *Game) announceGoods() {
	got := g.S.Turn.Goods
	if got.Total() == 0 {
		return
	}
	g.announce(g.Active, "TB-3", "ev.goods_taken", "wine", got[engine.Wine], "grain", got[engine.Grain],
		"cloth", got[engine.Cloth], "count", got.Total())
}

// specialsOnBoard returns, per player, whether their builder and their pig are on the board (bit 0 builder, bit 1
// pig), to say which went back after a gift (announceSpecialsBack).
func (g *Game) specialsOnBoard() [engine.MaxPlayers]uint8 {
	var out [engine.MaxPlayers]uint8
	for _, f := range g.S.Figures {
		if f.Where != engine.OnBoard {
			continue
		}
		switch f.Kind {
		case engine.Builder:
			out[f.Player] |= 1
		case engine.Pig:
			out[f.Player] |= 2
		}
	}
	return out
}

// announceSpecialsBack says which builders and pigs went back to supply since before (specialsOnBoard): with the
// last follower of their owner on their feature (Cash Out, Change Position: TB-11(b), TB-13, COMBO-23, COMBO-24),
// or with every figure of a road swept (Road Sweeper, COMBO-22).
func (g *Game) announceSpecialsBack(before [engine.MaxPlayers]uint8) {
	after := g.specialsOnBoard()
	for p := range before {
		gone := before[p] &^ after[p]
		if gone&1 != 0 {
			g.announce(p, "TB-11(b)", "ev.builder_back")
		}
		if gone&2 != 0 {
			g.announce(p, "TB-13", "ev.pig_back")
		}
	}
}

// isTileLine reports whether the action is one a player writes in the tile step of a turn part: a tile placed or
// discarded, a gift opened (SEQ-1..3), or the second tile declined (TB-9).
func isTileLine(a Action) bool {
	return a.Verb == VerbPlace || a.Verb == VerbDiscard || a.Verb == VerbGift || a.Verb == VerbBuilderPass
}
