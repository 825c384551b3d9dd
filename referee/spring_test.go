package referee

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/karkason/karkason/engine"
)

// The River of seed 001 (a two-cell spring, two lakes, nine others; RIVER-1, RIVER-3(a)) is an optional data file
// (engine/data/optional/river-seed001.tiles). With it in place of river.tiles the referee must set the game up and
// run the river phase without any code naming its tiles: the spring piece as the start, the lakes at the bottom of
// the river stack in random order (RIVER-2), river tiles first (RIVER-4).

func seedRiverCatalogue(t *testing.T) *engine.Catalogue {
	t.Helper()
	fsys := fstest.MapFS{}
	files, _ := filepath.Glob("../engine/data/*.tiles")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		fsys["data/"+filepath.Base(f)] = &fstest.MapFile{Data: b}
	}
	alt, err := os.ReadFile("../engine/data/optional/river-seed001.tiles")
	if err != nil {
		t.Fatal(err)
	}
	fsys["data/river.tiles"] = &fstest.MapFile{Data: alt}
	cat, err := engine.LoadCatalogue(fsys, "data")
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

func TestSeedRiverGame(t *testing.T) {
	cat := seedRiverCatalogue(t)
	const head = "karkason-record 1\nsetup players=Ана:red,Богдан:blue expansions=river start=river\n"
	// The spring lies on 0,0 (west cell, river leaving W) and 1,0 (east cell, river leaving E). The nine shuffled
	// tiles all go east; the west arm gets a lake only.
	east := `red place r1-twocaps 2,0 0
blue place r1-cityroad 3,0 0
red place r1-monroad 4,0 0
blue place r1-straight 5,0 90
red place r1-straight 6,0 90
blue place r1-bend 7,0 270
red place r1-bendg 7,1 270
blue place r1-bendroad 8,1 90
red place r1-citycorner 8,2 180
`
	cases := []struct {
		name     string
		actions  string
		wantRule string // "" = every line accepted
		wantLine int
	}{
		{"the whole river, the plain lake first, then land (RIVER-2, RIVER-7)",
			east + "blue place r1-lake -1,0 90\nred place r1-lakemon 9,2 270\nblue place b-m 0,1 0\n", "", 0},
		{"the other lake first is as good (RIVER-2: random order)",
			east + "blue place r1-lakemon 9,2 270\nred place r1-lake -1,0 90\nblue place b-m 0,1 0\n", "", 0},
		{"a lake before the shuffled tiles are used up (RIVER-2)",
			"red place r1-lake -1,0 90\n", "RIVER-2", 3},
		{"a land tile before the lakes (RIVER-4)",
			east + "blue place b-m 0,1 0\n", "RIVER-4", 12},
		{"U-turn on the east arm (RIVER-6)",
			"red place r1-bend 2,0 270\nblue place r1-bendg 2,1 180\n", "RIVER-6", 4},
		{"a figure on the spring's river is refused on a river tile too (RIVER-8)",
			"red place r1-straight 2,0 90\nred deploy follower W\n", "RIVER-8", 4},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec, err := ParseRecord(strings.NewReader(head + c.actions))
			if err != nil {
				t.Fatal(err)
			}
			g, err := ReplayRecord(rec, cat, false)
			if c.wantRule == "" {
				if err != nil {
					t.Fatal(err)
				}
				if g.Bag.InRiverPhase() {
					t.Errorf("river phase not over after both lakes (RIVER-7)")
				}
			} else {
				r, ok := err.(*Refusal)
				if !ok || !strings.HasPrefix(r.Rule, c.wantRule) || r.Line != c.wantLine {
					t.Fatalf("got %v, want line %d citing %s", err, c.wantLine, c.wantRule)
				}
			}
			for _, p := range []engine.Pos{{X: 0, Y: 0}, {X: 1, Y: 0}} {
				if tl := g.S.At(p); tl == nil || tl.Type.Piece == nil {
					t.Errorf("no spring cell at %v (RIVER-2, RIVER-3(a))", p)
				}
			}
		})
	}
}
