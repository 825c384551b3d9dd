package tui

import (
	"strings"
	"testing"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/locales"
)

// Issue 30: the tiles a code typed whole matches, in short words (step_tile_words.go): each of the eleven answers of
// `cccc` with the modules of the newcomer's games fits one line of the list at 80x24 (30 characters after the key),
// in bg, uk and en, the four ways of a tile each reading otherwise; ic-2bends' two ways read otherwise, in full and
// short, each naming what its roads join.
func TestShortTileNames(t *testing.T) {
	cat := engine.Standard()
	sets := map[string]bool{}
	for _, e := range []string{"farmers", "inns-cathedrals", "traders-builders", "count", "king-robber", "shrines"} {
		sets[e] = true
	}
	const width = 30 // the list's characters after the key at 80x24 (entry.width, menu.lines)
	for _, lang := range []string{"bg", "uk", "en"} {
		loc := locales.New(lang)
		cccc := cat.MatchTiles([4]engine.Terrain{engine.City, engine.City, engine.City, engine.City}, engine.Marks{}, nil)
		seen := map[string]string{}
		n := 0
		for _, m := range cccc {
			if m.Type.Set != "base" && m.Type.Set != "ic" && m.Type.Set != "tb" {
				continue
			}
			n++
			short := shortTileName(loc, m.Type, m.Rot, false) + " ×1"
			if l := len([]rune(short)); l > width {
				t.Errorf("%s: %s turned %d reads %q, %d characters: two lines at 80x24", lang, m.Type.ID, m.Rot, short, l)
			}
			if o, ok := seen[short]; ok && o != m.Type.ID {
				t.Errorf("%s: %s and %s both read %q", lang, o, m.Type.ID, short)
			} else if ok {
				t.Errorf("%s: two ways of %s read %q", lang, m.Type.ID, short)
			}
			seen[short] = m.Type.ID
		}
		if n < 10 {
			t.Fatalf("%s: %d answers to cccc: the test proves little", lang, n)
		}
		bends := cat.Tile("ic-2bends")
		if !turnTwins(bends) {
			t.Fatal("ic-2bends: its two ways are not told apart")
		}
		for _, short := range []bool{false, true} {
			name := func(rot int) string {
				if short {
					return shortTileName(loc, bends, rot, true)
				}
				return tileTurnName(loc, bends, rot)
			}
			a, b := name(0), name(1)
			if a == b || !strings.Contains(a, joinWords(loc, bends, 0)) || !strings.Contains(b, joinWords(loc, bends, 1)) {
				t.Errorf("%s: ic-2bends' two ways read %q and %q", lang, a, b)
			}
		}
	}
}
