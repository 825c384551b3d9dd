package referee

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/karkason/karkason/engine"
)

// Issue 32 item 2: undo takes the undone action's line out of the file and nothing else: "#x" stays "#x" (it
// became "# x"), a bare "#" stays (it was dropped), spacing, "\r\n" line ends and a comment after a line stay as
// written; redo and a new action are appended after them.
func TestUndoKeepsCommentLinesExactly(t *testing.T) {
	head := "#x\r\n" + Header + "   #  the header\n#\n" + storeSetup.String() + "\n\t# tab\n" +
		specMoves[0] + "\t#own\n#x\n"
	text := head + specMoves[1] + "   # the thief\n#\n  \n#y"
	path := writeFile(t, t.TempDir(), "g.rec", text)
	s, err := Resume(path, engine.Standard())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if ok, err := s.Undo(); !ok || err != nil {
		t.Fatal(ok, err)
	}
	want := head + "#\n  \n#y"
	if got := readFile(t, path); got != want {
		t.Fatalf("after the undo:\n%q\nwant\n%q", got, want)
	}
	if ok, err := s.Redo(); !ok || err != nil {
		t.Fatal(ok, err)
	}
	want += "\n" + specMoves[1] + "  # the thief\n"
	if got := readFile(t, path); got != want {
		t.Fatalf("after the redo:\n%q\nwant\n%q", got, want)
	}
	if ok, err := s.Undo(); !ok || err != nil {
		t.Fatal(ok, err)
	}
	if ok, err := s.Undo(); !ok || err != nil {
		t.Fatal(ok, err)
	}
	want = "#x\r\n" + Header + "   #  the header\n#\n" + storeSetup.String() + "\n\t# tab\n#x\n#\n  \n#y\n"
	if got := readFile(t, path); got != want {
		t.Fatalf("after two undos:\n%q\nwant\n%q", got, want)
	}
	if err := s.Do(mustAction(t, specMoves[0])); err != nil {
		t.Fatal(err)
	}
	if g, err := Replay(strings.NewReader(readFile(t, path)), false); err != nil || len(g.Actions) != 1 {
		t.Fatalf("the record replays to %v, %v", g, err)
	}
}

// Issue 32 item 1: resuming a board as it lies (the record format's example, a Traders & Builders position) and
// closing it with nothing entered changes nothing; it is a game going on from the position, not an entry.
func TestResumePositionChangesNothing(t *testing.T) {
	for _, text := range []string{
		"karkason-record 1\nsetup players=Ана:red,Богдан:blue expansions=farmers start=standard\n" +
			"position tile b-rs 1,0 90\nposition tile b-c1 0,-1 180\nposition red follower 1,0:E\n" +
			"position blue follower 0,0:SSE\nposition red score 41\nposition blue score 37\n",
		"karkason-record 1\n#x\nsetup players=A:red,B:blue start=none\nposition tile b-m 0,1 0\n#\n",
	} {
		path := writeFile(t, t.TempDir(), "p.rec", text)
		rec, err := ParseRecord(strings.NewReader(text))
		if err != nil || IsEntry(rec) {
			t.Fatalf("a position without the entry's mark is an entry (%v)", err)
		}
		s, err := Resume(path, engine.Standard())
		if err != nil {
			t.Fatal(err)
		}
		s.Close()
		if got := readFile(t, path); got != text {
			t.Fatalf("resume changed the position:\n%s", got)
		}
	}
}

// Issue 32 item 5: a seventh player is one too many (CFG-1), not "another player already has this colour"; a line the
// parser refuses carries a rule id.
func TestSeventhPlayerAndSyntaxRules(t *testing.T) {
	_, err := ParseSetup("setup players=A:red,B:blue,C:green,D:yellow,E:black,F:pink,G:red expansions=inns-cathedrals", 2)
	p, ok := err.(*ParseError)
	if !ok || p.Key != KeyPlayerCount || p.Rule() != "CFG-1" || p.Data["Count"] != 7 {
		t.Fatalf("seven players: %#v", err)
	}
	for line, rule := range map[string]string{
		"red plaec b-rs 1,0 90":  "REC-ACTIONS",
		"red place b-rs 1,0 45":  "REC-PLACES",
		"position red wine x":    "REC-POSITIONS",
		"red place b-rs 1,0 90 ": "",
	} {
		_, err := Replay(strings.NewReader(Header+"\nsetup players=A:red,B:blue\n"+line+"\n"), false)
		if rule == "" {
			if err != nil {
				t.Errorf("%q: %v", line, err)
			}
			continue
		}
		if p, ok := err.(*ParseError); !ok || p.Rule() != rule {
			t.Errorf("%q: %v, want a refusal under %s", line, err, rule)
		}
	}
}

