package referee

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/karkason/karkason/engine"
)

// The torn-write sweep (issue 31): every record under testdata/golden with a large follower, the builder, the
// pig, goods or a "position … score" line, not a refusal, is cut at every byte of its last three lines that are
// not comments (and of the comments after them) (a write
// cut off by a crash: what is on disk is a prefix of the record). Each prefix is read as replay reads it
// (ReadFile) and opened as the table opens it (Resume, on a copy): the game must be the one of the whole lines
// before the cut, no more (no torn line taken as another action, even when what is left of it parses) and no
// less; a cut inside a line is a cut-off line (but for a comment), which opening moves aside whole into its side
// file, leaving exactly the whole lines; a cut at a line end changes nothing; and no other file is left.
//
// The normal test run sweeps four records at every fifth byte; KARKASON_CAMPAIGN set sweeps them all at every
// byte:
//
//	KARKASON_CAMPAIGN=1 go test ./referee -run TestTornWriteSweep -v
func TestTornWriteSweep(t *testing.T) {
	full := os.Getenv(campaign) != ""
	want := regexp.MustCompile(`(?m)^[^#\n]*(\blarge\b|\bbuilder\b|\bpig\b|\b(wine|grain|cloth)\b|^position \w+ score)`)
	paths, _ := filepath.Glob("../testdata/golden/*.rec")
	var recs []string
	for _, p := range paths {
		if strings.Contains(filepath.Base(p), "err") {
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil || !want.Match(data) {
			continue
		}
		if _, err := ReadFile(p, engine.Standard()); err != nil {
			continue // a record refused on purpose
		}
		recs = append(recs, p)
	}
	step := 1
	if !full {
		step = 5
		if len(recs) > 4 {
			recs = []string{recs[0], recs[len(recs)/3], recs[2*len(recs)/3], recs[len(recs)-1]}
		}
	}
	if len(recs) == 0 {
		t.Fatal("no record to sweep")
	}
	cuts, inLine, moved, refused := 0, 0, 0, 0
	for _, p := range recs {
		data, _ := os.ReadFile(p)
		text := string(data)
		if !strings.HasSuffix(text, "\n") {
			t.Fatalf("%s: the golden record has no final line end", p)
		}
		// The start of the third line from the end that is not blank or a comment (the lines after it, comments,
		// are swept too).
		from := len(text)
		for n := 0; n < 3 && from > 0; {
			from = strings.LastIndexByte(text[:from-1], '\n') + 1
			if _, ok := commentOnly(strings.TrimSuffix(text[from:strings.IndexByte(text[from:], '\n')+from], "\r")); !ok {
				n++
			}
		}
		dir := t.TempDir()
		for cut := from + 1; cut <= len(text); cut += step {
			prefix := text[:cut]
			whole := prefix[:strings.LastIndexByte(prefix, '\n')+1]
			tail := prefix[len(whole):]
			cuts++
			tornTail := tail != ""
			if _, ok := commentOnly(strings.TrimSuffix(tail, "\r")); ok && tornText(tail) {
				tornTail = false // a blank or comment line changes no game: read as it is
			}
			wantSig, wantErr := sweepSig(whole)
			path := filepath.Join(dir, "g.rec")
			if err := os.WriteFile(path, []byte(prefix), 0o644); err != nil {
				t.Fatal(err)
			}
			if wantErr != nil {
				// The whole lines are a position the referee refuses (a builder whose follower comes on a later
				// line): every reader refuses the record at the same line, and opening it changes nothing.
				refused++
				_, err := ReadFile(path, engine.Standard())
				if lineOf(err) != lineOf(wantErr) {
					t.Fatalf("%s cut at %d (%q): %v, want %v", p, cut, tail, err, wantErr)
				}
				if s, err := Resume(path, engine.Standard()); err == nil {
					s.Close()
					t.Fatalf("%s cut at %d: resumed a refused record", p, cut)
				}
				if readFile(t, path) != prefix || len(dirNames(t, dir)) != 1 {
					t.Fatalf("%s cut at %d: a refused record was changed", p, cut)
				}
				continue
			}
			if tornTail {
				inLine++
			}
			rd, err := ReadFile(path, engine.Standard())
			if err != nil {
				t.Fatalf("%s cut at %d: %v", p, cut, err)
			}
			if (rd.CutOff != nil) != tornTail {
				t.Fatalf("%s cut at %d (%q): cut off %v", p, cut, tail, rd.CutOff)
			}
			if got := readingSig(rd); got != wantSig {
				t.Fatalf("%s cut at %d (%q): replay read\n%s\nwant\n%s", p, cut, tail, got, wantSig)
			}
			s, err := Resume(path, engine.Standard())
			if err != nil {
				t.Fatalf("%s cut at %d: resume: %v", p, cut, err)
			}
			got := gameSig(s.Game, s.Game.Record())
			recov := s.Recovered
			s.Close()
			if got != wantSig {
				t.Fatalf("%s cut at %d (%q): resumed\n%s\nwant\n%s", p, cut, tail, got, wantSig)
			}
			after := readFile(t, path)
			switch {
			case tornTail:
				if recov == nil || after != whole || readFile(t, recov.SavedTo) != tail {
					t.Fatalf("%s cut at %d (%q): recovery %+v, record %q", p, cut, tail, recov, after)
				}
				moved++
				os.Remove(recov.SavedTo)
			case after != prefix || recov != nil:
				t.Fatalf("%s cut at %d (%q): the record changed: %q, %+v", p, cut, tail, after, recov)
			}
			if names := dirNames(t, dir); len(names) != 1 {
				t.Fatalf("%s cut at %d: files left: %v", p, cut, names)
			}
		}
	}
	t.Logf("torn-write sweep: %d records, %d cuts in their last three lines (every %d byte), %d inside a line "+
		"(cut off, moved aside whole: %d), %d where the lines before the cut are a position refused as it stands "+
		"(refused alike, not changed); none taken as an action, no file left", len(recs), cuts, step, inLine, moved,
		refused)
}

// sweepSig is the game of the whole lines of a record (its position lines and actions, scores), read with every
// line accepted, or their refusal.
func sweepSig(whole string) (string, error) {
	rec, g, err := playAlong(bytes.NewReader([]byte(whole)), engine.Standard(), true)
	if err != nil {
		return "", err
	}
	return gameSig(g, rec), nil
}

func readingSig(rd *Reading) string { return gameSig(rd.Game, rd.Record) }

// gameSig is what a game is for the sweep: its position lines, actions and scores (comments aside).
func gameSig(g *Game, rec *Record) string {
	var b strings.Builder
	for _, l := range rec.Position {
		b.WriteString(l.String() + "\n")
	}
	for _, a := range rec.Actions {
		b.WriteString(a.String() + "\n")
	}
	if g != nil {
		g2 := g.Clone()
		g2.Settle()
		fmt.Fprintln(&b, g2.Summary().Scores) // (a map prints in the order of its keys)
	}
	return b.String()
}
