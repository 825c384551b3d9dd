package tui

import (
	"regexp"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// compassCode matches a place named by compass codes alone ("NNE", "E+W", "ССЗ", "СхПдСх"): what a list of targets
// must not show instead of words.
var compassCode = regexp.MustCompile(`\b(N|E|S|W|NNE|NNW|ENE|ESE|SSE|SSW|WSW|WNW)(\+|\b)`)

// keysOnBoard checks that every key of the answers that name a feature is drawn on the board where the feature is
// (boardView.fkeys, at keyAnchor), the same key as in the list, and that the list names the features in words.
func (h *harness) keysOnBoard(what string) {
	h.t.Helper()
	b := h.u.table.board
	e := h.u.table.entry
	if len(b.fkeys) == 0 {
		h.t.Fatalf("%s: no keys on the board:\n%s", what, h.text())
	}
	v, _ := b.view()
	rows := h.cells()
	for _, k := range b.fkeys {
		ti, local := e.g.S.SegTile(k.seg)
		p := &e.g.S.Tiles[ti]
		if !v.in(p.Pos) {
			continue
		}
		blk := rasterTile(p.Type, int(p.Rot))
		ax, ay := keyAnchor(&blk, local)
		x, y := v.at(p.Pos)
		x, y = x+min(ax, tileW-len(k.key)), y+ay
		if got := rows[y][x]; got != []rune(k.key)[0] {
			h.t.Errorf("%s: %q at %v shows %q on the board", what, k.key, p.Pos, got)
		}
		found := false
		for i, c := range e.choices {
			found = found || (c.hasSeg && c.seg == k.seg && e.menu.items[i].key == k.key)
		}
		if !found {
			h.t.Errorf("%s: the board's %q is no answer's key in the list %q", what, k.key, h.menuLabels())
		}
	}
	for _, l := range h.menuLabels() {
		if compassCode.MatchString(l) {
			h.t.Errorf("%s: %q names a place by compass codes", what, l)
		}
	}
}

// Every target is a key on the board: the market round of a late game with the City (COUNT-19) done by the keys
// on the board, and the King's marker of a position (POS-5); the list beside shows the same keys, in words.
func TestTargetsAreKeysOnTheBoard(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		o := testOptions(t, "en")
		o.Resume = true
		o.File = tourEntry(t, o.Config.DataDir, 3)
		h := start(t, o)
		defer h.stop()
		h.key(tcell.KeyF10)
		h.chooseOption(strings.Split(h.u.loc.T("ui.pos.opt_city", nil), ":")[0])
		h.chooseOption(capFirst(h.u.loc.T("term.quarter.market", nil)))
		h.chooseOption("Ана")
		h.chooseOption(h.u.loc.T("ui.pos.opt_tally", nil))
		if h.u.table.entry.step != stepMarket {
			t.Fatalf("no market round:\n%s", h.text())
		}
		h.keysOnBoard("the market round")
		k := h.u.table.board.fkeys[len(h.u.table.board.fkeys)-1]
		h.typeText(k.key) // the key read off the board
		g := h.u.sess.Game
		if g.Phase != referee.PhaseEnded {
			t.Fatalf("the market round's key %q did nothing: phase %v", k.key, g.Phase)
		}
		ti, _ := g.S.SegTile(k.seg)
		onIt := false
		for _, f := range g.S.Figures {
			if f.Where == engine.OnBoard && g.S.Root(f.Seg) == g.S.Root(k.seg) {
				onIt = true
			}
		}
		if !onIt {
			t.Errorf("Ана's farmer is not on the field of %v that key %q named", g.S.Tiles[ti].Pos, k.key)
		}
	})
}
