package referee

import (
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/karkason/karkason/engine"
)

// Table aids (issue 10) on golden records whose final scores are worked out by hand in their comments; the aids'
// own numbers are worked out below from the same boards.
func TestAidsGolden(t *testing.T) {
	type feat struct {
		ref       string
		kind      string
		completed int
		ended     int
		open      []string
		owners    []Colour
	}
	type field struct {
		ref    string
		cities int
		worth  int
	}
	for _, tc := range []struct {
		file     string
		ended    map[Colour]int
		stack    int
		features []feat
		fields   []field
	}{
		{
			// Gifts (GIFT-11): red 3 unopened gifts x 2 = 6 + the road -1,0 .. 2,0, 4 cells: 10; blue 2 x 2 = 4 + the
			// city 0,0 .. 0,-4, 5 cells and 2 pennants: 5 + 2 = 7: 11 (the record's expect-final).
			file: "gift-unopened.rec", ended: map[Colour]int{Red: 10, Blue: 11},
			// 71 land tiles (72 base, the start out) - 7 placed = 64.
			stack: 64,
			features: []feat{
				// The city's root is the start tile's cap (the oldest segment): 0,0:N. Completed now: 2 x (5 + 2) =
				// 14 (BASE-10(b)); at the end 7 (END-3(b)). Its one open edge is 0,-4's E (b-c2a rot 90: city E, S).
				{"0,0:N", "city", 14, 7, []string{"1,-4"}, []Colour{Blue}},
				// The road through the start: 4 cells, 4 points either way; open at -1,0's W and 2,0's E.
				{"0,0:E", "road", 4, 4, []string{"-2,0", "3,0"}, []Colour{Red}},
			},
		},
		{
			// KING-7, COUNT-22(b), END-3(b): red's city (5 cells, 2 pennants, incomplete) 4 + 7 = 11; the King: 1
			// completed city + the City = 2 to blue (the record's expect-final).
			file: "king-incomplete-end.rec", ended: map[Colour]int{Red: 11, Blue: 2},
			features: []feat{
				// -2,-2 .. -2,-5 and -3,-5: completed now 2 x (5 + 2) = 14, at the end 7; open at -3,-5's W (-4,-5) and
				// -2,-5's E (-1,-5).
				{"-2,-2:N", "city", 14, 7, []string{"-4,-5", "-1,-5"}, []Colour{Red}},
			},
		},
		{
			// ROBBER-5: 2 completed roads, blue holds the Robber Baron: +2 (the record's expect-final). No figure is
			// on the board.
			file: "king-robber-loop.rec", ended: map[Colour]int{Red: 0, Blue: 2},
		},
		{
			// COUNT-22(a), FARM-5: green's field borders the City (flag side) and 2 closed caps: 3 x 3 = 9.
			file: "count-ex-d8.rec", ended: map[Colour]int{Green: 9, Red: 0},
			// The field is named by its root, the oldest segment: the City's ring N on coc-nw (-2,-1).
			fields: []field{{"-2,-1:N", 3, 9}},
		},
	} {
		t.Run(tc.file, func(t *testing.T) {
			f, err := os.Open("../testdata/golden/" + tc.file)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			g, err := Replay(f, false)
			if err != nil {
				t.Fatal(err)
			}
			a := g.Aids().JSON(g)
			if !reflect.DeepEqual(a.IfEndedNow, tc.ended) {
				t.Errorf("if_ended_now %v, want %v", a.IfEndedNow, tc.ended)
			}
			if tc.stack > 0 && a.Stack != tc.stack {
				t.Errorf("stack %d, want %d", a.Stack, tc.stack)
			}
			var got []feat
			for _, fa := range a.Features {
				got = append(got, feat{fa.Feature, fa.Kind, fa.IfCompletedNow, fa.IfEndedNow, fa.OpenCells, fa.Owners})
			}
			sortFeats := func(fs []feat) {
				slices.SortFunc(fs, func(a, b feat) int { return strings.Compare(a.ref, b.ref) })
				for _, f := range fs {
					slices.Sort(f.open)
				}
			}
			sortFeats(got)
			want := slices.Clone(tc.features)
			sortFeats(want)
			if len(got) != len(want) || (len(got) > 0 && !reflect.DeepEqual(got, want)) {
				t.Errorf("features\n got %+v\nwant %+v", got, want)
			}
			var gotFields []field
			for _, fa := range a.Fields {
				gotFields = append(gotFields, field{fa.Feature, fa.Cities, fa.Worth})
			}
			if len(gotFields) != len(tc.fields) || (len(gotFields) > 0 && !reflect.DeepEqual(gotFields, tc.fields)) {
				t.Errorf("fields %+v, want %+v", gotFields, tc.fields)
			}
			// Every open cell's count is the frontier's; a feature is dead exactly when one of them is 0.
			for _, fa := range a.Features {
				dead := false
				for _, c := range fa.OpenCells {
					if n, ok := a.Frontier[c]; ok && n == 0 {
						dead = true
					}
				}
				if dead != fa.Dead {
					t.Errorf("%s: dead %v, open cells %v", fa.Feature, fa.Dead, fa.OpenCells)
				}
			}
		})
	}
}

