package referee

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/karkason/karkason/engine"
)

// The autosave contract: every confirmed action is on disk before it counts; a torn last line is moved aside and
// the game resumes to the last complete action; a second program cannot open the same game; undo rewrites the
// record atomically; a refused action writes nothing.

var storeSetup = Setup{Players: []PlayerSpec{{"Ана", Red}, {"Богдан", Blue}}, Expansions: []string{"farmers"},
	Start: StartStandard}

// specMoves are the record format's example actions: blue closes a 2-tile city for 4 (BASE-10(b)).
var specMoves = []string{
	"red place b-rs 1,0 90",
	"red deploy follower E",
	"blue place b-c1 0,-1 180",
	"blue deploy follower S",
}

func mustAction(t *testing.T, line string) Action {
	t.Helper()
	a, _, err := ParseAction(line, 0)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestSessionSavesEveryAction(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.rec")
	s, err := NewSession(storeSetup, engine.Standard(), path)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range specMoves {
		if err := s.Do(mustAction(t, l)); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
	// A refused action (blue is not the active player: DEF-7) writes nothing.
	before, _ := os.ReadFile(path)
	if err := s.Do(mustAction(t, "blue place b-rs 2,0 90")); err == nil {
		t.Fatal("blue's move out of turn was accepted")
	}
	after, _ := os.ReadFile(path)
	if string(before) != string(after) {
		t.Fatalf("a refused action changed the record:\n%s", after)
	}
	s.Close()
	want := Header + "\n" + storeSetup.String() + "\n" + strings.Join(specMoves, "\n") + "\n"
	if string(after) != want {
		t.Fatalf("record on disk:\n%s\nwant:\n%s", after, want)
	}
	r, err := Resume(path, engine.Standard())
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if got := r.Game.Summary().Scores; got[Red] != 0 || got[Blue] != 4 {
		t.Fatalf("resumed scores %v, want red 0 blue 4", got)
	}
}

func TestTornLastLine(t *testing.T) {
	tests := []struct {
		name, tail string
		actions    int
	}{
		{"cut mid-word", "blue place b-c1 0,-1 1", 2},
		{"cut after the verb", "blue pla", 2},
		{"one byte", "b", 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			body := Header + "\n" + storeSetup.String() + "\n" + specMoves[0] + "\n" + specMoves[1] + "\n"
			path := writeFile(t, t.TempDir(), "g.rec", body+tc.tail)
			s, err := Resume(path, engine.Standard())
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if s.Recovered == nil || s.Recovered.TornBytes != len(tc.tail) {
				t.Fatalf("recovery %+v, want %d torn bytes", s.Recovered, len(tc.tail))
			}
			saved, err := os.ReadFile(s.Recovered.SavedTo)
			if err != nil || string(saved) != tc.tail {
				t.Fatalf("side file holds %q (%v), want %q", saved, err, tc.tail)
			}
			if got, _ := os.ReadFile(path); string(got) != body {
				t.Fatalf("record after recovery:\n%s", got)
			}
			if len(s.Game.Actions) != tc.actions {
				t.Fatalf("%d actions resumed, want %d", len(s.Game.Actions), tc.actions)
			}
			// The game goes on from there and the next action lands on a line of its own.
			if err := s.Do(mustAction(t, specMoves[2])); err != nil {
				t.Fatal(err)
			}
			got, _ := os.ReadFile(path)
			if !strings.HasSuffix(string(got), "\n"+specMoves[2]+"\n") {
				t.Fatalf("record after the next action:\n%s", got)
			}
		})
	}
}

func TestSecondProgramIsLockedOut(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.rec")
	s, err := NewSession(storeSetup, engine.Standard(), path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Resume(path, engine.Standard()); !errors.Is(err, ErrLocked) {
		t.Fatalf("second open: %v, want ErrLocked", err)
	}
	s.Close()
	r, err := Resume(path, engine.Standard())
	if err != nil {
		t.Fatalf("open after close: %v", err)
	}
	r.Close()
	if _, err := NewSession(storeSetup, engine.Standard(), path); err == nil {
		t.Fatal("a new game overwrote an existing record")
	}
}

func TestUndoRewritesTheRecord(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.rec")
	s, err := NewSession(storeSetup, engine.Standard(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, l := range specMoves {
		if err := s.Do(mustAction(t, l)); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < 2; i++ {
		if ok, err := s.Undo(); !ok || err != nil {
			t.Fatalf("undo: %v %v", ok, err)
		}
	}
	got, _ := os.ReadFile(path)
	want := Header + "\n" + storeSetup.String() + "\n" + specMoves[0] + "\n" + specMoves[1] + "\n"
	if string(got) != want {
		t.Fatalf("record after two undos:\n%s\nwant:\n%s", got, want)
	}
	if sc := s.Game.Summary().Scores; sc[Blue] != 0 {
		t.Fatalf("blue's city is undone, scores %v", sc)
	}
	if ok, err := s.Redo(); !ok || err != nil {
		t.Fatalf("redo: %v %v", ok, err)
	}
	if ok, err := s.Redo(); !ok || err != nil {
		t.Fatalf("redo: %v %v", ok, err)
	}
	if sc := s.Game.Summary().Scores; sc[Blue] != 4 {
		t.Fatalf("after redo blue has %d, want 4", sc[Blue])
	}
	got, _ = os.ReadFile(path)
	if !strings.HasSuffix(string(got), specMoves[3]+"\n") {
		t.Fatalf("record after redo:\n%s", got)
	}
	if ok, _ := s.Redo(); ok {
		t.Fatal("redo with nothing undone")
	}
}
