package tui

import (
	"strings"
	"testing"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/locales"
)

// Issue 30, words and look-alikes at 80 columns.

// The key line of the table fits in 80 columns in every language, Ctrl-Z's key with it.
func TestKeyLineFitsWithUndo(t *testing.T) {
	for _, lang := range locales.Languages() {
		loc := locales.New(lang)
		for _, k := range []string{"ui.keys", "ui.keys_aids_off", "ui.keys_ended"} {
			if s := loc.T(k, nil); len([]rune(s)) > 80 || !strings.Contains(s, "^Z") {
				t.Errorf("%s %s: %q (%d columns)", lang, k, s, len([]rune(s)))
			}
		}
	}
}

// ic-2bends looks different in its two ways to lie, and the place step's list names each by what it joins.
func TestTwoBendsTellTheirWays(t *testing.T) {
	tile := engine.Standard().Tile("ic-2bends")
	a, b := rasterTile(tile, 0), rasterTile(tile, 1)
	if a[1][2].r == b[1][2].r {
		t.Errorf("ic-2bends draws %q in both ways", a[1][2].r)
	}
	loc := locales.New("en")
	if w0, w1 := rotWords(loc, tile, []int{0, 1}, 0), rotWords(loc, tile, []int{0, 1}, 1); w0 == w1 || w0 != "N+W, E+S" {
		t.Errorf("ic-2bends ways: %q, %q", w0, w1)
	}
}

// A hint never shows a tile's id to a player.
func TestNoTileIDInHints(t *testing.T) {
	for _, lang := range locales.Languages() {
		loc := locales.New(lang)
		for _, k := range []string{"ui.unknown_tile", "ui.tiles.keys", "ui.tiles.keys_pos"} {
			s := loc.T(k, map[string]any{"Tile": "x"})
			for _, tt := range engine.Standard().Types {
				if strings.Contains(s, tt.ID+" ") || strings.Contains(s, tt.ID+".") {
					t.Errorf("%s %s names %s: %q", lang, k, tt.ID, s)
				}
			}
		}
	}
}
