package referee

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee/storefs"
)

// The record survives a full disk (issue 14): the store writes through a file system that fails like a full disk
// after N bytes, on a sync, a truncate, a rename or a folder sync, for every N across a whole game's lines and
// across undo. After each failure the record on disk is byte for byte what it was, replays to the game as it was
// before the failed action, no line is torn or joined, the game in memory is unchanged, and the retried action,
// once the space is freed, lands as one clean line.

// fullGame is a whole base game (testdata/golden/base-full-game.rec: 69 tiles, 2 discarded, red 33, blue 60,
// green 71, worked out in the record's comments).
func fullGame(t *testing.T) *Record {
	t.Helper()
	data, err := os.ReadFile("../testdata/golden/base-full-game.rec")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := ParseRecord(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// fullGameTail returns the text of the whole base game (fullGame) and the offset at which its last two lines begin:
// the record cut at every byte from there on is each way a last line can be left written halfway.
func fullGameTail(t *testing.T) (text string, from int) {
	t.Helper()
	text = readFile(t, "../testdata/golden/base-full-game.rec")
	from = strings.LastIndex(strings.TrimSuffix(text, "\n"), "\n")
	return text, strings.LastIndex(text[:from], "\n") + 1
}

// faultySession starts rec's game in a new record (path) in a temporary folder on a storefs.Faulty with no faults
// yet, and plays its first played actions.
func faultySession(t *testing.T, rec *Record, played int) (s *Session, fsys *storefs.Faulty, path string) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "g.rec")
	fsys = storefs.NewFaulty()
	s, err := NewSessionOn(fsys, rec.Setup, engine.Standard(), path)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range rec.Actions[:played] {
		if err := s.Do(a); err != nil {
			t.Fatal(err)
		}
	}
	return s, fsys, path
}

// writeFile writes text to the file name in dir and returns its path.
func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// sameGame checks that the record text replays to the game g: the same actions and the same scores.
func sameGame(t *testing.T, text string, g *Game, when string) {
	t.Helper()
	r, err := Replay(strings.NewReader(text), false)
	if err != nil {
		t.Fatalf("%s: the record on disk does not replay: %v\n%s", when, err, text)
	}
	want := g.Clone()
	want.Settle()
	if len(r.Actions) != len(g.Actions) || !reflect.DeepEqual(r.Summary().Scores, want.Summary().Scores) {
		t.Fatalf("%s: the record replays to %d actions %v, the game has %d %v", when, len(r.Actions),
			r.Summary().Scores, len(g.Actions), want.Summary().Scores)
	}
}

func wantFileError(t *testing.T, err error, problem FileProblem, stopped bool, when string) {
	t.Helper()
	var fe *FileError
	if !errors.As(err, &fe) {
		t.Fatalf("%s: error %v (%T), want a *FileError", when, err, err)
	}
	if got := ProblemOf(err); got != problem {
		t.Fatalf("%s: problem %q, want %q (%v)", when, got, problem, err)
	}
	if fe.Stopped != stopped {
		t.Fatalf("%s: stopped %v, want %v (%v)", when, fe.Stopped, stopped, err)
	}
	if _, ok := FileMessages(err); !ok {
		t.Fatalf("%s: no messages for %v", when, err)
	}
}

