package referee

import (
	"math/rand/v2"
	"testing"

	"github.com/karkason/karkason/engine"
)

// The Princess & the Dragon with Abbey & Mayor (COMBO-PD-AM.md): the two set up together (the switch that refused
// them, CFG-3, is gone), and the end-of-game abbey round with the dragon and the fairy (COMBO-58(c), OPEN-44,
// COMBO-62). The rules of each COMBO item have golden records (testdata/golden/combo-*.rec).

func TestPDWithAMSetUp(t *testing.T) {
	setup := Setup{Players: []PlayerSpec{{Name: "Ана", Colour: Red}, {Name: "Богдан", Colour: Blue}},
		Expansions: []string{ExpansionFarmers, ExpansionPrincessDragon, ExpansionAbbeyMayor}}
	g, err := NewGame(setup, engine.Standard())
	if err != nil {
		t.Fatalf("princess-dragon with abbey-mayor refused: %v", err)
	}
	if !g.S.Opts.PrincessDragon || !g.S.Opts.AbbeyMayor || !g.S.Abbeys[0] || !g.S.Abbeys[1] {
		t.Fatalf("options %+v, abbeys %v", g.S.Opts, g.S.Abbeys)
	}
	all := Compatible(Expansions())
	if len(all) != len(Expansions()) {
		t.Fatalf("Compatible(every module) = %v, want every module", all)
	}
}

// TestComboAbbeyRound plays games with both modules by random legal actions (never an abbey) to the end-of-game abbey
// round: it begins only once the last land tile's turn is over, its dragon movement included (COMBO-62), the dragon
// does not move in it, and a go of the round gives no fairy point (COMBO-58(c), OPEN-44) even with the fairy next to
// a follower of the player whose go it is.
func TestComboAbbeyRound(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 4; seed++ {
		rng := rand.New(rand.NewPCG(seed, 44))
		setup := Setup{Players: []PlayerSpec{{Name: "Ана", Colour: Red}, {Name: "Богдан", Colour: Blue},
			{Name: "Віра", Colour: Green}},
			Expansions: []string{ExpansionFarmers, ExpansionPrincessDragon, ExpansionAbbeyMayor}}
		g, err := NewGame(setup, engine.Standard())
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; !g.InAbbeyRound(); step++ {
			if step > 3000 || g.Phase == PhaseEnded {
				t.Fatalf("seed %d: no abbey round (phase %s)", seed, g.Phase)
			}
			var a Action
			for try := 0; ; try++ {
				var ok bool
				if a, ok = pickAction(g, rng); !ok || try > 50 {
					t.Fatalf("seed %d: no action to pick", seed)
				}
				if a.Tile != TileAbbey && a.Verb != VerbEnd {
					break
				}
			}
			if err := g.Apply(a); err != nil {
				t.Fatalf("seed %d: %q refused: %v", seed, a, err)
			}
		}
		if g.Phase != PhaseTile || g.DragonMover() >= 0 || len(g.Bag.Drawable(g.Cat)) != 0 {
			t.Fatalf("seed %d: the abbey round began in phase %s (dragon mover %d)", seed, g.Phase, g.DragonMover())
		}
		// The fairy next to a follower of the player after the one whose go it is; that player's go follows a pass.
		first := g.Active
		next := g.am.order[(g.am.pos+1)%len(g.am.order)]
		fi := -1
		for i := range g.S.Figures {
			if f := &g.S.Figures[i]; int(f.Player) == next && f.Where == engine.OnBoard && f.Kind == engine.Follower &&
				!g.S.OnDragon(tileOf(g, f.Seg)) {
				fi = i
			}
		}
		if fi < 0 || len(g.am.order) < 2 {
			continue
		}
		ti := tileOf(g, g.S.Figures[fi].Seg)
		g.S.SetFairy(g.S.Tiles[ti].Pos, fi)
		before := g.S.Scores[next]
		if err := g.Apply(Action{Colour: g.Colour(first), Verb: VerbAbbeyPass}); err != nil {
			t.Fatalf("seed %d: abbey-pass: %v", seed, err)
		}
		if g.Active != next || !g.InAbbeyRound() {
			t.Fatalf("seed %d: after the pass the go is %d's, want %d's", seed, g.Active, next)
		}
		if got := g.S.Scores[next]; got != before {
			t.Errorf("seed %d: the go of the abbey round gave %d the fairy's point: %d -> %d (OPEN-44)", seed, next,
				before, got)
		}
		checked++
	}
	if checked == 0 {
		t.Error("no game had a follower for the fairy in the abbey round: the test checks nothing")
	}
}

