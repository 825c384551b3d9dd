package referee

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/karkason/karkason/engine"
)

// The kill -9 campaign (issue 31): a child process plays a game record through a Session (or enters a position
// through an Entry), one confirmed step after another, with undos and redos among them (double turns of the
// builder, City rounds, a long game, board entries), and is killed with SIGKILL at a random moment. After each
// kill the record is opened again: it must open (nothing refused), its game must be the one after the last step
// the child confirmed or after the step it had begun (no confirmed step lost, no torn line taken as another
// action), and no temporary file or journal may be left beside it once it is open (only the side file of a
// cut-off line, .torn-…, which opening names). The game goes on from there with the next child, and so on.
//
// The normal test run makes a few kills; KARKASON_CAMPAIGN=N makes N kills per workload (the full campaign):
//
//	KARKASON_CAMPAIGN=60 go test ./referee -run TestKillCampaign -v
//
// and reports its figures in the test log.

const (
	childVar = "KARKASON_CRASH_CHILD" // set: this process is the child (TestCrashChild)
	campaign = "KARKASON_CAMPAIGN"    // the number of kills per workload of the full campaign
)

// crashWorkloads are the workloads: a game record played through a Session, or a position entered through an
// Entry ("entry:").
var crashWorkloads = []struct{ name, src string }{
	{"undos in a long game", "../testdata/golden/base-full-game.rec"},
	{"double turns and City rounds", "../testdata/golden/audit-ictb-mixed-game.rec"},
	{"double turns of the builder", "../testdata/golden/audit-tb-builder-ex-tb7.rec"},
	{"City rounds", "../testdata/golden/audit-ic-large-city-market.rec"},
	{"board entry", "entry:../testdata/golden/audit-pos-ictb-end.rec"},
}

// fingerprint is a game's state for the campaign: the SHA-256 of its canonical record.
func fingerprint(rec *Record) string {
	var b bytes.Buffer
	if err := WriteRecord(&b, rec); err != nil {
		return "invalid: " + err.Error()
	}
	h := sha256.Sum256(b.Bytes())
	return hex.EncodeToString(h[:8])
}

// entryPrint is an entry's state: its lines, as a set.
func entryPrint(lines []PositionLine) string {
	var ss []string
	for _, l := range lines {
		ss = append(ss, l.String())
	}
	slices.Sort(ss)
	h := sha256.Sum256([]byte(strings.Join(ss, "\n")))
	return hex.EncodeToString(h[:8])
}

func say(format string, args ...any) { fmt.Fprintf(os.Stdout, format+"\n", args...) }

// TestCrashChild is the child of the campaign: it does nothing unless run by it.
func TestCrashChild(t *testing.T) {
	if os.Getenv(childVar) == "" {
		t.Skip("the child of TestKillCampaign")
	}
	path, src := os.Getenv("CRASH_PATH"), os.Getenv("CRASH_SRC")
	seed, _ := strconv.ParseUint(os.Getenv("CRASH_SEED"), 10, 64)
	rng := rand.New(rand.NewPCG(seed, 7))
	cat := engine.Standard()
	if entry, ok := strings.CutPrefix(src, "entry:"); ok {
		crashEntry(path, entry, rng, cat)
		return
	}
	data, _ := os.ReadFile(src)
	want, err := ParseRecord(bytes.NewReader(data))
	if err != nil {
		say("E %v", err)
		os.Exit(3)
	}
	s, err := Resume(path, cat)
	if err != nil {
		say("E %v", err)
		os.Exit(3)
	}
	say("D %s", fingerprint(s.Game.Record()))
	for {
		n := len(s.Game.Actions)
		next := s.Game.Clone()
		var op func() error
		kind := "action"
		switch r := rng.IntN(10); {
		case n >= len(want.Actions):
			say("F")
			os.Exit(0)
		case r < 2 && n > 0:
			next.Undo(1)
			op, kind = func() error { _, err := s.Undo(); return err }, "undo"
		case r < 3 && s.CanRedo():
			if err := next.Apply(s.redo[len(s.redo)-1]); err != nil {
				say("E %v", err)
				os.Exit(3)
			}
			op, kind = func() error { _, err := s.Redo(); return err }, "redo"
		default:
			a := want.Actions[n]
			if err := next.Apply(a); err != nil {
				say("E %v", err)
				os.Exit(3)
			}
			op = func() error { return s.Do(a) }
			switch {
			case a.Verb == VerbCity || strings.HasPrefix(a.String(), string(a.Colour)+" count "):
				kind = "city"
			case s.Game.Part() == 2 || next.Part() == 2:
				kind = "double-turn" // the builder's second part, or the action that begins it (TB-7)
			}
		}
		say("B %s %s", fingerprint(next.Record()), kind)
		if err := op(); err != nil {
			say("E %v", err)
			os.Exit(3)
		}
		say("D %s", fingerprint(s.Game.Record()))
	}
}

