package tui

import (
	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
)

// The steps of the move entry. The entry (entry.go) is the panel: a prompt, the tile's picture, an input line and
// its legend, the list of answers (menu.go), and the board's preview. What it asks is the step shown now: one type
// a kind of step, each in a file of its own, each filled from what referee.Legal and the engine report:
//
//	step_tile.go     the tile, typed by its edges, id or letter (SEQ-1..3); a gift may be opened first
//	step_place.go    where the tile goes: its legal positions and rotations, on the board and in the list (BASE-4)
//	step_discard.go  a tile that fits nowhere goes back into the box (BASE-5)
//	step_figure.go   a follower or the abbot onto the tile just laid, none, or the abbot back (SEQ-5, ABBOT-6)
//	step_city.go     a figure into the City of Carcassonne after others scored (COUNT-6..8)
//	step_count.go    moving the Count (COUNT-11)
//	step_moving.go   a go of the moving-out round (COUNT-13..18)
//	step_market.go   the market round at the end (COUNT-19)
//	step_gift.go     a gift card to open (GIFT-5..10), then what it is played on
//	step_abbey.go    the abbey into a hole instead of a tile, the end-of-game abbey round (AM-3, AM-10)
//	step_wagon.go    a wagon's move after its feature was scored (AM-16..18)
//	step_ended.go    the game is over
//	step_dragon.go   a step of the dragon's movement, each tile it may enter keyed on the board (PD-9..12);
//	                 step_aside.go a dragon tile set aside (PD-5); step_figure_pd.go the figure step's fairy,
//	                 princess and magic portal answers (PD-14, PD-21, PD-23); board_pd.go draws them
//
// and the entry of a board as it lies (position.go):
//
//	step_board.go    the tiles: a cursor walks the board, each tile typed by its edges where it stands (POS-1, 2)
//	step_posfig.go   the figures: a feature of the tile under the cursor and whose figure, one key (POS-3)
//	step_tokens.go   the City and the Count, the King and the Robber Baron, gifts, points, who plays next; then
//	                 the tally or going on playing (POS-4..9)
//	step_pick.go     a list of answers asked on the way (a player, a quarter, a completed city ...)
//	step_number.go   a number typed for each player (points on the score track, gifts)
//
// A step is an entryStep: it fills the entry when it is shown (show: e.ask for the prompt, e.offer for the answers,
// e.back for Esc), names its keys in the legend under the prompt (legend), previews the highlighted answer on the
// board (highlight), records or goes on when an answer is chosen (choose: usually e.t.do with a referee action,
// which the referee may still refuse; or e.enter with the next step), sees the keys before the list does (key), and
// answers a click on the board (click). A step that reads the input line (the tile step) is also a typer. Most
// steps are a list of answers and embed answers, which does all of that for a list of choices (an action to
// record, or a further step); a step overrides what it does differently (the place step: its answers are places on
// the board, the arrows move across the board, Space turns the tile).
//
// Keys: every answer e.offer lists gets a key of its own from the menu (menu.go, answerKeys: 1..9, 0, then T D K Z
// X, then a letter and a second key), typed in Latin or on a Bulgarian or Ukrainian layout (edgecode.go, keysOf);
// a step need not (and should not) invent letter keys of its own. An answer says what it acts on (choice.target)
// and with which figure (choice.figure): the answers on one target share its key, a figure with a key of its own
// (kindLetters: the large follower, D) has that letter before it (D3), and a follower's answer that cannot be taken
// where such a figure's can is listed greyed (entry.withBase). An answer that names a feature (hasSeg) shows its
// key on that feature on the board too (entry.featKeys, boardView.fkeys); an answer the referee refuses now (why)
// stays in the list greyed with its key, so that no other key moves, and its key says why. A step that uses letters for something else
// (typing a tile) reads the input line and its list has no keys (e.offer takes them away for a typer). The place
// step passes the list's keys to the board (boardView.keys), so that a place shows the same key on both.
//
// Adding a step (e.g. the entry of a position: a board walked by a cursor where tiles are typed by their edges,
// then figures selected on the board, then tokens: the quarters, the Count, the King and the Robber Baron, gifts,
// scores, who plays next): a new kind below; a type in a step_*.go file that embeds answers and implements kind
// and show (and legend, key, click, highlight, choose where it differs); and e.enter(&yourStep{answers: answers{e}})
// from wherever the entry moves to it (e.start picks the step of a referee phase). A cursor step would take the
// arrows in key, draw through the board's preview (boardView: pvTile/pvPos/pvRot, pvFig, marks and keys; a cursor
// field is the one thing to add there) and read board clicks in click; a typing step implements typer (the input
// line, with edgecode.go's parseEdgeCode and engine MatchTiles as the tile step uses them). Steps keep their own
// state in their struct; the entry keeps only what outlives a step (typed, the tile text kept when going back;
// justPlaced, the figure step's cue that the tile was laid just now) and the place step while it is shown
// (e.placeStep, for the zoom key and the tests).

