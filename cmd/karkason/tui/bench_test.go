package tui

import (
	"testing"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/locales"
	"github.com/karkason/karkason/referee"
)

// boardAt returns a board of a random legal game with at least n tiles (every land set, the City, figures on it).
func boardAt(tb testing.TB, n int) *referee.Game {
	cat := engine.Standard()
	setup := referee.Setup{
		Players: []referee.PlayerSpec{{Name: "Ана", Colour: referee.Red}, {Name: "Богдан", Colour: referee.Blue},
			{Name: "Віра", Colour: referee.Green}, {Name: "Гліб", Colour: referee.Yellow}},
		Expansions: []string{"farmers", "abbot", "count", "king-robber", "shrines", "newtiles", "river", "river2"},
		Start:      referee.StartCity, Followers: 7,
	}
	for seed := int64(1); seed < 20; seed++ {
		plan, rec := genGame(tb, seed, setup, cat)
		_ = plan
		g, err := referee.NewGame(setup, cat)
		if err != nil {
			tb.Fatal(err)
		}
		for _, a := range rec.Actions {
			if len(g.S.Tiles) >= n {
				return g
			}
			if err := g.Apply(a); err != nil {
				tb.Fatal(err)
			}
		}
	}
	tb.Fatalf("no game reaches %d tiles", n)
	return nil
}

// BenchmarkBoardDraw100 redraws the board of a 100-tile game (every land set, the City, figures on it) in both
// views (5x3 characters a tile, one character a tile), in a large terminal (240x80, the whole board in view) and in
// the board's part of an 80x24 one.
func BenchmarkBoardDraw100(b *testing.B) {
	g := boardAt(b, 100)
	for _, c := range []struct {
		name string
		zoom int
		w, h int
	}{{"full-240x80", 0, 240, 80}, {"compact-240x80", 1, 240, 80}, {"full-80x24", 0, 46, 17},
		{"compact-80x24", 1, 46, 17}} {
		b.Run(c.name, func(b *testing.B) {
			screen := tcell.NewSimulationScreen("UTF-8")
			if err := screen.Init(); err != nil {
				b.Fatal(err)
			}
			screen.SetSize(c.w, c.h)
			bv := newBoardView()
			bv.g, bv.names, bv.loc = g, newNames(g, locales.New("bg")), locales.New("bg")
			bv.SetRect(0, 0, c.w, c.h)
			bv.zoom = c.zoom
			bv.centreOn(bv.lastPos())
			shown := 0
			for i := range g.S.Tiles {
				if bv.visible(g.S.Tiles[i].Pos) {
					shown++
				}
			}
			b.ReportMetric(float64(len(g.S.Tiles)), "tiles")
			b.ReportMetric(float64(shown), "shown")
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				bv.Draw(screen)
			}
		})
	}
}
