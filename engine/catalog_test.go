package engine

import (
	"os"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
)

// TestSetTotals checks each set's totals against the tile catalogue's table (tiles.md section 9) and the seeds:
// pieces, pennants, monasteries, shrines, gardens (BASE-1, RIVER-1, RIV2-2, COUNT-1, SHRINE-1, TILES5-1).
func TestSetTotals(t *testing.T) {
	cat := Standard()
	tests := []struct {
		set                                               string
		pieces, types, pennants, monast, shrines, gardens int
	}{
		{"base", 72, 32, 10, 6, 0, 8},
		{"river", 12, 11, 0, 2, 0, 1},
		{"river2", 12, 12, 1, 1, 0, 1},
		{"shrines", 5, 5, 0, 0, 5, 0},
		{"newtiles", 5, 5, 0, 1, 0, 1},
		{"ic", 18, 17, 3, 1, 0, 2}, // tiles-ic-tb.md section 5; IC-1: 18 tiles
		{"tb", 24, 24, 0, 1, 0, 2}, // tiles-ic-tb.md section 5; TB-1: 24 tiles, no pennant
	}
	for _, tc := range tests {
		t.Run(tc.set, func(t *testing.T) {
			var pieces, pennants, monast, shrines, gardens int
			types := cat.Set(tc.set)
			for _, ty := range types {
				pieces += ty.Count
				for _, s := range ty.Segs {
					pennants += ty.Count * int(s.Pennants)
					switch s.Kind {
					case KMonastery:
						monast += ty.Count
					case KShrine:
						shrines += ty.Count
					case KGarden:
						gardens += ty.Count
					}
				}
			}
			got := []int{pieces, len(types), pennants, monast, shrines, gardens}
			want := []int{tc.pieces, tc.types, tc.pennants, tc.monast, tc.shrines, tc.gardens}
			for i := range got {
				if got[i] != want[i] {
					t.Errorf("pieces, types, pennants, monasteries, shrines, gardens = %v, want %v", got, want)
					break
				}
			}
		})
	}
	city := cat.Piece("coc")
	if city == nil || len(city.Cells) != 12 {
		t.Fatalf("City of Carcassonne: want 12 cells")
	}
}

// TestTileConsistency checks that every tile's segments cover its edges exactly: one road, city or river segment per
// such edge, field halves on both sides of a road or river edge and on field edges, none on a city edge (BASE-4,
// FARM-3).
func TestTileConsistency(t *testing.T) {
	for _, ty := range Standard().Types {
		for e := 0; e < 4; e++ {
			var edgeSegs, halfSegs int
			for _, s := range ty.Segs {
				if s.Edges&(1<<e) != 0 {
					edgeSegs++
					want := map[Kind]Terrain{KRoad: Road, KCity: City, KRiver: River}[s.Kind]
					if ty.Edges[e] != want {
						t.Errorf("%s: segment %s on edge %s but the edge is %s", ty.ID, s.Name, EdgeNames[e], ty.Edges[e])
					}
				}
				for h := 2 * e; h < 2*e+2; h++ {
					if s.Halves&(1<<h) != 0 {
						halfSegs++
					}
				}
			}
			switch ty.Edges[e] {
			case None, Abbey:
				if edgeSegs+halfSegs != 0 {
					t.Errorf("%s: inner edge %s has segments", ty.ID, EdgeNames[e])
				}
			case Field:
				if edgeSegs != 0 || halfSegs != 2 {
					t.Errorf("%s: field edge %s: %d edge segs, %d half segs", ty.ID, EdgeNames[e], edgeSegs, halfSegs)
				}
			case City:
				if edgeSegs != 1 || halfSegs != 0 {
					t.Errorf("%s: city edge %s: %d edge segs, %d half segs", ty.ID, EdgeNames[e], edgeSegs, halfSegs)
				}
			default:
				if edgeSegs != 1 || halfSegs != 2 {
					t.Errorf("%s: %s edge %s: %d edge segs, %d half segs", ty.ID, ty.Edges[e], EdgeNames[e], edgeSegs, halfSegs)
				}
			}
		}
	}
}

