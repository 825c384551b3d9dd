package errlog

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/karkason/karkason/locales"
	"github.com/karkason/karkason/referee"
)

// Every error of the file system a person can act on, in every language and for every operation: the message says
// what happened, that nothing was lost, and what to do; it shows the file or its folder; it holds no raw OS text,
// which goes to the log instead.

// rawTexts are what the OS and Go say; none may reach a player.
var rawTexts = []string{"no space left", "disk quota", "read-only file system", "permission denied",
	"operation not permitted", "no such file", "not a directory", "is a directory", "input/output error",
	"resource temporarily unavailable", "the game is open in another karkason", "<no value>", "{{",
	"too many levels of symbolic links", "file name too long"}

var idRE = regexp.MustCompile(`file\.(op|problem|stopped)`)

func TestExplainEveryProblem(t *testing.T) {
	path := "/data/games/2026-11-21T1530-Ана-Богдан.rec"
	problems := []struct {
		problem referee.FileProblem
		err     error
		todo    map[string][]string // what to do, by language
	}{
		{referee.ProblemFull, syscall.ENOSPC, map[string][]string{"en": {"free some space", "--data-dir"},
			"bg": {"освободете място", "--data-dir"}, "uk": {"звільніть місце", "--data-dir"}}},
		{referee.ProblemFull, syscall.EDQUOT, map[string][]string{"en": {"free some space"},
			"bg": {"освободете място"}, "uk": {"звільніть місце"}}},
		{referee.ProblemReadOnly, syscall.EROFS, map[string][]string{"en": {"read-only", "--data-dir"},
			"bg": {"само за четене", "--data-dir"}, "uk": {"лише для читання", "--data-dir"}}},
		{referee.ProblemDenied, syscall.EACCES, map[string][]string{"en": {"permission denied", "--data-dir"},
			"bg": {"достъпът е отказан", "--data-dir"}, "uk": {"доступ заборонено", "--data-dir"}}},
		{referee.ProblemDenied, syscall.EPERM, map[string][]string{"en": {"rights"}, "bg": {"правата"},
			"uk": {"права"}}},
		{referee.ProblemMissing, syscall.ENOENT, map[string][]string{"en": {"does not exist", "--data-dir"},
			"bg": {"не съществува", "--data-dir"}, "uk": {"не існує", "--data-dir"}}},
		{referee.ProblemLocked, referee.ErrLocked, map[string][]string{"en": {"another karkason", "close"},
			"bg": {"друг karkason", "затворете"}, "uk": {"іншому karkason", "закрийте"}}},
		{referee.ProblemNotFile, syscall.EISDIR, map[string][]string{"en": {"is not a file"}, "bg": {"не е файл"},
			"uk": {"не файл"}}},
		{referee.ProblemNotFile, referee.ErrNotFile, map[string][]string{"en": {"a pipe"}, "bg": {"канал"},
			"uk": {"канал"}}},
		{referee.ProblemDisk, syscall.EIO, map[string][]string{"en": {"the disk", "the log", "--data-dir"},
			"bg": {"Дискът", "дневника", "--data-dir"}, "uk": {"Диск", "журналі", "--data-dir"}}},
		// Errors that are not the disk's are not blamed on it (issue 21): a symbolic link in a circle, a name too
		// long.
		{referee.ProblemLink, syscall.ELOOP, map[string][]string{"en": {"symbolic link", "circle"},
			"bg": {"символна връзка", "кръг"}, "uk": {"символічне посилання", "колу"}}},
		{referee.ProblemOther, syscall.ENAMETOOLONG, map[string][]string{"en": {"the system refused it", "the log"},
			"bg": {"системата го отказа", "дневника"}, "uk": {"система відмовила", "журналі"}}},
	}
	nothingLost := map[string]string{"en": "nothing was", "bg": "нищо не е", "uk": "нічого не"}
	dir := t.TempDir()
	log := Open(dir)
	for _, p := range problems {
		for _, op := range []referee.FileOp{referee.OpSave, referee.OpCreate, referee.OpOpen, referee.OpRead,
			referee.OpWrite, referee.OpState, referee.OpConfig} {
			if op == referee.OpState && p.problem == referee.ProblemLocked {
				continue // the state folder is never locked
			}
			for _, stopped := range []bool{false, true} {
				err := error(&referee.FileError{Op: op, Path: path, Stopped: stopped,
					Err: &fs.PathError{Op: "write", Path: path, Err: p.err}})
				if p.err == referee.ErrLocked {
					err = &referee.FileError{Op: op, Path: path, Err: referee.ErrLocked, Stopped: stopped}
				}
				if got := referee.ProblemOf(err); got != p.problem {
					t.Fatalf("%v: problem %q, want %q", p.err, got, p.problem)
				}
				seen := map[string]bool{}
				for _, lang := range locales.Languages() {
					name := fmt.Sprintf("%s %s %s stopped=%v", lang, p.err, op, stopped)
					msg, ok := log.Explain(locales.New(lang), err)
					if !ok {
						t.Fatalf("%s: not explained", name)
					}
					for _, raw := range rawTexts {
						if strings.Contains(strings.ToLower(msg), raw) && !(raw == "permission denied" && lang == "en") {
							t.Errorf("%s: raw text %q in %q", name, raw, msg)
						}
					}
					if idRE.MatchString(msg) {
						t.Errorf("%s: a message id in %q", name, msg)
					}
					todo := p.todo[lang]
					if op == referee.OpState {
						// The state folder (the last-game pointer): its own remedy, --state-dir, never --data-dir
						// (issue 21).
						todo = slices.Clone(todo)
						for i, s := range todo {
							if s == "--data-dir" {
								todo[i] = "--state-dir"
							}
						}
						if strings.Contains(msg, "--data-dir") {
							t.Errorf("%s: the state folder advises --data-dir: %q", name, msg)
						}
					}
					if (op == referee.OpRead || op == referee.OpConfig) && p.problem != referee.ProblemFull &&
						p.problem != referee.ProblemReadOnly {
						// A file the player named (replay FILE): its own remedy, never --data-dir, which is not
						// where it came from (file.problem.read.*).
						todo = slices.DeleteFunc(slices.Clone(todo), func(s string) bool { return s == "--data-dir" })
						if strings.Contains(msg, "--data-dir") {
							t.Errorf("%s: reading a named file advises --data-dir: %q", name, msg)
						}
					}
					for _, want := range append(todo, nothingLost[lang]) {
						if !strings.Contains(msg, want) {
							t.Errorf("%s: %q lacks %q", name, msg, want)
						}
					}
					if !strings.Contains(msg, path) && !strings.Contains(msg, filepath.Dir(path)) {
						t.Errorf("%s: neither the file nor its folder in %q", name, msg)
					}
					if p.problem != referee.ProblemDisk && p.problem != referee.ProblemFull &&
						p.problem != referee.ProblemReadOnly && strings.Contains(strings.ToLower(msg), "disk") {
						t.Errorf("%s: blamed on the disk: %q", name, msg)
					}
					if stopped && !strings.Contains(msg, "karkason resume") {
						t.Errorf("%s: a stopped record does not say to resume: %q", name, msg)
					}
					if seen[msg] {
						t.Errorf("%s: the same text as another language: %q", name, msg)
					}
					seen[msg] = true
				}
			}
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, FileName))
	if err != nil {
		t.Fatal(err)
	}
	for _, raw := range []string{"no space left on device", "read-only file system", "input/output error"} {
		if !strings.Contains(string(data), raw) {
			t.Errorf("the log lacks %q", raw)
		}
	}
	// Not an error of the file system: not explained, nothing logged.
	if _, ok := log.Explain(locales.New("en"), &referee.ParseError{Key: referee.KeyBadTile}); ok {
		t.Error("a parse error explained as a file error")
	}
	if _, ok := log.Explain(locales.New("en"), errors.New("something")); ok {
		t.Error("a plain error explained as a file error")
	}
}

