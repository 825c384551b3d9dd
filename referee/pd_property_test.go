package referee

import (
	"strings"
	"testing"

	"github.com/karkason/karkason/engine"
)

// checkNeutral checks the neutral figures of The Princess & the Dragon after every action of a random game (issue
// 28): the dragon is in play exactly from the first volcano on (DEF-17), never on the fairy's tile (PD-10(c)), never
// on a City cell (COMBO-32), never on a tile with a figure (PD-7, PD-12); a movement makes at most six steps (PD-9)
// and enters no tile twice (PD-10(b)); the fairy stands on a tile of the board, next to a figure standing on that
// tile if it is assigned (PD-15); no tile is set aside once the dragon is in play (PD-5). That every eaten figure is
// back in its owner's supply is CheckFigures' (DEF-5).
func checkNeutral(t testing.TB, g *Game) {
	t.Helper()
	s := g.S
	if !s.Opts.PrincessDragon {
		if s.PD.DragonIn || s.PD.FairyOn || len(g.Bag.Aside) > 0 {
			t.Fatalf("a neutral figure without the module: %+v", s.PD)
		}
		return
	}
	volcano := false
	for i := range s.Tiles {
		volcano = volcano || s.IsVolcano(s.Tiles[i].Type)
	}
	if volcano != s.PD.DragonIn {
		t.Fatalf("volcano on the board %v, dragon in play %v (DEF-17)", volcano, s.PD.DragonIn)
	}
	if s.PD.DragonIn {
		d := s.PD.Dragon
		ti := s.TileIndex(d)
		switch {
		case ti < 0:
			t.Fatalf("the dragon on the empty cell %v", d)
		case s.Tiles[ti].Type.Set == "city":
			t.Fatalf("the dragon in the City at %v (COMBO-32)", d)
		case s.PD.FairyOn && s.PD.Fairy == d:
			t.Fatalf("the dragon on the fairy's tile %v (PD-10(c))", d)
		case len(s.FiguresOnTile(d, nil)) > 0:
			t.Fatalf("a figure on the dragon's tile %v (PD-7, PD-12)", d)
		case len(g.Bag.Aside) > 0:
			t.Fatalf("%d tiles set aside with the dragon in play (PD-5)", len(g.Bag.Aside))
		}
	}
	if g.pd.steps > engine.DragonSteps || len(g.pd.visited) > engine.DragonSteps+1 {
		t.Fatalf("a movement of %d steps (PD-9)", g.pd.steps)
	}
	for i, v := range g.pd.visited {
		for _, w := range g.pd.visited[:i] {
			if v == w {
				t.Fatalf("the dragon entered %v twice in one movement (PD-10(b))", v)
			}
		}
	}
	if s.PD.FairyOn {
		ti := s.TileIndex(s.PD.Fairy)
		if ti < 0 || s.Tiles[ti].Type.Set == "city" {
			t.Fatalf("the fairy at %v: no tile, or a City cell (COMBO-32)", s.PD.Fairy)
		}
		if fi := s.PD.FairyFig; fi >= 0 {
			f := &s.Figures[fi]
			if f.Where != engine.OnBoard {
				t.Fatalf("the fairy assigned to figure %d, which is not on the board (PD-15)", fi)
			}
			if ft, _ := s.SegTile(f.Seg); ft != ti || f.Kind.IsSpecial() || f.Kind == engine.Barn { // COMBO-58(a)
				t.Fatalf("the fairy at %v assigned to a %s on another tile (PD-15)", s.PD.Fairy, f.Kind)
			}
		}
	}
}

// TestRandomPDGames plays random games with The Princess & the Dragon and every module it combines with, checking
// the neutral figures after every action (checkNeutral, through playRandom's checks).
func TestRandomPDGames(t *testing.T) {
	sets := []string{
		"farmers,princess-dragon",
		"farmers,abbot,river2,count,king-robber,shrines,gifts,princess-dragon",
		"farmers,river2,princess-dragon,count,king-robber,shrines,inns-cathedrals,traders-builders",
		// With Abbey & Mayor (COMBO-PD-AM.md): the dragon eats mayors and wagons, never barns (COMBO-55; the barns
		// stay on the board: playRandom's barnsOnBoard), the fairy never next to a barn (COMBO-58(a)).
		"farmers,princess-dragon,abbey-mayor",
		"farmers,princess-dragon,abbey-mayor,count,king-robber,shrines,gifts,inns-cathedrals,traders-builders",
	}
	for i, exps := range sets {
		for seed := uint64(0); seed < 4; seed++ {
			setup := Setup{Players: []PlayerSpec{{"A", Red}, {"B", Blue}, {"C", Green}, {"D", Yellow}, {"E", Black}}[:2+int(seed)%4]}
			setup.Expansions = strings.Split(exps, ",")
			g := playRandom(t, setup, 7000+uint64(i)*10+seed, playerOpts{}, checks{})
			if err := g.S.CheckFigures(); err != nil {
				t.Fatal(err)
			}
		}
	}
}
