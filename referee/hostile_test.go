package referee

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee/storefs"
)

// Hostile files, the second round (issue 21): nothing is changed that nobody asked to change. A file is only
// changed once it is known to be a record and the change is one the players asked for (an action, an undo) or the
// recovery of a cut-off last line; every reader of records reads the same lines; nothing hangs on a FIFO; no lock
// file is left.

// dirNames lists the names in dir, sorted.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// Resume and ResumeEntry of a file that is not a record, or of a record they refuse, change nothing: not a byte of
// the file, and no file beside it (no .torn-, .refused- or .lock file). `resume notes.txt` once moved "bread" to
// notes.txt.torn-… and left notes.txt.lock; a PNG lost its last 69 bytes; a record cut off inside its setup line
// was cut back to its header.
func TestResumeChangesNothingItRefuses(t *testing.T) {
	png := "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10" + strings.Repeat("\x00IDAT\xff", 12)
	for _, tc := range []struct{ name, text string }{
		{"a shopping list", "shopping list\nmilk\nbread"},
		{"a PNG", png},
		{"an empty file", ""},
		{"a header alone, cut off", "karkason-rec"},
		{"cut off inside its setup line", Header + "\nsetup players=A:red,B:bl"},
		{"a refused line, then a cut-off one", twoPlayers + "blue pass\nred pla"},
		{"a malformed line in the middle", twoPlayers + "red pass\nnot a line\nblue pass\n"},
		{"a detached tile in a position", Header + "\nsetup players=A:red,B:blue\nposition tile b-m 9,9 0\n" +
			"position tile b-m 1,0 0\npositi"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := writeFile(t, dir, "file.rec", tc.text)
			if s, err := Resume(path, engine.Standard()); err == nil {
				s.Close()
				t.Fatal("resumed")
			}
			if e, err := ResumeEntry(path, engine.Standard()); err == nil || e != nil {
				t.Fatalf("resumed as an entry: %v", err)
			}
			if got := readFile(t, path); got != tc.text {
				t.Fatalf("the file changed:\n%q\nwant\n%q", got, tc.text)
			}
			if names := dirNames(t, dir); !slices.Equal(names, []string{"file.rec"}) {
				t.Fatalf("files beside it: %v", names)
			}
		})
	}
}

// A last line without its line end is read alike by every reader (issue 21: replay counted it, export and games
// left it out, resume set it aside): a comment is an ordinary line everywhere, and resume changes nothing until
// the next action, which begins with the missing line end; any other such line, refused or whole (issue 31 item
// 1: a whole line is a write cut off all the same), is a cut-off line that every reader leaves out and resume
// alone moves aside, naming the side file.
func TestLastLineWithoutLineEnd(t *testing.T) {
	body := Header + "\n" + storeSetup.String() + "\n" + specMoves[0] + "\n"
	for _, tc := range []struct {
		name, last string
		actions    int // the actions every reader reads
		cut        bool
	}{
		{"whole, without its line end", specMoves[1], 1, true},
		{"accepted, a comment", "# the city is next", 1, false},
		{"refused: a word cut off", "red deploy follo", 1, true},
		{"refused by the referee", "blue place b-c1 0,-1 0", 1, true},
		{"refused: a name cut inside a letter", "# Ан\xd0", 1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			text := body + tc.last
			path := writeFile(t, dir, "g.rec", text)
			rd, err := ReadFile(path, engine.Standard())
			if err != nil || rd.Game == nil || len(rd.Game.Actions) != tc.actions || (rd.CutOff != nil) != tc.cut {
				t.Fatalf("ReadFile: %v, %+v", err, rd)
			}
			if tc.cut && rd.CutOff.Line != 4 {
				t.Errorf("cut-off line %d, want 4", rd.CutOff.Line)
			}
			if got := readFile(t, path); got != text {
				t.Fatal("reading changed the file")
			}
			s, err := Resume(path, engine.Standard())
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if len(s.Game.Actions) != tc.actions {
				t.Fatalf("resume: %d actions, ReadFile %d", len(s.Game.Actions), tc.actions)
			}
			if !tc.cut {
				if s.Recovered != nil || readFile(t, path) != text {
					t.Fatalf("an accepted last line was moved aside: %+v", s.Recovered)
				}
				a := mustAction(t, specMoves[2])
				if tc.actions == 1 {
					a = mustAction(t, specMoves[1])
				}
				if err := s.Do(a); err != nil {
					t.Fatal(err)
				}
				if got := readFile(t, path); got != text+"\n"+a.String()+"\n" {
					t.Fatalf("the next action:\n%q", got)
				}
				return
			}
			if s.Recovered == nil || s.Recovered.Line != 4 || s.Recovered.TornBytes != len(tc.last) {
				t.Fatalf("recovery %+v", s.Recovered)
			}
			if got := readFile(t, s.Recovered.SavedTo); got != tc.last {
				t.Fatalf("side file %q", got)
			}
			if got := readFile(t, path); got != body {
				t.Fatalf("the record after recovery: %q", got)
			}
		})
	}
}

