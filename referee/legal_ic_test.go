package referee

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// goldenPrefix returns the first n action lines of a golden record (with its header, setup and position lines).
func goldenPrefix(t *testing.T, name string, n int) string {
	t.Helper()
	data, err := os.ReadFile("../testdata/golden/" + name)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	actions := 0
	for _, l := range strings.Split(string(data), "\n") {
		w := strings.Fields(l)
		if len(w) > 0 && IsColour(w[0]) {
			if actions == n {
				break
			}
			actions++
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n") + "\n"
}

// TestLegalOffersTheLargeFollower: Legal lists the large follower with every figure option where it may go (IC-4,
// COMBO-15, COMBO-21, COMBO-23, COMBO-24): the figure step (never on a garden, IC-4(a)), the City's quarters (any),
// the moving-out round, the market round, Synod, Cash Out and Change Position; and each listed action is accepted.
func TestLegalOffersTheLargeFollower(t *testing.T) {
	for _, tc := range []struct {
		name   string
		golden string
		n      int // actions applied
		phase  Phase
		has    []string
		hasNot []string
	}{
		{"figure step", "ic-err-large-garden.rec", 1, PhaseFigure,
			[]string{"red deploy large E", "red deploy follower E", "red deploy abbot garden"},
			[]string{"red deploy large garden", "red deploy follower garden"}},
		{"figure step, large follower on the board", "ic-err-large-twice.rec", 4, PhaseFigure,
			[]string{"red deploy follower monastery"}, []string{"red deploy large monastery"}},
		{"City, any quarter", "ic-count-large.rec", 5, PhaseCity,
			[]string{"red city palace large", "red city smithy large", "red city cathedral large", "red city market large",
				"red city smithy"}, nil},
		{"moving-out round", "ic-count-large.rec", 11, PhaseMoving,
			[]string{"red move smithy -2,-1:W large", "red decline"}, []string{"red move smithy -2,-1:W"}},
		{"market round", "ic-market-large.rec", 9, PhaseTile, nil, nil}, // then the table stops (below)
		{"Synod", "ic-synod-large.rec", 6, PhaseTile, []string{"red gift synod 0,1:monastery large",
			"red gift synod 0,1:monastery"}, nil},
		{"Cash Out", "ic-cash-out-large.rec", 9, PhaseTile, []string{"red gift cash-out 1,-1:W large"},
			[]string{"red gift cash-out 1,-1:W"}},
		{"Change Position", "ic-change-position-large.rec", 7, PhaseTile,
			[]string{"red gift change-position 1,0:E S large"}, []string{"red gift change-position 1,0:E S"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, rec := setUp(t, goldenPrefix(t, tc.golden, tc.n))
			for _, a := range rec.Actions {
				if err := g.Apply(a); err != nil {
					t.Fatalf("%q: %v", a, err)
				}
			}
			d := g.Legal()
			for ; d.Phase != tc.phase && d.Optional; d = g.Legal() {
				g = g.AfterDecline() // the optional decisions before the one tested are declined
			}
			if d.Phase != tc.phase {
				t.Fatalf("phase %s, want %s", d.Phase, tc.phase)
			}
			if tc.golden == "ic-market-large.rec" { // the table stops before red's tile: the market round (COUNT-19)
				g.Active, g.lastTurn = g.prevActive, true
				g.gameEnd()
				d = g.Legal()
				// 2,0:N is the City's east ring field, named by its root 1,-1:E.
				tc.has, tc.hasNot = []string{"red market 1,-1:E large"}, []string{"red market 1,-1:E"}
				if d.Phase != PhaseMarket || d.Player != 0 {
					t.Fatalf("phase %s, player %d; want red's market move", d.Phase, d.Player)
				}
			}
			var listed []string
			for _, a := range d.Actions {
				listed = append(listed, a.String())
			}
			for _, want := range tc.has {
				if !slices.Contains(listed, want) {
					t.Errorf("%q not listed: %v", want, listed)
				}
			}
			for _, not := range tc.hasNot {
				if slices.Contains(listed, not) {
					t.Errorf("%q listed", not)
				}
			}
			for _, a := range d.Actions {
				if a.Large {
					if err := g.Clone().Apply(a); err != nil {
						t.Errorf("listed %q refused: %v", a, err)
					}
				}
			}
		})
	}
}
