package referee

import "github.com/karkason/karkason/engine"

// Two Choices with dragon tiles while the dragon is not in play (COMBO-37(e) of RULES-PD.md): the dragon tile may not
// be chosen; if both tiles are dragon tiles, both are set aside (PD-5) and the card's action is spent.
//
// Ruling (the record names the tile placed, not the one sent back, GIFT-10(a)): with one dragon tile among the two the
// player places the other one and the dragon tile goes back into the stack as the tile not chosen, so the record has
// no `aside` line for it, and a `place` of the dragon tile is refused (COMBO-37(e)); with two dragon tiles the record
// has two `aside` lines, one after the other (after the first, any other tile line is refused, COMBO-37(e)), and then
// the player draws one tile as without the card (the card is spent: a placeable tile's discard is BASE-5's again).

// pdTileRefusal refuses placing the tile t drawn while the dragon is not in play when t is a dragon tile (PD-5; in a
// Two Choices part COMBO-37(e)), and any tile after one of Two Choices' two tiles was set aside (COMBO-37(e)).
func (g *Game) pdTileRefusal(t *engine.TileType) *Refusal {
	if !g.S.Opts.PrincessDragon {
		return nil
	}
	if r := g.pdTwoChoicesPair(); r != nil {
		return r
	}
	if t.IsDragonTile() && !g.S.PD.DragonIn {
		if g.part.twoChoices {
			return refusal("COMBO-37(e)", "err.combo.two_choices_dragon", "tile", t.ID)
		}
		return refusal("PD-5", "err.pd_dragon_not_in_play", "tile", t.ID)
	}
	return nil
}

// pdTwoChoicesPair refuses a tile line other than the second `aside` after the first of Two Choices' tiles was set
// aside: both tiles were dragon tiles (COMBO-37(e)); nil otherwise.
func (g *Game) pdTwoChoicesPair() *Refusal {
	if g.part.twoChoices && g.part.tcAside == 1 {
		return refusal("COMBO-37(e)", "err.combo.two_choices_pair")
	}
	return nil
}

// pdTwoChoicesAside counts a dragon tile set aside in a Two Choices part; the second spends the card (COMBO-37(e)):
// the next tile is drawn alone.
func (g *Game) pdTwoChoicesAside() {
	if !g.part.twoChoices {
		return
	}
	if g.part.tcAside++; g.part.tcAside == 2 {
		g.part.twoChoices = false
		g.announce(g.Active, "COMBO-37(e)", "ev.combo.two_choices_spent")
	}
}