// A position entry with a refused line, opened on a full disk, keeps every line (issue 21: the side copy failed,
// the message said nothing was changed, new lines went after the refused one, and the tile typed in between was
// lost when the record was cut back): it is refused as it is, with no side copy, whatever the disk; a cut-off last
// line that cannot be moved aside on a full disk leaves the entry as it is too.
func TestEntryOnFullDiskKeepsItsLines(t *testing.T) {
	setup := Header + "\nsetup players=A:red,B:blue start=none\n"
	for _, tc := range []struct {
		name, text string
		problem    FileProblem
	}{
		{"a refused line", setup + "position tile b-m 0,1 0\nposition tile b-m 0,1 0\nposition tile b-m 0,2 0\n", ""},
		{"a cut-off line", setup + "position tile b-m 0,1 0\nposition tile b-m 0,2 9", ProblemFull},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := writeFile(t, dir, "entry.rec", tc.text)
			fsys := storefs.NewFaulty()
			fsys.Set(func(y *storefs.Faulty) { y.Space = 0 })
			e, err := ResumeEntryOn(fsys, path, engine.Standard())
			if e != nil || err == nil {
				t.Fatalf("opened on a full disk: %+v", e)
			}
			if tc.problem == "" {
				wantRule(t, "a second tile in a cell", err, "POS-1")
			} else if ProblemOf(err) != tc.problem {
				t.Fatalf("error %v, want %s", err, tc.problem)
			}
			if got := readFile(t, path); got != tc.text {
				t.Fatalf("the entry changed: %q", got)
			}
			if names := dirNames(t, dir); !slices.Equal(names, []string{"entry.rec"}) {
				t.Fatalf("files beside it: %v", names)
			}
			fsys.Free()
			e, err = ResumeEntryOn(fsys, path, engine.Standard())
			if tc.problem == "" {
				if e != nil || err == nil {
					t.Fatal("the refused entry opened once the disk had room")
				}
				return
			}
			if err != nil || e.Recovered == nil || len(e.Draft.Lines()) != 1 {
				t.Fatalf("with room: %v %+v", err, e)
			}
			e.Close()
		})
	}
}

// Resume and ResumeEntry refuse the lines replay refuses, at the same line and rule (issue 21: a position file got
// POS-2 from replay and POS-1 from resume, which checked its lines one by one): the monastery of line 3 touches
// the board only through the one of line 4 (south of the start tile's field), and line 7 is a fifth b-m, one more
// than the box holds (POS-2).
func TestResumeAndReplayAgreeOnAPosition(t *testing.T) {
	text := Header + "\nsetup players=A:red,B:blue\nposition tile b-m 0,2 0\nposition tile b-m 0,1 0\n" +
		"position tile b-m 0,3 0\nposition tile b-m 0,4 0\nposition tile b-m 0,5 0\n"
	path := writeFile(t, t.TempDir(), "pos.rec", text)
	_, rerr := Replay(strings.NewReader(text), false)
	var want *Refusal
	if !errors.As(rerr, &want) || want.Rule != "POS-2" || want.Line != 7 {
		t.Fatalf("replay: %v, want POS-2 at line 7", rerr)
	}
	_, err := ResumeEntry(path, engine.Standard())
	var got *Refusal
	if !errors.As(err, &got) || got.Line != want.Line || got.Rule != want.Rule || got.Key != want.Key {
		t.Fatalf("resume: %v; replay: %v", err, rerr)
	}
	if _, err := Resume(path, engine.Standard()); !errors.As(err, &got) || got.Line != want.Line {
		t.Fatalf("resume as a game: %v; replay: %v", err, rerr)
	}
	if got := readFile(t, path); got != text {
		t.Fatalf("the refused position changed: %q", got)
	}
}

