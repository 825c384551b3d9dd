package tui

import (
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// Abbey & Mayor in the entry of a board as it lies (issue 29: POS-3 amended, POS-16): abbeys, barns, mayors and
// wagons entered at the table, and whether each player still holds an abbey; the keys of a 72-tile board with two
// barns and an abbey read in reading order, beside the figure of the board as it lies (5.81 keys a tile,
// TestPositionEntryReadingOrder).

// amSetup is three players with farmers and Abbey & Mayor, the standard start.
func amSetup() referee.Setup {
	return referee.Setup{Players: []referee.PlayerSpec{{Name: "Ана", Colour: referee.Red},
		{Name: "Богдан", Colour: referee.Blue}, {Name: "Віра", Colour: referee.Green}},
		Start: referee.StartStandard, Followers: 7, Expansions: []string{"farmers", "abbey-mayor"}}
}

// amBoard returns the position of a random game with amSetup between turns once its board holds tiles tiles
// (the abbeys among them), with at least barns barns and abbeys abbeys on it; nil if the game from seed never does.
// The game favours the abbey where one may lie and the barn where it may stand, so that such boards come soon.
func amBoard(t *testing.T, seed uint64, tiles, barns, abbeys int) *referee.Record {
	t.Helper()
	cat := engine.Standard()
	g, err := referee.NewGame(amSetup(), cat)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 29))
	for n := 0; n < 3000 && g.Phase != referee.PhaseEnded; n++ {
		if g.Phase == referee.PhaseTile && len(g.S.Tiles) >= tiles+1 { // (the start tile is a line too; ls counts)
			ls, err := g.PositionLines()
			if err != nil {
				return nil
			}
			nb, na := 0, 0
			for _, l := range ls {
				switch {
				case l.Kind == referee.PosBarn:
					nb++
				case l.Kind == referee.PosTile && l.Tile == referee.TileAbbey:
					na++
				}
			}
			if nb < barns || na < abbeys {
				return nil
			}
			pos := &referee.Record{Setup: g.Setup, Position: ls}
			if _, err := referee.NewGameFrom(pos, cat); err != nil {
				return nil
			}
			return pos
		}
		var acts, abbey, barn []referee.Action
		for _, a := range g.LegalActions() {
			switch {
			case a.Verb == referee.VerbEnd:
			case a.Tile == referee.TileAbbey:
				abbey = append(abbey, a)
			case a.Barn:
				barn = append(barn, a)
			default:
				acts = append(acts, a)
			}
		}
		switch {
		case len(abbey) > 0 && rng.IntN(2) == 0:
			acts = abbey
		case len(barn) > 0:
			acts = barn
		}
		if len(acts) == 0 {
			return nil
		}
		if err := g.Apply(acts[rng.IntN(len(acts))]); err != nil {
			t.Fatal(err)
		}
	}
	return nil
}

// amEntry resumes an empty entry of a board as it lies with setup in lang (the caller stops it).
func amEntry(t *testing.T, setup referee.Setup, lang string) *harness {
	t.Helper()
	var b strings.Builder
	if err := referee.WriteRecord(&b, &referee.Record{Setup: setup}); err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(b.String(), "\n", "\n# karkason: a board as it lies, being entered\n", 1)
	h := resumed(t, lang, "entry.rec", text)
	if h.u.pos == nil {
		t.Fatalf("not an entry:\n%s", h.text())
	}
	return h
}

// amEnterFigure enters figure line l (a follower, the abbot, the mayor, the wagon, on the board) from the figures
// step on its tile, or the barn from the tile its line names (the last of its four tiles in reading order): the
// answer naming it, by its key.
func (h *harness) amEnterFigure(l referee.PositionLine) {
	h.t.Helper()
	e := h.u.table.entry
	g := h.u.pos.draft().Game()
	p := g.Player(l.Colour)
	n := len(h.u.pos.draft().Lines())
	defer func() {
		if len(h.u.pos.draft().Lines()) != n+1 {
			h.t.Fatalf("%s not entered: %s\n%s", l, h.u.table.status.GetText(true), h.text())
		}
	}()
	if l.Kind == referee.PosBarn {
		for k, c := range e.choices {
			if c.figure == engine.Barn && c.target == "barn "+l.Target.Place+" p"+strconv.Itoa(p) && c.why == nil {
				h.chooseItem(k)
				return
			}
		}
		h.t.Fatalf("%s: not offered: %q\n%s", l, h.menuLabels(), h.text())
	}
	seg, err := g.S.FeatureAt(engine.Pos{X: l.Target.Pos.X, Y: l.Target.Pos.Y}, l.Target.Place)
	if err != nil {
		h.t.Fatalf("%s: %v", l, err)
	}
	kind, _ := l.Kind.Figure()
	who := " — " + e.t.names.badge(p) + " " + e.t.names.plain(p) + ": " + e.figureWord(kind, g.S.SegKind(seg))
	for k, c := range e.choices {
		if c.hasSeg && c.seg == seg && c.figure == kind && strings.Contains(c.label, who) {
			h.chooseItem(k)
			return
		}
	}
	h.t.Fatalf("%s: not offered: %q\n%s", l, h.menuLabels(), h.text())
}

