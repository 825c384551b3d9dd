package referee

import (
	"bytes"
	"os"
	"reflect"
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
		g.Bag.recount()
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

func TestBaseTurnFlow(t *testing.T) {
	twoTiles := map[string]int{"b-rs": 1, "b-c1": 1}
	cases := []struct {
		name    string
		setup   string         // default setup2
		stack   map[string]int // the whole land stack, nil for the full base game
		lines   []string
		phase   Phase
		active  Colour         // the active player after the lines ("": not checked, e.g. once the game is over)
		supply  map[Colour]int // followers in supply after the lines (only those listed)
		scores  map[Colour]int // nil: everybody 0
		refused string         // then this line must be refused (not with stack: a refusal rebuilds from the set-up) ...
		rule    string         // ... citing this rule (prefix) ...
		key     string         // ... with this message id ("" = any)
	}{
		{name: "the first player places first (BASE-2)", phase: PhaseTile, active: "red",
			refused: "blue place b-rs 1,0 90", rule: "DEF-7", key: "err.not_your_turn"},
		{name: "after a place, the same player's figure step (BASE-3)", lines: []string{"red place b-rs 1,0 90"},
			phase: PhaseFigure, active: "red"},
		{name: "an explicit pass ends the turn: the left neighbour (SEQ-9)",
			lines: []string{"red place b-rs 1,0 90", "red pass"}, phase: PhaseTile, active: "blue"},
		{name: "a deploy ends the figure step (BASE-6)",
			lines: []string{"red place b-rs 1,0 90", "red deploy follower E"}, phase: PhaseTile, active: "blue",
			supply: map[Colour]int{"red": 6, "blue": 7}},
		{name: "the implied pass: blue's place line passes red's figure step",
			lines: []string{"red place b-rs 1,0 90", "blue place b-rs -1,0 90"}, phase: PhaseFigure, active: "blue",
			supply: map[Colour]int{"red": 7, "blue": 7}},
		{name: "three players: red, blue, green, then red again (DEF-7)", setup: setup3,
			lines: []string{"red place b-rs 1,0 90", "blue place b-rs -1,0 90", "blue pass",
				"green place b-m 0,1 0"}, phase: PhaseFigure, active: "green",
			refused: "red pass", rule: "DEF-7", key: "err.not_your_turn"},
		{name: "three players: after green's turn it is red's, not blue's", setup: setup3,
			lines: []string{"red place b-rs 1,0 90", "blue place b-rs -1,0 90", "green place b-m 0,1 0",
				"green pass"}, phase: PhaseTile, active: "red",
			refused: "blue place b-m 0,2 0", rule: "DEF-7", key: "err.not_your_turn"},
		{name: "a pass by the wrong player (DEF-7)", lines: []string{"red place b-rs 1,0 90"},
			phase: PhaseFigure, active: "red", refused: "blue pass", rule: "DEF-7", key: "err.not_your_turn"},
		{name: "a deploy by the wrong player (DEF-7)", lines: []string{"red place b-rs 1,0 90"},
			phase: PhaseFigure, active: "red", refused: "blue deploy follower E", rule: "DEF-7",
			key: "err.not_your_turn"},
		{name: "a player places twice: the implied pass, then it is blue's turn (DEF-7)",
			lines: []string{"red place b-rs 1,0 90"}, phase: PhaseFigure, active: "red",
			refused: "red place b-rs -1,0 90", rule: "DEF-7", key: "err.not_your_turn"},
		{name: "a deploy before any tile is placed this turn (BASE-6)", phase: PhaseTile, active: "red",
			refused: "red deploy follower E", rule: "BASE-6", key: "err.figure_not_now"},
		{name: "a deploy onto one's own tile after the turn has passed on (BASE-6)",
			lines: []string{"red place b-rs 1,0 90", "red pass"}, phase: PhaseTile, active: "blue",
			refused: "red deploy follower E", rule: "BASE-6", key: "err.figure_not_now"},
		{name: "a deploy onto one's own tile while the next player's step is pending (DEF-7)",
			lines: []string{"red place b-rs 1,0 90", "red pass", "blue place b-rs -1,0 90"}, phase: PhaseFigure,
			active: "blue", refused: "red deploy follower E", rule: "DEF-7", key: "err.not_your_turn"},
		{name: "a deploy onto a place of an earlier tile: the monastery is on 0,1, not on the tile just placed (BASE-6)",
			lines: []string{"red place b-m 0,1 0", "red pass", "blue place b-rs 1,0 90"}, phase: PhaseFigure,
			active: "blue", refused: "blue deploy follower monastery", rule: "BASE-6", key: "err.no_such_place"},
		{name: "a second deploy in one turn (BASE-6)",
			lines: []string{"red place b-rs 1,0 90", "red deploy follower E"}, phase: PhaseTile, active: "blue",
			refused: "red deploy follower N", rule: "BASE-6", key: "err.figure_not_now"},
		{name: "a second pass in one turn (BASE-6)", lines: []string{"red place b-rs 1,0 90", "red pass"},
			phase: PhaseTile, active: "blue", refused: "red pass", rule: "BASE-6", key: "err.figure_not_now"},
		{name: "a discard keeps the turn: the same player draws again (BASE-5)",
			lines: []string{"red place b-c1rs 0,1 180", "red pass", "blue discard b-m"}, phase: PhaseTile,
			active: "blue", refused: "red place b-rs 1,0 90", rule: "DEF-7", key: "err.not_your_turn"},
		// End of the game (END-1). The stack holds b-rs and b-c1: blue's cap closes the start city (2 x 2 = 4,
		// BASE-10(b)); red's road 0,0 + 1,0 scores 2 at the end (END-3(a)).
		{name: "the last tile's figure step is still open", stack: twoTiles,
			lines: []string{"red place b-rs 1,0 90", "red deploy follower E", "blue place b-c1 0,-1 180"},
			phase: PhaseFigure, active: "blue"},
		{name: "the game ends after the last tile's turn (END-1): final scoring once", stack: twoTiles,
			lines: []string{"red place b-rs 1,0 90", "red deploy follower E", "blue place b-c1 0,-1 180",
				"blue deploy follower S"}, phase: PhaseEnded,
			supply: map[Colour]int{"blue": 7}, scores: map[Colour]int{"red": 2, "blue": 4}},
		{name: "`end` after the implied end changes nothing", stack: twoTiles,
			lines: []string{"red place b-rs 1,0 90", "red deploy follower E", "blue place b-c1 0,-1 180",
				"blue deploy follower S", "end"}, phase: PhaseEnded, scores: map[Colour]int{"red": 2, "blue": 4}},
		{name: "nothing may follow `end`, not even `end` (record format; END-1)",
			lines: []string{"red place b-rs 1,0 90", "red deploy follower E", "end"}, phase: PhaseEnded,
			scores: map[Colour]int{"red": 2, "blue": 0}, refused: "end", rule: "END-1", key: "err.game_over"},
		{name: "`end` written early: the pending step is declined, the turn scored, then final scoring",
			lines: []string{"red place b-rs 1,0 90", "red deploy follower E", "blue place b-c1 0,-1 180", "end"},
			phase: PhaseEnded, scores: map[Colour]int{"red": 2, "blue": 0},
			refused: "red place b-rs 2,0 90", rule: "END-1", key: "err.game_over"},
		{name: "after `end` no pass is due either",
			lines: []string{"red place b-rs 1,0 90", "end"}, phase: PhaseEnded,
			refused: "red pass", rule: "END-1", key: "err.game_over"},
		{name: "a discarded last tile ends the game (BASE-5, END-1)", stack: map[string]int{"b-c1rs": 1, "b-m": 1},
			lines: []string{"red place b-c1rs 0,1 180", "red deploy follower S", "blue discard b-m"},
			phase: PhaseEnded, scores: map[Colour]int{"red": 1, "blue": 0}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			setup := c.setup
			if setup == "" {
				setup = setup2
			}
			g := newFlowGame(t, setup, c.stack)
			for i, line := range c.lines {
				if err := applyLine(t, g, line, i+3); err != nil {
					t.Fatalf("%q refused: %v", line, err)
				}
			}
			if g.Phase != c.phase || (c.active != "" && g.Colour(g.Active) != c.active) {
				t.Errorf("phase %s, active %s; want %s, %s", g.Phase, g.Colour(g.Active), c.phase, c.active)
			}
			for col, n := range c.supply {
				if got := g.S.InSupplyCount(g.Player(col), engine.Follower); got != n {
					t.Errorf("%s has %d followers in supply, want %d", col, got, n)
				}
			}
			sum := g.Summary()
			for _, p := range g.Setup.Players {
				if sum.Scores[p.Colour] != c.scores[p.Colour] {
					t.Errorf("%s has %d points, want %d\n%s", p.Colour, sum.Scores[p.Colour], c.scores[p.Colour],
						breakdown(g))
				}
			}
			if g.Phase == PhaseEnded {
				// Final() and a further `end` are no second final scoring.
				if f := g.Final().Summary().Scores; !reflect.DeepEqual(f, sum.Scores) {
					t.Errorf("Final() after the end gives %v, want %v", f, sum.Scores)
				}
			}
			if c.refused == "" {
				return
			}
			before, rec, phase, active := g.Summary(), recordOf(t, g), g.Phase, g.Active
			err := applyLine(t, g, c.refused, len(c.lines)+3)
			r, ok := err.(*Refusal)
			if !ok {
				t.Fatalf("%q: got %v, want a refusal citing %s", c.refused, err, c.rule)
			}
			if !strings.HasPrefix(r.Rule, c.rule) || (c.key != "" && r.Key != c.key) {
				t.Errorf("%q refused with %s (%s), want %s (%s)", c.refused, r.Rule, r.Key, c.rule, c.key)
			}
			if r.Line != len(c.lines)+3 {
				t.Errorf("refusal names line %d, want %d", r.Line, len(c.lines)+3)
			}
			if after := g.Summary(); !reflect.DeepEqual(after, before) {
				t.Errorf("a refused action changed the summary:\nbefore %+v\nafter  %+v", before, after)
			}
			if got := recordOf(t, g); got != rec {
				t.Errorf("a refused action changed the record:\nbefore %s\nafter  %s", rec, got)
			}
			if g.Phase != phase || g.Active != active {
				t.Errorf("a refused action changed the turn: %s %d -> %s %d", phase, active, g.Phase, g.Active)
			}
		})
	}
}

