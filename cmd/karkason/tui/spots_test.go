package tui

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/gdamore/tcell/v2"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// Issue 15: every legal place of the place step has a key of its own, one or two keys long, the same on the board
// and in the list, typed in Latin or on a Bulgarian (BDS, phonetic) or Ukrainian keyboard layout; the arrows do
// what the legend says.

// latePlaces resumes the late game rec in lang with tile id typed and taken (Enter): its place step. Call inside
// synctest.Test; the caller stops it.
func latePlaces(t *testing.T, lang, rec, id string) *harness {
	t.Helper()
	h := resumed(t, lang, "late.rec", rec)
	h.typeText(id)
	h.key(tcell.KeyEnter)
	return h
}

// manySpots returns a late-game record (its text, up to a tile step) and a tile that, typed by its id (every
// rotation), has more than min legal places there.
func manySpots(t *testing.T, min int) (string, string, int) {
	t.Helper()
	cat := engine.Standard()
	setup := referee.Setup{Players: []referee.PlayerSpec{{Name: "Ана", Colour: referee.Red},
		{Name: "Богдан", Colour: referee.Blue}, {Name: "Віра", Colour: referee.Green}},
		Expansions: []string{"farmers"}, Start: referee.StartStandard, Followers: 7}
	for seed := int64(1); seed < 40; seed++ {
		_, rec := genGame(t, seed, setup, cat)
		g, err := referee.NewGame(setup, cat)
		if err != nil {
			t.Fatal(err)
		}
		for n, a := range rec.Actions {
			if g.Phase == referee.PhaseTile && len(g.S.Tiles) > 40 {
				last := g.S.Tiles[len(g.S.Tiles)-1].Pos
				for _, tt := range g.Bag.Drawable(cat) {
					if k := len(spotsOf(g.S.LegalPlacements(tt, nil), []int{0, 1, 2, 3}, last)); k > min {
						return recordText(t, &referee.Record{Setup: setup, Actions: rec.Actions[:n]}), tt.ID, k
					}
				}
			}
			if err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatalf("no game has a tile with more than %d places", min)
	return "", "", 0
}

// onLayout writes key as typed with a keyboard layout on (layout: the letters of the keys latinKeys; "" Latin).
func onLayout(layout, key string) string {
	if layout == "" {
		return strings.ToLower(key)
	}
	l := []rune(layout)
	var b strings.Builder
	for _, r := range strings.ToLower(key) {
		if i := strings.IndexRune(latinKeys, r); i >= 0 {
			b.WriteRune(l[i])
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// On a late-game board with more than 30 legal places (a tile typed by its id: every rotation), every place has a
// key of one or two keys, no two alike, the same on the board and in the list; typed (in Latin, or with the
// Bulgarian BDS or phonetic layout, or the Ukrainian one) it lays the tile exactly there; in bg, uk and en.
func TestEverySpotByItsKey(t *testing.T) {
	rec, id, n := manySpots(t, 30)
	for _, c := range []struct{ lang, name, layout string }{{"en", "latin", ""}, {"bg", "bds", layoutBDS},
		{"bg", "phonetic", layoutPhonetic}, {"uk", "йцукен", layoutUK}} {
		t.Run(c.lang+"-"+c.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				h := resumed(t, c.lang, "late.rec", rec)
				defer h.stop()
				e := h.u.table.entry
				start := len(h.u.sess.Game.Actions)
				for i := 0; i < n; i++ {
					h.typeText(id)
					h.key(tcell.KeyEnter)
					if e.step != stepPlace || len(e.spots) != n {
						t.Fatalf("place %d, %s: step %v, want the place step with %d places; typed %q, offered %q", i, id,
							e.step, n, e.input.GetText(), h.menuLabels())
					}
					if i == 0 {
						h.keysShownAlike()
					}
					key, want := e.menu.items[i].key, e.spots[i].pos
					if key == "" || len([]rune(key)) > 2 {
						t.Fatalf("place %d (%v) has the key %q, want one or two keys", i, want, key)
					}
					before := h.presses
					h.typeText(onLayout(c.layout, key))
					last := h.lastPlaced()
					if last.Verb != referee.VerbPlace || last.Pos != (referee.Pos{X: want.X, Y: want.Y}) {
						t.Fatalf("key %q typed as %q laid %s, want %s at %v", key, onLayout(c.layout, key), last, id, want)
					}
					if k := h.presses - before; k > 2 {
						t.Fatalf("key %q took %d keys", key, k)
					}
					for len(h.u.sess.Game.Actions) > start {
						h.key(tcell.KeyCtrlZ) // "no figure" (if the table took it at once), then the tile
					}
				}
			})
		})
	}
}

// keysShownAlike checks the place step's keys: one or two keys each, no two alike and none the beginning of
// another, and each shown on the board where its place is ([K3]) and before its line in the list.
func (h *harness) keysShownAlike() {
	h.t.Helper()
	e := h.u.table.entry
	b := h.u.table.board
	rows := h.cells()
	seen := map[string]bool{}
	for i, it := range e.menu.items {
		if seen[it.key] {
			h.t.Fatalf("key %q twice", it.key)
		}
		seen[it.key] = true
		for j, o := range e.menu.items {
			if j != i && strings.HasPrefix(o.key, it.key) {
				h.t.Fatalf("key %q begins %q", it.key, o.key)
			}
		}
		if i >= len(b.keys) || b.keys[i] != it.key || b.marks[i] != e.spots[i].pos {
			h.t.Fatalf("place %d: the board's key %q at %v, the list's %q at %v", i, b.keys[i], b.marks[i], it.key,
				e.spots[i].pos)
		}
	}
	v, ok := b.view()
	if !ok {
		h.t.Fatal("no board")
	}
	shown := 0
	for i, p := range b.marks {
		if !v.in(p) || p == b.pvPos {
			continue
		}
		sx, sy := v.at(p)
		cell := string(rows[sy+1][sx : sx+tileW])
		if !strings.Contains(cell, "["+b.keys[i]+"]") {
			h.t.Errorf("place %v shows %q on the board, want [%s]", p, cell, b.keys[i])
		}
		shown++
	}
	if shown == 0 {
		h.t.Error("no place in view on the board")
	}
	// The list: the highlighted line and the lines in view begin with their key.
	mx, my, _, mh := e.menu.GetInnerRect()
	prev := -1
	for row := 0; row < mh; row++ {
		i := e.menu.itemAt(my + row)
		if i < 0 || i == prev {
			continue // a line the item's label wraps to
		}
		prev = i
		line := strings.TrimSpace(string(rows[my+row][mx:]))
		if !strings.HasPrefix(line, e.menu.items[i].key+" ") {
			h.t.Errorf("list line %q does not begin with its key %q", line, e.menu.items[i].key)
		}
	}
}

// The place step's arrows do what its legend says: each moves the highlight (in the list and on the board) to the
// nearest place in that direction on the board, the one with the least distance ahead plus twice the distance
// sideways; PgDn and PgUp turn the list's pages.
func TestPlaceArrowsMatchLegend(t *testing.T) {
	rec, id, _ := manySpots(t, 30)
	synctest.Test(t, func(t *testing.T) {
		h := latePlaces(t, "en", rec, id)
		defer h.stop()
		e := h.u.table.entry
		b := h.u.table.board
		if got := e.legend.GetText(true); got != h.u.loc.T("ui.legend.place", nil) {
			t.Fatalf("legend %q", got)
		}
		h.mustSee("←↑→↓ nearest place", "PgUp PgDn the list")
		check := func(what string) {
			t.Helper()
			if e.menu.current != e.cur || b.pvPos != e.spots[e.cur].pos {
				t.Fatalf("%s: list at %d, place %d, board preview at %v", what, e.menu.current, e.cur, b.pvPos)
			}
		}
		moves := 0
		for _, k := range []tcell.Key{tcell.KeyRight, tcell.KeyDown, tcell.KeyLeft, tcell.KeyUp, tcell.KeyRight,
			tcell.KeyRight, tcell.KeyUp, tcell.KeyUp, tcell.KeyLeft, tcell.KeyLeft, tcell.KeyDown, tcell.KeyDown,
			tcell.KeyDown, tcell.KeyRight, tcell.KeyUp, tcell.KeyLeft, tcell.KeyDown, tcell.KeyRight} {
			d := arrowDir[k]
			from := e.spots[e.cur].pos
			want, best := e.cur, -1
			for i, s := range e.spots {
				ahead := (s.pos.X-from.X)*d[0] + (s.pos.Y-from.Y)*d[1]
				side := (s.pos.X - from.X) * d[1]
				side += (s.pos.Y - from.Y) * d[0]
				if side < 0 {
					side = -side
				}
				if ahead > 0 && (best < 0 || ahead+2*side < best) {
					want, best = i, ahead+2*side
				}
			}
			h.key(k)
			if e.cur != want {
				t.Fatalf("from %v, arrow %v: the highlight is on %v, want %v", from, d, e.spots[e.cur].pos,
					e.spots[want].pos)
			}
			if want != -1 && e.spots[want].pos != from {
				moves++
			}
			check("arrow")
		}
		if moves < 10 {
			t.Errorf("the arrows moved %d times: the test proves little", moves)
		}
		// PgDn turns the list's page: the highlight goes to the first place the page shown did not show whole
		// (none skipped); PgUp back.
		h.key(tcell.KeyHome)
		for _, k := range []tcell.Key{tcell.KeyPgDn, tcell.KeyPgDn, tcell.KeyPgUp} {
			was, shown := e.cur, h.visibleAnswers()
			for i, s := range shown { // (a place drawn after another's on its line, "4,5 · 2,-2": its own words)
				if j := strings.LastIndex(s, foldSep); j >= 0 {
					shown[i] = s[j+len(foldSep):]
				}
			}
			h.key(k)
			check("PgUp/PgDn")
			if k == tcell.KeyPgUp {
				if e.cur >= was {
					t.Fatalf("PgUp from place %d: at %d", was, e.cur)
				}
				continue
			}
			label := func(i int) string { return squash(plainText(e.menu.items[i].label)) }
			if e.cur <= was || slices.Contains(shown, label(e.cur)) {
				t.Fatalf("PgDn from place %d (the page showing %q): at %d (%q)", was, shown, e.cur,
					label(e.cur))
			}
			for i := was; i < e.cur; i++ {
				if !slices.Contains(shown, label(i)) {
					t.Fatalf("PgDn from place %d skipped place %d (%q), not on the page %q", was, i, label(i), shown)
				}
			}
		}
		// Enter lays the tile where the highlight is.
		want := e.spots[e.cur].pos
		h.key(tcell.KeyEnter)
		if last := h.lastPlaced(); last.Pos != (referee.Pos{X: want.X, Y: want.Y}) {
			t.Fatalf("Enter laid %s, want %v", last, want)
		}
	})
}

// The answers' letters name one key in each language's own layouts, and no letter of the edge code does so on
// another layout's key: typed in Latin (either case) or with the layout on, each gives its key; a letter of the
// edge code typed after the four edges never chooses an answer. The keys of n answers are one or two keys long,
// all different, none the beginning of another.
func TestAnswerLettersOnEveryLayout(t *testing.T) {
	for lang, layouts := range map[string][]string{"bg": {layoutBDS, layoutPhonetic}, "uk": {layoutUK},
		"en": {""}} {
		for _, l := range append(layouts, "") {
			for _, k := range answerLetters {
				for _, r := range onLayout(l, string(k)) + string(k) {
					if got := answerKey(lang, r); got != k {
						t.Errorf("%s: %q (the key %c) gives %q, want %c", lang, r, k, got, k)
					}
				}
			}
			for k := range latinSym {
				for _, r := range onLayout(l, string(k)) {
					if got := answerKey(lang, r); got != 0 && (got < '0' || got > '9') {
						t.Errorf("%s: the edge code's %q (the key %c) chooses the answer %c", lang, r, k, got)
					}
				}
			}
		}
	}
	for n := 0; n <= 85; n++ {
		keys := answerKeys(n)
		if len(keys) != n {
			t.Fatalf("%d answers: %d keys", n, len(keys))
		}
		for i, k := range keys {
			if k == "" || len(k) > 2 {
				t.Fatalf("%d answers: key %d is %q", n, i, k)
			}
			for j, o := range keys {
				if i != j && strings.HasPrefix(o, k) {
					t.Fatalf("%d answers: %q and %q", n, k, o)
				}
			}
			if i < 10 && len(k) != 1 {
				t.Fatalf("%d answers: the first ten are digits, got %q", n, k)
			}
		}
	}
	if got := answerKeys(15); strings.Join(got[10:], " ") != "T D K Z X" {
		t.Errorf("answers 11..15: %q, want one letter each", got[10:])
	}
}

// lastPlaced is the last "place" action recorded.
func (h *harness) lastPlaced() referee.Action {
	acts := h.u.sess.Game.Actions
	for i := len(acts) - 1; i >= 0; i-- {
		if acts[i].Verb == referee.VerbPlace {
			return acts[i]
		}
	}
	return referee.Action{}
}

// Every list of answers, not only the places, gives every answer a key (figures on a tile with many features, the
// moving-out and market rounds, gift targets): a list of 40 answers, each chosen by its key typed on the user's
// layout; a first key that begins no key, and Esc after a first key, forget it.
func TestEveryAnswerHasAKey(t *testing.T) {
	for _, c := range []struct{ lang, layout string }{{"en", ""}, {"bg", layoutBDS}, {"bg", layoutPhonetic},
		{"uk", layoutUK}} {
		m := newMenu()
		m.lang = c.lang
		labels := make([]string, 40)
		for i := range labels {
			labels[i] = fmt.Sprint("answer ", i)
		}
		m.set(labels, nil)
		chosen := -1
		m.selected = func(i int) { chosen = i }
		for i, it := range m.items {
			if it.key == "" {
				t.Fatalf("%s: answer %d has no key", c.lang, i)
			}
			chosen = -1
			for _, r := range onLayout(c.layout, it.key) {
				m.handleKey(tcell.NewEventKey(tcell.KeyRune, r, tcell.ModNone))
			}
			if chosen != i {
				t.Fatalf("%s: %q typed as %q chose %d, want %d", c.lang, it.key, onLayout(c.layout, it.key), chosen, i)
			}
		}
		chosen = -1
		m.handleKey(tcell.NewEventKey(tcell.KeyRune, 'x', tcell.ModNone)) // the first of two
		if m.pending == "" || chosen != -1 {
			t.Fatalf("%s: after x: pending %q, chosen %d", c.lang, m.pending, chosen)
		}
		m.handleKey(tcell.NewEventKey(tcell.KeyRune, 'q', tcell.ModNone)) // no key: forgotten
		m.handleKey(tcell.NewEventKey(tcell.KeyRune, '3', tcell.ModNone))
		if m.pending != "" || chosen != 2 {
			t.Fatalf("%s: q then 3: pending %q, chosen %d, want answer 3", c.lang, m.pending, chosen)
		}
	}
}

// KARKASON_DEMO=dir writes the late-game record of the tests above to dir/demo-late.rec (the game the capture
// docs/screens/uk-80x24-spots.txt was taken from) and logs the tile with many places.
func TestWriteLateRecord(t *testing.T) {
	dir := demoDir(t)
	rec, id, n := manySpots(t, 30)
	write(t, filepath.Join(dir, "demo-late.rec"), rec)
	t.Logf("%s: %d places", id, n)
}

// One character a tile (F5): a place with a key of one shows it; a key of two shows its first key until that is
// typed, then the places it begins show their second key and the others none; the second lays the tile.
func TestCompactViewKeys(t *testing.T) {
	rec, id, _ := manySpots(t, 30)
	synctest.Test(t, func(t *testing.T) {
		h := latePlaces(t, "uk", rec, id)
		defer h.stop()
		h.key(tcell.KeyF5)
		e, b := h.u.table.entry, h.u.table.board
		shownAt := func(i int) rune {
			v, _ := b.view()
			if !v.in(b.marks[i]) {
				t.Fatalf("place %v not in view at F5", b.marks[i])
			}
			x, y := v.at(b.marks[i])
			return h.cells()[y][x]
		}
		last := -1
		for i, k := range b.keys {
			if b.marks[i] == b.pvPos {
				continue // the tile is shown there
			}
			if got, want := shownAt(i), []rune(k)[0]; got != want {
				t.Errorf("place %v (key %s) shows %q", b.marks[i], k, got)
			}
			if len(k) == 2 {
				last = i
			}
		}
		if last < 0 {
			t.Fatal("no key of two")
		}
		key := b.keys[last]
		h.typeText(onLayout(layoutUK, key[:1]))
		for i, k := range b.keys {
			got := shownAt(i)
			switch {
			case strings.HasPrefix(k, key[:1]) && got != []rune(k)[1]:
				t.Errorf("after %c: place %v (key %s) shows %q, want its second key", key[0], b.marks[i], k, got)
			case !strings.HasPrefix(k, key[:1]) && got == []rune(k)[0] && b.marks[i] != b.pvPos:
				t.Errorf("after %c: place %v (key %s) still shows %q", key[0], b.marks[i], k, got)
			}
		}
		want := e.spots[last].pos
		h.typeText(onLayout(layoutUK, key[1:]))
		if got := h.lastPlaced().Pos; got != (referee.Pos{X: want.X, Y: want.Y}) {
			t.Fatalf("%s laid at %v, want %v", key, got, want)
		}
	})
}

// Issue 30: the list of places begins with the place highlighted, then the places the board does not show, then
// those it shows, each part nearest first, and each place keeps its key (the nearest the shortest, answerKeys):
// at 80x24 when the step opens, and at F5 (one character a tile), where the board shows as many places as a view
// around the highlighted one can.
func TestPlacesOffTheBoardFirst(t *testing.T) {
	rec, id, n := manySpots(t, 30)
	synctest.Test(t, func(t *testing.T) {
		h := latePlaces(t, "uk", rec, id)
		defer h.stop()
		e, b := h.u.table.entry, h.u.table.board
		keys := answerKeys(n)
		for _, zoom := range []string{"tiles whole", "F5"} {
			if zoom == "F5" {
				h.key(tcell.KeyF5)
			}
			h.text() // (drawn: the board as the player sees it, table.fit)
			v, _ := b.view()
			if e.step != stepPlace || len(e.spots) != n || e.cur != 0 || e.menu.current != 0 || e.menu.offset != 0 {
				t.Fatalf("%s: step %v, %d places, highlight %d, list at %d from %d", zoom, e.step, len(e.spots),
					e.cur, e.menu.current, e.menu.offset)
			}
			off, lastRank, seen := 0, -1, map[int]bool{}
			for i, sp := range e.spots {
				if seen[sp.rank] || e.menu.items[i].key != keys[sp.rank] || b.keys[i] != keys[sp.rank] {
					t.Fatalf("%s: place %v (rank %d) listed %d with key %q, on the board %q, want %q", zoom, sp.pos,
						sp.rank, i, e.menu.items[i].key, b.keys[i], keys[sp.rank])
				}
				seen[sp.rank] = true
				if i == 0 {
					continue
				}
				switch in := v.in(sp.pos); {
				case !in && off < i-1:
					t.Fatalf("%s: place %v is off the board, listed %d after places on it", zoom, sp.pos, i)
				case !in:
					off = i
				case i == off+1:
					lastRank = -1 // (the places on the board begin)
				}
				if sp.rank < lastRank {
					t.Fatalf("%s: place %v (rank %d) listed after rank %d", zoom, sp.pos, sp.rank, lastRank)
				}
				lastRank = sp.rank
			}
			if zoom == "F5" && off == 0 {
				t.Logf("F5 shows every place")
			}
			if zoom == "tiles whole" && off == 0 {
				t.Fatalf("the board shows every one of %d places with tiles whole: the test proves little", n)
			}
			// The board, its view not moved since it was arranged, shows every place on it with its key (at F5 its
			// first key).
			if zoom != "F5" {
				h.keysShownAlike()
				continue
			}
			for i, sp := range e.spots {
				if x, y := v.at(sp.pos); v.in(sp.pos) && sp.pos != b.pvPos && h.cells()[y][x] != []rune(b.keys[i])[0] {
					t.Errorf("F5: place %v (key %s) shows %q", sp.pos, b.keys[i], h.cells()[y][x])
				}
			}
		}
	})
}

// Issue 30: at 80x24, where the places do not all fit, the list runs them on after "·", as many to a line as fit
// (choice.flow): at least twice as many places in view as the list has lines, the places read off the screen (a
// key, then the cell) each once, and the key of the last one in view, drawn after "·", lays the tile there.
func TestPlacesRunOnAt80x24(t *testing.T) {
	rec, id, _ := manySpots(t, 30)
	smallTable(t, []string{"bg", "uk"}, rec, func(t *testing.T, h *harness) {
		e := h.u.table.entry
		// The tile typed by its edges as it lies the way it has the most places (one way a place).
		tt, g := h.u.cat.Tile(id), h.u.sess.Game
		last := g.S.Tiles[len(g.S.Tiles)-1].Pos
		code, most := "", 0
		for rot := 0; rot < 4; rot++ {
			if n := len(spotsOf(g.S.LegalPlacements(tt, nil), []int{rot}, last)); n > most {
				code, most = codeOf(tt, rot), n
			}
		}
		h.typeText(code)
		if e.step == stepTile { // (a list: the line of the tile)
			i := slices.IndexFunc(e.choices, func(c choice) bool {
				if c.preview != nil {
					c.preview()
				}
				return c.preview != nil && e.pic.t == tt
			})
			if i < 0 {
				t.Fatalf("%s %s: not listed", id, code)
			}
			h.typeText(e.menu.items[i].key)
		}
		if e.step != stepPlace || !e.compact {
			t.Fatalf("not the place step in short (compact %v):\n%s", e.compact, h.text())
		}
		shown := h.visibleAnswers()
		_, _, _, rows := e.menu.GetInnerRect()
		if len(shown) < 2*rows {
			t.Fatalf("%d places in view on %d lines:\n%s", len(shown), rows, h.text())
		}
		seen := map[string]bool{}
		for _, s := range shown {
			if seen[s] {
				t.Errorf("%q twice", s)
			}
			seen[s] = true
		}
		end := shown[len(shown)-1]
		cell := end[strings.LastIndex(end, " ")+1:]
		i := slices.IndexFunc(e.spots, func(s spot) bool { return fmt.Sprintf("%d,%d", s.pos.X, s.pos.Y) == cell })
		if i < 0 || !e.menu.items[i].joined {
			t.Fatalf("the last place in view %q is no place drawn after another (%d)", end, i)
		}
		key, _ := h.readLine(func(text string) bool { return text == end })
		want := e.spots[i].pos
		h.typeText(key)
		if got := h.lastPlaced(); got.Verb != referee.VerbPlace || got.Pos != (referee.Pos{X: want.X, Y: want.Y}) {
			t.Errorf("%q (%s) laid %s, want %v", key, end, got, want)
		}
	})
}