// tileOf returns the index of the tile of segment seg.
func tileOf(g *Game, seg int32) int {
	ti, _ := g.S.SegTile(seg)
	return ti
}

// TestComboRecordLines: the record lines of the two modules together parse, validate and write back as read (record
// format, P&D and A&M sections; record_pd.go): the fairy, the princess and a portal's deploy with the mayor and the
// wagon, a barn named by its point (refused by the referee, COMBO-58(a), COMBO-59(b)), a position's fairy next to a
// mayor or a wagon; and malformed ones are refused by the parser.
func TestComboRecordLines(t *testing.T) {
	for _, line := range []string{
		"red fairy 1,0:E wagon",
		"red fairy 0,0:N mayor",
		"red fairy 1,1:NW barn",
		"red princess blue 0,0:N mayor",
		"red princess blue 0,0:N wagon",
		"red deploy mayor 0,-1:N",
		"red deploy wagon 1,1:monastery",
		"red deploy barn 1,1:NW",
		"red deploy barn NE",
	} {
		a, _, err := ParseAction(line, 1)
		if err != nil {
			t.Errorf("%q: %v", line, err)
			continue
		}
		if err := a.Validate(); err != nil {
			t.Errorf("%q: Validate: %v", line, err)
		}
		if got := a.String(); got != line {
			t.Errorf("%q written back as %q", line, got)
		}
	}
	for _, line := range []string{"red deploy barn 1,1:N", "red deploy barn 1,1", "red fairy 1,1:NW"} {
		if _, _, err := ParseAction(line, 1); err == nil {
			t.Errorf("%q parsed", line)
		}
	}
	for _, line := range []string{"position fairy red 1,0:E wagon", "position fairy red 0,0:N mayor"} {
		l, err := ParsePositionLine(line, 1)
		if err != nil {
			t.Errorf("%q: %v", line, err)
			continue
		}
		if got := l.String(); got != line {
			t.Errorf("%q written back as %q", line, got)
		}
	}
}

// TestComboAsideLastTile: COMBO-62: a dragon tile set aside as the last tile of the land stack (PD-5(c)) is never
// played and does not delay the end-of-game abbey round, which begins at once with the left neighbour of the player
// who drew it.
func TestComboAsideLastTile(t *testing.T) {
	setup := Setup{Players: []PlayerSpec{{Name: "Ана", Colour: Red}, {Name: "Богдан", Colour: Blue}},
		Expansions: []string{ExpansionFarmers, ExpansionPrincessDragon, ExpansionAbbeyMayor}}
	g, err := NewGame(setup, engine.Standard())
	if err != nil {
		t.Fatal(err)
	}
	dragon := g.Cat.Tile("pd-dragonbend")
	for i := range g.Bag.Land { // the land stack as it stands before its last tile: one dragon tile left
		g.Bag.Land[i] = 0
	}
	g.Bag.Land[dragon.Index], g.Bag.land = 1, 1
	if err := g.Apply(Action{Colour: Red, Verb: VerbAside, Tile: dragon.ID}); err != nil {
		t.Fatalf("aside of the last tile: %v", err)
	}
	if !g.InAbbeyRound() || g.Active != 1 || len(g.Bag.Aside) != 1 {
		t.Fatalf("after the last tile set aside: abbey round %v, active %d, aside %d; want the round, blue (1), 1",
			g.InAbbeyRound(), g.Active, len(g.Bag.Aside))
	}
}
