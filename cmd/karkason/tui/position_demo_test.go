package tui

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// The demonstrations of issue 20 on the real binary in tmux (docs/screens/capture-position.sh), written by
// KARKASON_DEMO=dir go test ./cmd/karkason/tui -run TestWritePositionDemo:
//
//	demo-72-game.rec      a random finished 3-player game with farmers, the game the board comes from
//	position-72-keys.txt  the keys that enter its end board at the table, one a line as tmux send-keys names them,
//	                      read row by row from the top-left corner, one tile typed in a wrong rotation that fits
//	                      where it is typed; "#cap NAME" lines say where the script captures the screen
//	demo-market.rec       a late game with the City of Carcassonne, at its market round (COUNT-19)
//
// The test enters the board itself and checks that the wrong tile is refused later against the tile beside it (its
// cell named, Ctrl-G there), that it is mended, and that the tally equals `replay --final` of the game.
func TestWritePositionDemo(t *testing.T) {
	dir := demoDir(t)
	cat := engine.Standard()
	setup := threePlayers()
	for seed := int64(2000); seed < 2100; seed += 20 {
		_, game := genGame(t, seed, setup, cat)
		pos := boardOf(t, game, cat)
		if pos == nil {
			continue
		}
		want, err := referee.ReplayRecord(game, cat, true)
		if err != nil {
			t.Fatal(err)
		}
		tally, err := referee.ReplayRecord(pos, cat, true)
		if err != nil || !slicesEqual(tally.S.Scores[:3], want.S.Scores[:3]) {
			continue // the board's tally is the game's only if its last turn scored nothing (endBoard)
		}
		var keys []string
		synctest.Test(t, func(t *testing.T) {
			keys = demoKeys(t, pos, want)
		})
		if t.Failed() || keys == nil {
			continue
		}
		write(t, filepath.Join(dir, "demo-72-game.rec"), recordText(t, game))
		write(t, filepath.Join(dir, "position-72-keys.txt"), strings.Join(keys, "\n")+"\n")
		t.Logf("seed %d: %d keys; replay --final: %v", seed, len(keys), want.S.Scores[:3])
		market := marketRecord(t, cat)
		write(t, filepath.Join(dir, "demo-market.rec"), market)
		synctest.Test(t, func(t *testing.T) {
			keys = marketKeys(t, market)
		})
		write(t, filepath.Join(dir, "market-keys.txt"), strings.Join(keys, "\n")+"\n")
		return
	}
	t.Fatal("no game gave a board to show")
}

func slicesEqual(a, b []int) bool { return fmt.Sprint(a) == fmt.Sprint(b) }

// demoKeys enters the board of pos in bg at the table, as readBoard does, with one tile typed in a wrong rotation
// that fits where it is typed: a tile of the middle rows whose wrong rotation shows the same east edge (so the next
// tile is taken) and another south edge (so the tile below is refused). It returns the keys, with "#cap" lines; nil
// if no tile of the board makes such a mistake.
func demoKeys(t *testing.T, pos *referee.Record, want *referee.Game) []string {
	h := start(t, testOptions(t, "bg"))
	defer h.stop()
	h.asItLies("Ана", "Богдан", "Віра")
	var keys []string
	h.keylog = &keys
	capture := func(name string) { keys = append(keys, "#cap "+name) }
	tiles := tableTiles(pos.Position)
	o := tiles[0].Pos
	cells := map[referee.Pos]referee.PositionLine{}
	for _, l := range tiles {
		cells[l.Pos] = l
	}
	at := func(p referee.Pos) engine.Pos { return engine.Pos{X: p.X - o.X, Y: p.Y - o.Y} }
	hasFigure := func(p referee.Pos) bool {
		for _, f := range pos.Position {
			if (f.Kind == referee.PosFollower || f.Kind == referee.PosAbbot) && f.Target.Pos == p {
				return true
			}
		}
		return false
	}
	figures := func(l referee.PositionLine, p engine.Pos) {
		for _, f := range pos.Position {
			if (f.Kind == referee.PosFollower || f.Kind == referee.PosAbbot) && !f.InCity() && f.Target.Pos == l.Pos {
				h.key(tcell.KeyTab)
				f.Target.Pos = referee.Pos{X: p.X, Y: p.Y}
				h.enterFigure(f)
			}
		}
	}
	wrong, wrongRot := -1, 0
	var refusedAt referee.Pos
	for k, l := range tiles {
		p := at(l.Pos)
		h.walkTo(p)
		if k == len(tiles)/3 {
			capture("board")
		}
		tt := h.u.cat.Tile(l.Tile)
		south := referee.Pos{X: l.Pos.X, Y: l.Pos.Y + 1}
		below, hasSouth := cells[south]
		unique := func(t *engine.TileType, r int) bool { // its code alone lays it (among the tiles of this game's box)
			g := h.u.pos.draft().Game()
			return h.u.entryOf(t) && len(withoutTwins(h.u.cat.MatchTiles([4]engine.Terrain{t.Rotated(r, 0),
				t.Rotated(r, 1), t.Rotated(r, 2), t.Rotated(r, 3)}, engine.Marks{}, g.TilesInGame()), g.Bag)) == 1
		}
		if wrong < 0 && k > len(tiles)/3 && hasSouth && !hasFigure(l.Pos) && !hasFigure(south) &&
			h.u.pos.draft().Game().Bag.Left(tt) > 0 && unique(h.u.cat.Tile(below.Tile), below.Rot/90) {
			for r := 0; r < 4 && wrong < 0; r++ {
				if r == l.Rot/90 || !tt.DistinctRotation(r) || codeOf(tt, r) == codeOf(tt, l.Rot/90) ||
					tt.Rotated(r, engine.E) != tt.Rotated(l.Rot/90, engine.E) ||
					tt.Rotated(r, engine.S) == tt.Rotated(l.Rot/90, engine.S) {
					continue
				}
				bad := referee.PositionLine{Kind: referee.PosTile, Tile: tt.ID, Pos: referee.Pos{X: p.X, Y: p.Y},
					Rot: 90 * r}
				if h.u.pos.draft().Check(bad) == nil && unique(tt, r) {
					wrong, wrongRot = k, r
				}
			}
			if wrong == k {
				for _, c := range codeOf(tt, wrongRot)[:4] {
					h.pressRune(c)
				}
				capture("wrong")
				refusedAt = south
				continue
			}
		}
		if wrong >= 0 && l.Pos == refusedAt {
			code := codeOf(tt, l.Rot/90)
			for _, c := range code[:4] {
				h.pressRune(c)
			}
			if !strings.Contains(h.u.table.status.GetText(true), "BASE-4") || h.u.pos.goTo == nil {
				t.Fatalf("the tile below the wrong one is not refused against it: %q", h.u.table.status.GetText(true))
			}
			capture("refused")
			h.key(tcell.KeyEscape)
			h.key(tcell.KeyCtrlG) // to the tile named: the wrong one
			w := tiles[wrong]
			h.typeBoardTile(w, at(w.Pos))
			h.walkTo(p)
			h.typeBoardTile(l, p)
			capture("mended")
			figures(l, p)
			continue
		}
		h.typeBoardTile(l, p)
		figures(l, p)
	}
	if wrong < 0 {
		return nil
	}
	h.key(tcell.KeyF10)
	capture("tokens")
	h.enterTokens(pos.Position, true)
	capture("tally")
	g := h.u.sess.Game
	for p := 0; p < g.Players(); p++ {
		if g.S.Scores[p] != want.S.Scores[p] {
			t.Errorf("%s: the tally %d, replay --final %d", g.Name(p), g.S.Scores[p], want.S.Scores[p])
		}
	}
	return keys
}

