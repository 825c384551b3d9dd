package tui

import (
	"strings"
	"testing"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/locales"
	"github.com/karkason/karkason/referee"
)

// Features are named in words (issue 20: never by compass codes alone): a field by the side of its tile and what it
// lies beside, a road or city by its side when the tile has several, a centre by its kind; tiles that show the same
// edges by what tells them apart.
func TestFeatureNamesInWords(t *testing.T) {
	cat := engine.Standard()
	rec := &referee.Record{Setup: referee.Setup{Players: []referee.PlayerSpec{{Name: "A", Colour: referee.Red},
		{Name: "B", Colour: referee.Blue}}, Expansions: []string{referee.ExpansionFarmers}, Start: referee.StartNone},
		Position: []referee.PositionLine{
			{Kind: referee.PosTile, Tile: "b-rs", Pos: referee.Pos{X: 0, Y: 0}, Rot: 90},   // a road W-E
			{Kind: referee.PosTile, Tile: "b-r4", Pos: referee.Pos{X: 1, Y: 0}},            // a crossroads
			{Kind: referee.PosTile, Tile: "b-c1", Pos: referee.Pos{X: 0, Y: -1}, Rot: 0},   // a city cap N
			{Kind: referee.PosTile, Tile: "b-cc2o", Pos: referee.Pos{X: 0, Y: -2}},         // caps N and S
			{Kind: referee.PosTile, Tile: "b-m", Pos: referee.Pos{X: 0, Y: 1}},             // a monastery
			{Kind: referee.PosTile, Tile: "b-mr1", Pos: referee.Pos{X: 1, Y: 1}, Rot: 180}, // a road N
			{Kind: referee.PosTile, Tile: "b-c2arc", Pos: referee.Pos{X: -1, Y: 0}},        // city N+W, road E-S
		}}
	g, err := referee.NewGameFrom(rec, cat)
	if err != nil {
		t.Fatal(err)
	}
	loc := locales.New("en")
	name := func(x, y int, place string, withPos bool) string {
		seg, err := g.S.FeatureAt(engine.Pos{X: x, Y: y}, place)
		if err != nil {
			t.Fatal(err)
		}
		return featureName(g, loc, seg, withPos)
	}
	for _, c := range []struct {
		x, y    int
		place   string
		withPos bool
		want    string
	}{
		{0, 0, "NNE", true, "field north of the road at 0,0"},
		{0, 0, "SSW", false, "field south of the road"},
		{0, 0, "E", false, "road"},
		{1, 0, "NNE", false, "field north-east of the road"},
		{1, 0, "WSW", false, "field south-west of the road"},
		{1, 0, "S", false, "road (south)"},
		{0, -1, "S", false, "field south of the city"},
		{0, -1, "N", true, "city at 0,-1"},
		{0, -2, "N", false, "city (north)"},
		{0, 1, "monastery", false, "monastery"},
		{0, 1, "N", false, "field around the monastery"},
		{1, 1, "S", false, "field around the monastery"},
		{-1, 0, "ENE", false, "field between the road and the city"},
		{-1, 0, "SSE", false, "field south-east of the road"},
	} {
		if got := name(c.x, c.y, c.place, c.withPos); got != c.want {
			t.Errorf("%d,%d:%s: %q, want %q", c.x, c.y, c.place, got, c.want)
		}
	}
	for _, c := range []struct {
		tile string
		rot  int
		want string
	}{
		{"b-c2o", 1, "city"},
		{"b-c2os", 1, "city ◆"},
		{"b-cc2o", 1, "city (east), city (west)"},
		{"b-cc2og", 0, "city (north), city (south), garden"},
		{"b-rs", 0, "road"},
	} {
		if got := tileWords(loc, cat.Tile(c.tile), c.rot); got != c.want {
			t.Errorf("%s turned %d: %q, want %q", c.tile, c.rot, got, c.want)
		}
	}
}