// TestAidsNextTile: the chances of the next tile come from the stack drawn next. In a river game before the first
// river tile is drawn the next tile is a river tile (RIVER-4), while the frontier counts count both stacks (the
// ruling of AidStack).
func TestAidsNextTile(t *testing.T) {
	setup := Setup{Players: []PlayerSpec{{"Ана", Red}, {"Bo", Blue}}, Expansions: []string{ExpansionRiver}}
	g, err := NewGame(setup, engine.Standard())
	if err != nil {
		t.Fatal(err)
	}
	a := g.Aids()
	if a.NextPlayer != 0 {
		t.Errorf("next player %d, want red (0)", a.NextPlayer)
	}
	sum := 0.0
	for _, c := range a.Next {
		if !c.Tile.HasRiver() {
			t.Errorf("next tile may be %s, a land tile, while the river is drawn (RIVER-4)", c.Tile.ID)
		}
		sum += c.Chance
	}
	if d := sum - 1; d > 1e-9 || d < -1e-9 {
		t.Errorf("chances add up to %v", sum)
	}
	// The River's 12 tiles: the spring is the start, the lake lies at the bottom (RIVER-2): 10 shuffled tiles are
	// drawn next; the stack is the 71 land tiles and the 11 river tiles left: 82.
	if a.Stack != 82 || a.NextStack != 10 {
		t.Errorf("stack %d, next stack %d; land %d, river %d", a.Stack, a.NextStack, g.Bag.LandLeft(), g.Bag.RiverLeft())
	}
	// A base game: red to draw from 71 tiles; b-rc has 8 copies: 8/71.
	g, _ = NewGame(Setup{Players: setup.Players}, engine.Standard())
	a = g.Aids()
	for _, c := range a.Next {
		if c.Tile.ID == "b-rc" && (c.Left != 8 || c.Chance != 8.0/71) {
			t.Errorf("b-rc: %d left, chance %v; want 8, 8/71", c.Left, c.Chance)
		}
	}
	if a.NextStack != 71 {
		t.Errorf("next stack %d, want 71", a.NextStack)
	}
}

// TestAidsProperty plays random games with every mix of modules and checks the aids along the way: if_ended_now is
// what `replay --final` of the same record gives at the same point, every frontier cell's count is a brute-force
// count over the stack's tiles and rotations with CanPlace, every open cell of a feature touches its feature, and
// computing the aids changes nothing.
func TestAidsProperty(t *testing.T) {
	t.Parallel()
	games := 24
	if testing.Short() {
		games = 6
	}
	for i := 0; i < games; i++ {
		seed := uint64(9000 + i)
		rng := rand.New(rand.NewPCG(seed, 0))
		exps := randomExpansions(rng)
		if i%3 == 0 {
			exps = Compatible(expansions)
		}
		setup := randomSetup(rng, exps)
		t.Run(fmt.Sprintf("%d-%s", seed, strings.Join(exps, "+")), func(t *testing.T) {
			g, err := NewGame(setup, engine.Standard())
			if err != nil {
				t.Fatal(err)
			}
			for step := 0; g.Phase != PhaseEnded; step++ {
				if step%7 == 0 {
					checkAids(t, g)
				}
				a, ok := pickAction(g, rng)
				if !ok {
					break
				}
				if err := g.Apply(a); err != nil {
					t.Fatalf("step %d: %q: %v", step, a, err)
				}
			}
		})
	}
}

func checkAids(t *testing.T, g *Game) {
	t.Helper()
	before := g.Summary()
	a := g.Aids()
	if !reflect.DeepEqual(before, g.Summary()) {
		t.Fatal("Aids changed the game")
	}
	rec, err := ParseRecord(strings.NewReader(recordText(g)))
	if err != nil {
		t.Fatal(err)
	}
	r, err := ReplayRecord(rec, g.Cat, true)
	if err != nil {
		t.Fatalf("replay --final: %v", err)
	}
	if a.IfEndedNow != r.S.Scores {
		t.Fatalf("if_ended_now %v, replay --final %v\n%s", a.IfEndedNow, r.S.Scores, recordText(g))
	}
	stack := g.AidStack()
	if len(a.Frontier) != len(g.S.Frontier()) {
		t.Fatalf("%d frontier cells in the aids, %d on the board", len(a.Frontier), len(g.S.Frontier()))
	}
	for _, c := range a.Frontier {
		p := engine.Pos{X: c.Pos.X, Y: c.Pos.Y}
		n := 0
		for i, copies := range stack {
			if copies == 0 {
				continue
			}
			for rot := 0; rot < 4; rot++ {
				if g.S.CanPlace(g.Cat.Types[i], p, rot) == nil {
					n += copies
					break
				}
			}
		}
		if n != c.Fit {
			t.Fatalf("cell %v: %d tiles fit, brute force %d\n%s", p, c.Fit, n, recordText(g))
		}
	}
	for _, f := range a.Features {
		if f.Kind == engine.KField || g.S.IsComplete(f.Root) || g.S.Occupied(f.Root) == 0 {
			t.Fatalf("feature %s is listed but is a field, complete or unoccupied", f.Feature)
		}
		if len(f.Open) == 0 {
			t.Fatalf("open feature %s has no open cell", f.Feature)
		}
	}
	if g.S.Opts.Farmers {
		for _, f := range a.Fields {
			if g.S.SegKind(f.Root) != engine.KField || f.Worth != 3*f.Cities {
				t.Fatalf("field %s: worth %d for %d cities", f.Feature, f.Worth, f.Cities)
			}
		}
	}
}
