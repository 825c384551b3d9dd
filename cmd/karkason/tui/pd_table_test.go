package tui

import (
	"strings"
	"testing"
	"testing/synctest"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// The Princess & the Dragon at the table (issue 28): the dragon's steps, the fairy, the princess and a magic portal
// as keys on the board; the dragon, the fairy and the tile symbols drawn; F3 on every eaten figure and fairy point.

// pdTable opens the table at 80x24 in lang on the golden record name up to the line beginning with stop.
func pdTable(t *testing.T, lang, name, stop string) *harness {
	t.Helper()
	o := testOptions(t, lang)
	o.Resume = true
	o.File = writeRecord(t, o.Config.DataDir, "pd.rec", goldenPrefix(t, name, stop))
	return start(t, o)
}

// tileKey reads the key drawn at the top left corner of the tile at p (black on yellow), "" if none.
func (h *harness) tileKey(p engine.Pos) string {
	h.text()
	b := h.u.table.board
	v, ok := b.view()
	if !ok || !v.in(p) {
		return ""
	}
	sx, sy := v.at(p)
	var key []rune
	for x := sx; x < sx+max(v.cw, 2); x++ {
		r, _, st, _ := h.screen.GetContent(x, sy)
		if _, bg, _ := st.Decompose(); bg != tcell.ColorYellow {
			break
		}
		key = append(key, r)
	}
	// The key is what the list has: a yellow cell beside it (the Count's quarter) is not part of it.
	for n := len(key); n > 0; n-- {
		for _, it := range h.u.table.entry.menu.items {
			if it.key == string(key[:n]) {
				return it.key
			}
		}
	}
	return ""
}

// featureKey reads the key the board shows on segment seg (drawFeatKeys: the last cell of it in anchor order).
func (h *harness) featureKey(seg int32) string {
	h.text()
	b := h.u.table.board
	s := h.u.table.view().S
	v, ok := b.view()
	ti, local := s.SegTile(seg)
	p := &s.Tiles[ti]
	if !ok || !v.in(p.Pos) {
		return ""
	}
	sx, sy := v.at(p.Pos)
	blk := rasterTile(p.Type, int(p.Rot))
	ax, ay := keyAnchor(&blk, local)
	var key []rune
	for x := sx + ax; x < sx+tileW; x++ {
		r, _, st, _ := h.screen.GetContent(x, sy+ay)
		if _, bg, _ := st.Decompose(); bg != tcell.ColorYellow {
			break
		}
		key = append(key, r)
	}
	return string(key)
}

// lastAction is the last action the table recorded, as its record line says it.
func (h *harness) lastAction() string {
	acts := h.u.sess.Game.Actions
	if len(acts) == 0 {
		return ""
	}
	return acts[len(acts)-1].String()
}

// onWhite reports whether st is on white, the neutral figures' colour.
func onWhite(st tcell.Style) bool {
	_, bg, _ := st.Decompose()
	return bg == tcell.ColorWhite
}

// Each dragon step is one key on the board: every tile the dragon may enter (Game.Legal) shows its answer's key at
// its top left corner, the prompt names the player whose step it is (PD-9), the key (or a click on the tile) takes
// the step. EX-PD1: red's step 1 to 5,0 (blue's farmer eaten), blue's step 2 to 4,0, then a dead end (PD-11).
func TestPDDragonStepsOnTheBoard(t *testing.T) {
	for _, c := range []struct {
		lang  string
		zoom  int
		click bool // blue's step by a click on the tile instead of its key
	}{{"bg", 0, false}, {"uk", 0, true}, {"en", 1, false}} {
		t.Run(c.lang, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				h := pdTable(t, c.lang, "pd-ex-pd1.rec", "red dragon 5,0")
				defer h.stop()
				h.u.table.board.setZoom(c.zoom)
				steps := []struct {
					player string
					to     engine.Pos
					open   []engine.Pos
				}{{"Ана", engine.Pos{X: 5, Y: 0}, []engine.Pos{{X: 5, Y: 0}, {X: 6, Y: 1}}},
					{"Богдан", engine.Pos{X: 4, Y: 0}, []engine.Pos{{X: 4, Y: 0}}}}
				for i, st := range steps {
					e := h.u.table.entry
					if e.step != stepDragon {
						t.Fatalf("step %d: the table asks %v, want the dragon's step", i+1, e.step)
					}
					h.promptNames(st.player)
					legal := h.u.table.view().Legal().Actions
					if len(legal) != len(st.open) {
						t.Fatalf("step %d: %d legal steps, want %d", i+1, len(legal), len(st.open))
					}
					keys := map[engine.Pos]string{}
					for _, p := range st.open {
						k := h.tileKey(p)
						if k == "" {
							t.Fatalf("step %d: no key on %v:\n%s", i+1, p, h.text())
						}
						keys[p] = k
					}
					if c.click && i == 1 {
						v, _ := h.u.table.board.view()
						sx, sy := v.at(st.to)
						h.click(sx+1, sy)
					} else {
						h.typeText(keys[st.to])
					}
					want := referee.Action{Colour: h.u.sess.Game.Colour(i), Verb: referee.VerbDragon,
						Pos: referee.Pos{X: st.to.X, Y: st.to.Y}}
					if got := h.lastAction(); got != want.String() {
						t.Fatalf("step %d: recorded %q, want %q", i+1, got, want)
					}
				}
				g := h.u.table.view()
				if g.Phase == referee.PhaseDragon || !g.S.PD.DragonIn || g.S.PD.Dragon != (engine.Pos{X: 4, Y: 0}) {
					t.Fatalf("after the dead end: phase %v, dragon at %v", g.Phase, g.S.PD.Dragon)
				}
			})
		})
	}
}