// Undo keeps the record's comments (issue 21: those before the header and after the last action were dropped):
// the ones before the undone action come after the last action again, and the next action goes after them.
func TestUndoKeepsComments(t *testing.T) {
	text := "# game night, 21 November\n" + Header + "  # version 1\n# before the setup\n" + storeSetup.String() +
		"\n" + specMoves[0] + "  # the first tile\n# red thinks\n" + specMoves[1] + "\n# blue's turn now\n"
	path := writeFile(t, t.TempDir(), "g.rec", text)
	s, err := Resume(path, engine.Standard())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	comments := func(text string) []string {
		var out []string
		for _, l := range strings.Split(text, "\n") {
			if i := strings.Index(l, "#"); i >= 0 {
				out = append(out, strings.TrimSpace(l[i+1:]))
			}
		}
		return out
	}
	all := comments(text)
	if ok, err := s.Undo(); !ok || err != nil {
		t.Fatal(ok, err)
	}
	got := readFile(t, path)
	if !slices.Equal(comments(got), all) || !strings.HasSuffix(got, specMoves[0]+"  # the first tile\n# red thinks\n"+
		"# blue's turn now\n") {
		t.Fatalf("after the undo:\n%s", got)
	}
	if _, err := s.Redo(); err != nil {
		t.Fatal(err)
	}
	if err := s.Do(mustAction(t, specMoves[2])); err != nil {
		t.Fatal(err)
	}
	if ok, err := s.Undo(); !ok || err != nil {
		t.Fatal(ok, err)
	}
	got = readFile(t, path)
	if !slices.Equal(comments(got), all) {
		t.Fatalf("after redo, an action and its undo: comments %q, want %q\n%s", comments(got), all, got)
	}
	if r, err := Replay(strings.NewReader(got), false); err != nil || len(r.Actions) != 2 {
		t.Fatalf("the record replays to %v, %v", r, err)
	}
}

// A position entry's header comments and the comments after its last line stay when a step rewrites the file.
func TestEntryKeepsComments(t *testing.T) {
	text := "# the board on the table at 23:10\n" + Header + "\nsetup players=A:red,B:blue start=none\n" +
		"position tile b-m 0,1 0\n# the road goes on\n"
	path := writeFile(t, t.TempDir(), "entry.rec", text)
	e, err := ResumeEntry(path, engine.Standard())
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if err := e.Replace(0, tileLine("b-m", 0, 1, 90)); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, path); !strings.Contains(got, "# the board on the table at 23:10\n") ||
		!strings.HasSuffix(got, "position tile b-m 0,1 90\n# the road goes on\n") {
		t.Fatalf("after a replace:\n%s", got)
	}
	if err := e.Add(tileLine("b-m", 0, 2, 0)); err != nil {
		t.Fatal(err)
	}
	if err := e.Remove(1); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, path); !strings.Contains(got, "# the road goes on\n") {
		t.Fatalf("after an add and a remove:\n%s", got)
	}
}

