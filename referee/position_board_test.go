package referee

import (
	"os"
	"path/filepath"
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

// The River's spring typed where it lies, turned and away from 0,0 (issue 30: the reader from the table's top-left
// corner types it in turn): Finish makes it the start piece at 0,0 lying as the start piece lies, the board turned
// with it; an entry saved with the spring laid at 0,0 before (no mark) resumes with the spring as its tile there.
func TestDraftRiverSpringTyped(t *testing.T) {
	setup := Setup{Players: []PlayerSpec{{"A", Red}, {"B", Blue}}, Expansions: []string{ExpansionRiver}}
	d, err := NewDraft(setup, engine.Standard())
	if err != nil {
		t.Fatal(err)
	}
	// r1-spring turned a quarter: road E and S, river W, field N; the monastery north of it.
	for _, l := range []PositionLine{tileLine("b-m", 5, 4, 0), tileLine("r1-spring", 5, 5, 90)} {
		if err := d.Add(l); err != nil {
			t.Fatal(err)
		}
	}
	g, err := d.Finish()
	if err != nil {
		t.Fatal(err)
	}
	if sp := g.S.At(engine.Pos{}); sp == nil || sp.Type.ID != "r1-spring" || sp.Rot != 0 {
		t.Fatalf("the spring is not the start piece: %+v", g.S.Tiles)
	}
	if m := g.S.At(engine.Pos{X: -1}); m == nil || m.Type.ID != "b-m" {
		t.Errorf("the monastery north of the turned spring is not west of it: %v", g.Position)
	}
	path := filepath.Join(t.TempDir(), "entry.rec")
	if err := os.WriteFile(path, []byte("karkason-record 1\n# "+entryMark+"\nsetup players=A:red,B:blue "+
		"expansions=river start=river\nposition tile b-m -1,0 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	e, err := ResumeEntry(path, engine.Standard())
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if !e.Draft.TypedStart() || e.Draft.TileAt(Pos{}) < 0 || e.Draft.Lines()[e.Draft.TileAt(Pos{})].Tile != "r1-spring" {
		t.Errorf("an entry saved with the spring at 0,0: %v", e.Draft.Lines())
	}
}