// The figure step's P&D answers are keys on the board: the fairy's on the follower's feature (PD-14), the
// princess's on the knight's city (PD-21), a magic portal's on every open feature of the board (PD-23); the key read
// on the board records the golden record's line.
func TestPDFigureStepKeysOnTheBoard(t *testing.T) {
	for _, c := range []struct {
		name, file, line string
		lang             string
	}{
		{"fairy", "pd-ex-pd1.rec", "green fairy 3,0:N", "bg"},
		{"fairy next to a large follower", "pd-ex-pd3-inn.rec", "red fairy 1,0:E large", "uk"},
		{"princess", "pd-ex-pd4.rec", "red princess green 1,-2:W", "uk"},
		{"portal", "pd-ex-pd5.rec", "red deploy follower 1,1:monastery", "bg"},
	} {
		t.Run(c.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				h := pdTable(t, c.lang, c.file, c.line)
				defer h.stop()
				e := h.u.table.entry
				if e.step != stepFigure {
					t.Fatalf("the table asks %v, want the figure step", e.step)
				}
				var seg int32 = -1
				for _, ch := range e.choices {
					if ch.act != nil && ch.act.String() == c.line {
						seg = ch.seg
					}
				}
				if seg < 0 {
					t.Fatalf("%q not offered: %q", c.line, h.menuLabels())
				}
				key := h.featureKey(seg)
				if key == "" {
					t.Fatalf("no key on the board for %q:\n%s", c.line, h.text())
				}
				h.typeText(key)
				if got := h.lastAction(); got != c.line {
					t.Fatalf("key %q recorded %q, want %q\n%s", key, got, c.line, h.text())
				}
			})
		})
	}
}