// TestEndInRecordNotTwice: a record that ends with `end` after the last tile replays to the same scores with and
// without --final (record format: "end-of-game scoring is never applied twice").
func TestEndInRecordNotTwice(t *testing.T) {
	text := "karkason-record 1\n" + setup2 + "\nred place b-rs 1,0 90\nred deploy follower E\nend\n"
	for _, final := range []bool{false, true} {
		g, err := Replay(strings.NewReader(text), final)
		if err != nil {
			t.Fatal(err)
		}
		if s := g.Summary(); s.Scores["red"] != 2 || s.Scores["blue"] != 0 || !s.Final {
			t.Errorf("final=%v: %v (final %v), want red 2, blue 0, final", final, s.Scores, s.Final)
		}
	}
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

// TestFullGameEnd: the real end of a complete base game (testdata/golden/base-full-game.rec: 69 tiles placed, 2
// discarded): the game is over after the last tile's turn (END-1); another tile or a pass is refused without
// touching the summary or the record; `end` after the implied end is accepted and changes nothing, Final() and
// replay --final add nothing (no double scoring).
func TestFullGameEnd(t *testing.T) {
	data, err := os.ReadFile("../testdata/golden/base-full-game.rec")
	if err != nil {
		t.Fatal(err)
	}
	want := map[Colour]int{"red": 33, "blue": 60, "green": 71} // worked out in the record's comments
	for _, final := range []bool{false, true} {
		g, err := Replay(bytes.NewReader(data), final)
		if err != nil {
			t.Fatal(err)
		}
		if g.Phase != PhaseEnded || g.Bag.LandLeft() != 0 || !reflect.DeepEqual(g.Summary().Scores, want) {
			t.Fatalf("final=%v: phase %s, %d tiles left, scores %v; want ended, 0, %v", final, g.Phase,
				g.Bag.LandLeft(), g.Summary().Scores, want)
		}
	}
	g, _ := Replay(bytes.NewReader(data), false)
	n := len(g.Actions)
	for _, line := range []string{"red place b-rs 0,-3 0", "red pass", "green deploy follower W"} {
		before, rec := g.Summary(), recordOf(t, g)
		err := applyLine(t, g, line, 999)
		if r, ok := err.(*Refusal); !ok || r.Rule != "END-1" {
			t.Errorf("%q after the end: got %v, want a refusal citing END-1", line, err)
		}
		if !reflect.DeepEqual(g.Summary(), before) || recordOf(t, g) != rec {
			t.Errorf("%q: a refused action changed the summary or the record", line)
		}
	}
	if err := applyLine(t, g, "end", 999); err != nil {
		t.Fatalf("end after the implied end: %v", err)
	}
	if len(g.Actions) != n+1 || !reflect.DeepEqual(g.Summary().Scores, want) {
		t.Errorf("end after the implied end: %d actions, scores %v; want %d, %v", len(g.Actions),
			g.Summary().Scores, n+1, want)
	}
	if s := g.Final().Summary().Scores; !reflect.DeepEqual(s, want) {
		t.Errorf("Final() after the end: %v, want %v", s, want)
	}
}