// readShared reads ../shared/rules/NAME beside the project (a developer's checkout: ../../shared from this
// package), or beside the folder of worktrees that holds it (../../../shared); a user's clone has neither.
func readShared(name string) ([]byte, error) {
	var err error
	for _, up := range []string{"../../", "../../../"} {
		var data []byte
		if data, err = os.ReadFile(up + "shared/rules/" + name); err == nil {
			return data, nil
		}
	}
	return nil, err
}

// sharedTiles loads the TILE records of a shared tile catalogue file (../shared/rules/NAME) whose ids start with
// prefix, without the informational lines of the shared grammar (jcz, pic, note); it
// skips the test when the file is absent (a user's clone has no ../shared).
func sharedTiles(t *testing.T, name, prefix string) (*Catalogue, string) {
	t.Helper()
	data, err := readShared(name)
	if err != nil {
		t.Skip("shared tile catalogue " + name + " not present")
	}
	blocks := regexp.MustCompile("(?s)```\n(TILE [a-z0-9-]+\n.*?)```").FindAllStringSubmatch(string(data), -1)
	fsys := fstest.MapFS{}
	for i, b := range blocks {
		var keep []string
		in := false
		for _, line := range strings.Split(b[1], "\n") {
			if strings.HasPrefix(line, "TILE ") {
				in = strings.HasPrefix(line, "TILE "+prefix)
			}
			if !in || strings.HasPrefix(line, " ") || strings.HasPrefix(line, "jcz") || strings.HasPrefix(line, "pic") ||
				strings.HasPrefix(line, "note") {
				continue // informational lines of the shared grammar
			}
			keep = append(keep, line)
		}
		fsys["d/"+string(rune('a'+i))+".tiles"] = &fstest.MapFile{Data: []byte(strings.Join(keep, "\n"))}
	}
	shared, err := LoadCatalogue(fsys, "d")
	if err != nil {
		t.Fatal(err)
	}
	return shared, string(data)
}

// compareTiles checks that every tile type of shared is in our catalogue with the same edges, count, segments,
// marks (inns, cathedrals, the pig herd) and goods; it returns how many it compared. A segment whose goods differ
// from the shared record's on purpose is listed in goodsMended (its tile's id and segment name), and must differ.
func compareTiles(t *testing.T, shared *Catalogue) int {
	t.Helper()
	ours := Standard()
	n := 0
	for _, st := range shared.Types {
		o := ours.Tile(st.ID)
		if o == nil || o.ID != st.ID {
			t.Errorf("tile %s missing", st.ID)
			continue
		}
		n++
		if o.Edges != st.Edges || o.Count != st.Count || len(o.Segs) != len(st.Segs) || o.Centre != st.Centre {
			t.Errorf("tile %s differs: edges %v/%v count %d/%d", st.ID, o.Edges, st.Edges, o.Count, st.Count)
			continue
		}
		for i := range o.Segs {
			a, b := o.Segs[i], st.Segs[i]
			if a.Name != b.Name || a.Kind != b.Kind || a.Edges != b.Edges || a.Halves != b.Halves ||
				a.Pennants != b.Pennants || a.End != b.End || len(a.Borders) != len(b.Borders) || a.Marks != b.Marks {
				t.Errorf("tile %s segment %s differs", st.ID, a.Name)
			}
			if mended := goodsMended[st.ID+":"+a.Name]; (a.Goods != b.Goods) != mended {
				t.Errorf("tile %s segment %s: goods %v, the shared catalogue %v (mended on purpose: %v)", st.ID, a.Name,
					a.Goods, b.Goods, mended)
			}
		}
	}
	return n
}

