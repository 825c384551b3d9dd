package referee

import (
	"testing"

	"github.com/karkason/karkason/engine"
)

// BoardDone lets the entry leave its board and figure steps while the goods do not add up yet (they are entered in
// the step after, POS-11), and refuses what Finish refuses otherwise (a tile apart from the board, POS-1).
func TestDraftBoardDoneLeavesGoodsForLater(t *testing.T) {
	d, err := NewDraft(Setup{Players: []PlayerSpec{{Name: "a", Colour: Red}, {Name: "b", Colour: Blue}},
		Expansions: []string{ExpansionFarmers, ExpansionTradersBuilders}, Start: StartNone}, engine.Standard())
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []PositionLine{
		{Kind: PosTile, Tile: "b-c1rs", Pos: Pos{0, 0}},
		{Kind: PosTile, Tile: "b-rs", Pos: Pos{1, 0}, Rot: 90},
		{Kind: PosWine, Colour: Blue, N: 1},
	} {
		if err := d.Add(l); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := d.Finish(); err == nil || err.(*Refusal).Rule != "POS-11" {
		t.Fatalf("Finish with a wine token and no wine city: %v, want POS-11", err)
	}
	if err := d.BoardDone(); err != nil {
		t.Errorf("BoardDone refused the goods, entered only after the board: %v", err)
	}
	if err := d.Add(PositionLine{Kind: PosTile, Tile: "b-m", Pos: Pos{5, 5}}); err != nil {
		t.Fatal(err)
	}
	if err := d.BoardDone(); err == nil || err.(*Refusal).Rule != "POS-1" {
		t.Errorf("BoardDone with a tile apart: %v, want POS-1", err)
	}
}
