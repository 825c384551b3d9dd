package screen

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/karkason/karkason/cmd/karkason/internal/randgame"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// table is a game at a table: a Session writing its record, and the second screen serving that record.
type table struct {
	sess *referee.Session
	srv  *Server
	path string
	rng  *rand.Rand
}

// cityTB has the City of Carcassonne (its moving-out rounds) and Traders & Builders (the builder's double turn).
var cityTB = referee.Setup{Players: []referee.PlayerSpec{{Name: "Ана", Colour: referee.Red},
	{Name: "Богдан", Colour: referee.Blue}, {Name: "Віра", Colour: referee.Green}},
	Expansions: []string{"farmers", "count", "king-robber", "traders-builders"}, Start: referee.StartCity, Followers: 7}

// newTable starts a game of setup with its record in a temporary folder and a second screen on 127.0.0.1.
func newTable(t testing.TB, setup referee.Setup, o Options) *table {
	t.Helper()
	path := filepath.Join(t.TempDir(), "game.rec")
	sess, err := referee.NewSession(setup, engine.Standard(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sess.Close() })
	o.Path = path
	if o.Listen == "" {
		o.Listen = "127.0.0.1:0"
	}
	if o.Lang == "" {
		o.Lang = "en"
	}
	srv, err := Start(o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Stop)
	// Seed 6: a moving-out round from the City at action 72, a builder's double turn at 90.
	return &table{sess: sess, srv: srv, path: path, rng: rand.New(rand.NewPCG(6, 11))}
}

// move confirms the next random legal action at the table (saved and synced, as the table does) and pokes the
// second screen, as the table does after every change.
func (tb *table) move(t testing.TB) referee.Action {
	t.Helper()
	a := randgame.Pick(tb.sess.Game, tb.rng)
	if err := tb.sess.Do(a); err != nil {
		t.Fatalf("%v: %v", a, err)
	}
	tb.srv.Poke()
	return a
}

// shown is the game as the page must show it: as the table shows it, a pending decision pending.
func (tb *table) shown() *referee.Game { return tb.sess.Game }

// finishedRecord writes a random finished 6-player game with every module to a file and returns its path.
func finishedRecord(t testing.TB) string {
	t.Helper()
	setup := referee.Setup{Players: []referee.PlayerSpec{{Name: "Ана", Colour: referee.Red},
		{Name: "Богдан", Colour: referee.Blue}, {Name: "Віра", Colour: referee.Green},
		{Name: "Гліб", Colour: referee.Yellow}, {Name: "Дана", Colour: referee.Black},
		{Name: "Єва", Colour: referee.Pink}},
		Expansions: referee.Compatible(referee.Expansions()), Start: referee.StartCity, Followers: 7}
	setup.Expansions = without(setup.Expansions, referee.ExpansionRiver2) // River and River II are one or the other
	g, err := randgame.Play(setup, 3, 0)
	if err != nil {
		t.Fatal(err)
	}
	if g.Phase != referee.PhaseEnded {
		t.Fatalf("the random game did not end: %v", g.Phase)
	}
	path := filepath.Join(t.TempDir(), "six.rec")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := referee.WriteRecord(f, g.Record()); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

func without(ss []string, s string) []string {
	var out []string
	for _, x := range ss {
		if x != s {
			out = append(out, x)
		}
	}
	return out
}

// pickFor is the table's next random legal action.
func pickFor(tb *table) referee.Action { return randgame.Pick(tb.sess.Game, tb.rng) }
