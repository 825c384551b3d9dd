package referee

// Inns & Cathedrals in the referee: Legal offers the large follower, the aids project inn roads and cathedral
// cities, the entry of a position places large followers, the replay's breakdown names the rule and the strength.

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/karkason/karkason/engine"
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

// TestAidsInnAndCathedral: an open road with an inn and an open city with a cathedral show what they are worth if
// completed now (IC-7, IC-8) and that they are worth 0 if the game ended now (IC-9); the projection beside the score
// counts them so (IfEndedNow), and the JSON names the mark and the rules.
func TestAidsInnAndCathedral(t *testing.T) {
	g, rec := setUp(t, goldenPrefix(t, "ic-king-cathedral.rec", 4)) // red's knight on the cathedral city, blue's thief
	for _, a := range rec.Actions {                                 // on the inn road
		if err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	a := g.Aids()
	want := map[string]struct {
		mark                   string
		completed, ended       int
		completedRule, endRule string
	}{
		"city": {"cathedral", 6, 0, "IC-8", "IC-9"}, // 0,0 + 0,-1: 2 cells x 3
		"road": {"inn", 4, 0, "IC-7", "IC-9"},       // -1,0:E + 0,0: 2 cells x 2
	}
	js := a.JSON(g)
	for i, f := range a.Features {
		w, ok := want[f.Kind.String()]
		if !ok {
			continue
		}
		delete(want, f.Kind.String())
		fj := js.Features[i]
		if markWord(f.Mark) != w.mark || f.IfCompleted != w.completed || f.IfEnded != w.ended ||
			f.CompletedRule != w.completedRule || f.EndedRule != w.endRule || fj.Mark != w.mark ||
			fj.RuleIfCompleted != w.completedRule || fj.RuleIfEnded != w.endRule {
			t.Errorf("%s %s: %+v / %+v", f.Kind, f.Feature, f, fj)
		}
	}
	if len(want) > 0 {
		t.Errorf("features missing: %v", want)
	}
	if a.IfEndedNow[0] != 0 || a.IfEndedNow[1] != 0 {
		t.Errorf("if ended now %v: both features incomplete with an inn or a cathedral, worth 0 (IC-9)", a.IfEndedNow)
	}
}

// TestDraftLargeFollower: the entry of a board as it lies offers the large follower where IC-4 lets it stand (never a
// garden, IC-4(a)) and in any quarter of the City (COMBO-15, Draft.QuarterOptions), one per player (POS-3 amended),
// and writes it back as `position COLOUR large` (PositionLines).
func TestDraftLargeFollower(t *testing.T) {
	setup := Setup{Players: []PlayerSpec{{"Ана", Red}, {"Ева", Pink}},
		Expansions: []string{ExpansionFarmers, ExpansionAbbot, ExpansionCount, ExpansionInnsCathedrals}, Start: StartCity}
	d, err := NewDraft(setup, engine.Standard())
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Add(PositionLine{Kind: PosTile, Tile: "b-rsg", Pos: Pos{0, 2}, Rot: 0}); err != nil { // road from the
		t.Fatal(err) // City's south gate, with a garden
	}
	var kinds []engine.Kind
	var places []TileFeature
	for _, f := range d.TileFeatures(Pos{0, 2}) {
		if d.StandRefusal(Pink, engine.Large, f.Seg) == nil {
			kinds, places = append(kinds, f.Kind), append(places, f)
		}
	}
	if !slices.Contains(kinds, engine.KRoad) || !slices.Contains(kinds, engine.KField) || slices.Contains(kinds, engine.KGarden) {
		t.Errorf("large follower places %v: want roads and fields, no garden", kinds)
	}
	if q := d.QuarterOptions(Pink, engine.Large); len(q) != 4 {
		t.Errorf("quarters for the large follower %v, want all four", q)
	}
	if q := d.QuarterOptions(Red, engine.Abbot); !slices.Equal(q, []string{"cathedral"}) {
		t.Errorf("quarters for the abbot %v, want the cathedral only", q)
	}
	if err := d.Add(PositionLine{Kind: PosLarge, Colour: Pink, Quarter: "market"}); err != nil {
		t.Fatal(err)
	}
	if d.StandRefusal(Pink, engine.Large, places[0].Seg) == nil || d.QuarterOptions(Pink, engine.Large) != nil {
		t.Error("a second large follower is offered")
	}
	err = d.Check(PositionLine{Kind: PosLarge, Colour: Pink, Target: places[0].Ref})
	if r, ok := err.(*Refusal); !ok || r.Rule != "POS-3" {
		t.Errorf("a second large follower: %v, want POS-3", err)
	}
	g, err := d.Finish()
	if err != nil {
		t.Fatal(err)
	}
	lines, err := g.PositionLines()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(lines, func(l PositionLine) bool { return l.String() == "position pink large market" }) {
		t.Errorf("PositionLines %v: no `position pink large market`", lines)
	}
}

// TestSummaryStrength: the replay's breakdown (replay --json) names the rule of a scoring (IC-7, IC-8, IC-9) and gives
// the strength that decided the owners when it differs from the figures (a large follower counts 2, DEF-11).
func TestSummaryStrength(t *testing.T) {
	g, rec := setUp(t, goldenPrefix(t, "ic-ex-ic4.rec", 8))
	for _, a := range rec.Actions {
		if err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	g.Settle()
	b := g.Summary().Breakdown
	if len(b) != 1 || b[0].Rule != "BASE-10(b)" || b[0].Strength[Red] != 2 || b[0].Strength[Blue] != 1 ||
		b[0].Figures[Red] != 1 || !slices.Equal(b[0].Players, []Colour{Red}) {
		t.Errorf("breakdown %+v: want red alone, strength red 2 blue 1", b)
	}
	r, err := Replay(strings.NewReader(goldenPrefix(t, "ic-ex-ic1.rec", 99)), true)
	if err != nil {
		t.Fatal(err)
	}
	var rules []string
	for _, e := range r.Summary().Breakdown {
		rules = append(rules, e.Rule)
		if e.Strength != nil {
			t.Errorf("%+v: strength given though it equals the figures", e)
		}
	}
	if !slices.Equal(rules, []string{"IC-7", "IC-9"}) {
		t.Errorf("rules %v, want IC-7 then IC-9", rules)
	}
}