// Issue 31 item 8: negative goods in a position are refused as goods (POS-11), not as gifts and points; a record
// with start=standard and count is refused by resume naming start=standard, as replay names it; a position whose
// last (goods) line was cut off is refused at the line before, the cut-off line named with it (AfterCutOff), and
// resume leaves it as it is.
func TestPositionMessagesAsReplay(t *testing.T) {
	neg := Header + "\nsetup players=A:red,B:blue expansions=traders-builders\nposition red wine -1\n"
	_, err := Replay(strings.NewReader(neg), false)
	if r, ok := err.(*Refusal); !ok || r.Rule != "POS-11" || r.Key != "err.pos.negative_goods" || r.Data["goods"] != "wine" {
		t.Errorf("negative goods: %#v", err)
	}

	cnt := Header + "\nsetup players=A:red,B:blue expansions=count start=standard\n"
	_, rerr := Replay(strings.NewReader(cnt), false)
	path := writeFile(t, t.TempDir(), "c.rec", cnt)
	_, err = Resume(path, engine.Standard())
	r1, ok1 := rerr.(*Refusal)
	r2, ok2 := err.(*Refusal)
	if !ok1 || !ok2 || r1.Key != r2.Key || r1.Line != r2.Line || fmt.Sprint(r1.Data) != fmt.Sprint(r2.Data) {
		t.Errorf("replay says %v, resume %v", rerr, err)
	}

	torn := Header + "\nsetup players=A:red,B:blue expansions=traders-builders start=standard\n" +
		"position tile tb-bandcap-wine 0,-1 90\nposition tile b-c1 0,-2 180\nposition blue wine "
	path = writeFile(t, t.TempDir(), "t.rec", torn)
	_, err = ReadFile(path, engine.Standard())
	var ac *AfterCutOff
	var r *Refusal
	if !errors.As(err, &ac) || ac.Cut.Line != 5 || !errors.As(err, &r) || r.Rule != "POS-11" || r.Line != 4 {
		t.Errorf("the torn goods line: %v", err)
	}
	if _, err := Resume(path, engine.Standard()); !errors.As(err, &ac) {
		t.Errorf("resume: %v", err)
	}
	if got := readFile(t, path); got != torn {
		t.Errorf("resume changed the refused record: %q", got)
	}
}

// Issue 32 item 2: an entry's replace and remove change their one line; every comment line stays as written.
func TestEntryStepsKeepCommentLinesExactly(t *testing.T) {
	head := Header + "\n# " + entryMark + "\n#x\nsetup players=A:red,B:blue start=none  #the table\n#\n"
	text := head + "position tile b-m 0,1 0 #mono\n  #  y\nposition tile b-m 0,2 0\n#z"
	path := writeFile(t, t.TempDir(), "e.rec", text)
	e, err := ResumeEntry(path, engine.Standard())
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if err := e.Replace(0, tileLine("b-m", 0, 1, 90)); err != nil {
		t.Fatal(err)
	}
	want := head + "position tile b-m 0,1 90  # mono\n  #  y\nposition tile b-m 0,2 0\n#z"
	if got := readFile(t, path); got != want {
		t.Fatalf("after a replace:\n%q\nwant\n%q", got, want)
	}
	if err := e.Remove(1); err != nil {
		t.Fatal(err)
	}
	want = head + "position tile b-m 0,1 90  # mono\n  #  y\n#z"
	if got := readFile(t, path); got != want {
		t.Fatalf("after a remove:\n%q\nwant\n%q", got, want)
	}
	if err := e.Add(tileLine("b-m", 0, 2, 0)); err != nil {
		t.Fatal(err)
	}
	want += "\nposition tile b-m 0,2 0\n"
	if got := readFile(t, path); got != want {
		t.Fatalf("after an add:\n%q\nwant\n%q", got, want)
	}
}

// Going on playing from a new entry (start=none, no start tile typed) takes its mark out too: resume then opens the
// game, not the entry (issue 32 item 1).
func TestNewEntryPlayIsSaved(t *testing.T) {
	path := t.TempDir() + "/n.rec"
	e, err := NewEntry(Setup{Players: []PlayerSpec{{"A", Red}, {"B", Blue}}, Start: StartNone}, engine.Standard(), path)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Add(tileLine("b-m", 0, 0, 0)); err != nil {
		t.Fatal(err)
	}
	s, err := e.Play()
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	got := readFile(t, path)
	if rec, err := ParseRecord(strings.NewReader(got)); err != nil || IsEntry(rec) {
		t.Fatalf("after Play (%v):\n%s", err, got)
	}
}
