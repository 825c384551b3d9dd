package tui

import (
	"math/rand"
	"strconv"
	"testing"

	"github.com/karkason/karkason/referee"
)

// Every answer the move entry offers is one the referee accepts: random games with every expansion are played
// through the entry alone (tiles from its list, places, figures, the City, the Count, the moving-out and market
// rounds, gifts), and each offered action is first checked on a copy of the game.
func TestEntryOffersOnlyLegalActions(t *testing.T) {
	seen := map[string]int{}
	defer func() { t.Logf("decisions entered: %v", seen) }()
	for seed := int64(1); seed <= 6; seed++ {
		o := testOptions(t, "en")
		o.Config.DataDir = "" // no record file
		setup := referee.Setup{Players: []referee.PlayerSpec{{Name: "Ана", Colour: referee.Red},
			{Name: "Богдан", Colour: referee.Blue}, {Name: "Віра", Colour: referee.Green}},
			Expansions: []string{"farmers", "abbot", "river", "count", "king-robber", "shrines", "newtiles", "gifts"},
			Start:      referee.StartCity, Followers: 4}
		u := newUI(o)
		sess, err := referee.NewSession(setup, u.cat, "")
		if err != nil {
			t.Fatal(err)
		}
		u.startTable(sess)
		r := rand.New(rand.NewSource(seed))
		tb := u.table
		for step := 0; step < 400 && tb.view().Phase != referee.PhaseEnded; step++ {
			e := tb.entry
			seen[tb.view().Phase.String()]++
			if e.back != nil && e.spots == nil && !e.tileIn {
				seen["gift/discard"]++
			}
			before := len(sess.Game.Actions)
			switch {
			case e.spots != nil:
				i := r.Intn(len(e.spots))
				e.spots[i].rot = r.Intn(len(e.spots[i].rots))
				e.placeSpot(i)
				if len(u.sess.Game.Actions) != before+1 {
					t.Fatalf("seed %d: placing %s refused: %s", seed, e.tile.ID, tb.status.GetText(true))
				}
				continue
			case len(e.choices) == 0:
				t.Fatalf("seed %d step %d: nothing offered in phase %v", seed, step, tb.view().Phase)
			}
			for _, c := range e.choices {
				if c.act == nil {
					continue
				}
				a := *c.act
				a.Colour = tb.colourFor(a)
				if err := u.sess.Game.Clone().Apply(a); err != nil {
					t.Fatalf("seed %d: offered %q (%s) is refused: %v", seed, c.label, a, err)
				}
			}
			i := r.Intn(len(e.choices))
			c := e.choices[i]
			e.pick(i)
			if c.act != nil && len(u.sess.Game.Actions) != before+1 {
				t.Fatalf("seed %d: %q not recorded: %s", seed, c.label, tb.status.GetText(true))
			}
			if c.act == nil && c.next == nil {
				t.Fatalf("seed %d: choice %q does nothing", seed, c.label)
			}
		}
		g := tb.view()
		for p := 0; p < g.Players(); p++ {
			if got := tb.players.GetCell(p+1, 2).Text; got != strconv.Itoa(g.S.Scores[p]) {
				t.Errorf("seed %d: player %d shows %s, referee %d", seed, p, got, g.S.Scores[p])
			}
		}
		u.close()
	}
}
