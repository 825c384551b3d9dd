package referee

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/karkason/karkason/engine"
)

func tileLine(id string, x, y, rot int) PositionLine {
	return PositionLine{Kind: PosTile, Tile: id, Pos: Pos{x, y}, Rot: rot}
}

// finished finishes the draft and returns the game and its position's lines as the record writes them.
func finished(t *testing.T, d *Draft) (*Game, []string) {
	t.Helper()
	g, err := d.Finish()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range g.Position {
		got = append(got, l.String())
	}
	return g, got
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
	if !d.TypedStart() {
		t.Fatal("start=standard: the start tile is not typed where it lies")
	}
	// The start tile, typed first here, where the record has it.
	must(e.Add(tileLine("b-c1rs", 0, 0, 0)))
	for rot, fits := range map[int]bool{0: false, 90: true, 180: false, 270: true} { // 270 is the same placement
		if err := d.Check(tileLine("b-rs", 1, 0, rot)); (err == nil) != fits {
			t.Errorf("b-rs east of the start tile turned %d: %v, want fits=%v", rot, err, fits)
		}
	}
	for rot := 0; rot < 360; rot += 90 {
		wantRule(t, "a city tile against the start tile's road", d.Check(tileLine("b-c4s", 1, 0, rot)), "BASE-4")
	}
	must(e.Add(tileLine("b-rs", 1, 0, 90)))
	err = e.Add(tileLine("b-c1", 2, 0, 90))
	wantRule(t, "a field edge against the road at 1,0", err, "BASE-4")
	if r, _ := err.(*Refusal); r == nil || r.Key != "err.pos.edge_neighbour" || len(r.At) != 1 || r.At[0] != (Pos{1, 0}) {
		t.Errorf("the refusal does not name the tile beside it: %#v", err)
	}
	// A tile apart from the board is an island while entering; the finished board must be one (POS-1).
	must(e.Add(tileLine("b-rs", 5, 5, 0)))
	_, err = d.Finish()
	wantRule(t, "an island when the board is finished", err, "POS-1")
	if r, _ := err.(*Refusal); r == nil || len(r.At) != 1 || r.At[0] != (Pos{5, 5}) {
		t.Errorf("the refusal does not show the island: %#v", err)
	}
	must(e.Remove(d.TileAt(Pos{5, 5})))
	wantRule(t, "two tiles in one cell", e.Add(tileLine("b-rs", 1, 0, 90)), "POS-1")
	wantRule(t, "a tile of another expansion", e.Add(tileLine("r1-spring", -1, 0, 0)), "POS-2")
	wantRule(t, "a cap facing away from the start tile's city", e.Add(tileLine("b-c1", 0, -1, 0)), "BASE-4")
	wantRule(t, "the King on an incomplete city", e.Add(PositionLine{Kind: PosKing, Colour: Red,
		Target: FeatureRef{Pos{0, 0}, "N"}}), "KING-2")
	if len(d.Lines()) != 2 {
		t.Fatalf("refused steps were kept: %v", d.Lines())
	}
	must(e.Add(tileLine("b-c1", 0, -1, 180))) // the cap faces S: the city is completed
	wantRule(t, "a road retyped as a city", e.Replace(d.TileAt(Pos{1, 0}), tileLine("b-c1", 1, 0, 90)), "BASE-4")
	must(e.Replace(d.TileAt(Pos{1, 0}), tileLine("b-rs", 1, 0, 270)))
	if d.Lines()[1].Rot != 270 {
		t.Fatalf("replaced tile: %v", d.Lines()[1])
	}
	if got := d.Markers(false); len(got) != 1 || got[0].Kind != engine.KCity {
		t.Fatalf("markers: %v", got)
	}
	var places []TileFeature // where a red follower may stand, in board order
	for _, p := range []Pos{{0, 0}, {1, 0}, {0, -1}} {
		for _, f := range d.TileFeatures(p) {
			err := d.StandRefusal(Red, engine.Follower, f.Seg)
			if err == nil {
				places = append(places, f)
			}
			if (f.Kind == engine.KCity) != (err != nil) {
				t.Errorf("a red follower on the %v at %v: %v (a follower may stand on all but the completed city)",
					f.Kind, p, err)
			}
			if d.StandRefusal(Red, engine.Abbot, f.Seg) == nil {
				t.Errorf("an abbot may stand on the %v at %v, with no monastery, shrine or garden on the board", f.Kind, p)
			}
		}
	}
	wantRule(t, "a follower on the completed city", e.Add(PositionLine{Kind: PosFollower, Colour: Red,
		Target: FeatureRef{Pos{0, -1}, "S"}}), "BASE-12")
	// The features of a tile, each with why nobody's figure may stand there: the completed city (BASE-12); the
	// field takes one.
	feats := d.TileFeatures(Pos{0, -1})
	if len(feats) != 2 {
		t.Fatalf("features of 0,-1: %v", feats)
	}
	for _, f := range feats {
		switch f.Kind {
		case engine.KCity:
			wantRule(t, "the completed city's reason", f.Why, "BASE-12")
			wantRule(t, "a red follower there", d.StandRefusal(Red, engine.Follower, f.Seg), "BASE-12")
		case engine.KField:
			if f.Why != nil {
				t.Errorf("a farmer may lie on the field: %v", f.Why)
			}
			wantRule(t, "a red abbot on a field", d.StandRefusal(Red, engine.Abbot, f.Seg), "ABBOT-4")
		}
	}
	wantRule(t, "a figure in the City without it", d.QuarterRefusal(Red, engine.Follower, "smithy"), "POS-4")
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
	if s2.Game.Phase != PhaseEnded || len(s2.Game.Position) != n-1 { // the start tile is the start piece now
		t.Errorf("resumed game: phase %s, %d position lines", s2.Game.Phase, len(s2.Game.Position))
	}
	data, _ := os.ReadFile(path)
	if !strings.Contains(string(data), "position red score 14\n") || strings.Contains(string(data), "score 4\n") ||
		strings.Contains(string(data), "b-c1rs") || strings.Contains(string(data), "start=none") {
		t.Errorf("file:\n%s", data)
	}
}