// A record of exactly MaxLines lines is within the cap (issue 21: the text after the last line end was counted as
// a line and the file refused as over 16384 lines); one more line is over it.
func TestMaxLinesExactly(t *testing.T) {
	lines := func(n int, last string) string {
		return twoPlayers + strings.Repeat("# a comment\n", n-2) + last
	}
	if _, err := ParseRecord(strings.NewReader(lines(MaxLines, ""))); err != nil {
		t.Fatalf("%d lines: %v", MaxLines, err)
	}
	var pe *ParseError
	if _, err := ParseRecord(strings.NewReader(lines(MaxLines+1, ""))); !errors.As(err, &pe) ||
		pe.Key != KeyTooLarge || pe.Line != MaxLines+1 {
		t.Fatalf("%d lines: %v", MaxLines+1, err)
	}
	if _, err := ParseRecord(strings.NewReader(lines(MaxLines, "# no line end"))); !errors.As(err, &pe) ||
		pe.Key != KeyTooLarge {
		t.Fatalf("%d lines and a last one without its line end: %v", MaxLines, err)
	}
	// The line an error at the end names is still the one after the last.
	if _, err := ParseRecord(strings.NewReader(Header + "\n")); !errors.As(err, &pe) || pe.Line != 2 {
		t.Fatalf("a header alone: %v", err)
	}
}

// A coordinate beyond int32 is said to be out of range (issue 21: "2147483648,0" was "not two whole numbers").
func TestPositionOutOfRange(t *testing.T) {
	_, _, err := ParseAction("red place b-rs 2147483648,0 90", 3)
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Key != KeyBadPosition || pe.Data["Range"] != true {
		t.Errorf("a position: %v", err)
	}
	_, err = ParseFeatureRef("-2147483649,0:N")
	if !errors.As(err, &pe) || pe.Key != KeyBadFeature || pe.Data["Range"] != true {
		t.Errorf("a feature: %v", err)
	}
	_, _, err = ParseAction("red place b-rs 1.5,0 90", 3)
	if !errors.As(err, &pe) || pe.Data["Range"] != false {
		t.Errorf("not a number: %v", err)
	}
}

// No lock file, ever (issue 21: every refused resume left FILE.lock, every game its .rec.lock): the lock is held on
// the record itself, so a second program is kept out while the game is open, across an undo (which renames a new
// file over the record), and the refusal names the game.
func TestNoLockFiles(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.rec")
	s, err := NewSession(storeSetup, engine.Standard(), path)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range specMoves[:2] {
		if err := s.Do(mustAction(t, m)); err != nil {
			t.Fatal(err)
		}
	}
	locked := func(when string) {
		t.Helper()
		_, err := Resume(path, engine.Standard())
		var fe *FileError
		if !errors.Is(err, ErrLocked) || !errors.As(err, &fe) || fe.Path != path {
			t.Fatalf("%s: a second program: %v", when, err)
		}
		if _, err := ResumeEntry(path, engine.Standard()); !errors.Is(err, ErrLocked) {
			t.Fatalf("%s: a second program, as an entry: %v", when, err)
		}
	}
	locked("playing")
	if ok, err := s.Undo(); !ok || err != nil {
		t.Fatal(ok, err)
	}
	locked("after an undo")
	if names := dirNames(t, dir); !slices.Equal(names, []string{"g.rec"}) {
		t.Fatalf("files beside the game while it is open: %v", names)
	}
	s.Close()
	r, err := Resume(path, engine.Standard())
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	if names := dirNames(t, dir); !slices.Equal(names, []string{"g.rec"}) {
		t.Fatalf("files beside the game once closed: %v", names)
	}
}

