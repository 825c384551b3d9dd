package screen

import (
	"bytes"
	"html/template"

	"github.com/karkason/karkason/cmd/karkason/picture"
	"github.com/karkason/karkason/locales"
)

// What the table is doing now (issue 27: "which step, the tile in hand drawn"). The record holds confirmed actions
// only: a tile drawn and not yet laid has no line. The table in this process (F11) tells the server its step and
// the tile in its hand with SetTable, which never blocks: the value is kept in a slot of one (the latest wins) and
// the server's goroutine is poked to publish it. `karkason serve` of a file written by another process knows only
// what the record shows: whose decision it is and of which kind (the phase), never a tile in hand.

// Table is the table's entry as it stands: the step it asks and the tile in hand.
type Table struct {
	// Actions is the number of actions of the game the table shows (len(referee.Game.Actions)): what it says is
	// shown only with the state of the record of as many actions (never the step of one state beside another).
	Actions int
	// Step is the kind of the entry's step: "tile" (the drawn tile being entered), "place" (the tile in hand being
	// laid), "discard" (it fits nowhere, BASE-5), "aside" (a dragon tile set aside, PD-5), "gift" (a gift card opened), or another step ("" or any other:
	// the page says the phase, as for a record followed without a table).
	Step string
	// Tile is the id of the tile in hand (place, discard and aside), "" for none.
	Tile string
	// Rot is the tile's rotation in quarter turns clockwise as the table shows it (the edges as typed).
	Rot int
}

// SetTable tells the server what the table is doing now; the pages show it at once. It never blocks: only the
// latest value is kept, and the server's goroutine renders it.
func (s *Server) SetTable(t Table) {
	s.table.Store(&t)
	select {
	case s.tablePoke <- struct{}{}:
	default:
	}
}

// retable publishes the current state again with the table's latest step, if it changed (on the watch goroutine).
func (s *Server) retable() {
	t := s.table.Load()
	if s.snap == nil || t == nil || (s.snap.table != nil && *s.snap.table == *t) {
		return
	}
	s.version++
	s.publish(s.snap.withTable(s.version, t))
}

// withTable is a copy of the snapshot (the same record, game, boards) with another table step, as version v.
func (s *snapshot) withTable(v int, t *Table) *snapshot {
	return &snapshot{version: v, path: s.path, data: s.data, openErr: s.openErr, game: s.game, err: s.err, cut: s.cut,
		log: s.log, boardKey: s.boardKey, boards: s.boards, table: t, views: map[string]*view{}}
}

// tableNow is the table's step for this snapshot's game: nil when there is none, or when it was said of another
// state of the record (the table has moved on and the record not yet been read, or the other way round).
func (s *snapshot) tableNow() *Table {
	if s.table == nil || s.game == nil || s.table.Actions != len(s.game.Actions) {
		return nil
	}
	return s.table
}

// handOf fills the model's step line from the table: the words of its step and the tile in hand drawn (an inline
// SVG, turned as the table shows it). Without a table nothing changes: the phase says it.
func (s *snapshot) handOf(m *model, loc *locales.Localizer) {
	t := s.tableNow()
	if t == nil || m.deciding < 0 {
		return
	}
	m.TableStep = t.Step
	switch t.Step {
	case "tile":
		m.Now = s.game.Name(m.deciding) + " " + loc.T("ui.web2.now.tile", nil)
	case "place":
		m.Now = s.game.Name(m.deciding) + " " + loc.T("ui.web2.now.place", nil)
	case "discard":
		m.Now = s.game.Name(m.deciding) + " " + loc.T("ui.web2.now.discard", nil)
	case "aside":
		m.Now = s.game.Name(m.deciding) + " " + loc.T("ui.web2.now.aside", nil)
	case "gift":
		m.Now = s.game.Name(m.deciding) + " " + loc.T("ui.web2.now.gift", nil)
	}
	if t.Tile == "" {
		return
	}
	tt := s.game.Cat.Tile(t.Tile)
	if tt == nil {
		return
	}
	m.Hand, m.HandTitle = tt.ID, loc.T("ui.web2.hand", nil)
	var b bytes.Buffer
	if err := picture.WriteSVG(&b, picture.Tile(tt, t.Rot&3)); err == nil {
		m.HandSVG = template.HTML(b.String())
	}
}