// amBoardAsNewcomer enters the tiles of the position in reading order, with Abbey & Mayor: each tile by its edges
// where it lies and, when tiles are listed, its marks, then ↓ to it and Enter (typeBoardTile, as
// TestPositionEntryReadingOrder: the newcomer's choice by the words on the screen, newcomer.tile, cannot tell apart
// two tiles of Abbey & Mayor and the base game that read alike, "місто ×1" twice, and fails there); an abbey by its
// key (0) on its cell and the player whose abbey the position no longer holds, by the name on the screen; each figure on a tile (the mayor and the wagon too) by Tab and the key
// of the answer naming its feature, its player and the figure (amEnterFigure); a barn from the tile its line
// names (the last of its four in reading order) by Tab and the key beside "the barn at the corner …" and the
// player's name; then F10.
func (n *newcomer) amBoardAsNewcomer() {
	n.t.Helper()
	h := n.h
	loc := h.u.loc
	taken := map[referee.Colour]bool{}
	for _, l := range tableTiles(n.pos.Position) {
		k := h.presses
		h.walkTo(engine.Pos{X: l.Pos.X, Y: l.Pos.Y})
		n.walk += h.presses - k
		k = h.presses
		if l.Tile == referee.TileAbbey {
			h.pressRune(abbeyKey)
			for _, a := range n.pos.Position {
				if a.Kind == referee.PosAbbey && a.N == 0 && !taken[a.Colour] {
					taken[a.Colour] = true
					n.player(h.u.pos.draft().Game().Player(a.Colour))
					break
				}
			}
		} else {
			h.typeBoardTile(l, engine.Pos{X: l.Pos.X, Y: l.Pos.Y}) // (see amBoardAsNewcomer)
		}
		n.tiles += h.presses - k
		for _, f := range n.pos.Position {
			if f.Target.Pos != l.Pos || f.InCity() {
				continue
			}
			if _, fig := f.Kind.Figure(); fig {
				// By its answer's key (amEnterFigure): on a tile of Abbey & Mayor two fields may read alike
				// ("field around the city" twice), which the newcomer's words cannot tell apart.
				k := h.presses
				h.key(tcell.KeyTab)
				h.amEnterFigure(f)
				n.figs += h.presses - k
				continue
			}
			if f.Kind != referee.PosBarn {
				continue
			}
			k := h.presses
			h.key(tcell.KeyTab)
			g := h.u.pos.draft().Game()
			p := g.Player(f.Colour)
			barn := spaces(loc.T("ui.am.barn_at", map[string]any{"Corner": localPlace(loc, f.Target.Place)}))
			before := len(h.u.pos.draft().Lines())
			if _, ok := n.chooseBy(func(w string) bool {
				return strings.HasPrefix(w, barn+" — ") && strings.HasSuffix(w, g.Name(p))
			}); !ok || len(h.u.pos.draft().Lines()) != before+1 {
				as, more := n.answers()
				n.t.Fatalf("%s not entered: %s\n%s\n%q\n%q %v %v", f, h.u.table.status.GetText(true), h.text(), h.menuLabels(), barn, as, more)
			}
			n.figs += h.presses - k
		}
	}
	h.key(tcell.KeyF10)
	if h.u.table.entry.step != stepTokens {
		n.t.Fatalf("F10 after the board: %s\n%s", h.u.table.status.GetText(true), h.text())
	}
}

// amEnterAsNewcomer is enterAsNewcomer (newcomer_board_test.go) with amBoardAsNewcomer for the board. Call inside
// synctest.Test.
func amEnterAsNewcomer(t *testing.T, pos *referee.Record, lang string, w, ht int) newcomerKeys {
	h := amEntry(t, pos.Setup, lang)
	defer h.stop()
	h.screen.SetSize(w, ht)
	whole, err := referee.NewGameFrom(pos, h.u.cat)
	if err != nil {
		t.Fatal(err)
	}
	want, err := referee.ReplayRecord(pos, h.u.cat, true)
	if err != nil {
		t.Fatal(err)
	}
	n := &newcomer{h: h, t: t, pos: pos, want: whole, entered: map[string]bool{}}
	return n.measure(n.amBoardAsNewcomer, want)
}