// entryOf reports whether tile type t has no twin with a garden or a pennant in the catalogue (its code alone lays
// it: the demonstration's wrong tile).
func (u *ui) entryOf(t *engine.TileType) bool {
	for _, o := range u.cat.Types {
		if twinMark(o, t) != 0 || twinMark(t, o) != 0 {
			return false
		}
	}
	return true
}

// marketRecord returns the record of a random game with the City of Carcassonne and farmers, cut at its market round
// (COUNT-19): the first seed whose game has at least two figures to move from the market.
func marketRecord(t *testing.T, cat *engine.Catalogue) string {
	colours := referee.Colours()
	setup := referee.Setup{Players: []referee.PlayerSpec{{Name: "Ана", Colour: colours[0]},
		{Name: "Богдан", Colour: colours[1]}, {Name: "Віра", Colour: colours[2]}},
		Expansions: []string{referee.ExpansionFarmers, referee.ExpansionCount}, Start: referee.StartCity,
		Followers: referee.DefaultFollowers}
	for seed := int64(1); seed < 200; seed++ {
		_, rec := genGame(t, seed, setup, cat)
		n := 0
		cut := -1
		for i, a := range rec.Actions {
			if a.Verb == referee.VerbMarket {
				if cut < 0 {
					cut = i
				}
				n++
			}
		}
		if n < 2 {
			continue
		}
		rec.Actions = rec.Actions[:cut]
		return recordText(t, rec)
	}
	t.Fatal("no game with a market round")
	return ""
}

// marketKeys resumes the market record at the table in uk and moves every market figure by a key shown on the
// board (the one on a far field, a key of two where there are more than fifteen fields), checking that the key is on
// the board; it returns the keys with "#cap" lines before each move and at the tally.
func marketKeys(t *testing.T, rec string) []string {
	h := resumed(t, "uk", "market.rec", rec)
	defer h.stop()
	var keys []string
	h.keylog = &keys
	for n := 1; h.u.table.entry.step == stepMarket; n++ {
		h.keysOnBoard("the market round")
		b := h.u.table.board
		v, _ := b.view()
		best := featKey{}
		for _, k := range b.fkeys {
			ti, _ := h.u.table.entry.g.S.SegTile(k.seg)
			if v.in(h.u.table.entry.g.S.Tiles[ti].Pos) && len(k.key) >= len(best.key) {
				best = k
			}
		}
		if best.key == "" {
			t.Fatalf("no market key in view:\n%s", h.text())
		}
		keys = append(keys, fmt.Sprintf("#cap market-%d", n))
		h.typeText(best.key)
	}
	if h.u.sess.Game.Phase != referee.PhaseEnded {
		t.Fatalf("after the market round: %v\n%s", h.u.sess.Game.Phase, h.text())
	}
	return append(keys, "#cap market-tally")
}