// step is the kind of step the entry shows (e.step; the table and the tests ask it).
type step int

const (
	stepTile step = iota
	stepPlace
	stepDiscard
	stepFigure
	stepMoving
	stepCity
	stepCount
	stepMarket
	stepGift
	stepGiftTarget
	stepEnded
	// The entry of a board as it lies (position.go).
	stepBoard
	stepPosFigure
	stepTokens
	stepPick
	stepNumber
	stepWagon // Abbey & Mayor: a wagon's move after a scoring (step_wagon.go)
	// The dragon's movement (The Princess & the Dragon, step_dragon.go).
	stepDragon
	stepAside // a dragon tile set aside before the dragon is in play (step_aside.go)
	stepAbbey // Abbey & Mayor: the abbey into a hole, or the end-of-game abbey round (step_abbey.go)
)

// entryStep is one step of the entry: what it asks now and how it takes the answer. Every method works on the
// entry the step was made for.
type entryStep interface {
	// kind is the kind of step.
	kind() step
	// show fills the entry: the prompt (e.ask), the answers (e.offer), where Esc goes (e.back). It may move on at
	// once (a tile with one legal place is laid).
	show()
	// legend is the line of keys under the prompt, in the user's language ("" for none).
	legend() string
	// highlight previews answer i (the menu's highlight moved to it).
	highlight(i int)
	// choose takes answer i.
	choose(i int)
	// key sees a key before the list (or the input line) does; it returns nil if it used it.
	key(ev *tcell.EventKey) *tcell.EventKey
	// click answers a click on board cell p, at character sx, sy of its block (-1, -1 in the compact view).
	click(p engine.Pos, sx, sy int)
}

// typer is a step that reads the input line instead of the list (the tile step): typed is told every change.
type typer interface {
	typed(text string)
}

// answers is the common part of the steps that are a list of answers (e.choices): the answer highlighted is
// previewed on the board, the answer chosen records its action (asking first if it warns) or goes to its next step,
// a click on a feature on the board chooses the answer that puts a figure there.
type answers struct{ e *entry }

func (s answers) legend() string { return "" }

func (s answers) key(ev *tcell.EventKey) *tcell.EventKey { return ev }

func (s answers) highlight(i int) {
	e := s.e
	e.t.board.clearPreview()
	if i >= 0 && i < len(e.choices) && e.choices[i].preview != nil {
		e.choices[i].preview()
	}
}

func (s answers) choose(i int) {
	e := s.e
	if i < 0 || i >= len(e.choices) || e.choices[i].muted {
		return
	}
	c := e.choices[i]
	switch {
	case c.why != nil:
		e.t.refused(c.why) // greyed: why not (F3 explains)
	case c.act != nil && c.warn != "":
		e.confirm(c.warn, *c.act)
	case c.act != nil:
		e.t.do(*c.act)
	case c.next != nil:
		e.t.status.SetText("")
		c.next()
		if e.t.u.table == e.t { // (the answer may have opened another table: a position's entry ending)
			e.focus()
		}
	}
}

// click: a click on a figure's place chooses the answer that puts (or takes) a figure on that feature; in the
// compact view (sx < 0) on that tile.
func (s answers) click(p engine.Pos, sx, sy int) {
	e := s.e
	ti := e.g.S.TileIndex(p)
	if ti < 0 {
		return
	}
	seg := int32(-1)
	if sx >= 0 {
		t := &e.g.S.Tiles[ti]
		blk := rasterTile(t.Type, int(t.Rot))
		if l := blk[sy][sx].seg; l >= 0 {
			seg = t.Seg(l)
		}
	}
	for i, c := range e.choices {
		if !c.hasSeg {
			continue
		}
		cti, _ := e.g.S.SegTile(c.seg)
		if (seg >= 0 && e.g.S.Root(c.seg) == e.g.S.Root(seg)) || (seg < 0 && cti == ti) {
			e.menu.setCurrent(i)
			e.menu.choose(i)
			return
		}
	}
}