// crashEntry is the child's board entry: the position lines of src added one by one, the last one sometimes
// removed again.
func crashEntry(path, src string, rng *rand.Rand, cat *engine.Catalogue) {
	data, _ := os.ReadFile(src)
	want, err := ParseRecord(bytes.NewReader(data))
	if err != nil {
		say("E %v", err)
		os.Exit(3)
	}
	e, err := ResumeEntry(path, cat)
	if err != nil {
		say("E %v", err)
		os.Exit(3)
	}
	say("D %s", entryPrint(e.Draft.Lines()))
	for {
		lines := e.Draft.Lines()
		k := len(lines)
		if k >= len(want.Position) {
			say("F")
			os.Exit(0)
		}
		var op func() error
		next := slices.Clone(lines)
		kind := "entry"
		if rng.IntN(10) < 2 && k > 0 {
			next = next[:k-1]
			op, kind = func() error { return e.Remove(k - 1) }, "entry-remove"
		} else {
			l := want.Position[k]
			next = append(next, l)
			op = func() error { return e.Add(l) }
		}
		say("B %s %s", entryPrint(next), kind)
		if err := op(); err != nil {
			say("E %v", err)
			os.Exit(3)
		}
		say("D %s", entryPrint(e.Draft.Lines()))
	}
}

// TestKillCampaign runs the campaign: a few kills per workload, or KARKASON_CAMPAIGN of them.
func TestKillCampaign(t *testing.T) {
	kills := 2
	if n, err := strconv.Atoi(os.Getenv(campaign)); err == nil && n > 0 {
		kills = n
	}
	if testing.Short() {
		kills = 1
	}
	total, midStep, torn, games, journals, temps := 0, 0, 0, 0, 0, 0
	byKind := map[string]int{} // kills in the middle of a step, by its kind
	for wi, w := range crashWorkloads {
		dir := t.TempDir()
		path := filepath.Join(dir, "g.rec")
		fresh := func() {
			os.Remove(path)
			src := strings.TrimPrefix(w.src, "entry:")
			data, err := os.ReadFile(src)
			if err != nil {
				t.Fatal(err)
			}
			rec, err := ParseRecord(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if w.src != src {
				e, err := NewEntry(rec.Setup, engine.Standard(), path)
				if err != nil {
					t.Fatal(err)
				}
				e.Close()
			} else {
				s, err := NewSession(rec.Setup, engine.Standard(), path)
				if err != nil {
					t.Fatal(err)
				}
				s.Close()
			}
			games++
		}
		fresh()
		rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), uint64(wi)))
		for k := 0; k < kills; {
			seed := rng.Uint64()
			cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$")
			cmd.Env = append(os.Environ(), childVar+"=1", "CRASH_PATH="+path, "CRASH_SRC="+w.src,
				"CRASH_SEED="+strconv.FormatUint(seed, 10))
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// A random moment: after the child's start-up (about 10 ms), within its stream of steps.
			time.Sleep(time.Duration(5_000+rng.IntN(60_000)) * time.Microsecond)
			_ = cmd.Process.Signal(syscall.SIGKILL)
			_ = cmd.Wait()
			var done, begun, begunKind string
			finished := false
			sc := bufio.NewScanner(bytes.NewReader(out.Bytes()))
			for sc.Scan() {
				switch f := strings.Fields(sc.Text()); {
				case len(f) == 2 && f[0] == "D":
					done, begun = f[1], ""
				case len(f) == 3 && f[0] == "B":
					begun, begunKind = f[1], f[2]
				case len(f) >= 1 && f[0] == "F":
					finished = true
				case len(f) >= 1 && f[0] == "E":
					t.Fatalf("%s: the child failed: %s", w.name, sc.Text())
				}
			}
			if done == "" && !finished {
				continue // killed before it opened the record: not a kill of a step
			}
			k++
			total++
			if begun != "" {
				midStep++
				byKind[begunKind]++
			}
			// What the kill left beside the record, before it is opened again.
			for _, name := range dirNames(t, dir) {
				switch {
				case strings.HasSuffix(name, ".rewrite"):
					journals++
				case strings.Contains(name, ".tmp-"):
					temps++
				}
			}
			// Open the record again, as the table would.
			var got string
			var sides []string
			if w.src != strings.TrimPrefix(w.src, "entry:") {
				e, err := ResumeEntry(path, engine.Standard())
				if err != nil {
					t.Fatalf("%s, kill %d: the record does not open: %v\n%s", w.name, k, err, readFile(t, path))
				}
				if e.Recovered != nil {
					torn++
				}
				got = entryPrint(e.Draft.Lines())
				e.Close()
			} else {
				s, err := Resume(path, engine.Standard())
				if err != nil {
					t.Fatalf("%s, kill %d: the record does not open: %v\n%s", w.name, k, err, readFile(t, path))
				}
				if s.Recovered != nil {
					torn++
				}
				got = fingerprint(s.Game.Record())
				s.Close()
			}
			if got != done && got != begun {
				t.Fatalf("%s, kill %d: the game is %s, not the confirmed %s or the begun %s\n%s", w.name, k, got, done,
					begun, readFile(t, path))
			}
			for _, name := range dirNames(t, dir) {
				switch {
				case name == "g.rec":
				case strings.HasPrefix(name, "g.rec.torn-"):
					sides = append(sides, name)
					os.Remove(filepath.Join(dir, name))
				default:
					t.Fatalf("%s, kill %d: %s left beside the record", w.name, k, name)
				}
			}
			if finished {
				fresh()
			}
		}
	}
	t.Logf("kill -9 campaign: %d kills over %d workloads (%d games or entries begun), %d in the middle of a step %v; "+
		"left by the kills and put in order on opening: %d rewrite journals finished, %d temporary files removed, "+
		"%d cut-off lines moved aside; no confirmed step lost, no torn line taken, no temporary file left",
		total, len(crashWorkloads), games, midStep, byKind, journals, temps, torn)
}