// Creating a game on a disk with room for N bytes of its first two lines: no game, no file, no lock file left;
// with the space freed, the game starts.
func TestCreateOnFullDisk(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.rec")
	first := Header + "\n" + storeSetup.String() + "\n"
	fsys := storefs.NewFaulty()
	for n := 0; n < len(first); n++ {
		fsys.Set(func(y *storefs.Faulty) { y.Space = int64(n) })
		s, err := NewSessionOn(fsys, storeSetup, engine.Standard(), path)
		if err == nil {
			t.Fatalf("space %d: the game started on a full disk", n)
		}
		_ = s
		var fe *FileError
		if !errors.As(err, &fe) || fe.Op != OpCreate || ProblemOf(err) != ProblemFull {
			t.Fatalf("space %d: %v, want a *FileError OpCreate, full", n, err)
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 0 {
			t.Fatalf("space %d: files left behind: %v", n, entries)
		}
	}
	for _, fault := range []func(*storefs.Faulty){
		func(y *storefs.Faulty) { y.SyncErr = syscall.EIO },
		func(y *storefs.Faulty) { y.SyncDirErr = syscall.EIO },
		func(y *storefs.Faulty) { y.OpenErr = syscall.EROFS },
	} {
		fsys.Free()
		fsys.Set(fault)
		if _, err := NewSessionOn(fsys, storeSetup, engine.Standard(), path); err == nil {
			t.Fatal("the game started though the disk failed")
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 0 {
			t.Fatalf("files left behind: %v", entries)
		}
	}
	fsys.Free()
	s, err := NewSessionOn(fsys, storeSetup, engine.Standard(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if got := readFile(t, path); got != first {
		t.Fatalf("record:\n%q\nwant %q", got, first)
	}
}

// Every action of a whole game, on a disk with room for 0 to len(line)-1 bytes, then with a failing sync: refused,
// the record and the game as they were; then, the space freed, the same action lands as one clean line.
func TestAppendOnFullDiskEveryByte(t *testing.T) {
	rec := fullGame(t)
	s, fsys, path := faultySession(t, rec, 0)
	defer s.Close()
	for i, a := range rec.Actions {
		line := actionLine(a) + "\n" // as Append writes it, with its comment
		before := readFile(t, path)
		n := len(s.Game.Actions)
		for space := 0; space <= len(line); space++ {
			fsys.Free()
			if space < len(line) {
				fsys.Set(func(y *storefs.Faulty) { y.Space = int64(space) })
			} else {
				fsys.Set(func(y *storefs.Faulty) { y.SyncErr = syscall.EIO }) // all of it written, the sync fails
			}
			err := s.Do(a)
			problem := ProblemFull
			if space == len(line) {
				problem = ProblemDisk
			}
			wantFileError(t, err, problem, false, line)
			if got := readFile(t, path); got != before {
				t.Fatalf("action %d %q, space %d: the record changed:\n%q\nwant\n%q", i, line, space, got, before)
			}
			if len(s.Game.Actions) != n {
				t.Fatalf("action %d, space %d: the game took the action", i, space)
			}
		}
		if i%10 == 0 || i == len(rec.Actions)-1 {
			sameGame(t, before, s.Game, "before "+line)
		}
		fsys.Free()
		if err := s.Do(a); err != nil {
			t.Fatalf("action %d %q with the space freed: %v", i, line, err)
		}
		if got := readFile(t, path); got != before+line {
			t.Fatalf("action %d: after the retry the record ends %q, want one clean line %q", i,
				got[max(0, len(got)-2*len(line)):], line)
		}
	}
	sameGame(t, readFile(t, path), s.Game, "the end")
	want := map[Colour]int{"red": 33, "blue": 60, "green": 71}
	if got := s.Game.Summary().Scores; !reflect.DeepEqual(got, want) {
		t.Fatalf("scores %v, want %v", got, want)
	}
}

// Undo rewrites the record through a temporary file: a disk with room for 0 to len(record)-1 bytes, a failing
// sync of the temporary file or a failing rename leave the record and the game as they were and no temporary file
// behind; a failing folder sync after the rename is Committed: the undo counts, the store stops, and opening the
// game again goes on from the undone record. Then undo and redo work with the space freed.
func TestUndoOnFullDisk(t *testing.T) {
	rec := fullGame(t)
	for _, at := range []int{1, 7, len(rec.Actions) / 2, len(rec.Actions)} {
		s, fsys, path := faultySession(t, rec, at)
		before := readFile(t, path)
		undone := s.Game.Clone()
		undone.Undo(1)
		var b bytes.Buffer
		if err := WriteRecord(&b, undone.Record()); err != nil {
			t.Fatal(err)
		}
		after := b.String()
		check := func(when string) {
			t.Helper()
			if got := readFile(t, path); got != before {
				t.Fatalf("at %d, %s: the record changed:\n%q", at, when, got)
			}
			if len(s.Game.Actions) != at {
				t.Fatalf("at %d, %s: the game has %d actions, want %d", at, when, len(s.Game.Actions), at)
			}
			if names, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".*")); len(names) != 0 {
				t.Fatalf("at %d, %s: a temporary file or journal is left behind: %v", at, when, names)
			}
		}
		for space := 0; space < len(after); space += max(1, len(after)/97) {
			fsys.Free()
			fsys.Set(func(y *storefs.Faulty) { y.Space = int64(space) })
			ok, err := s.Undo()
			if ok {
				t.Fatalf("at %d, space %d: undo done on a full disk", at, space)
			}
			wantFileError(t, err, ProblemFull, false, "undo")
			check(fmt.Sprintf("undo with space %d", space))
		}
		for name, fault := range map[string]func(*storefs.Faulty){
			"sync":   func(y *storefs.Faulty) { y.SyncErr = syscall.EIO },
			"rename": func(y *storefs.Faulty) { y.RenameErr = syscall.EROFS },
			"open":   func(y *storefs.Faulty) { y.OpenErr = syscall.EACCES },
		} {
			fsys.Free()
			fsys.Set(fault)
			if ok, err := s.Undo(); ok || err == nil {
				t.Fatalf("at %d: undo with a failing %s: %v %v", at, name, ok, err)
			}
			check("undo with a failing " + name)
		}
		if at%2 == 1 {
			// Writing the record over in place fails after the journal is in place (rewrite.go): the undo
			// counts, the store stops, and opening the game again finishes the rewrite from the journal.
			fsys.Free()
			fsys.Set(func(y *storefs.Faulty) { y.TruncateErr = syscall.EIO })
			ok, err := s.Undo()
			if !ok {
				t.Fatalf("at %d: a committed undo was not done: %v", at, err)
			}
			wantFileError(t, err, ProblemDisk, true, "committed undo")
			journal := journalName(path)
			if got := readFile(t, journal); got != after || len(s.Game.Actions) != at-1 {
				t.Fatalf("at %d: committed undo: journal %q, %d actions", at, got, len(s.Game.Actions))
			}
			stoppedAt := readFile(t, path)
			fsys.Free()
			err = s.Do(rec.Actions[at-1])
			wantFileError(t, err, ProblemDisk, true, "a stopped store")
			if got := readFile(t, path); got != stoppedAt {
				t.Fatalf("at %d: a stopped store wrote: %q", at, got)
			}
			if rd, err := ReadFile(path, engine.Standard()); err != nil || len(rd.Game.Actions) != at-1 {
				t.Fatalf("at %d: a reader does not read the journal: %v", at, err)
			}
			s.Close()
			if s, err = ResumeOn(fsys, path, engine.Standard()); err != nil {
				t.Fatalf("at %d: opening again: %v", at, err)
			}
			sameGame(t, after, s.Game, "opened again")
			if got := readFile(t, path); got != after {
				t.Fatalf("at %d: opened again, the rewrite was not finished: %q", at, got)
			}
			if _, err := os.Stat(journal); err == nil {
				t.Fatalf("at %d: the journal is left", at)
			}
			if err := s.Do(rec.Actions[at-1]); err != nil {
				t.Fatal(err)
			}
			if got := readFile(t, path); got != after+rec.Actions[at-1].String()+"\n" {
				t.Fatalf("at %d: the action again: %q", at, got)
			}
			before = readFile(t, path)
		}
		fsys.Free()
		if ok, err := s.Undo(); !ok || err != nil {
			t.Fatalf("at %d: undo with the space freed: %v %v", at, ok, err)
		}
		if got := readFile(t, path); got != after {
			t.Fatalf("at %d: after the undo:\n%q\nwant\n%q", at, got, after)
		}
		sameGame(t, after, s.Game, "after the undo")
		// Redo on a full disk fails and keeps the redo; with space it lands as one clean line.
		fsys.Set(func(y *storefs.Faulty) { y.Space = 3 })
		if ok, err := s.Redo(); ok || err == nil || !s.CanRedo() {
			t.Fatalf("at %d: redo on a full disk: %v %v, can redo %v", at, ok, err, s.CanRedo())
		}
		if got := readFile(t, path); got != after {
			t.Fatalf("at %d: a failed redo changed the record: %q", at, got)
		}
		fsys.Free()
		if ok, err := s.Redo(); !ok || err != nil {
			t.Fatalf("at %d: redo: %v %v", at, ok, err)
		}
		if got := readFile(t, path); got != after+rec.Actions[at-1].String()+"\n" {
			t.Fatalf("at %d: after the redo: %q", at, got)
		}
		s.Close()
	}
}

// When the cut after a failed append fails too, the store stops: it says so, writes nothing more, and opening the
// game again moves the torn bytes aside (torn-tail recovery) and goes on from the last saved action.
func TestStoreStopsWhenTheCutFails(t *testing.T) {
	rec := fullGame(t)
	s, fsys, path := faultySession(t, rec, 5)
	before := readFile(t, path)
	a := rec.Actions[5]
	fsys.Set(func(y *storefs.Faulty) { y.Space, y.TruncateErr = 7, syscall.EIO })
	err := s.Do(a)
	wantFileError(t, err, ProblemFull, true, "cut fails")
	if !s.Store.Stopped() || len(s.Game.Actions) != 5 {
		t.Fatalf("stopped %v, %d actions", s.Store.Stopped(), len(s.Game.Actions))
	}
	fsys.Free()
	written := readFile(t, path)
	err = s.Do(a)
	wantFileError(t, err, ProblemDisk, true, "after the stop")
	if got := readFile(t, path); got != written {
		t.Fatalf("a stopped store wrote: %q", got)
	}
	s.Close()
	r, err := ResumeOn(fsys, path, engine.Standard())
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if r.Recovered == nil || r.Recovered.TornBytes != 7 {
		t.Fatalf("recovery %+v, want the 7 torn bytes moved aside", r.Recovered)
	}
	if got := readFile(t, path); got != before {
		t.Fatalf("after opening again: %q, want %q", got, before)
	}
	if err := r.Do(a); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, path); got != before+actionLine(a)+"\n" {
		t.Fatalf("the action again: %q", got)
	}
}

// Opening a record whose torn tail cannot be moved aside (the disk is full) fails and changes nothing.
func TestOpenOnFullDiskKeepsTheTornTail(t *testing.T) {
	body := Header + "\n" + storeSetup.String() + "\n" + specMoves[0] + "\n" + "blue pla"
	path := writeFile(t, t.TempDir(), "g.rec", body)
	fsys := storefs.NewFaulty()
	fsys.Set(func(y *storefs.Faulty) { y.Space = 2 })
	if _, err := ResumeOn(fsys, path, engine.Standard()); ProblemOf(err) != ProblemFull {
		t.Fatalf("open on a full disk: %v", err)
	}
	if got := readFile(t, path); got != body {
		t.Fatalf("the record changed: %q", got)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	for _, e := range entries {
		if strings.Contains(e.Name(), ".torn-") {
			t.Fatalf("a part-written side file is left: %s", e.Name())
		}
	}
	fsys.Free()
	s, err := ResumeOn(fsys, path, engine.Standard())
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
}

// A wrong name for resume leaves no lock file behind.
func TestOpenMissingLeavesNoLock(t *testing.T) {
	dir := t.TempDir()
	_, err := Resume(filepath.Join(dir, "none.rec"), engine.Standard())
	if ProblemOf(err) != ProblemMissing {
		t.Fatalf("resume of a missing file: %v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("files left: %v", entries)
	}
}