// TestSharedCatalogue cross-checks the embedded data against the shared tile catalogue when it is present (a
// developer's checkout); a user's clone has no ../shared and skips.
func TestSharedCatalogue(t *testing.T) {
	shared, data := sharedTiles(t, "tiles.md", "")
	ours := Standard()
	if n := compareTiles(t, shared); n != 65 {
		t.Errorf("cross-checked %d tile types, want 65", n)
	}
	// The City of Carcassonne perimeter (tiles.md section 5): 14 outer edges.
	perimeter := 0
	for _, c := range ours.Piece("coc").Cells {
		for _, e := range c.Edges {
			if e != None {
				perimeter++
			}
		}
	}
	if perimeter != 14 || !strings.Contains(string(data), "Count: N side 4 edges, E side 3, S side 4, W side 3 = 14") {
		t.Errorf("City perimeter has %d edges, want 14", perimeter)
	}
}

// TestRotation checks the rotation rule of tiles.md 1.1: at 90 the catalogue's north edge faces east.
func TestRotation(t *testing.T) {
	d := Standard().Tile("b-c1rs") // city N, road E-W
	tests := []struct {
		rot  int
		want [4]Terrain
	}{
		{0, [4]Terrain{City, Road, Field, Road}},
		{1, [4]Terrain{Road, City, Road, Field}},
		{2, [4]Terrain{Field, Road, City, Road}},
		{3, [4]Terrain{Road, Field, Road, City}},
	}
	for _, tc := range tests {
		var got [4]Terrain
		for e := range got {
			got[e] = d.Rotated(tc.rot, e)
		}
		if got != tc.want {
			t.Errorf("rot %d: %v, want %v", tc.rot, got, tc.want)
		}
	}
	if !Standard().Tile("b-rs").DistinctRotation(1) || Standard().Tile("b-rs").DistinctRotation(2) {
		t.Errorf("straight road: rotations 0 and 1 are distinct, 2 repeats 0")
	}
	if Standard().Tile("b-c4s").DistinctRotation(1) {
		t.Errorf("city on 4 edges has one distinct rotation")
	}
	if Standard().Tile("U") != Standard().Tile("b-rs") {
		t.Errorf("alias U should name b-rs")
	}
}

// TestSharedICCatalogue cross-checks the Inns & Cathedrals tiles (engine/data/ic.tiles) against the shared
// catalogue tiles-ic-tb.md section 2 when it is present, inns and cathedrals included (IC-1, IC-7, IC-8).
func TestSharedICCatalogue(t *testing.T) {
	shared, _ := sharedTiles(t, "tiles-ic-tb.md", "ic-")
	if n := compareTiles(t, shared); n != 17 {
		t.Errorf("cross-checked %d I&C tile types, want 17", n)
	}
}

// TestInnsAndCathedrals checks the marks of the data (tiles-ic-tb.md section 5): 6 inn roads in the I&C set, one
// per tile, and the River II inn (COMBO-11); 2 cathedrals, both on ic-cathedral; the inn of ic-inn3 on its E road
// only (IC-11, OPEN-16).
func TestInnsAndCathedrals(t *testing.T) {
	cat := Standard()
	var inns, cathedrals []string
	for _, ty := range cat.Types {
		for _, s := range ty.Segs {
			for i := 0; i < ty.Count; i++ {
				if s.Marks.Has(MarkInn) {
					inns = append(inns, ty.ID+":"+s.Name)
				}
				if s.Marks.Has(MarkCathedral) {
					cathedrals = append(cathedrals, ty.ID+":"+s.Name)
				}
			}
		}
	}
	wantInns := []string{"r2-innroad:r1", "ic-innbend:r1", "ic-innstraightg:r1", "ic-inn3:r1", "ic-cornerinnbend:r1",
		"ic-capinnbend:r1", "ic-cornerinnroad:r1"}
	if strings.Join(inns, " ") != strings.Join(wantInns, " ") {
		t.Errorf("inn roads %v, want %v", inns, wantInns)
	}
	if strings.Join(cathedrals, " ") != "ic-cathedral:c1 ic-cathedral:c1" {
		t.Errorf("cathedrals %v, want ic-cathedral:c1 twice", cathedrals)
	}
	if ty := cat.Tile("ic-cathedral"); ty == nil || ty.Set != "ic" || cat.Tile("Ka") == nil {
		t.Errorf("ic-cathedral: set %v, alias Ka", ty)
	}
	bad := fstest.MapFS{"d/x.tiles": &fstest.MapFile{Data: []byte("TILE x\ncount 1\nedges N:field E:field S:field W:field\n" +
		"field f1 NNW NNE ENE ESE SSE SSW WSW WNW borders -\nobject inn on r1\n")}}
	if _, err := LoadCatalogue(bad, "d"); err == nil {
		t.Error("an inn on a road the tile does not have was accepted")
	}
}

