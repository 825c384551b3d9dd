package referee

import (
	"bytes"
	"strings"
	"testing"

	"github.com/karkason/karkason/engine"
)

// The turn flow of the base game (BASE-3, BASE-6, DEF-7, SEQ-9, END-1): whose decision it is after each action,
// the figure step passed implicitly by the next player's place line (record format, "pass"), refusals of actions by
// the wrong player or out of turn, the end after the last tile (also a discarded one, BASE-5) and `end`, written
// early or after the implied end, never scoring twice. Every refusal must leave Summary() and the record as they
// were.

const (
	setup2 = "setup players=Ана:red,Богдан:blue expansions=farmers start=standard"
	setup3 = "setup players=Ана:red,Богдан:blue,Віра:green expansions=farmers start=standard"
)

// newFlowGame sets up a game; with stack non-nil the land stack holds only those tiles (so that the last of them
// really ends the game).
func newFlowGame(t *testing.T, setup string, stack map[string]int) *Game {
	t.Helper()
	su, err := ParseSetup(setup, 1)
	if err != nil {
		t.Fatal(err)
	}
	cat := engine.Standard()
	g, err := NewGame(su, cat)
	if err != nil {
		t.Fatal(err)
	}
	if stack != nil {
		for i := range g.Bag.Land {
			g.Bag.Land[i] = 0
		}
		for id, n := range stack {
			g.Bag.Land[cat.Tile(id).Index] = n
		}
	}
	return g
}

func applyLine(t *testing.T, g *Game, line string, no int) error {
	t.Helper()
	a, _, err := ParseAction(line, no)
	if err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	return g.Apply(a)
}

func recordOf(t *testing.T, g *Game) string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteRecord(&b, &Record{Setup: g.Setup, Actions: g.Actions}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestNothingAfterEnd: a second `end` is refused (record format: "Nothing may follow it"); accepting it put two
// `end` lines into the record, which WriteRecord then refused to write and ParseRecord refused to read (so a
// session's autosave could not be resumed).
func TestNothingAfterEnd(t *testing.T) {
	g := newFlowGame(t, setup2, nil)
	for i, line := range []string{"red place b-rs 1,0 90", "red deploy follower E", "end"} {
		if err := applyLine(t, g, line, i+3); err != nil {
			t.Fatalf("%q refused: %v", line, err)
		}
	}
	err := applyLine(t, g, "end", 6)
	if r, ok := err.(*Refusal); !ok || r.Rule != "END-1" {
		t.Fatalf("a second end: got %v, want a refusal citing END-1", err)
	}
	text := recordOf(t, g)
	if _, err := ParseRecord(strings.NewReader(text)); err != nil {
		t.Fatalf("the record no longer reads back: %v\n%s", err, text)
	}
	if s := g.Summary().Scores; s["red"] != 2 {
		t.Errorf("red has %d, want 2 (END-3(a) once)", s["red"])
	}
}
