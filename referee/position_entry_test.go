package referee

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/karkason/karkason/engine"
)

func tileLine(id string, x, y, rot int) PositionLine {
	return PositionLine{Kind: PosTile, Tile: id, Pos: Pos{x, y}, Rot: rot}
}

func wantRule(t *testing.T, what string, err error, rule string) {
	t.Helper()
	var r *Refusal
	if !errors.As(err, &r) || r.Rule != rule {
		t.Errorf("%s: got %v, want a refusal citing %s", what, err, rule)
	}
}

// The table's entry of a board: each step checked as it is entered with the rule a record's position would get,
// tiles replaced and removed where they lie, figure places and markers listed, saved as entered and resumed.
func TestDraftSteps(t *testing.T) {
	setup := Setup{Players: []PlayerSpec{{"Ана", Red}, {"Богдан", Blue}},
		Expansions: []string{ExpansionFarmers, ExpansionKingRobber, ExpansionAbbot}}
	path := filepath.Join(t.TempDir(), "entry.rec")
	e, err := NewEntry(setup, engine.Standard(), path)
	if err != nil {
		t.Fatal(err)
	}
	d := e.Draft
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	if got := d.Fits("b-rs", Pos{1, 0}); len(got) != 1 || got[0] != 90 { // 270 is the same placement
		t.Errorf("b-rs fits east of the start tile in %v, want [90]", got)
	}
	if got := d.Fits("b-c4s", Pos{1, 0}); got != nil {
		t.Errorf("a city tile fits against the start tile's road in %v", got)
	}
	must(e.Add(tileLine("b-rs", 1, 0, 90)))
	wantRule(t, "a city edge against the start tile's road", e.Add(tileLine("b-c1", 2, 0, 90)), "BASE-4")
	wantRule(t, "a tile touching nothing", e.Add(tileLine("b-rs", 5, 5, 0)), "POS-1")
	wantRule(t, "two tiles in one cell", e.Add(tileLine("b-rs", 1, 0, 90)), "POS-1")
	wantRule(t, "a tile of another expansion", e.Add(tileLine("r1-spring", -1, 0, 0)), "POS-2")
	wantRule(t, "a cap facing away from the start tile's city", e.Add(tileLine("b-c1", 0, -1, 0)), "BASE-4")
	wantRule(t, "the King on an incomplete city", e.Add(PositionLine{Kind: PosKing, Colour: Red,
		Target: FeatureRef{Pos{0, 0}, "N"}}), "KING-2")
	if len(d.Lines()) != 1 {
		t.Fatalf("refused steps were kept: %v", d.Lines())
	}
	must(e.Add(tileLine("b-c1", 0, -1, 180))) // the cap faces S: the city is completed
	wantRule(t, "a road retyped as a city", e.Replace(d.TileAt(Pos{1, 0}), tileLine("b-c1", 1, 0, 90)), "BASE-4")
	must(e.Replace(d.TileAt(Pos{1, 0}), tileLine("b-rs", 1, 0, 270)))
	if d.Lines()[0].Rot != 270 {
		t.Fatalf("replaced tile: %v", d.Lines()[0])
	}
	if got := d.Markers(false); len(got) != 1 || got[0].Kind != engine.KCity {
		t.Fatalf("markers: %v", got)
	}
	places := d.FigurePlaces(Red, engine.Follower)
	for _, p := range places {
		if p.Kind == engine.KCity {
			t.Errorf("a follower offered on the completed city: %v", p)
		}
	}
	if len(d.FigurePlaces(Red, engine.Abbot)) != 0 {
		t.Error("an abbot offered with no monastery, shrine or garden on the board")
	}
	wantRule(t, "a follower on the completed city", e.Add(PositionLine{Kind: PosFollower, Colour: Red,
		Target: FeatureRef{Pos{0, -1}, "S"}}), "BASE-12")
	must(e.Add(PositionLine{Kind: PosFollower, Colour: Red, Target: places[0].Ref}))
	must(e.Add(PositionLine{Kind: PosFollower, Colour: Blue, Target: FeatureRef{Pos{1, 0}, "E"}}))
	if _, err := e.Set(PositionLine{Kind: PosKing, Colour: Blue, Target: d.Markers(false)[0].Ref}); err != nil {
		t.Fatal(err)
	}
	wantRule(t, "the Robber Baron's marker on a city", d.Check(PositionLine{Kind: PosRobber, Colour: Red,
		Target: FeatureRef{Pos{0, -1}, "S"}}), "ROBBER-2")
	wantRule(t, "a second King", d.Check(PositionLine{Kind: PosKing, Colour: Red,
		Target: FeatureRef{Pos{0, -1}, "S"}}), "POS-5")
	if _, err := e.Set(PositionLine{Kind: PosScore, Colour: Red, N: 4}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Set(PositionLine{Kind: PosScore, Colour: Red, N: 14}); err != nil { // replaced, not added
		t.Fatal(err)
	}
	wantRule(t, "taking away the tile the King's city needs", e.Remove(d.TileAt(Pos{0, -1})), "KING-2")
	n := len(d.Lines())
	e.Close()

	// Resumed: the same lines.
	e2, err := ResumeEntry(path, engine.Standard())
	if err != nil {
		t.Fatal(err)
	}
	if got := e2.Draft.Lines(); len(got) != n || got[n-1].N != 14 {
		t.Fatalf("resumed %d lines %v, want %d", len(got), got, n)
	}
	s, err := e2.Play()
	if err != nil {
		t.Fatal(err)
	}
	if s.Game.S.Scores[0] != 14 || s.Game.S.King.Player != 1 || s.Game.Active != 0 {
		t.Errorf("game: scores %v, King %d, active %d", s.Game.S.Scores, s.Game.S.King.Player, s.Game.Active)
	}
	if ok, _ := s.Undo(); ok {
		t.Error("undo went back past the position")
	}
	must(s.Do(Action{Colour: Red, Verb: VerbPlace, Tile: "b-rs", Pos: Pos{-1, 0}, Rot: 90}))
	must(s.Do(Action{Verb: VerbEnd}))
	s.Close()
	if _, err := ResumeEntry(path, engine.Standard()); !errors.Is(err, ErrNotEntry) {
		t.Errorf("resuming a game as an entry: %v", err)
	}
	s2, err := Resume(path, engine.Standard())
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	if s2.Game.Phase != PhaseEnded || len(s2.Game.Position) != n {
		t.Errorf("resumed game: phase %s, %d position lines", s2.Game.Phase, len(s2.Game.Position))
	}
	data, _ := os.ReadFile(path)
	if !strings.Contains(string(data), "position red score 14\n") || strings.Contains(string(data), "score 4\n") {
		t.Errorf("file:\n%s", data)
	}
}

// An entry's half-laid river is fine while entering; Finish refuses it (POS-2); a hand-edited line that is refused
// on resuming is refused with its line, as replay refuses it, and the file is left as it is (issue 21).
func TestDraftRiverAndResume(t *testing.T) {
	setup := Setup{Players: []PlayerSpec{{"A", Red}, {"B", Blue}}, Expansions: []string{ExpansionRiver}}
	dir := t.TempDir()
	path := filepath.Join(dir, "entry.rec")
	e, err := NewEntry(setup, engine.Standard(), path)
	if err != nil {
		t.Fatal(err)
	}
	// The spring r1-spring lies at 0,0: road N and E, river S, field W.
	if err := e.Add(tileLine("b-m", -1, 0, 0)); err != nil { // a land tile beside the spring: fine while entering
		t.Fatal(err)
	}
	_, err = e.Draft.Finish()
	wantRule(t, "half a river beside land tiles", err, "POS-2")
	e.Close()
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("position tile b-m 9,9 0\n")
	f.Close()
	before := readFile(t, path)
	e2, err := ResumeEntry(path, engine.Standard())
	wantRule(t, "a hand-edited detached tile", err, "POS-1")
	if r, ok := err.(*Refusal); !ok || r.Line != 4 || e2 != nil {
		t.Fatalf("resumed entry %+v, %v: want a refusal of line 4", e2, err)
	}
	if got := readFile(t, path); got != before {
		t.Errorf("the refused entry was changed:\n%s", got)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("files beside the entry: %v", entries)
	}
}

// KING-3 in a position: the King's marker lies on the largest completed city, so the entry offers only the largest
// and refuses the marker on a smaller one; equal sizes are both offered (KING-3 is strict).
func TestDraftMarkersLargest(t *testing.T) {
	setup := Setup{Players: []PlayerSpec{{"Ана", Red}, {"Богдан", Blue}},
		Expansions: []string{ExpansionKingRobber}}
	d, err := NewDraft(setup, engine.Standard())
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Add(tileLine("b-c1", 0, -1, 180)); err != nil { // closes the start city: 2 cells
		t.Fatal(err)
	}
	if got := d.Markers(false); len(got) != 1 {
		t.Fatalf("one completed city: markers %v", got)
	}
	for _, l := range []PositionLine{tileLine("b-c1", 1, -1, 90), tileLine("b-c1", 2, -1, 270)} {
		if err := d.Add(l); err != nil { // another 2-cell city, completed: equal
			t.Fatal(err)
		}
	}
	if got := d.Markers(false); len(got) != 2 {
		t.Fatalf("two equal completed cities: markers %v, want both", got)
	}
	// Retype 0,-1 as a city N-S and close it at 0,-2: the start city grows to 3 cells.
	if err := d.Replace(d.TileAt(Pos{0, -1}), tileLine("b-c2o", 0, -1, 90)); err != nil {
		t.Fatal(err)
	}
	if err := d.Add(tileLine("b-c1", 0, -2, 180)); err != nil {
		t.Fatal(err)
	}
	got := d.Markers(false)
	if len(got) != 1 || got[0].Ref.Pos.X != 0 {
		t.Fatalf("a 3-cell and a 2-cell completed city: markers %v, want only the 3-cell one", got)
	}
	wantRule(t, "the King on the smaller city", d.Add(PositionLine{Kind: PosKing, Colour: Blue,
		Target: FeatureRef{Pos{1, -1}, "E"}}), "KING-3")
	if err := d.Add(PositionLine{Kind: PosKing, Colour: Blue, Target: got[0].Ref}); err != nil {
		t.Fatal(err)
	}
}