// The log is bounded: past MaxBytes it moves to FileName.1 and starts again.
func TestLogIsBounded(t *testing.T) {
	dir := t.TempDir()
	log := Open(dir)
	big := errors.New(strings.Repeat("x", 1000))
	for i := 0; i < 3*MaxBytes/1000; i++ {
		log.Record(fmt.Sprint("test ", i), big)
	}
	// The same error twice in a row is logged once.
	log.Record("again", big)
	log.Record("again", big)
	if data, _ := os.ReadFile(filepath.Join(dir, FileName)); strings.Count(string(data), "again:") != 1 {
		t.Error("the same error twice in a row is logged twice")
	}
	for _, name := range []string{FileName, FileName + ".1"} {
		fi, err := os.Stat(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if fi.Size() > MaxBytes {
			t.Errorf("%s holds %d bytes, over %d", name, fi.Size(), MaxBytes)
		}
	}
	// A log in a folder that cannot be made writes nothing and does not fail.
	Open(filepath.Join(dir, FileName, "sub")).Record("test", big)
	var none *Log
	none.Record("test", big)
	// Without a log, the message does not send the players to one (issue 21: a full state folder's message
	// pointed to a log that was empty).
	if got := none.Failed(locales.New("bg"), "ui.failed", big); strings.Contains(got, FileName) ||
		strings.Contains(got, "дневника") || !strings.Contains(got, "нищо не е загубено") {
		t.Errorf("Failed without a log: %q", got)
	}
	full := Open(filepath.Join(dir, FileName, "sub")) // a log that cannot be written
	if got, _ := full.Explain(locales.New("en"), &referee.FileError{Op: referee.OpSave, Path: "/g.rec",
		Err: syscall.EIO}); strings.Contains(got, "the log") {
		t.Errorf("Explain without a log: %q", got)
	}
}

// A picture's export (referee.OpExport) is explained with its own advice: another file or folder for the
// picture, never --data-dir (the data folder has nothing to do with it), and that nothing else changed.
func TestExplainExport(t *testing.T) {
	path := "/home/ana/pictures/game.png"
	advice := map[string][]string{"en": {"another file or folder", "nothing else changed"},
		"bg": {"друг файл или друга папка", "нищо друго не е променено"},
		"uk": {"інший файл або іншу теку", "більше нічого не змінено"}}
	log := Open(t.TempDir())
	for _, errno := range []error{syscall.ENOSPC, syscall.EDQUOT, syscall.EROFS, syscall.EACCES, syscall.ENOENT,
		syscall.EISDIR, syscall.EIO, referee.ErrLocked} {
		err := &referee.FileError{Op: referee.OpExport, Path: path, Err: &fs.PathError{Op: "open", Path: path, Err: errno}}
		for _, lang := range locales.Languages() {
			msg, ok := log.Explain(locales.New(lang), err)
			if !ok {
				t.Fatalf("%s %v: not explained", lang, errno)
			}
			for _, want := range advice[lang] {
				if !strings.Contains(msg, want) {
					t.Errorf("%s %v: %q lacks %q", lang, errno, msg, want)
				}
			}
			if strings.Contains(msg, "--data-dir") || idRE.MatchString(msg) {
				t.Errorf("%s %v: --data-dir or a message id in %q", lang, errno, msg)
			}
			for _, raw := range rawTexts {
				if strings.Contains(strings.ToLower(msg), raw) && !(raw == "permission denied" && lang == "en") {
					t.Errorf("%s %v: raw text %q in %q", lang, errno, raw, msg)
				}
			}
		}
	}
}
