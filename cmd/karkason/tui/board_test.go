package tui

import (
	"strings"
	"testing"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

func blockText(t *engine.TileType, rot int) string {
	b := rasterTile(t, rot)
	var lines []string
	for y := 0; y < tileH; y++ {
		var s strings.Builder
		for x := 0; x < tileW; x++ {
			s.WriteRune(b[y][x].r)
		}
		lines = append(lines, s.String())
	}
	return strings.Join(lines, "/")
}

// Each tile is drawn in table orientation (after rotation), edges where the catalogue puts them.
func TestRasterTile(t *testing.T) {
	cat := engine.Standard()
	for _, c := range []struct {
		id   string
		rot  int
		want string
	}{
		{"b-c1rs", 0, "▒▒▒▒▒/─────/·····"},      // city cap N, road W-E (the start tile)
		{"b-c1rs", 2, "·····/─────/▒▒▒▒▒"},      // turned half way: the city faces S
		{"b-rs", 0, "··│··/··│··/··│··"},        // straight road N-S
		{"b-rs", 1, "·····/─────/·····"},        // a quarter turn: W-E
		{"b-m", 0, "·····/··⌂··/·····"},         // monastery
		{"b-mr1", 0, "·····/··⌂··/··│··"},       // monastery with a road to S
		{"b-c4s", 0, "▒▒◆▒▒/▒▒▒▒▒/▒▒▒▒▒"},       // all city, pennant
		{"b-c2os", 0, "·····/▒▒▒▒◆/·····"},      // city band W-E with a pennant
		{"r1-straight", 0, "··≈··/··≈··/··≈··"}, // river N-S
	} {
		tt := cat.Tile(c.id)
		if tt == nil {
			t.Fatalf("no tile %s", c.id)
		}
		if got := blockText(tt, c.rot); got != c.want {
			t.Errorf("%s rot %d:\n got %s\nwant %s", c.id, c.rot, got, c.want)
		}
	}
}

// A figure stands on a cell of its own segment.
func TestAnchorOnSegment(t *testing.T) {
	cat := engine.Standard()
	for _, tt := range cat.Types {
		for rot := 0; rot < 4; rot++ {
			b := rasterTile(tt, rot)
			for seg := range tt.Segs {
				found := false
				for y := 0; y < tileH; y++ {
					for x := 0; x < tileW; x++ {
						found = found || b[y][x].seg == seg
					}
				}
				if !found {
					continue // a field enclosed inside the tile, or a river end, has no cell of its own
				}
				x, y := anchor(&b, seg)
				if b[y][x].seg != seg {
					t.Errorf("%s rot %d seg %d: anchor %d,%d is on seg %d", tt.ID, rot, seg, x, y, b[y][x].seg)
				}
			}
		}
	}
}

// Every player gets a distinct letter: the name's first letter, else another letter of the name, else the seat.
func TestMarkers(t *testing.T) {
	for _, c := range []struct {
		names []string
		want  string
	}{
		{[]string{"Ана", "Богдан"}, "АБ"},
		{[]string{"Ана", "Андрій", "Аня"}, "АНЯ"},
		{[]string{"ann", "Ann", "a"}, "AN3"},
	} {
		var ps []referee.PlayerSpec
		for _, n := range c.names {
			ps = append(ps, referee.PlayerSpec{Name: n})
		}
		if got := string(markers(ps)); got != c.want {
			t.Errorf("%v: %q, want %q", c.names, got, c.want)
		}
	}
}
