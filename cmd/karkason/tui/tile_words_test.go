package tui

import (
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/locales"
)

// Issue 30: the tiles a code typed whole matches, in short words (step_tile_words.go): each of the eleven answers of
// `cccc` with the modules of the newcomer's games fits one line of the list at 80x24 (30 characters after the key),
// in bg, uk and en, the four ways of a tile each reading otherwise; ic-2bends' and am-bridgecross's two ways read
// otherwise, in full and short, each naming what its roads or cities join.
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
		// The ways of a tile that read the same but join its edges otherwise (ic-2bends' bends; am-bridgecross's
		// cities, the one with the pennant N-S or W-E) each read otherwise, in full and short, naming their joins.
		for _, id := range []string{"ic-2bends", "am-bridgecross"} {
			twin := cat.Tile(id)
			if !turnTwins(twin) {
				t.Fatalf("%s: its two ways are not told apart", id)
			}
			for _, short := range []bool{false, true} {
				name := func(rot int) string {
					if short {
						return shortTileName(loc, twin, rot, true)
					}
					return tileTurnName(loc, twin, rot)
				}
				join := func(rot int) string { // (short: the first join alone)
					if short {
						return strings.Split(joinWords(loc, twin, rot), ", ")[0]
					}
					return joinWords(loc, twin, rot)
				}
				a, b := name(0), name(1)
				if a == b || !strings.Contains(a, join(0)) || !strings.Contains(b, join(1)) {
					t.Errorf("%s: %s's two ways read %q and %q", lang, id, a, b)
				}
			}
		}
	}
}

// Issue 30: a short label leaves out the count of fields where no other tile listed reads the same without it
// (shortLabels): `rrr` at 80x24 lists ic-2bends' two ways as "2 roads RRRR N+W", each on one line with its
// letter and copies; `fffc` lists b-c1 and ic-capsplit, which differ by their fields alone, each with its count of
// fields, reading otherwise. The input line is beside the tile's picture, the list under it (entry.inputBeside).
// In bg, uk and en.
func TestShortLabelsLeaveFieldsOut(t *testing.T) {
	const rec = "karkason-record 1\n" +
		"setup players=Ана:red,Богдан:blue,Віра:green,Галя:yellow,Дмитро:black,Єва:pink " +
		"expansions=farmers,inns-cathedrals,traders-builders,count,king-robber,shrines start=city\n"
	smallTable(t, []string{"bg", "uk", "en"}, rec, func(t *testing.T, h *harness) {
		e := h.u.table.entry
		fields := func(n int) string { return h.u.loc.N("plural.tile_fields", n, nil) }
		labelOf := func(id string) []string {
			var out []string
			for i, c := range e.choices {
				if c.preview != nil {
					c.preview()
					if e.pic.t.ID == id {
						out = append(out, plainText(e.menu.items[i].label))
					}
				}
			}
			return out
		}
		h.typeText("rrr")
		if !e.compact {
			t.Fatalf("rrr: the list fits whole:\n%s", h.text())
		}
		_, iy, _, _ := e.input.GetRect()
		_, py, _, ph := e.pic.GetRect()
		if _, my, _, _ := e.menu.GetRect(); iy >= py+ph || my != py+ph {
			t.Errorf("rrr: the input on row %d, the list from row %d; the picture on rows %d-%d:\n%s", iy, my, py,
				py+ph-1, h.text())
		}
		bends := labelOf("ic-2bends")
		if len(bends) != 2 {
			t.Fatalf("rrr: ic-2bends listed %d times: %q", len(bends), h.menuLabels())
		}
		for _, l := range bends {
			if strings.Contains(l, fields(3)) || len([]rune(l)) > 30 {
				t.Errorf("rrr: ic-2bends reads %q (%d characters, want 30 or fewer, no %q)", l,
					len([]rune(l)), fields(3))
			}
		}
		h.key(tcell.KeyEscape)
		h.typeText("fffc")
		if !e.compact {
			t.Fatalf("fffc: the list fits whole:\n%s", h.text())
		}
		c1, split := labelOf("b-c1"), labelOf("ic-capsplit")
		if len(c1) != 1 || len(split) != 1 {
			t.Fatalf("fffc: b-c1 %q, ic-capsplit %q", c1, split)
		}
		if !strings.Contains(c1[0], fields(1)) || !strings.Contains(split[0], fields(2)) {
			t.Errorf("fffc: b-c1 reads %q, ic-capsplit %q: want their fields counted", c1[0], split[0])
		}
	})
}
