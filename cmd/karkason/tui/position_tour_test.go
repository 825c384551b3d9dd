package tui

import (
	"testing"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// The screens of the entry of a board as it lies, for the tour of issue 6 (cutoff_test.go: nothing cut at 80x24 in
// any language): the board step (empty cell, several matches, a tile under the cursor, a refusal), the figures of
// the tile just laid and whose they are, the figure step, every token step (the Count, the City's quarters, the
// King and its marker, gifts, points, who plays next), the tally, and going on playing. Every module that adds to a
// position is on: the City and the Count, the King and the Robber Baron, gifts, the abbot, farmers.

// tourEntry writes the record of an unfinished entry in dir: every module on, the City as the start piece and n
// tiles laid beside it (the first that the referee accepts, scanning the cells around the board), and returns its
// path.
func tourEntry(t *testing.T, dir string, n int) string {
	t.Helper()
	cat := engine.Standard()
	setup := referee.Setup{Players: []referee.PlayerSpec{{Name: "Ана", Colour: referee.Colours()[0]},
		{Name: "Богдан", Colour: referee.Colours()[1]}},
		Expansions: []string{referee.ExpansionFarmers, referee.ExpansionAbbot, referee.ExpansionCount,
			referee.ExpansionKingRobber, referee.ExpansionGifts},
		Start: referee.StartCity, Followers: referee.DefaultFollowers}
	d, err := referee.NewDraft(setup, cat)
	if err != nil {
		t.Fatal(err)
	}
	for k := 0; k < n; k++ {
		laid := false
		s := d.Game().S
		for i := 0; i < len(s.Tiles) && !laid; i++ {
			for e := 0; e < 4 && !laid; e++ {
				p := s.Tiles[i].Pos.Neighbour(e)
				if s.At(p) != nil {
					continue
				}
				for _, tt := range cat.Types {
					if tt.Piece != nil || d.Game().Bag.Left(tt) == 0 {
						continue
					}
					l := referee.PositionLine{Kind: referee.PosTile, Tile: tt.ID, Pos: referee.Pos{X: p.X, Y: p.Y}}
					if d.Add(l) == nil {
						laid = true
						break
					}
				}
			}
		}
		if !laid {
			t.Fatal("no tile fits beside the City")
		}
	}
	return writeRecord(t, dir, "entry.rec", recordText(t, d.Record()))
}

// tourPosition shows every screen of the entry of a position in lang at 80x24 and calls v at each. Call inside
// synctest.Test.
func tourPosition(t *testing.T, lang string, v visit) {
	t.Helper()
	o := testOptions(t, lang)
	o.Resume = true
	o.File = tourEntry(t, o.Config.DataDir, 3)
	h := start(t, o)
	loc := h.u.loc
	if h.u.pos == nil {
		t.Fatalf("%s: resuming an unfinished entry does not open the entry:\n%s", lang, h.text())
	}
	common := func(ask string, data map[string]any, more ...string) []string {
		g := h.u.table.view()
		out := []string{loc.T("ui.board", nil), loc.T("ui.log", nil), loc.T("ui.pos.keys", nil),
			loc.T("ui.pos.title", nil), loc.T("ui.col.points", nil), loc.T("ui.col.supply", nil)}
		if !h.u.table.entry.compact { // a list that would not fit drops the phase line (entry.layout)
			out = append(out, loc.T("ui.pos.phase", map[string]any{"Count": len(g.S.Tiles),
				"Box": g.Bag.LandLeft() + g.Bag.RiverLeft()}))
		}
		if ask != "" {
			out = append(out, loc.T(ask, data))
		}
		return append(out, more...)
	}
	pos := h.u.pos
	cell := func() map[string]any { return map[string]any{"Cell": pos.cur.String()} }
	v(h, "position board", common("ui.pos.ask_board", cell(), loc.T("ui.pos.board_legend", nil),
		loc.T("ui.tile", nil)+" "+loc.T("ui.tile_placeholder", nil)))
	h.typeText("cf")
	v(h, "position board, typing", common("ui.pos.ask_board", cell())) // the picture of the edges typed
	h.key(tcell.KeyEscape)
	h.typeText("cfcf")
	v(h, "position board, several tiles", common("ui.pos.ask_board", cell()))
	h.key(tcell.KeyEscape)
	h.typeText("cccc")
	v(h, "position board, refused", common("", nil, loc.T("ui.why_hint", nil)))
	h.key(tcell.KeyEscape)
	last := h.u.pos.draft().Lines()
	lp := last[len(last)-1].Pos
	pos.cur = engine.Pos{X: lp.X, Y: lp.Y}
	h.key(tcell.KeyEscape) // redraw
	h.key(tcell.KeyLeft)
	h.key(tcell.KeyRight)
	lt := last[len(last)-1]
	v(h, "position board, a tile there", common("ui.pos.ask_board_taken", map[string]any{"Cell": pos.cur.String(),
		"Tile": tileWords(loc, h.u.cat.Tile(lt.Tile), lt.Rot/90)}))
	h.key(tcell.KeyF8)
	v(h, "position F8", tallyTexts(h.u, h.u.table.view().Final(), false))
	h.key(tcell.KeyEscape)
	h.key(tcell.KeyF1)
	v(h, "position F1", []string{loc.T("ui.help_title", nil), scrolls + loc.T("ui.pos.help", nil)})
	h.key(tcell.KeyEscape)
	h.key(tcell.KeyTab)
	// A list of answers that would not fit comes first, its legend under it only if it fits whole (F1 has it).
	legend := func(id string) []string {
		if h.u.table.entry.compact {
			return nil
		}
		return []string{loc.T(id, nil)}
	}
	v(h, "position figures here", common("ui.pos.ask_figure", cell(), legend("ui.pos.figure_here_legend")...))
	for i, c := range h.u.table.entry.choices { // the first figure that may stand there
		if c.why == nil {
			h.chooseItem(i)
			break
		}
	}
	h.key(tcell.KeyF9)
	v(h, "position figures", common("ui.pos.ask_figure", cell(), legend("ui.pos.figure_legend")...))
	pos.cur = engine.Pos{X: 40, Y: 40}
	h.key(tcell.KeyLeft)
	v(h, "position figures, no tile", common("ui.pos.ask_figure_none", cell()))
	h.key(tcell.KeyF9)
	g := h.u.table.view()
	names := h.u.table.names
	tokens := common("ui.pos.ask_tokens", nil, append(legend("ui.pos.tokens_legend"),
		loc.T("ui.pos.opt_tally", nil), loc.T("ui.pos.opt_play", nil))...)
	v(h, "position tokens", tokens)
	h.chooseItem(0)
	v(h, "position Count", common("ui.pos.ask_count", nil))
	h.key(tcell.KeyEscape)
	h.chooseItem(1)
	v(h, "position quarters", common("ui.pos.ask_quarter", nil))
	h.chooseItem(0)
	v(h, "position quarter", common("", nil, legend("ui.pos.pick_legend")...))
	h.chooseItem(0) // a follower of Ана's into the first quarter
	h.chooseItem(2)
	v(h, "position King", common("ui.pos.ask_king", nil))
	h.chooseItem(0)
	v(h, "position King's city", common("ui.pos.ask_king_city", map[string]any{"Player": names.who(0)}))
	h.key(tcell.KeyEscape)
	h.chooseItem(4)
	e := h.u.table.entry
	e.who = 0
	v(h, "position gifts", common("ui.pos.ask_gifts", map[string]any{"Player": names.who(0), "Now": 0},
		loc.T("ui.pos.number_legend", nil)))
	h.typeText("1")
	h.key(tcell.KeyEnter)
	h.key(tcell.KeyEscape)
	h.chooseItem(5)
	v(h, "position points", common("ui.pos.ask_score", map[string]any{"Player": names.who(0), "Now": 0}))
	h.typeText("12")
	h.key(tcell.KeyEnter)
	h.typeText("9")
	h.key(tcell.KeyEnter)
	h.chooseItem(6)
	v(h, "position next", common("ui.pos.ask_turn", nil))
	h.chooseItem(1)
	if g.S.Gift.Hands[0] != 0 || h.u.table.view().S.Gift.Hands[0] != 1 || h.u.table.view().S.Scores[1] != 9 {
		t.Fatalf("%s: gifts %v, scores %v after entering them", lang, h.u.table.view().S.Gift.Hands,
			h.u.table.view().S.Scores)
	}
	h.chooseOption(loc.T("ui.pos.opt_tally", nil))
	if h.u.sess == nil || h.u.sess.Game.Phase != referee.PhaseEnded {
		t.Fatalf("%s: the tally did not end the game:\n%s", lang, h.text())
	}
	v(h, "position tally", append(tallyTexts(h.u, h.u.sess.Game, true), loc.T("ui.tally.track", nil)))
	h.stop()

	o = testOptions(t, lang)
	o.Resume = true
	o.File = tourEntry(t, o.Config.DataDir, 2)
	h = start(t, o)
	defer h.stop()
	h.key(tcell.KeyF10)
	h.chooseOption(loc.T("ui.pos.opt_play", nil))
	if h.u.pos != nil || h.u.table.entry.step != stepTile || h.u.run.GetFocus() != h.u.table.entry.input {
		t.Fatalf("%s: going on does not show the move entry, its input line focused:\n%s", lang, h.text())
	}
	v(h, "position going on", []string{loc.T(h.u.table.keysKey(h.u.table.view()), nil), loc.T("ui.tile", nil) + " " +
		loc.T("ui.tile_placeholder", nil), loc.T("ui.edge_legend", nil)})
}
