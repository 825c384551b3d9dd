package tui

import (
	"slices"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// Issue 30: an answer drawn on the line of the one before it (menuItem.joined: the figure step's large follower on
// its feature's line where the answers do not all fit) has no lines of its own; its key, highlight and click are
// its own; no page begins with it.
func TestMenuJoinedItems(t *testing.T) {
	m := newMenu()
	m.setKeyed([]string{"крепост", "голям", "поляна на югозапад от пътя", "голям", "без фигурка"},
		[]string{"1", "D1", "2", "D2", "3"}, nil)
	m.items[1].joined, m.items[3].joined = true, true
	var chosen []int
	m.selected = func(i int) { chosen = append(chosen, i) }
	const w = 30
	if n := m.keyWidth(); n != 2 {
		t.Errorf("the keys' column is %d wide, want 2 (the joined keys are on their lines)", n)
	}
	if ls := m.lines(0, w); len(ls) != 1 || m.lines(1, w) != nil {
		t.Errorf("lines %q and %q, want one line and none", ls, m.lines(1, w))
	}
	if ls := m.lines(2, w); len(ls) != 2 || !strings.HasPrefix(ls[1], foldSep+"D2 ") {
		t.Errorf("a long label: lines %q, want its fold on a line of its own", ls)
	}
	s := tcell.NewSimulationScreen("UTF-8")
	if err := s.Init(); err != nil {
		t.Fatal(err)
	}
	s.SetSize(w, 3)
	m.SetRect(0, 0, w, 3)
	row := func(y int) string {
		var b strings.Builder
		for x := 0; x < w; x++ {
			r, _, _, _ := s.GetContent(x, y)
			b.WriteRune(r)
		}
		return strings.TrimRight(b.String(), " ")
	}
	m.setCurrent(1)
	m.Draw(s)
	if got := row(0); got != "1 крепост · D1 голям" {
		t.Errorf("row 0 %q", got)
	}
	// The highlight is on the joined answer alone.
	_, _, st, _ := s.GetContent(12, 0) // (D1)
	if _, bg, _ := st.Decompose(); bg != tcell.ColorWhite {
		t.Errorf("the highlighted joined answer is not highlighted")
	}
	_, _, st, _ = s.GetContent(3, 0)
	if _, bg, _ := st.Decompose(); bg == tcell.ColorWhite {
		t.Errorf("its head is highlighted too")
	}
	// A click on it chooses it; on its head's words, the head.
	if i := m.itemAtCell(16, 0); i != 1 {
		t.Errorf("a click on D1 finds item %d", i)
	}
	if i := m.itemAtCell(3, 0); i != 0 {
		t.Errorf("a click on its head finds item %d", i)
	}
	// Its key of two chooses it.
	m.typeKey('D')
	m.typeKey('2')
	if !slices.Equal(chosen, []int{3}) {
		t.Errorf("D2 chose %v", chosen)
	}
	// No page begins with a joined item: the second page begins with the field, then no figure.
	m.offset, m.current = 0, 0
	m.pageDown(2)
	if m.offset != 2 {
		t.Errorf("PgDn: the page begins with item %d", m.offset)
	}
	m.pageDown(2)
	m.pageUp(2)
	if m.items[m.offset].joined {
		t.Errorf("PgUp: the page begins with joined item %d", m.offset)
	}
}

// Issue 30: at 80x24 with six players the figure step's answers of a tile of three roads and three fields (each a
// follower's and a large follower's answer) fit one page: the question short, the large follower on its feature's
// line, the fields named by the board's compass letters; every answer is one or two keys, the board's keys of the
// features are the list's, and the large follower's key puts it there.
func TestFigureStepFitsAt80x24(t *testing.T) {
	smallTable(t, []string{"bg", "uk", "en"}, "karkason-record 1\n"+
		"setup players=Ана:red,Богдан:blue,Віра:green,Галя:yellow,Дмитро:black,Єва:pink "+
		"expansions=farmers,inns-cathedrals,traders-builders start=standard\n"+
		"red place b-r3 1,0 0\n", func(t *testing.T, h *harness) {
		e := h.u.table.entry
		if e.step != stepFigure || !e.compact {
			t.Fatalf("not the figure step in short (compact %v):\n%s", e.compact, h.text())
		}
		if h.pageShowsMore() || e.menu.offset != 0 {
			t.Fatalf("the answers do not fit:\n%s", h.text())
		}
		shown := h.visibleAnswers()
		for i, it := range e.menu.items {
			if !it.muted && !slices.Contains(shown, h.answerText(i)) {
				t.Errorf("%q not on the screen:\n%s", h.answerText(i), h.text())
			}
			if len(it.key) > 2 {
				t.Errorf("%q: key %q", h.answerText(i), it.key)
			}
		}
		for _, fk := range h.u.table.board.fkeys {
			i := slices.IndexFunc(e.choices, func(c choice) bool { return c.hasSeg && c.seg == fk.seg })
			if i < 0 || e.menu.items[i].key != fk.key {
				t.Errorf("the board's key %s of segment %d is not the list's", fk.key, fk.seg)
			}
		}
		large := -1
		for i, c := range e.choices {
			if c.figure == engine.Large && c.why == nil && e.menu.items[i].joined && large < 0 {
				large = i
			}
		}
		if large < 0 {
			t.Fatalf("no large follower on a feature's line: %q", h.menuLabels())
		}
		want := *e.choices[large].act
		h.typeText(e.menu.items[large].key)
		acts := h.u.sess.Game.Actions
		if got := acts[len(acts)-1]; got.Verb != referee.VerbDeploy || !got.Large || got.Place != want.Place {
			t.Errorf("%s recorded %v, want %v", e.menu.items[large].key, got, want)
		}
	})
}

// Issue 30: the City's question folds the large follower's answer onto its quarter's line at 80x24, as the figure
// step does (entry.foldFigures): six players, a list that does not fit; each quarter's large follower after "·" with
// its key (D and the quarter's; in the cathedral, after the abbot's answer, on its own line), which puts the large
// follower into that quarter (COMBO-15).
func TestCityQuestionFoldsTheLargeFollower(t *testing.T) {
	smallTable(t, []string{"bg", "uk"}, goldenPrefix(t, "ic-six-players-all-modules.rec", "green city market large"),
		func(t *testing.T, h *harness) {
			e := h.u.table.entry
			if e.step != stepCity || !e.compact {
				t.Fatalf("not the City's question in short (step %v, compact %v):\n%s", e.step, e.compact, h.text())
			}
			large := -1
			for i, c := range e.choices {
				if c.figure == engine.Large && c.why == nil {
					// (after the abbot's answer in the cathedral its own line: the abbot has a key of its own)
					if before := e.choices[i-1]; !e.menu.items[i].joined && before.figure == engine.Follower {
						t.Errorf("%q is not on its quarter's line", c.label)
					}
					if large < 0 {
						large = i
					}
				}
			}
			if large < 0 {
				t.Fatalf("no large follower's answer: %q", h.menuLabels())
			}
			want := *e.choices[large].act
			key := e.menu.items[large].key
			if _, seen := h.readLine(func(text string) bool { return strings.Contains(text, foldSep) }); !seen {
				t.Fatalf("no answer after %q on the screen:\n%s", foldSep, h.text())
			}
			h.typeText(key)
			acts := h.u.sess.Game.Actions
			if got := acts[len(acts)-1]; got.Verb != referee.VerbCity || !got.Large || got.Quarter != want.Quarter {
				t.Errorf("%s recorded %v, want %v", key, got, want)
			}
		})
}