// The board draws the dragon and the fairy so that no figure looks like them (on white, a colour no player has;
// runes no player's marker is), and the symbols of the tiles: in the 5x3 view and one character a tile (the dragon
// and the fairy in the overview too, two tiles a character); F1 says what they are.
func TestPDBoardShowsDragonFairySymbols(t *testing.T) {
	for _, c := range []struct {
		file, stop string
		dragon     *engine.Pos
		fairy      *engine.Pos
		symbols    map[engine.Pos]rune
	}{
		{"pd-ex-pd1.rec", "red dragon 5,0", &engine.Pos{X: 6, Y: 0}, &engine.Pos{X: 3, Y: 0},
			map[engine.Pos]rune{{X: 6, Y: 0}: volcanoRune}},
		{"pd-ex-pd4.rec", "red princess", nil, nil, map[engine.Pos]rune{{X: 0, Y: -2}: princessRune}},
		{"pd-ex-pd5.rec", "red deploy follower 1,1", nil, nil, map[engine.Pos]rune{{X: -1, Y: 0}: portalRune}},
	} {
		t.Run(c.file, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				h := pdTable(t, "bg", c.file, c.stop)
				defer h.stop()
				g := h.u.table.view()
				for _, m := range h.u.table.names.markers {
					if m == dragonRune || m == fairyRune {
						t.Fatalf("a player's marker is %q", m)
					}
				}
				for _, zoom := range []int{0, 1, 2} {
					h.u.table.board.setZoom(zoom)
					h.text()
					v, _ := h.u.table.board.view()
					at := func(p engine.Pos, dx int) (rune, tcell.Style) {
						sx, sy := v.at(p)
						if zoom > 0 {
							dx = 0
						}
						r, _, st, _ := h.screen.GetContent(sx+dx, sy)
						return r, st
					}
					if c.dragon != nil {
						if r, st := at(*c.dragon, 0); r != dragonRune || !onWhite(st) {
							t.Errorf("zoom %d: the dragon's tile shows %q %v", zoom, r, st)
						}
					}
					if c.fairy != nil {
						if r, st := at(*c.fairy, tileW-1); r != fairyRune || !onWhite(st) {
							t.Errorf("zoom %d: the fairy's tile shows %q %v", zoom, r, st)
						}
					}
					// No figure is drawn on white.
					for i := range g.S.Figures {
						if f := &g.S.Figures[i]; f.Where == engine.OnBoard {
							_, bg, _ := colourStyle(g.Colour(int(f.Player))).Decompose()
							if bg == tcell.ColorWhite {
								t.Errorf("a figure on white")
							}
						}
					}
					if zoom > 0 {
						continue
					}
					for p, want := range c.symbols {
						sx, sy := v.at(p)
						found := false
						for y := sy; y < sy+tileH; y++ {
							for x := sx; x < sx+tileW; x++ {
								if r, _, _, _ := h.screen.GetContent(x, y); r == want {
									found = true
								}
							}
						}
						if !found {
							t.Errorf("no %q on %v:\n%s", want, p, h.text())
						}
					}
				}
				h.key(tcell.KeyF1)
				h.key(tcell.KeyEnd)
				h.mustSee(string(dragonRune)+" драконът", string(fairyRune)+" феята", string(volcanoRune)+" вулкан",
					string(portalRune)+" вълшебен проход", string(princessRune)+" принцеса")
				h.key(tcell.KeyEscape)
			})
		})
	}
}

// F3 explains every eaten figure (PD-12) and every fairy point (PD-17 at a turn's start, PD-18 with a feature's
// scoring) with its rule's text.
func TestPDExplain(t *testing.T) {
	for _, c := range []struct {
		file, stop, rule string
		want             func(h *harness) []string
	}{
		{"pd-ex-pd1.rec", "end", "PD-12", func(h *harness) []string {
			return []string{h.u.ruleText("PD-12")[:20]}
		}},
		{"pd-ex-pd2.rec", "red place b-m -1,1", "PD-17", func(h *harness) []string {
			g := h.u.table.view()
			seg, _ := refSeg(g, "-1,-1:E")
			return []string{h.u.ruleText("PD-17")[:20], h.u.loc.T("ui.detail.fairy_turn", map[string]any{
				"Player": "Ана", "Feature": featureName(g, h.u.loc, seg, true), "Points": 1})}
		}},
		{"pd-ex-pd2.rec", "red place b-m 0,-2", "PD-18", func(h *harness) []string {
			return []string{h.u.loc.T("ui.detail.fairy", map[string]any{"Player": "Ана", "Points": 3})}
		}},
	} {
		t.Run(c.rule, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				h := pdTable(t, "en", c.file, c.stop)
				defer h.stop()
				items := h.u.explainItems()
				found := false
				for _, it := range items {
					if it.rule != c.rule && !(c.rule == "PD-18" && strings.Contains(it.text, "PD-18")) {
						continue
					}
					found = true
					body := it.text + "\n" + h.u.ruleText(it.rule)
					for _, r := range it.also {
						body += "\n" + h.u.ruleText(r)
					}
					for _, w := range c.want(h) {
						if !strings.Contains(body, w) {
							t.Errorf("F3 on %s lacks %q:\n%s", c.rule, w, body)
						}
					}
					if c.rule == "PD-18" && !strings.Contains(body, h.u.ruleText("PD-18")[:20]) {
						t.Errorf("F3 lacks PD-18's text:\n%s", body)
					}
				}
				if !found {
					t.Fatalf("F3 has nothing of %s: %v", c.rule, items)
				}
			})
		})
	}
}

