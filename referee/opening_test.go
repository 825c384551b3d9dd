package referee

import (
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