// The key measurement (issue 29): boards of 72 tiles with two barns and an abbey (or more) from random 3-player
// games with farmers and Abbey & Mayor, entered at 80x24 in reading order (amBoardAsNewcomer; the rest of the
// position as the newcomer enters it, newcomer.tokens), every key counted, with their mayors, wagons, barns and the
// abbeys' players, to the tally, which must equal replay --final. Keys a tile, mean
// and worst, beside the newcomer board test's 7.47 at 80x24 (README). A plain run enters one board;
// KARKASON_AM_BOARDS=10 for the figure reported (its mean must then be at most 7.47):
//
//	KARKASON_AM_BOARDS=10 RUNEWIDTH_EASTASIAN=0 go test ./cmd/karkason/tui -run TestAMBoardAsItLies -v
func TestAMBoardAsItLies(t *testing.T) {
	boards := 1
	if n, err := strconv.Atoi(os.Getenv("KARKASON_AM_BOARDS")); err == nil && n > 0 {
		boards = n
	}
	var perTile []float64
	for seed := uint64(1); len(perTile) < boards && seed < uint64(200*boards); seed++ {
		pos := amBoard(t, seed, 72, 2, 1)
		if pos == nil {
			continue
		}
		var k newcomerKeys
		lang := []string{"bg", "uk"}[len(perTile)%2]
		synctest.Test(t, func(t *testing.T) { k = amEnterAsNewcomer(t, pos, lang, 80, 24) })
		if t.Failed() {
			return
		}
		perTile = append(perTile, float64(k.keys)/float64(k.tiles))
		t.Logf("80x24 seed %d (%s): %d tiles, %d figures and barns: %d keys, %.2f a tile, %d look-alikes mended",
			seed, lang, k.tiles, k.figures, k.keys, perTile[len(perTile)-1], k.corrections)
	}
	if len(perTile) < boards {
		t.Fatalf("only %d boards with two barns and an abbey", len(perTile))
	}
	mean, worst := meanWorst(perTile)
	t.Logf("80x24, %d boards of 72 tiles with two barns and an abbey: %.2f keys a tile on average, %.2f at worst",
		len(perTile), mean, worst)
	if _, measured := os.LookupEnv("KARKASON_AM_BOARDS"); measured && mean > 7.47 {
		t.Errorf("%.2f keys a tile on average, the newcomer board test's 7.47 at most", mean)
	}
}