// The dragon and the fairy of a board as it lies (POS-13, POS-14) are entered in the table's figure step of the
// position, one key each on the tile under the cursor: the dragon onto the volcano, the fairy next to red's
// follower, the board drawing both; the dragon onto a tile with a figure is refused (the dragon would have eaten
// it) and nothing changes; the fairy moved next to nobody replaces its line.
func TestPDPositionDragonAndFairy(t *testing.T) {
	for _, lang := range []string{"bg", "uk", "en"} {
		t.Run(lang, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				h := resumed(t, lang, "entry.rec", "karkason-record 1\n"+entryMarkLine+
					"setup players=Ана:red,Богдан:blue expansions=farmers,princess-dragon start=none\n"+
					"position tile b-rs 0,0 90\nposition red follower 0,0:E\nposition tile pd-volcanostraight 1,0 0\n")
				defer h.stop()
				pos := h.u.pos
				if pos == nil {
					t.Fatalf("no entry:\n%s", h.text())
				}
				loc := h.u.loc
				choose := func(label string) {
					t.Helper()
					e := h.u.table.entry
					for i, c := range e.choices {
						if strings.Contains(c.label, label) && i < e.menu.count() && e.menu.items[i].key != "" {
							h.typeText(e.menu.items[i].key)
							return
						}
					}
					t.Fatalf("no %q among %q:\n%s", label, h.menuLabels(), h.text())
				}
				lines := func() string {
					var out []string
					for _, l := range pos.draft().Lines() {
						out = append(out, l.String())
					}
					return strings.Join(out, "\n")
				}
				pos.cur = engine.Pos{X: 1, Y: 0}
				h.key(tcell.KeyF9) // the figures, tile by tile (the arrows walk)
				if h.u.table.entry.step != stepPosFigure {
					t.Fatalf("not the figure step: %v\n%s", h.u.table.entry.step, h.text())
				}
				choose(loc.T("ui.pos.pd_dragon_here", nil))
				if !strings.Contains(lines(), "position dragon 1,0") {
					t.Fatalf("no dragon line:\n%s\n%s", lines(), h.text())
				}
				h.key(tcell.KeyLeft) // to 0,0
				choose(strings.Split(loc.T("ui.pos.pd_fairy_next", map[string]any{"Figure": "\x00"}), "\x00")[0])
				if !strings.Contains(lines(), "position fairy red 0,0:E") {
					t.Fatalf("no fairy line:\n%s\n%s", lines(), h.text())
				}
				h.text()
				v, _ := h.u.table.board.view()
				for _, c := range []struct {
					p  engine.Pos
					dx int
					r  rune
				}{{engine.Pos{X: 1, Y: 0}, 0, dragonRune}, {engine.Pos{X: 0, Y: 0}, tileW - 1, fairyRune}} {
					sx, sy := v.at(c.p)
					if r, _, st, _ := h.screen.GetContent(sx+c.dx, sy); r != c.r || !onWhite(st) {
						t.Errorf("%v shows %q, want %q:\n%s", c.p, r, c.r, h.text())
					}
				}
				before := lines()
				choose(loc.T("ui.pos.pd_dragon_here", nil)) // onto red's follower: refused (POS-13)
				if lines() != before {
					t.Fatalf("the dragon onto a figure changed the position:\n%s", lines())
				}
				if st := h.u.table.status.GetText(true); !strings.Contains(st, "0,0") {
					t.Errorf("the refusal says %q", st)
				}
				choose(loc.T("ui.pos.pd_fairy_alone", nil))
				if l := lines(); !strings.Contains(l, "position fairy 0,0") || strings.Contains(l, "fairy red") {
					t.Fatalf("the fairy next to nobody:\n%s", l)
				}
			})
		})
	}
}

// The final tally has a row of the fairy's points: its point at a turn's start (PD-17) and its 3 points with a
// feature's scoring (PD-18), owner or not; the feature's row keeps the feature's points. EX-PD2: red 1 + 3 = 4 in
// the fairy's row and nothing in the cities' (blue's large follower took the city); blue 10 in the cities'.
func TestPDTallyFairyRow(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := pdTable(t, "uk", "pd-ex-pd2.rec", "")
		defer h.stop()
		g := h.u.table.view()
		if g.Phase != referee.PhaseEnded {
			t.Fatalf("the game is at %v", g.Phase)
		}
		sums, _, _ := tallyOf(g)
		if f, c := sums[engine.CatFairy], sums[engine.CatCity]; f[0] != 4 || f[1] != 0 || c[0] != 0 || c[1] != 10 {
			t.Fatalf("fairy row %v, cities row %v", f[:2], c[:2])
		}
		total := 0
		for _, row := range sums {
			total += row[0]
		}
		if total != g.S.Scores[0] {
			t.Errorf("red's rows add up to %d, the score is %d", total, g.S.Scores[0])
		}
		h.mustSee(h.u.loc.T("ui.cat.fairy", nil))
	})
}
