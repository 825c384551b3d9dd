// Command fullboard writes the `position tile` lines of a board that holds every land tile of the chosen modules
// (so that the land stack is empty after the position, RULES-AM POS-17), built around a hand-made core: the golden
// records of the end-of-game abbey round (testdata/golden/am-10-*.rec, am-10b-*, am-pos17-*, am-err-10a-*,
// am-ex-am8-*, combo-62-*) start from such boards.
//
//	go run ./testdata/tools/fullboard -core CORE [-sets am,pd] [-start city] [-leave TILE] [-seed N]
//
// CORE is a text file of lines `TILE X,Y ROT` (rotation in degrees, laid after the start piece, the start tile
// b-c1rs at 0,0 or with -start city the City of Carcassonne; a core tile may lie apart from the others, engine
// LayLoose, if the filler joins it later) and `empty X,Y` (cells the filler must leave empty: the holes). Every
// other land tile of the base set and of the sets named by -sets (am: the 12 Abbey & Mayor land tiles; pd: The
// Princess & the Dragon) is then laid by a seeded greedy filler: each tile at a legal place (engine.LegalPlacements,
// BASE-4) with the most neighbours, ties broken at random. -leave keeps one copy of that tile type out of the board
// (the last tile of the stack); with -unplaceable only a board on which it fits nowhere is kept (the last tile is then
// discarded, BASE-5). The lines are printed in the order laid: the core first.
//
// The filler only matches edges: it may join the core's open features and make holes of its own. A record built on
// such a board hand-checks only what the core decides (features closed inside the core, the 3x3 blocks of its holes).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"

	"github.com/karkason/karkason/engine"
)

type laid struct {
	t   *engine.TileType
	p   engine.Pos
	rot int // quarter turns
}

