package tui

import "github.com/karkason/karkason/cmd/karkason/screen"

// What the table is doing now, told to the second screen (issue 27: "which step, the tile in hand drawn"). The
// record has no line for a tile drawn and not yet laid, so the entry tells the server its step and the tile in hand
// whenever it enters a step (entry.enter). The server keeps the latest value and renders it on its own goroutine
// (screen.Server.SetTable never blocks): the table never waits for it.

// tellScreen tells the second screen (if it runs) the step s the entry is entering, and keeps it for a second
// screen started later. A board as it lies being entered tells nothing (its record is written at its end).
func (e *entry) tellScreen(s entryStep) {
	u := e.t.u
	if u.pos != nil || e.g == nil {
		return
	}
	t := screen.Table{Actions: len(e.g.Actions), Step: screenStep(s)}
	switch st := s.(type) {
	case *placeStep: // turned as the table previews it first (the rotation typed, where it fits so)
		t.Tile = st.tile.ID
		if st.cur >= 0 && st.cur < len(st.spots) && len(st.spots[st.cur].rots) > 0 {
			sp := st.spots[st.cur]
			t.Rot = sp.rots[sp.rot]
		}
	case *discardStep:
		t.Tile, t.Rot = st.tile.ID, st.rot
	case *asideStep:
		t.Tile, t.Rot = st.tile.ID, st.rot
	}
	u.scr.now = t
	if u.scr.st != nil {
		u.scr.st.srv.SetTable(t)
	}
}

// screenStep is the name of a step for the second screen (screen.Table.Step): the steps of the tile in hand and
// the gift by name, the others by the phase the page says anyway ("").
func screenStep(s entryStep) string {
	switch s.kind() {
	case stepTile:
		return "tile"
	case stepPlace:
		return "place"
	case stepDiscard:
		return "discard"
	case stepAside:
		return "aside"
	case stepGift, stepGiftTarget:
		return "gift"
	}
	return ""
}