// A FIFO is never waited on (issue 21: replay, export and resume of a FIFO never returned): every reader of record
// files refuses it at once as not a file.
func TestFIFOIsNotWaitedOn(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "f.rec")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	for name, read := range map[string]func() error{
		"ReadFile":    func() error { _, err := ReadFile(fifo, engine.Standard()); return err },
		"Resume":      func() error { _, err := Resume(fifo, engine.Standard()); return err },
		"ResumeEntry": func() error { _, err := ResumeEntry(fifo, engine.Standard()); return err },
	} {
		done := make(chan error, 1)
		go func() { done <- read() }()
		select {
		case err := <-done:
			if ProblemOf(err) != ProblemNotFile {
				t.Errorf("%s: %v, want not a file", name, err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s waits on a FIFO", name)
		}
	}
}

// Errors that are not the disk's are not blamed on it (issue 21): a data folder that is a file is named as such
// (the table said the new game's record did not exist), a symbolic link in a circle is a link's problem.
func TestFileProblemsNamedRight(t *testing.T) {
	dir := t.TempDir()
	file := writeFile(t, dir, "games", "x")
	_, err := Create(filepath.Join(file, "g.rec"), storeSetup)
	var fe *FileError
	if ProblemOf(err) != ProblemNotDir || !errors.As(err, &fe) || fe.Path != file || fe.Op != OpCreate {
		t.Errorf("a data folder that is a file: %v", err)
	}
	loop := filepath.Join(dir, "loop.rec")
	if err := os.Symlink("loop.rec", loop); err != nil {
		t.Fatal(err)
	}
	if _, err := Resume(loop, engine.Standard()); ProblemOf(err) != ProblemLink {
		t.Errorf("a symbolic link in a circle: %v", err)
	}
	if _, err := ReadFile(loop, engine.Standard()); ProblemOf(err) != ProblemLink {
		t.Errorf("reading a symbolic link in a circle: %v", err)
	}
}

// A side file name already taken does not stop a resume, nor is it blamed on the disk (issue 21): the cut-off line
// goes to the next free name, and the file already there is left as it is.
func TestSideFileNameTaken(t *testing.T) {
	dir := t.TempDir()
	text := Header + "\n" + storeSetup.String() + "\n" + specMoves[0] + "\nred depl"
	path := writeFile(t, dir, "g.rec", text)
	now := time.Now().UTC()
	for s := range 3 { // this second and the next two: the name Resume will try
		name := path + ".torn-" + now.Add(time.Duration(s)*time.Second).Format("20060102T150405")
		if err := os.WriteFile(name, []byte("someone's"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := Resume(path, engine.Standard())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if s.Recovered == nil || !strings.HasSuffix(s.Recovered.SavedTo, "-2") ||
		readFile(t, s.Recovered.SavedTo) != "red depl" {
		t.Fatalf("recovery %+v", s.Recovered)
	}
	if names := dirNames(t, dir); len(names) != 5 {
		t.Errorf("files: %v", names)
	}
}

// Every reader reads a record cut at every byte of its last two lines alike (issue 21): ReadFile (replay, export,
// games) and Resume play the same actions; resume leaves the file as it is when its last line is accepted, and
// otherwise moves exactly the bytes after the last line end aside.
func TestReadersAgreeAtEveryByte(t *testing.T) {
	text, from := fullGameTail(t)
	dir := t.TempDir()
	for n := from; n <= len(text); n++ {
		path := writeFile(t, dir, fmt.Sprintf("g%d.rec", n), text[:n])
		rd, err := ReadFile(path, engine.Standard())
		if err != nil || rd.Game == nil {
			t.Fatalf("at %d: ReadFile: %v", n, err)
		}
		s, err := Resume(path, engine.Standard())
		if err != nil {
			t.Fatalf("at %d: Resume: %v", n, err)
		}
		if len(s.Game.Actions) != len(rd.Game.Actions) || (s.Recovered != nil) != (rd.CutOff != nil) {
			t.Fatalf("at %d: resume %d actions (%+v), ReadFile %d (%+v)", n, len(s.Game.Actions), s.Recovered,
				len(rd.Game.Actions), rd.CutOff)
		}
		got := readFile(t, path)
		at := strings.LastIndex(text[:n], "\n") + 1
		switch {
		case s.Recovered == nil && got != text[:n]:
			t.Fatalf("at %d: an accepted record changed", n)
		case s.Recovered != nil && (got != text[:at] || readFile(t, s.Recovered.SavedTo) != text[at:n]):
			t.Fatalf("at %d: recovery %+v, record %q", n, s.Recovered, got[max(0, len(got)-40):])
		}
		s.Close()
	}
}