// TestAMPositionPieces: each piece of Abbey & Mayor entered in a board as it lies, in every language: the abbey by
// 0 on its cell; the mayor and the wagon in the figures step (K, T and the key); the barn at a corner that is a
// barn point, its key at that corner on the board; an abbey no longer held in the tokens step.
func TestAMPositionPieces(t *testing.T) {
	for _, lang := range []string{"bg", "uk", "en"} {
		t.Run(lang, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				h := amEntry(t, amSetup(), lang)
				defer h.stop()
				type tl struct {
					id   string
					x, y int
				}
				// 0,0 the start and a road east; four monasteries meeting at a barn point (0,1 1,1 0,2 1,2 share the
				// point NW of 1,2); a hole at 2,1 closed by 2,0, 3,1, 2,2 and 1,1.
				for _, c := range []tl{{"b-c1rs", 0, 0}, {"b-rs", 1, 0}, {"b-rs", 2, 0}, {"b-rs", 3, 0}, {"b-m", 0, 1}, {"b-m", 1, 1},
					{"b-m", 3, 1}, {"b-m", 0, 2}, {"b-mr1", 1, 2}, {"b-mr1", 2, 2}} {
					p := engine.Pos{X: c.x, Y: c.y}
					h.walkTo(p)
					l := referee.PositionLine{Kind: referee.PosTile, Tile: c.id, Pos: referee.Pos{X: c.x, Y: c.y}}
					if c.id == "b-rs" {
						l.Rot = 90
					}
					h.typeBoardTile(l, p)
				}
				h.walkTo(engine.Pos{X: 2, Y: 1})
				h.pressRune(abbeyKey)
				h.chooseItem(0) // Ана's abbey
				d := h.u.pos.draft()
				if i := d.TileAt(referee.Pos{X: 2, Y: 1}); i < 0 || d.Lines()[i].Tile != referee.TileAbbey {
					t.Fatalf("0 on 2,1 laid no abbey: %s\n%s", h.u.table.status.GetText(true), h.text())
				}
				// The barn at 1,2's NW corner: Tab on 1,2.
				h.walkTo(engine.Pos{X: 1, Y: 2})
				h.key(tcell.KeyTab)
				ck := h.u.table.board.ckeys
				if len(ck) == 0 || ck[0].corner != 0 {
					t.Fatalf("no barn key at the NW corner of 1,2 (%+v): %q", ck, h.menuLabels())
				}
				h.amEnterFigure(referee.PositionLine{Kind: referee.PosBarn, Colour: referee.Blue,
					Target: referee.FeatureRef{Pos: referee.Pos{X: 1, Y: 2}, Place: "NW"}})
				h.key(tcell.KeyEscape)
				// The wagon on the road at 1,0; the mayor is offered on the start tile's city, not on the road.
				h.walkTo(engine.Pos{X: 1, Y: 0})
				h.key(tcell.KeyTab)
				h.amEnterFigure(referee.PositionLine{Kind: referee.PosWagon, Colour: referee.Red,
					Target: referee.FeatureRef{Pos: referee.Pos{X: 1, Y: 0}, Place: "E"}})
				h.key(tcell.KeyEscape)
				h.walkTo(engine.Pos{X: 0, Y: 0})
				h.key(tcell.KeyTab)
				if slices.ContainsFunc(h.u.table.entry.choices, func(c choice) bool {
					return c.figure == engine.Mayor && h.u.pos.draft().Game().S.SegKind(c.seg) != engine.KCity
				}) {
					t.Fatalf("a mayor is offered outside a city: %q", h.menuLabels())
				}
				h.amEnterFigure(referee.PositionLine{Kind: referee.PosMayor, Colour: referee.Green,
					Target: referee.FeatureRef{Pos: referee.Pos{X: 0, Y: 0}, Place: "N"}})
				h.key(tcell.KeyEscape)
				screen := boardText(h)
				for _, want := range []string{string(barnRune) + "Б", "А" + string(wagonRune), "В" + string(mayorRune), "╔═══╗"} {
					if !strings.Contains(screen, want) {
						t.Fatalf("the board lacks %q:\n%s", want, h.text())
					}
				}
				if g := h.u.pos.draft().Game(); g.S.Abbeys[0] || !g.S.Abbeys[1] {
					t.Fatalf("abbeys held %v, want Ана's no longer", g.S.Abbeys)
				}
				// The tokens step: turning Богдан's abbey over (held 1 -> 0), and back.
				h.key(tcell.KeyF10)
				h.chooseOption(strings.Split(h.u.loc.T("ui.pos.am.opt_abbeys", nil), ":")[0])
				h.chooseItem(1)
				if g := h.u.pos.draft().Game(); g.S.Abbeys[1] {
					t.Fatalf("abbeys held %v, want Богдан's no longer", g.S.Abbeys)
				}
			})
		})
	}
}

// The figure issue 29 asks for, measured as TestPositionEntryReadingOrder measures the board as it lies (a player
// who knows the table's answers: readBoard's walk, typeBoardTile, the figure's answer by its key, enterTokens):
// boards of 72 tiles with two barns and an abbey or more (amBoard), three players, farmers and Abbey & Mayor, at the
// harness's 80x24, every key after the set-up counted, to a tally equal to replay --final. Keys a tile, mean and
// worst; the mean must be at most the 5.81 of TestPositionEntryReadingOrder (README). A plain run enters one
// board; KARKASON_AM_BOARDS=10 for the figure reported:
//
//	KARKASON_AM_BOARDS=10 RUNEWIDTH_EASTASIAN=0 go test ./cmd/karkason/tui -run TestAMPositionEntryReadingOrder -v
func TestAMPositionEntryReadingOrder(t *testing.T) {
	boards := 1
	if n, err := strconv.Atoi(os.Getenv("KARKASON_AM_BOARDS")); err == nil && n > 0 {
		boards = n
	}
	cat := engine.Standard()
	var perTile []float64
	for seed := uint64(1); len(perTile) < boards && seed < uint64(200*boards); seed++ {
		pos := amBoard(t, seed, 72, 2, 1)
		if pos == nil {
			continue
		}
		want, err := referee.ReplayRecord(pos, cat, true)
		if err != nil {
			t.Fatal(err)
		}
		lang := []string{"bg", "uk"}[len(perTile)%2]
		var n enteredKeys
		synctest.Test(t, func(t *testing.T) { n = amEnterPosition(t, pos, want, lang) })
		if t.Failed() {
			return
		}
		perTile = append(perTile, float64(n.all)/float64(n.tiles))
		t.Logf("seed %3d (%s): %d tiles, %d figures and barns: %d keys, %.2f a tile (tiles %d of which walking %d, "+
			"figures and barns %d, points, next player and tally %d)", seed, lang, n.tiles, n.figures, n.all,
			perTile[len(perTile)-1], n.tileKeys, n.walk, n.figureKeys, n.tokenKeys)
	}
	if len(perTile) < boards {
		t.Fatalf("only %d boards with two barns and an abbey", len(perTile))
	}
	mean, worst := meanWorst(perTile)
	t.Logf("%d boards of 72 tiles with two barns and an abbey, read row by row: %.2f keys a tile on average, "+
		"%.2f at worst", len(perTile), mean, worst)
	if _, measured := os.LookupEnv("KARKASON_AM_BOARDS"); measured && mean > 5.81 {
		t.Errorf("%.2f keys a tile on average, the board as it lies reached 5.81", mean)
	}
}