// An entry's river beside land tiles: the river tiles not entered were discarded (RIVER-10) and are out of the game
// once the board is finished (POS-2, POS-9); a hand-edited line that is refused on resuming is refused with its
// line, as replay refuses it, and the file is left as it is (issue 21).
func TestDraftRiverAndResume(t *testing.T) {
	setup := Setup{Players: []PlayerSpec{{"A", Red}, {"B", Blue}}, Expansions: []string{ExpansionRiver}}
	dir := t.TempDir()
	path := filepath.Join(dir, "entry.rec")
	e, err := NewEntry(setup, engine.Standard(), path)
	if err != nil {
		t.Fatal(err)
	}
	if !e.Draft.TypedStart() {
		t.Error("the River's spring is not typed where it lies (issue 30: a reader from the top-left types it in turn)")
	}
	// The spring r1-spring typed at 0,0: road N and E, river S, field W.
	if err := e.Add(tileLine("r1-spring", 0, 0, 0)); err != nil {
		t.Fatal(err)
	}
	if err := e.Add(tileLine("b-m", -1, 0, 0)); err != nil { // a land tile beside the spring
		t.Fatal(err)
	}
	g, err := e.Draft.Finish()
	if err != nil {
		t.Fatalf("a river laid in part beside land tiles: %v", err)
	}
	if sp := g.S.At(engine.Pos{}); sp == nil || sp.Type.ID != "r1-spring" || g.Setup.start() != StartRiver ||
		len(g.Position) != 1 {
		t.Errorf("finished: the spring is not the start piece at 0,0 of a start=river record: %+v %v", g.Setup,
			g.Position)
	}
	if n := g.Bag.RiverLeft(); n != 0 {
		t.Errorf("%d river tiles still to draw: the missing ones are out of the game (POS-9)", n)
	}
	err = g.Apply(Action{Colour: Red, Verb: VerbPlace, Tile: "r1-straight", Pos: Pos{0, 1}, Rot: 0})
	wantRule(t, "a river tile after the position", err, "CFG-5")
	e.Close()
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("position tile b-m -1,0 0\n")
	f.Close()
	before := readFile(t, path)
	e2, err := ResumeEntry(path, engine.Standard())
	wantRule(t, "a hand-edited second tile in a cell", err, "POS-1")
	if r, ok := err.(*Refusal); !ok || r.Line != 7 || e2 != nil { // the header, two marks, the setup, three tiles
		t.Fatalf("resumed entry %+v, %v: want a refusal of line 7", e2, err)
	}
	if got := readFile(t, path); got != before {
		t.Errorf("the refused entry was changed:\n%s", got)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("files beside the entry: %v", entries)
	}
}

