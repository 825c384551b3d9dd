package referee

import (
	"testing"

	"github.com/karkason/karkason/engine"
)

// TestSetExpansion: every set of the catalogue is put into a game by one expansion (CFG-3, CFG-5), the base game's
// by none; a set no expansion has is not one.
func TestSetExpansion(t *testing.T) {
	want := map[string]string{"base": "", "river": ExpansionRiver, "river2": ExpansionRiver2, "city": ExpansionCount,
		"shrines": ExpansionShrines, "newtiles": ExpansionNewTiles, "ic": ExpansionInnsCathedrals,
		"tb": ExpansionTradersBuilders, "pd": ExpansionPrincessDragon, "am": ExpansionAbbeyMayor}
	for _, tt := range engine.Standard().Types {
		exp, ok := SetExpansion(tt.Set)
		if w, known := want[tt.Set]; !known || !ok || exp != w {
			t.Errorf("%s of set %q: expansion %q, %v, want %q", tt.ID, tt.Set, exp, ok, w)
		}
	}
	if exp, ok := SetExpansion("river-seed001"); ok || exp != "" {
		t.Errorf("an unknown set: %q, %v", exp, ok)
	}
}

// The bag holds only tiles of the game's box: a tile type that is not in the game (TileInGame) has no copy left to
// draw, in every set-up the rules accept, so that drawn asks TileInGame only of a tile the bag refuses.
func TestBagHoldsOnlyTilesInGame(t *testing.T) {
	cat := engine.Standard()
	exps := Expansions()
	for mask := 0; mask < 1<<len(exps); mask++ {
		var chosen []string
		for i, e := range exps {
			if mask&(1<<i) != 0 {
				chosen = append(chosen, e)
			}
		}
		for _, start := range []string{"", StartNone} {
			setup := Setup{Players: []PlayerSpec{{"A", Red}, {"B", Blue}}, Expansions: chosen, Start: start}
			g, err := NewGame(setup, cat)
			if err != nil {
				continue
			}
			for _, tt := range cat.Types {
				if tt.Piece == nil && !g.TileInGame(tt) && g.Bag.Left(tt) > 0 {
					t.Errorf("%v start=%q: %s is not in the game but %d are left", chosen, start, tt.ID, g.Bag.Left(tt))
				}
			}
		}
	}
}

// A tile of an expansion not in play is refused as not in the game (CFG-5), not as none left in the bag.
func TestTileNotInGameRefusal(t *testing.T) {
	cat := engine.Standard()
	g, err := NewGame(Setup{Players: []PlayerSpec{{"A", Red}, {"B", Blue}}}, cat)
	if err != nil {
		t.Fatal(err)
	}
	var ic *engine.TileType
	for _, tt := range cat.Types {
		if tt.Set == "ic" && tt.Piece == nil {
			ic = tt
			break
		}
	}
	err = g.Apply(Action{Colour: Red, Verb: VerbPlace, Tile: ic.ID, Pos: Pos{1, 0}})
	if r, ok := err.(*Refusal); !ok || r.Rule != "CFG-5" || r.Key != "err.tile_not_in_game" {
		t.Errorf("%s without inns-cathedrals: %v", ic.ID, err)
	}
}