// goodsMended are the segments whose goods symbols differ on purpose from the shared catalogue's record. It is empty
// since the shared record of tb-corner2roads-cloth (O) gained its "goods cloth on c1" line, agreeing with its table row
// and the totals of section 5 (5 cloth: K L M N O; 20 symbols = the 20 tokens, TB-1); a difference found again fails.
var goodsMended = map[string]bool{}

// TestSharedTBCatalogue cross-checks the Traders & Builders tiles (engine/data/tb.tiles) against the shared catalogue
// tiles-ic-tb.md section 3 when it is present, goods symbols included (TB-1, TB-3), and the River II pig herd
// (section 4, COMBO-12).
func TestSharedTBCatalogue(t *testing.T) {
	shared, data := sharedTiles(t, "tiles-ic-tb.md", "tb-")
	if n := compareTiles(t, shared); n != 24 {
		t.Errorf("cross-checked %d T&B tile types, want 24", n)
	}
	if !strings.Contains(data, "| tb-corner2roads-cloth | O | TB/CcRR!.c | cloth |") {
		t.Error("the shared table no longer gives tb-corner2roads-cloth a cloth symbol")
	}
}

// TestGoods checks the goods symbols of the data against TB-1 and CFG-6: 9 wine, 6 grain, 5 cloth, one symbol per goods
// tile, in its city c1 (tiles-ic-tb.md section 5), the supply of tokens equal to them; and the pig herd on River II.
func TestGoods(t *testing.T) {
	cat := Standard()
	var total Goods
	for _, ty := range cat.Types {
		var onTile Goods
		for _, s := range ty.Segs {
			if s.Goods.Total() > 0 && (s.Kind != KCity || s.Name != "c1") {
				t.Errorf("%s: goods on %s, want c1", ty.ID, s.Name)
			}
			onTile[Wine] += s.Goods[Wine]
			onTile[Grain] += s.Goods[Grain]
			onTile[Cloth] += s.Goods[Cloth]
		}
		if onTile.Total() > 0 && (ty.Set != "tb" || onTile.Total() != 1 || ty.Count != 1) {
			t.Errorf("%s: %v goods symbols, want one on a T&B tile", ty.ID, onTile)
		}
		for k := range total {
			total[k] += onTile[k] * ty.Count
		}
	}
	if total != GoodsSupply || total != (Goods{9, 6, 5}) {
		t.Errorf("goods symbols %v, supply %v, want 9 wine 6 grain 5 cloth", total, GoodsSupply)
	}
	var herds []string
	for _, ty := range cat.Types {
		for _, s := range ty.Segs {
			if s.Marks.Has(MarkPigHerd) {
				herds = append(herds, ty.ID+":"+s.Name+":"+s.Kind.String())
			}
		}
	}
	if strings.Join(herds, " ") != "r2-bendpigs:f2:field" {
		t.Errorf("pig herds %v, want the River II one on field f2 of r2-bendpigs", herds)
	}
	// tb-2corners-wine: the half turn puts the wine city where the other one was: another placement.
	if w := cat.Tile("tb-2corners-wine"); !w.DistinctRotation(2) {
		t.Error("tb-2corners-wine: rotation 180 should be distinct (the wine city moves)")
	}
	bad := fstest.MapFS{"d/x.tiles": &fstest.MapFile{Data: []byte("TILE x\ncount 1\nedges N:field E:field S:field W:field\n" +
		"field f1 NNW NNE ENE ESE SSE SSW WSW WNW borders -\ngoods wine on c1\n")}}
	if _, err := LoadCatalogue(bad, "d"); err == nil {
		t.Error("goods on a city the tile does not have were accepted")
	}
}