// A tile is named in words and its edges as it lies (tileName: the tile step's list, F4, the prompts, the entry of a
// board as it lies), never by its id alone; no two tile types of the catalogue read the same in any rotation, in any
// language, with the rule book's letters a list shows beside the name (tileLabel), so a list of the tiles that match
// what was typed tells each apart (an inn, a cathedral, goods, a spring or lake by name; a tile of an expansion that
// reads like another by its expansion; two Traders & Builders tiles whose fields alone differ by their letters).
func TestTileNamesTellApart(t *testing.T) {
	cat := engine.Standard()
	for _, lang := range locales.Languages() {
		loc := locales.New(lang)
		seen := map[string]string{}
		for _, tt := range cat.Types {
			if tt.Piece != nil {
				continue
			}
			for rot := 0; rot < 4; rot++ {
				n := tileName(loc, tt, rot)
				if l := n + " " + strings.Join(tt.Aliases, " "); seen[l] != "" && seen[l] != tt.ID {
					t.Errorf("%s: %s and %s both read %q", lang, seen[l], tt.ID, l)
				} else {
					seen[l] = tt.ID
				}
				if strings.Contains(n, tt.ID) || !strings.Contains(n, " "+codeOf(tt, rot)) {
					t.Errorf("%s: %s turned %d reads %q", lang, tt.ID, rot, n)
				}
			}
		}
	}
	loc := locales.New("en")
	for _, c := range []struct {
		tile string
		rot  int
		want string
	}{
		{"b-c1r3", 0, "city, 3 roads, 3 fields CRRR"},
		{"kr-cityroads", 0, "city, 2 roads, 3 fields CRRR (5 new tiles)"},
		{"ic-innbend", 0, "road with an inn FFRR"},
		{"r2-spring", 0, "spring FWFF"},
		{"r2-lakevolcano", 0, "lake, volcano ∧ FFFW"}, // the volcano printed on it (board_pd.go), whatever the modules
		{"r1-cityroad", 0, "city CWRW (River)"},
		{"r2-cityroad", 0, "city CWRW (River II)"},
		{"ic-2bends", 0, "2 roads, 3 fields RRRR (Inns & Cathedrals)"},
		{"tb-bridge", 0, "2 roads, 4 fields RRRR (Traders & Builders)"},
		{"b-r4", 0, "4 roads, 4 fields RRRR"},
		{"tb-cornerroad-grain", 0, "city, grain, 1 road, 2 fields CFRC (Traders & Builders)"},
		{"tb-cornerroadsplit-grain", 0, "city, grain, 1 road, 3 fields CFRC (Traders & Builders)"},
		{"b-c1", 0, "city, 1 field CFFF"},
		{"b-rsg", 0, "road, garden RFRFG"},
	} {
		if got := tileName(loc, cat.Tile(c.tile), c.rot); got != c.want {
			t.Errorf("%s turned %d: %q, want %q", c.tile, c.rot, got, c.want)
		}
	}
}

// The road with the inn printed on it and the city with the cathedral are named so where Inns & Cathedrals makes
// them count (IC-7, IC-8): on ic-inn3 the inn stands by the east road only. (Without the module an inn is a
// picture, RIV2-9: State.Marks leaves it out, engine tests.)
func TestFeatureNamesInnCathedral(t *testing.T) {
	ic := []string{referee.ExpansionInnsCathedrals}
	for _, c := range []struct {
		modules []string
		tile    string
		x, y    int
		place   string
		want    string
	}{
		{ic, "ic-inn3", 0, 0, "E", "road with an inn (east)"},
		{ic, "ic-inn3", 0, 0, "W", "road (west)"},
		{ic, "ic-cathedral", 0, 0, "N", "city with a cathedral"},
	} {
		rec := &referee.Record{Setup: referee.Setup{Players: []referee.PlayerSpec{{Name: "A", Colour: referee.Red},
			{Name: "B", Colour: referee.Blue}}, Expansions: c.modules, Start: referee.StartNone},
			Position: []referee.PositionLine{{Kind: referee.PosTile, Tile: c.tile, Pos: referee.Pos{X: c.x, Y: c.y}}}}
		g, err := referee.NewGameFrom(rec, engine.Standard())
		if err != nil {
			t.Fatalf("%s %v: %v", c.tile, c.modules, err)
		}
		seg, err := g.S.FeatureAt(engine.Pos{X: c.x, Y: c.y}, c.place)
		if err != nil {
			t.Fatal(err)
		}
		if got := featureName(g, locales.New("en"), seg, false); got != c.want {
			t.Errorf("%s %v %s: %q, want %q", c.tile, c.modules, c.place, got, c.want)
		}
	}
}