// amEnterPosition is enterPosition with Abbey & Mayor: the tiles read row by row from the top-left corner (walkTo,
// typeBoardTile; an abbey by its key, 0, and the player whose abbey it is by its answer's key), each figure and
// barn as the walk passes its tile (Tab, its answer's key: amEnterFigure), then the points, who plays next and the
// tally (enterTokens). Call inside synctest.Test.
func amEnterPosition(t *testing.T, pos *referee.Record, want *referee.Game, lang string) enteredKeys {
	h := amEntry(t, pos.Setup, lang)
	defer h.stop()
	var n enteredKeys
	start := h.presses
	tiles := tableTiles(pos.Position)
	o := tiles[0].Pos
	taken := map[referee.Colour]bool{}
	for _, l := range tiles {
		p := engine.Pos{X: l.Pos.X - o.X, Y: l.Pos.Y - o.Y}
		k := h.presses
		h.walkTo(p)
		n.walk += h.presses - k
		w := h.presses - k
		if l.Tile == referee.TileAbbey {
			h.pressRune(abbeyKey)
			for _, a := range pos.Position {
				if a.Kind == referee.PosAbbey && a.N == 0 && !taken[a.Colour] {
					taken[a.Colour] = true
					h.chooseItem(h.u.pos.draft().Game().Player(a.Colour))
					break
				}
			}
		} else {
			h.typeBoardTile(l, p)
		}
		if os.Getenv("KARKASON_KEYS_LOG") != "" && h.presses-k-w > 4 {
			t.Logf("%s (%s): %d keys", l, codeOf(h.u.cat.Tile(l.Tile), l.Rot/90), h.presses-k-w)
		}
		n.tiles++
		for _, f := range pos.Position {
			if f.Target.Pos != l.Pos || f.InCity() {
				continue
			}
			if _, fig := f.Kind.Figure(); !fig && f.Kind != referee.PosBarn {
				continue
			}
			k := h.presses
			h.key(tcell.KeyTab)
			f.Target.Pos = referee.Pos{X: p.X, Y: p.Y}
			h.amEnterFigure(f)
			if os.Getenv("KARKASON_KEYS_LOG") != "" {
				t.Logf("%s: %d keys", f, h.presses-k)
			}
			n.figureKeys += h.presses - k
			n.figures++
		}
	}
	n.tileKeys = h.presses - start - n.figureKeys
	k := h.presses
	h.key(tcell.KeyF10)
	if h.u.table.entry.step != stepTokens {
		t.Fatalf("F10 after the board: %s\n%s\n%v\n%v", h.u.table.status.GetText(true), h.text(), h.u.pos.draft().Lines(), pos.Position)
	}
	h.enterTokens(pos.Position, true)
	n.tokenKeys = h.presses - k
	n.all = h.presses - start
	if err := h.u.table.lastErr; err != nil {
		t.Errorf("refused on the way: %s", h.u.describe(err))
	}
	if h.u.sess == nil || h.u.sess.Game.Phase != referee.PhaseEnded {
		t.Fatalf("not at the tally:\n%s", h.text())
	}
	g := h.u.sess.Game
	for p := 0; p < g.Players(); p++ {
		if g.S.Scores[p] != want.S.Scores[p] {
			t.Errorf("%s: the table shows %d, replay --final %d", g.Name(p), g.S.Scores[p], want.S.Scores[p])
		}
	}
	return n
}
