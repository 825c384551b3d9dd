package referee

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee/storefs"
)

// Issue 31 item 1: a torn last line that is itself a valid line (a crash in the middle of "position red score 41"
// leaves "position red score 4") is never taken as another action: every reader of a record file leaves it out
// (CutOff, Whole), resume moves it aside, and it counts only when the players accept it (ReadOptions,
// AcceptCutOff).
func TestTornLastLineThatParsesIsCutOff(t *testing.T) {
	tbSetup := Header + "\nsetup players=A:red,B:blue expansions=traders-builders start=none\n" +
		"position tile b-c1rs 0,0 0\nposition tile b-c1 0,-1 180\n"
	gameBody := Header + "\n" + storeSetup.String() + "\n" + specMoves[0] + "\n"
	for _, tc := range []struct {
		name, body, whole string
		cut               int // bytes cut off the whole last line
	}{
		{"position score", tbSetup, "position red score 41", 1},
		{"deploy cut after the place", gameBody, "red deploy follower E", 0},
		{"a score of two digits cut to one", tbSetup, "position blue score 12", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			last := tc.whole[:len(tc.whole)-tc.cut]
			text := tc.body + last
			path := filepath.Join(dir, "g.rec")
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			wantLine := strings.Count(tc.body, "\n") + 1
			rd, err := ReadFile(path, engine.Standard())
			if err != nil || rd.CutOff == nil || !rd.CutOff.Whole || rd.CutOff.Line != wantLine {
				t.Fatalf("ReadFile: %v, cut off %+v", err, rd.CutOff)
			}
			before, _ := ReadFile(path, engine.Standard())
			acc, err := ReadFileWith(path, engine.Standard(), ReadOptions{AcceptLastLine: true})
			if err != nil || acc.CutOff != nil {
				t.Fatalf("accepted: %v, %+v", err, acc.CutOff)
			}
			if len(acc.Record.Position)+len(acc.Record.Actions) != len(before.Record.Position)+len(before.Record.Actions)+1 {
				t.Fatalf("accepted: the line was not read")
			}
			s, err := Resume(path, engine.Standard())
			if err != nil {
				t.Fatal(err)
			}
			r := s.Recovered
			if r == nil || !r.Whole || r.Line != wantLine || readFile(t, r.SavedTo) != last {
				t.Fatalf("recovery %+v", r)
			}
			if got := readFile(t, path); got != tc.body {
				t.Fatalf("the record after recovery: %q", got)
			}
			s.Close()
			// The players accept it: back in the record, whole, and its side file gone.
			if err := AcceptCutOff(storefs.OS{}, path, r, engine.Standard()); err != nil {
				t.Fatal(err)
			}
			if got := readFile(t, path); got != text+"\n" {
				t.Fatalf("accepted: %q", got)
			}
			if _, err := os.Stat(r.SavedTo); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("side file left: %v", err)
			}
		})
	}
}

// A last line without its line end that parses but that the referee refuses is a cut-off line that is not whole,
// and AcceptCutOff does not write it back: the record stays as it is.
func TestAcceptCutOffRefused(t *testing.T) {
	dir := t.TempDir()
	body := Header + "\n" + storeSetup.String() + "\n" + specMoves[0] + "\n"
	path := filepath.Join(dir, "g.rec")
	if err := os.WriteFile(path, []byte(body+"blue place b-c1 0,-1 0"), 0o644); err != nil {
		t.Fatal(err)
	}
	// It parses, but the referee refuses it: not offered to be accepted (Whole false), its refusal said.
	rd, err := ReadFile(path, engine.Standard())
	var r *Refusal
	if err != nil || rd.CutOff == nil || rd.CutOff.Whole || !errors.As(rd.CutOff.Err, &r) || r.Rule != "BASE-4" {
		t.Fatalf("ReadFile: %v, %+v", err, rd.CutOff)
	}
	s, err := Resume(path, engine.Standard())
	if err != nil || s.Recovered == nil || s.Recovered.Whole {
		t.Fatal(err)
	}
	s.Close()
	err = AcceptCutOff(storefs.OS{}, path, s.Recovered, engine.Standard())
	if lineOf(err) != 4 {
		t.Fatalf("accepting a refused line: %v", err)
	}
	if got := readFile(t, path); got != body {
		t.Fatalf("the record changed: %q", got)
	}
}

// Issue 32 item 6: garbage with no final line end after a record that no write of karkason could have begun
// (NUL, control bytes, bytes that are not UTF-8) names the file as not a record (KeyNotText) and is never moved
// aside: resume refuses it, the file byte for byte as it was. A torn line cut inside a character is still a
// cut-off write.
func TestGarbageAfterRecordIsNotText(t *testing.T) {
	body := Header + "\n" + storeSetup.String() + "\n" + specMoves[0] + "\n"
	for _, tc := range []struct {
		name, tail string
		notText    bool
	}{
		{"NUL bytes", "\x00\x00\x00\x00", true},
		{"binary", "\x7fELF\x02\x01\x01\x00\x00\x00", true},
		{"not UTF-8", "red \xff\xfe deploy", true},
		{"an escape", "red \x1b[2J", true},
		{"a comment cut inside a letter", "red deploy follower E  # Ан\xd0", false},
		{"text", "hello world", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "g.rec")
			text := body + tc.tail
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			rd, err := ReadFile(path, engine.Standard())
			var pe *ParseError
			isNotText := errors.As(err, &pe) && pe.Key == KeyNotText && pe.Line == 4
			if isNotText != tc.notText || (rd.CutOff != nil) == tc.notText {
				t.Fatalf("ReadFile: %v, cut off %+v", err, rd.CutOff)
			}
			s, err := Resume(path, engine.Standard())
			if !tc.notText {
				if err != nil || s.Recovered == nil {
					t.Fatalf("resume: %v", err)
				}
				s.Close()
				return
			}
			if err == nil {
				s.Close()
				t.Fatal("resumed a file that is not a record")
			}
			if got := readFile(t, path); got != text {
				t.Fatal("the file changed")
			}
			if names := dirNames(t, dir); len(names) != 1 {
				t.Fatalf("files beside it: %v", names)
			}
		})
	}
}
