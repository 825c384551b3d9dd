package picture

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/karkason/karkason/cmd/karkason/internal/randgame"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/locales"
	"github.com/karkason/karkason/referee"
)

// playUntil plays random legal actions of setup until done holds (at most 2000 actions, over several seeds).
func playUntil(t *testing.T, setup referee.Setup, done func(g *referee.Game) bool) *referee.Game {
	t.Helper()
	for seed := uint64(1); seed < 40; seed++ {
		g, err := referee.NewGame(setup, engine.Standard())
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 3))
		for range 2000 {
			if done(g) {
				return g
			}
			if g.Phase == referee.PhaseEnded {
				break
			}
			if err := g.Apply(randgame.Pick(g, rng)); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no random game reached the position")
	return nil
}

// hasFill reports whether a shape of the group is filled with c.
func hasFill(grp Group, c Colour) bool {
	return slices.ContainsFunc(grp.Shapes, func(s Shape) bool { return s.Fill == c })
}

// groupOf is the group of the picture with class name.
func groupOf(p *Picture, name string) Group {
	for _, g := range p.Groups {
		if slices.Contains(g.Attrs, [2]string{"class", name}) {
			return g
		}
	}
	return Group{}
}

// writeLook writes the picture to KARKASON_LOOK_DIR/name.png, to look at (skipped without it).
func writeLook(t *testing.T, p *Picture, name string) {
	dir := os.Getenv("KARKASON_LOOK_DIR")
	if dir == "" {
		return
	}
	f, err := os.Create(filepath.Join(dir, name+".png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := WritePNG(f, p, 1.5); err != nil {
		t.Fatal(err)
	}
}

var pdSetup = referee.Setup{Players: []referee.PlayerSpec{{Name: "Ана", Colour: referee.Red},
	{Name: "Богдан", Colour: referee.Blue}, {Name: "Віра", Colour: referee.Green}},
	Expansions: []string{"farmers", "princess-dragon"}, Start: referee.StartStandard, Followers: 7}

// The export of a game of The Princess & the Dragon draws the dragon on its tile and the fairy beside its follower
// (issue 28), and the symbols of the tiles laid.
func TestDrawsDragonAndFairy(t *testing.T) {
	g := playUntil(t, pdSetup, func(g *referee.Game) bool {
		return g.S.PD.DragonIn && g.S.PD.FairyOn && g.S.PD.FairyFig >= 0 && len(g.S.Tiles) > 25
	})
	p := Build(g, locales.New("en"), "pd")
	writeLook(t, p, "pd-game")
	pd := groupOf(p, "princess-dragon")
	if !hasFill(pd, dragonCol) {
		t.Error("no dragon drawn")
	}
	if !hasFill(pd, fairyCol) || !hasFill(pd, fairyWing) {
		t.Error("no fairy drawn")
	}
	symbols := 0
	for _, grp := range p.Groups {
		if hasFill(grp, symDragon) || hasFill(grp, portalCol) || hasFill(grp, princessCol) {
			symbols++
		}
	}
	laid := 0
	for _, tl := range g.S.Tiles {
		if y, _ := tl.Type.PDSymbol(); y == engine.SymDragon || y == engine.SymPortal || y == engine.SymPrincess {
			laid++
		}
	}
	if symbols != laid || laid == 0 {
		t.Errorf("%d tiles with a dragon, portal or princess symbol laid, %d drawn", laid, symbols)
	}
	// Without the module nothing of it is drawn.
	if len(groupOf(Build(playUntil(t, exampleSetup, func(g *referee.Game) bool { return len(g.S.Tiles) > 5 }), locales.New("en"), ""),
		"princess-dragon").Shapes) != 0 {
		t.Error("the dragon's group drawn in a game without the module")
	}
}

// Where the symbols go: the princess in her city, the dragon and the portal on the ground clear of every feature,
// in every rotation.
func TestSymbolsInPlace(t *testing.T) {
	for _, tt := range engine.Standard().Types {
		y, city := tt.PDSymbol()
		a := artOf(tt)
		switch y {
		case engine.SymPrincess:
			if !allIn(polyCircle(a.symbol, 0.08*T*a.symbolS, 12), a.feats[city].regions) {
				t.Errorf("%s: the princess is not inside her city at %v", tt.ID, a.symbol)
			}
		case engine.SymDragon, engine.SymPortal:
			if !a.onGround(a.symbol, 0.05*T) {
				t.Errorf("%s: the symbol at %v is not on the ground", tt.ID, a.symbol)
			}
		}
	}
}

var amSetup = referee.Setup{Players: []referee.PlayerSpec{{Name: "Ана", Colour: referee.Red},
	{Name: "Богдан", Colour: referee.Blue}, {Name: "Віра", Colour: referee.Yellow}},
	Expansions: []string{"farmers", "abbey-mayor"}, Start: referee.StartStandard, Followers: 7}

// The export of a game of Abbey & Mayor draws the abbeys (walled), the barns at their corners, the mayors and the
// wagons (issue 29), each told apart from a follower.
func TestDrawsAbbeyMayor(t *testing.T) {
	count := func(g *referee.Game, k engine.FigureKind) int {
		n := 0
		for _, f := range g.S.Figures {
			if f.Kind == k && f.Where == engine.OnBoard {
				n++
			}
		}
		return n
	}
	abbeys := func(g *referee.Game) int {
		n := 0
		for _, tl := range g.S.Tiles {
			if tl.Type.Abbey {
				n++
			}
		}
		return n
	}
	g := playUntil(t, amSetup, func(g *referee.Game) bool {
		return count(g, engine.Barn) > 0 && count(g, engine.Mayor) > 0 && count(g, engine.Wagon) > 0 && abbeys(g) > 0
	})
	p := Build(g, locales.New("en"), "am")
	writeLook(t, p, "am-game")
	walls := 0
	for _, s := range groupOf(p, "abbey-mayor").Shapes {
		if s.Stroke == abbeyWall {
			walls++
		}
	}
	if walls != abbeys(g) {
		t.Errorf("%d abbeys, %d walls drawn", abbeys(g), walls)
	}
	// Each figure by its outline (a player's colour, the shape of its kind): the barns over the tiles at their
	// corners, the mayors and the wagons on their tiles.
	players := map[Colour]bool{}
	for p := range g.Players() {
		players[PlayerColour(g.Colour(p))] = true
	}
	drawn := func(grp Group, shape []Pt) int {
		n := 0
		for _, s := range grp.Shapes {
			if players[s.Fill] && len(s.Points) == len(shape) {
				n++
			}
		}
		return n
	}
	mayors, wagons := 0, 0
	for _, grp := range p.Groups {
		if slices.ContainsFunc(grp.Attrs, func(a [2]string) bool { return a[0] == "data-tile" }) {
			mayors += drawn(grp, mayor)
			wagons += drawn(grp, wagon)
		}
	}
	if b := drawn(groupOf(p, "abbey-mayor"), barn); b != count(g, engine.Barn) {
		t.Errorf("%d barns on the board, %d drawn at their corners", count(g, engine.Barn), b)
	}
	if mayors != count(g, engine.Mayor) || wagons != count(g, engine.Wagon) {
		t.Errorf("mayors %d drawn of %d, wagons %d of %d", mayors, count(g, engine.Mayor), wagons, count(g, engine.Wagon))
	}
}
