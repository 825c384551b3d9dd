package referee

import (
	"slices"
	"strings"
	"testing"

	"github.com/karkason/karkason/engine"
)

// TestLegal checks the pending decision and a few of its answers after short records.
// setUp parses a record and sets up its game without applying any action (not Replay, which also settles the
// pending decision at the end); it fails the test on a bad record or set-up.
func setUp(t *testing.T, text string) (*Game, *Record) {
	t.Helper()
	rec, err := ParseRecord(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGameFrom(rec, engine.Standard())
	if err != nil {
		t.Fatal(err)
	}
	return g, rec
}

func TestLegal(t *testing.T) {
	const head = "karkason-record 1\nsetup players=a:red,b:blue "
	for _, tc := range []struct {
		name     string
		record   string
		phase    Phase
		player   int
		optional bool
		has      []string // actions that must be listed
		hasNot   []string // actions that must not be
	}{
		{"first tile", head + "expansions=farmers\n", PhaseTile, 0, false,
			[]string{"red place b-rs 1,0 90", "red place b-c1 0,-1 180"},
			[]string{"red place b-rs 1,0 270", "red place b-rs 1,0 0", "blue place b-rs 1,0 90", "red pass"}}, // BASE-4; 270 is 90 again
		{"figure step", head + "expansions=farmers\nred place b-rs 1,0 90\n", PhaseFigure, 0, true,
			[]string{"red pass", "red deploy follower E", "red deploy follower N", "red deploy follower S"},
			[]string{"red deploy abbot E", "red deploy follower W", "red deploy follower NNE"}}, // one name per place: W, NNE name E's road and N's field again; no abbot (ABBOT-1)
		{"no farmers", head + "expansions=none\nred place b-rs 1,0 90\n", PhaseFigure, 0, true,
			[]string{"red pass", "red deploy follower E"}, []string{"red deploy follower N"}}, // FARM-1
		{"occupied road", head + "expansions=none\nred place b-rs 1,0 90\nred deploy follower E\nblue place b-rs 2,0 90\n",
			PhaseFigure, 1, true, []string{"blue pass"}, []string{"blue deploy follower E"}}, // BASE-7
		{"city start", head + "expansions=count\n", PhaseTile, 0, false, nil, []string{"red discard b-rs"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Not Replay: it settles the pending decision.
			g, rec := setUp(t, tc.record)
			for _, a := range rec.Actions {
				if err := g.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
			d := g.Legal()
			if d.Phase != tc.phase || d.Player != tc.player || d.Optional != tc.optional {
				t.Fatalf("decision %s player %d optional %v, want %s %d %v", d.Phase, d.Player, d.Optional, tc.phase,
					tc.player, tc.optional)
			}
			var got []string
			for _, a := range d.Actions {
				got = append(got, a.String())
			}
			for _, a := range tc.has {
				if !slices.Contains(got, a) {
					t.Errorf("%q not listed", a)
				}
			}
			for _, a := range tc.hasNot {
				if slices.Contains(got, a) {
					t.Errorf("%q listed", a)
				}
			}
			if len(got) == 0 {
				t.Error("nothing listed")
			}
		})
	}
}

// TestLegalEnded: nothing is listed once the game has ended, and AfterDecline is nil for a mandatory decision.
func TestLegalEnded(t *testing.T) {
	g, err := Replay(strings.NewReader("karkason-record 1\nsetup players=a:red,b:blue\nend\n"), false)
	if err != nil {
		t.Fatal(err)
	}
	if d := g.Legal(); d.Phase != PhaseEnded || d.Player != -1 || len(d.Actions) != 0 {
		t.Fatalf("ended game: %+v", d)
	}
	if g.AfterDecline() != nil {
		t.Fatal("AfterDecline of an ended game")
	}
}