// The start tile typed where it lies, the board read row by row from its top-left corner: the record format's
// example (start at 0,0, b-rs east of it, b-c1 north), turned half round on the table and entered in the entry's
// coordinates (the first tile at 0,0, its row's second tile an island until the row below joins them). Finish puts
// the start piece at 0,0 lying as it lies (the board turned back) and gives the example's position and tally.
func TestDraftTypedStartNormalised(t *testing.T) {
	cat := engine.Standard()
	setup := Setup{Players: []PlayerSpec{{"Ана", Red}, {"Богдан", Blue}}, Expansions: []string{ExpansionFarmers},
		Start: StartStandard}
	d, err := NewDraft(setup, cat)
	if err != nil {
		t.Fatal(err)
	}
	_, err = d.Finish()
	wantRule(t, "no tile yet", err, "POS-1")
	// Turned half round: the record's 1,0 b-rs 90 lies at -1,0 turned 270, the start tile at 0,0 turned 180, the
	// record's 0,-1 b-c1 180 at 0,1 turned 0; shifted one column east so that the top-left tile is at 0,0.
	for _, l := range []PositionLine{
		tileLine("b-rs", 0, 0, 270),
		{Kind: PosFollower, Colour: Red, Target: FeatureRef{Pos{0, 0}, "W"}}, // the record's 1,0:E
		tileLine("b-c1", 1, 1, 0), // an island until the start tile joins it
	} {
		if err := d.Add(l); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
	_, err = d.Finish()
	wantRule(t, "no start tile on the board", err, "POS-1")
	for _, l := range []PositionLine{
		tileLine("b-c1rs", 1, 0, 180),
		{Kind: PosFollower, Colour: Blue, Target: FeatureRef{Pos{1, 0}, "NNW"}}, // the record's 0,0:SSE
		{Kind: PosScore, Colour: Red, N: 41}, {Kind: PosScore, Colour: Blue, N: 37},
	} {
		if err := d.Add(l); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
	if d.Turns() != 2 {
		t.Errorf("the board is turned %d quarter turns, want 2", d.Turns())
	}
	g, got := finished(t, d)
	want := []string{"position tile b-rs 1,0 90", "position red follower 1,0:E", "position tile b-c1 0,-1 180",
		"position blue follower 0,0:SSE", "position red score 41", "position blue score 37"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("normalised position:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if g.Setup.Start != StartStandard || g.S.Tiles[0].Type.ID != "b-c1rs" || g.S.Tiles[0].Pos != (engine.Pos{}) {
		t.Errorf("the start piece: %s, %v", g.Setup.Start, g.S.Tiles[0])
	}
	if err := g.Apply(Action{Verb: VerbEnd}); err != nil {
		t.Fatal(err)
	}
	if s := g.S.Scores; s[0] != 43 || s[1] != 37 { // the format's example: red 41+2, blue 37+0
		t.Errorf("tally %v, want red 43 blue 37", s[:2])
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
	if err := d.Add(tileLine("b-c1rs", 0, 0, 0)); err != nil { // the start tile, typed where the record has it
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

// An entry saved before the start tile was typed (start=standard, its lines in the record's coordinates, the start
// piece at 0,0) is resumed with the start tile as a tile of the entry at 0,0; its file stays byte for byte as it was
// until a step changes it (issue 32), which makes it the entry's, its comments as written.
func TestResumeEntryWithStartPiece(t *testing.T) {
	old := "karkason-record 1\n# " + entryMark + "\n#x\n#\nsetup players=Ана:red,Богдан:blue expansions=farmers start=standard\n" +
		"position tile b-rs 1,0 90\n#  two  spaces\nposition red follower 1,0:E\n"
	path := writeFile(t, t.TempDir(), "old.rec", old)
	e, err := ResumeEntry(path, engine.Standard())
	if err != nil {
		t.Fatal(err)
	}
	lines := e.Draft.Lines()
	if len(lines) != 3 || lines[0].String() != "position tile b-c1rs 0,0 0" || !e.Draft.TypedStart() {
		t.Fatalf("resumed lines %v", lines)
	}
	e.Close()
	if got := readFile(t, path); got != old {
		t.Fatalf("opening the entry changed its file:\n%s", got)
	}
	e, err = ResumeEntry(path, engine.Standard())
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if err := e.Add(tileLine("b-c1", 0, -1, 180)); err != nil {
		t.Fatal(err)
	}
	got := readFile(t, path)
	rec, err := ParseRecord(strings.NewReader(got))
	if err != nil {
		t.Fatal(err)
	}
	if rec.Setup.Start != StartNone || !IsEntry(rec) || len(rec.Position) != 4 {
		t.Errorf("the file is not the entry's:\n%s", got)
	}
	for _, c := range []string{"\n#x\n#\n", "\n#  two  spaces\n"} {
		if !strings.Contains(got, c) {
			t.Errorf("the comment lines %q are not kept as written:\n%s", c, got)
		}
	}
	e.Close()
	e2, err := ResumeEntry(path, engine.Standard())
	if err != nil {
		t.Fatal(err)
	}
	defer e2.Close()
	if got := e2.Draft.Lines(); len(got) != 4 || !e2.Draft.TypedStart() {
		t.Errorf("resumed again: %v", got)
	}
}

// Going on playing from an entry is saved (issue 32): its marks leave the file, which is a game from then on
// (IsEntry false, Resume opens it), every other line as written; an old entry (start piece at 0,0) keeps its lines.
func TestEntryPlayIsSaved(t *testing.T) {
	for _, tc := range []struct{ name, text, want string }{
		{"start=none", Header + "\n# " + entryMark + "\n#x\nsetup players=A:red,B:blue start=none\n" +
			"position tile b-m 0,1 0\n#\n", Header + "\n#x\nsetup players=A:red,B:blue start=none\n" +
			"position tile b-m 0,1 0\n#\n"},
		{"old", Header + "\n# " + entryMark + "\nsetup players=A:red,B:blue start=standard\n" +
			"position tile b-rs 1,0 90  #a road\n#\n", Header + "\nsetup players=A:red,B:blue start=standard\n" +
			"position tile b-rs 1,0 90  #a road\n#\n"},
		{"typed", Header + "\n# " + entryMark + "\n# " + typedMark + "\n#x\nsetup players=A:red,B:blue start=none\n" +
			"position tile b-c1rs 0,0 90 # turned\n#\nposition tile b-rs 0,1 0 #a road\n",
			Header + "\n#x\nsetup players=A:red,B:blue start=standard\n#\nposition tile b-rs 1,0 270  # a road\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := writeFile(t, t.TempDir(), "e.rec", tc.text)
			e, err := ResumeEntry(path, engine.Standard())
			if err != nil {
				t.Fatal(err)
			}
			if got := readFile(t, path); got != tc.text {
				t.Fatalf("opening changed the file:\n%s", got)
			}
			s, err := e.Play()
			if err != nil {
				t.Fatal(err)
			}
			s.Close()
			got := readFile(t, path)
			if got != tc.want {
				t.Fatalf("after Play:\n%s\nwant:\n%s", got, tc.want)
			}
			rec, err := ParseRecord(strings.NewReader(got))
			if err != nil || IsEntry(rec) {
				t.Fatalf("after Play the record is an entry (%v):\n%s", err, got)
			}
			s, err = Resume(path, engine.Standard())
			if err != nil {
				t.Fatal(err)
			}
			s.Close()
			if again := readFile(t, path); again != got {
				t.Fatalf("resume changed the file:\n%s", again)
			}
		})
	}
}

// The figures of Inns & Cathedrals and Traders & Builders turn with the board like the others when the start tile
// is typed where it lies: the large follower of the example above, entered in the entry's coordinates at 0,0:W, is
// the record's 1,0:E (normalise moved only followers and abbots before).
func TestDraftTypedStartLargeFollowerTurns(t *testing.T) {
	setup := Setup{Players: []PlayerSpec{{"Ана", Red}, {"Богдан", Blue}},
		Expansions: []string{ExpansionFarmers, ExpansionInnsCathedrals}, Start: StartStandard}
	d, err := NewDraft(setup, engine.Standard())
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []PositionLine{
		tileLine("b-rs", 0, 0, 270),
		{Kind: PosLarge, Colour: Red, Target: FeatureRef{Pos{0, 0}, "W"}}, // the record's 1,0:E
		tileLine("b-c1", 1, 1, 0),
		tileLine("b-c1rs", 1, 0, 180),
	} {
		if err := d.Add(l); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
	_, got := finished(t, d)
	want := []string{"position tile b-rs 1,0 90", "position red large 1,0:E", "position tile b-c1 0,-1 180"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("normalised position:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// Every piece lying on a tile turns with the board when the start tile is typed where it lies (issue 29: normalise
// moved figures and markers only; a barn, the dragon and the fairy kept the entry's cells, so a board read from
// its top-left corner was refused at F10 with POS-3 "no tile at …"). A position of the record format, read from
// the table turned half round (a cell x,y of the record lies at 5-x,5-y, every tile turned 180, N↔S, E↔W, a corner
// NW↔SE), is entered in the entry's coordinates; Finish gives the record's lines back.
func TestDraftTypedStartEveryPieceTurns(t *testing.T) {
	setup := Setup{Players: []PlayerSpec{{"Ана", Red}, {"Богдан", Blue}},
		Expansions: []string{ExpansionFarmers, "abbey-mayor", "princess-dragon"}, Start: StartStandard}
	cases := []struct{ entry, record string }{
		{"position tile b-c1rs 5,5 180", ""}, // the start piece: the record's 0,0, not a line
		{"position tile b-rs 4,5 270", "position tile b-rs 1,0 90"},
		{"position tile pd-volcanostraight 3,5 180", "position tile pd-volcanostraight 2,0 0"},
		{"position tile b-m 5,4 180", "position tile b-m 0,1 0"},
		{"position tile b-m 4,4 180", "position tile b-m 1,1 0"},
		{"position tile b-m 5,3 180", "position tile b-m 0,2 0"},
		{"position tile b-m 4,3 180", "position tile b-m 1,2 0"},
		{"position blue barn 4,3:SE", "position blue barn 1,2:NW"}, // where 0,1 1,1 0,2 1,2 meet (AM-21)
		{"position red mayor 5,5:S", "position red mayor 0,0:N"},   // the start tile's city (AM-11)
		{"position dragon 3,5", "position dragon 2,0"},             // on its volcano (POS-13)
		{"position fairy 4,4", "position fairy 1,1"},               // beside no figure (POS-14)
	}
	d, err := NewDraft(setup, engine.Standard())
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, c := range cases {
		l, err := ParsePositionLine(c.entry, 0)
		if err != nil {
			t.Fatalf("%s: %v", c.entry, err)
		}
		if err := d.Add(l); err != nil {
			t.Fatalf("%s: %v", c.entry, err)
		}
		if c.record != "" {
			want = append(want, c.record)
		}
	}
	_, got := finished(t, d)
	slices.Sort(got)
	slices.Sort(want)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("normalised position:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A figure on the dragon's tile is refused before it is entered, as Add would refuse it (POS-3 amended, POS-13,
// PD-7): StandRefusal cites POS-13 for every figure on the volcano the dragon stands on, and nothing on the tile
// beside it.
func TestDraftStandRefusalOnTheDragonsTile(t *testing.T) {
	setup := Setup{Players: []PlayerSpec{{"Ана", Red}, {"Богдан", Blue}},
		Expansions: []string{ExpansionFarmers, "princess-dragon"}, Start: StartStandard}
	d, err := NewDraft(setup, engine.Standard())
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"position tile b-c1rs 0,0 0", "position tile b-rs 1,0 90",
		"position tile pd-volcanostraight 2,0 0", "position dragon 2,0"} {
		l, err := ParsePositionLine(text, 0)
		if err != nil {
			t.Fatal(err)
		}
		if err := d.Add(l); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
	}
	s := d.Game().S
	for _, c := range []struct {
		pos  engine.Pos
		rule string
	}{{engine.Pos{X: 2}, "POS-13"}, {engine.Pos{X: 1}, ""}} {
		ti := s.TileIndex(c.pos)
		for local, sd := range s.Tiles[ti].Type.Segs {
			if sd.Kind != engine.KRoad && sd.Kind != engine.KField {
				continue
			}
			seg, err := s.FeatureAt(c.pos, s.PlaceName(ti, local))
			if err != nil {
				t.Fatal(err)
			}
			err = d.StandRefusal(Red, engine.Follower, seg)
			var r *Refusal
			if got := ""; errors.As(err, &r) && r.Rule != c.rule || r == nil && c.rule != "" {
				if r != nil {
					got = r.Rule
				}
				t.Errorf("a follower on %v's %s: %q (%v), want %q", c.pos, sd.Kind, got, err, c.rule)
			}
		}
	}
}