func main() {
	core := flag.String("core", "", "core file")
	sets := flag.String("sets", "am", "modules besides the base game: am, pd (comma-separated)")
	leave := flag.String("leave", "", "a tile type to leave one copy of in the stack")
	start := flag.String("start", "standard", "the start piece: standard or city")
	stuck := flag.Bool("unplaceable", false, "with -leave: only a board on which that tile fits nowhere (BASE-5)")
	seed := flag.Uint64("seed", 1, "seed of the filler")
	flag.Parse()
	cat := engine.Standard()
	opts := engine.Options{Players: 2}
	if *start == "city" {
		opts.Count = true
	}
	want := map[string]bool{"base": true}
	for _, s := range strings.Split(*sets, ",") {
		switch s {
		case "am":
			want["am"], opts.AbbeyMayor = true, true
		case "pd":
			want["pd"], opts.PrincessDragon = true, true
		case "":
		default:
			fail("unknown set %q", s)
		}
	}
	left := map[*engine.TileType]int{}
	for _, t := range cat.Types {
		if t.Piece != nil || t.Abbey || !want[t.Set] {
			continue
		}
		left[t] = t.Count
		if t.Start {
			left[t]--
		}
	}
	if *leave != "" {
		t := cat.Tile(*leave)
		if t == nil || left[t] == 0 {
			fail("no copy of %q to leave", *leave)
		}
		left[t]--
	}
	var coreTiles []laid
	empty := map[engine.Pos]bool{}
	if *core != "" {
		f, err := os.Open(*core)
		if err != nil {
			fail("%v", err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			w := strings.Fields(strings.SplitN(sc.Text(), "#", 2)[0])
			switch {
			case len(w) == 0:
			case len(w) == 2 && w[0] == "empty":
				empty[pos(w[1])] = true
			case len(w) == 3:
				t := cat.Tile(w[0])
				r, err := strconv.Atoi(w[2])
				if t == nil || err != nil || r%90 != 0 {
					fail("bad core line %q", sc.Text())
				}
				coreTiles = append(coreTiles, laid{t, pos(w[1]), r / 90 % 4})
			default:
				fail("bad core line %q", sc.Text())
			}
		}
		f.Close()
	}
	for try := uint64(0); try < 200; try++ {
		out, ok := fill(cat, opts, *start == "city", *stuck, coreTiles, empty, left, *seed+try)
		if !ok || *stuck && placeable(cat, opts, *start == "city", out, cat.Tile(*leave)) {
			continue
		}
		fmt.Printf("# fullboard seed %d: %d tiles after the start piece\n", *seed+try, len(out))
		for _, l := range out {
			fmt.Printf("position tile %s %d,%d %d\n", l.t.ID, l.p.X, l.p.Y, l.rot*90)
		}
		return
	}
	fail("no board found")
}

// fill lays the core, then every tile left, and reports false when a tile fits nowhere.
func fill(cat *engine.Catalogue, opts engine.Options, city, closeCities bool, core []laid, empty map[engine.Pos]bool,
	stock map[*engine.TileType]int, seed uint64) ([]laid, bool) {
	s := engine.New(cat, opts)
	if city {
		s.PlacePiece(cat.Piece("coc"))
	} else {
		s.PlaceStart(cat.Tile("b-c1rs"))
	}
	left := map[*engine.TileType]int{}
	for t, n := range stock {
		left[t] = n
	}
	var out []laid
	for _, l := range core {
		if left[l.t] == 0 {
			fail("core: no copy of %s left", l.t.ID)
		}
		if _, err := s.LayLoose(l.t, l.p, l.rot); err != nil {
			fail("core: %s at %v rot %d: %v", l.t.ID, l.p, l.rot*90, err)
		}
		left[l.t]--
		out = append(out, l)
	}
	rng := rand.New(rand.NewPCG(seed, 11))
	var bag []*engine.TileType
	for _, t := range cat.Types { // catalogue order, then shuffled: the same seed gives the same board
		for i := 0; i < left[t]; i++ {
			bag = append(bag, t)
		}
	}
	rng.Shuffle(len(bag), func(i, j int) { bag[i], bag[j] = bag[j], bag[i] })
	var buf []engine.Placement
	for len(bag) > 0 {
		apart := islands(s)
		placed := false
		for i := 0; i < len(bag); i++ {
			t := bag[i]
			buf = s.LegalPlacements(t, buf[:0])
			best, bestN := -1, -1<<30
			for k, pl := range buf {
				if empty[pl.Pos] {
					continue
				}
				n, bridge, open := 0, 0, 0
				for e := 0; e < 4; e++ {
					if q := pl.Pos.Neighbour(e); s.At(q) != nil {
						n++
						if apart[q] {
							bridge = 1
						}
					} else if closeCities && t.Rotated(pl.Rot, e) == engine.City {
						open++ // -unplaceable: keep city edges off the rim, where a city tile left over could fit
					}
				}
				n = bridge*64 + n*8 - open*12 + rng.IntN(8)
				if n > bestN {
					best, bestN = k, n
				}
			}
			if best < 0 {
				continue
			}
			pl := buf[best]
			if _, err := s.Place(t, pl.Pos, pl.Rot); err != nil {
				fail("%v", err)
			}
			out = append(out, laid{t, pl.Pos, pl.Rot})
			bag = append(bag[:i], bag[i+1:]...)
			placed = true
			break
		}
		if !placed {
			return nil, false
		}
	}
	if len(islands(s)) > 0 {
		return nil, false // POS-1: one board
	}
	return out, true
}

// placeable reports whether t fits anywhere on the board laid (BASE-4).
func placeable(cat *engine.Catalogue, opts engine.Options, city bool, board []laid, t *engine.TileType) bool {
	s := engine.New(cat, opts)
	if city {
		s.PlacePiece(cat.Piece("coc"))
	} else {
		s.PlaceStart(cat.Tile("b-c1rs"))
	}
	for _, l := range board {
		if _, err := s.LayLoose(l.t, l.p, l.rot); err != nil {
			fail("%v", err)
		}
	}
	return s.Placeable(t)
}

// islands returns the cells of the tiles not joined to the first tile laid (the start piece) through shared edges:
// the filler lays next to them first, so that the core's parts are joined to the board.
func islands(s *engine.State) map[engine.Pos]bool {
	seen := map[engine.Pos]bool{s.Tiles[0].Pos: true}
	for q := []engine.Pos{s.Tiles[0].Pos}; len(q) > 0; q = q[1:] {
		for e := 0; e < 4; e++ {
			if n := q[0].Neighbour(e); !seen[n] && s.At(n) != nil {
				seen[n] = true
				q = append(q, n)
			}
		}
	}
	out := map[engine.Pos]bool{}
	for _, t := range s.Tiles {
		if !seen[t.Pos] {
			out[t.Pos] = true
		}
	}
	return out
}

func pos(s string) engine.Pos {
	x, y, ok := strings.Cut(s, ",")
	a, err1 := strconv.Atoi(x)
	b, err2 := strconv.Atoi(y)
	if !ok || err1 != nil || err2 != nil {
		fail("bad position %q", s)
	}
	return engine.Pos{X: a, Y: b}
}

func fail(f string, a ...any) {
	fmt.Fprintf(os.Stderr, "fullboard: "+f+"\n", a...)
	os.Exit(1)
}
