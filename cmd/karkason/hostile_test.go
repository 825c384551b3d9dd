package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
	"github.com/karkason/karkason/referee/storefs"
)

// Hostile files on the command line, the second round (issue 21): nothing changed that nobody asked to change,
// nothing waited on, one reading of a record for every command, messages right and escaped.

const example = "karkason-record 1\nsetup players=Ана:red,Богдан:blue expansions=farmers start=standard\n" +
	"red place b-rs 1,0 90\nred deploy follower E\nblue place b-c1 0,-1 180\n"

// runWithin runs the command line and fails the test if it takes more than 5 s (a FIFO waited on).
func runWithin(t *testing.T, args []string, getenv func(string) string) (int, string, string) {
	t.Helper()
	type result struct {
		code     int
		out, err string
	}
	done := make(chan result, 1)
	go func() {
		var out, stderr bytes.Buffer
		code := run(args, getenv, &out, &stderr)
		done <- result{code, out.String(), stderr.String()}
	}()
	select {
	case r := <-done:
		return r.code, r.out, r.err
	case <-time.After(5 * time.Second):
		t.Fatalf("karkason %s waits for ever", strings.Join(args, " "))
	}
	return 0, "", ""
}

// A FIFO hangs no command (issue 21: replay, export and resume of one never returned; one named *.rec in the data
// folder hung games and stats; one as config.toml hung every command): each is refused at once as not a file.
func TestFIFOsAreNotWaitedOn(t *testing.T) {
	home := t.TempDir()
	data := filepath.Join(home, "games")
	cfg := filepath.Join(home, "cfg")
	for _, d := range []string{data, cfg} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	fifo := filepath.Join(data, "f.rec")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	if err := syscall.Mkfifo(filepath.Join(cfg, "config.toml"), 0o644); err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(home, "good.rec")
	if err := os.WriteFile(good, []byte(example), 0o644); err != nil {
		t.Fatal(err)
	}
	getenv := env(map[string]string{"HOME": home, "KARKASON_DATA_DIR": data, "LANG": "en_US.UTF-8"})
	withCfg := env(map[string]string{"HOME": home, "KARKASON_CONFIG_DIR": cfg, "LANG": "en_US.UTF-8"})
	for _, tc := range []struct {
		args   []string
		getenv func(string) string
		code   int
		say    string
	}{
		{[]string{"replay", fifo}, getenv, 1, "is not a file"},
		{[]string{"export", fifo, "--svg", filepath.Join(home, "x.svg")}, getenv, 1, "is not a file"},
		{[]string{"resume", fifo}, getenv, 1, "is not a file"},
		{[]string{"games"}, getenv, 0, "is not a file"},
		{[]string{"stats"}, getenv, 0, ""},
		{[]string{"replay", good}, withCfg, 1, "settings"},
	} {
		code, out, errs := runWithin(t, tc.args, tc.getenv)
		if code != tc.code || !strings.Contains(out+errs, tc.say) {
			t.Errorf("%v: exit %d\n%s%s", tc.args, code, out, errs)
		}
	}
}

// resume of a file that is not a record changes nothing (issue 21: `resume notes.txt` moved "bread" to a side file
// and left notes.txt.lock; a PNG lost its last 69 bytes) and says what is wrong with its line.
func TestResumeOfANonRecordChangesNothing(t *testing.T) {
	home := t.TempDir()
	dir := t.TempDir()
	getenv := env(map[string]string{"HOME": home, "LANG": "bg_BG.UTF-8"})
	for name, text := range map[string]string{
		"notes.txt": "shopping list\nmilk\nbread",
		"pic.png":   "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + strings.Repeat("\x00\xff", 40),
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, errs := runWithin(t, []string{"resume", path}, getenv)
		if code != 1 || !strings.Contains(errs, "Ред 1") {
			t.Errorf("%s: exit %d, %s", name, code, errs)
		}
		if got, _ := os.ReadFile(path); string(got) != text {
			t.Errorf("%s changed: %q", name, got)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("files left beside them: %v", entries)
	}
}

// Names from outside reach the terminal escaped (issue 21: `games` printed a file name raw, so one holding
// "\x1b[2J" cleared the screen; U+202E, the right-to-left override, reached the terminal in a refusal).
func TestNamesAreEscaped(t *testing.T) {
	home := t.TempDir()
	data := filepath.Join(home, "games")
	if err := os.MkdirAll(data, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"2026-01-02T1200-\x1b[2J.rec", "2026-01-03T1200-a\u202eb.rec"} {
		if err := os.WriteFile(filepath.Join(data, name), []byte(example), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	getenv := env(map[string]string{"HOME": home, "KARKASON_DATA_DIR": data, "LANG": "en_US.UTF-8"})
	code, out, errs := runWithin(t, []string{"games"}, getenv)
	if code != 0 || strings.ContainsAny(out+errs, "\x1b\u202e") || !strings.Contains(out, `\x1b[2J`) ||
		!strings.Contains(out, `a\u202eb`) {
		t.Errorf("games: exit %d\n%q\n%q", code, out, errs)
	}
	code, out, errs = runWithin(t, []string{"replay", filepath.Join(home, "x\u202e\x1b[2J.rec")}, getenv)
	if code != 1 || strings.ContainsAny(out+errs, "\x1b\u202e") || !strings.Contains(errs, `x\u202e\x1b[2J.rec`) {
		t.Errorf("replay: exit %d\n%q\n%q", code, out, errs)
	}
	for _, args := range [][]string{{"\x1b[2J\u202e"}, {"stats", "--player", "\x1b[2J\u202e"},
		{"stats", "--modules", "\x1b[2J\u202e"}, {"stats", "--since", "\x1b[2J\u202e"}} {
		_, out, errs := runWithin(t, args, getenv)
		if strings.ContainsAny(out+errs, "\x1b\u202e") || !strings.Contains(out+errs, `\x1b[2J\u202e`) {
			t.Errorf("%q:\n%q\n%q", args, out, errs)
		}
	}
}

// One reading of a record for every command (issue 21: a last line without its line end was counted by replay,
// not by export or games, and set aside by resume): a comment counts everywhere; any other such line, whole
// (issue 31: a write cut off all the same) or refused, every command leaves out and says so, and only resume
// moves it aside.
func TestEveryCommandReadsTheSameLines(t *testing.T) {
	for _, tc := range []struct {
		name, last string
		turn       int
		cut        bool
	}{
		{"a comment", "# blue is next", 2, false},
		{"whole, but without its line end", "blue deploy follower S", 2, true},
		{"cut off", "blue deploy follo", 2, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			home := t.TempDir()
			data := filepath.Join(home, "games")
			if err := os.MkdirAll(data, 0o755); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(data, "g.rec")
			text := example + tc.last
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			getenv := env(map[string]string{"HOME": home, "KARKASON_DATA_DIR": data, "LANG": "en_US.UTF-8"})
			code, out, errs := runWithin(t, []string{"replay", "--json", path}, getenv)
			var sum struct {
				Scores map[string]int `json:"scores"`
			}
			if code != 0 || json.Unmarshal([]byte(out), &sum) != nil || strings.Contains(errs, "Line 6") != tc.cut {
				t.Fatalf("replay: exit %d\n%s%s", code, out, errs)
			}
			code, out, errs = runWithin(t, []string{"games", "--json"}, getenv)
			var games []struct {
				Players []struct {
					Score int `json:"score"`
				} `json:"players"`
				Error  string `json:"error"`
				CutOff int    `json:"cut_off_line"`
			}
			if code != 0 || json.Unmarshal([]byte(out), &games) != nil || len(games) != 1 || games[0].Error != "" {
				t.Fatalf("games: exit %d\n%s%s", code, out, errs)
			}
			if g := games[0]; g.Players[1].Score != sum.Scores["blue"] || (g.CutOff == 6) != tc.cut {
				t.Errorf("games and replay disagree: %+v, %v", g, sum.Scores)
			}
			code, _, errs = runWithin(t, []string{"export", path, "--svg", filepath.Join(home, "g.svg")}, getenv)
			if code != 0 || strings.Contains(errs, "Line 6") != tc.cut {
				t.Errorf("export: exit %d\n%s", code, errs)
			}
			if got, _ := os.ReadFile(path); string(got) != text {
				t.Errorf("a reading command changed the record: %q", got)
			}
			s, err := referee.Resume(path, engine.Standard())
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if s.Game.S.Scores[1] != sum.Scores["blue"] || (s.Recovered != nil) != tc.cut {
				t.Errorf("resume disagrees: %v, %+v", s.Game.S.Scores, s.Recovered)
			}
		})
	}
}

// Messages that were wrong (issue 21).
func TestMessagesSayWhatIsWrong(t *testing.T) {
	home := t.TempDir()
	rec := filepath.Join(home, "g.rec")
	if err := os.WriteFile(rec, []byte(example), 0o644); err != nil {
		t.Fatal(err)
	}
	en := env(map[string]string{"HOME": home, "LANG": "en_US.UTF-8"})
	bg := env(map[string]string{"HOME": home, "LANG": "bg_BG.UTF-8"})

	// The locked game is named ("The game  is open in another karkason").
	s, err := referee.Resume(rec, engine.Standard())
	if err != nil {
		t.Fatal(err)
	}
	for _, getenv := range []func(string) string{en, bg} {
		if code, _, errs := runWithin(t, []string{"resume", rec}, getenv); code != 1 || !strings.Contains(errs, rec) ||
			!strings.Contains(errs, "karkason") {
			t.Errorf("a locked game: exit %d %s", code, errs)
		}
	}
	s.Close()

	// A coordinate beyond int32 is out of range, not "not two whole numbers".
	big := filepath.Join(home, "big.rec")
	if err := os.WriteFile(big, []byte(example+"blue place b-rs 2147483648,0 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := runWithin(t, []string{"replay", big}, en); code != 1 || !strings.Contains(errs, "out of range") ||
		strings.Contains(errs, "two whole numbers, e.g.") && !strings.Contains(errs, "2147483647") {
		t.Errorf("2147483648: exit %d %s", code, errs)
	}

	// A settings file that is a folder is not "the record".
	cfg := filepath.Join(home, "cfg", "config.toml")
	if err := os.MkdirAll(cfg, 0o755); err != nil {
		t.Fatal(err)
	}
	if code, out, errs := runWithin(t, []string{"--config", cfg, "replay", rec}, en); code != 1 ||
		strings.Contains(errs, "record") || !strings.Contains(errs, "settings") || !strings.Contains(out, "Богдан") {
		t.Errorf("a settings file that is a folder: exit %d %s", code, errs)
	}

	// An unknown language is said: --lang is a bad command line, the environment's is not used.
	if code, _, errs := runWithin(t, []string{"--lang", "xx", "games"}, en); code != 2 || !strings.Contains(errs, "xx") {
		t.Errorf("--lang xx: exit %d %s", code, errs)
	}
	xx := env(map[string]string{"HOME": home, "LANG": "bg_BG.UTF-8", "KARKASON_LANGUAGE": "xx"})
	if code, out, errs := runWithin(t, []string{"replay", rec}, xx); code != 1 ||
		!strings.Contains(errs, "KARKASON_LANGUAGE") || !strings.Contains(out, "точки") {
		t.Errorf("KARKASON_LANGUAGE=xx: exit %d %s%s", code, out, errs)
	}

	// A symbolic link in a circle is the link's problem, and is dated by the link itself, not 0001-01-01.
	data := filepath.Join(home, "games")
	if err := os.MkdirAll(data, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("loop.rec", filepath.Join(data, "loop.rec")); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := runWithin(t, []string{"games", "--data-dir", data}, en); code != 0 ||
		strings.Contains(out, "0001-01-01") || strings.Contains(out, "disk") || !strings.Contains(out, "circle") {
		t.Errorf("a link in a circle: exit %d\n%s", code, out)
	}
}

// export --svg a --png b on a full disk says what became of both pictures (issue 21: the PNG was never mentioned).
func TestExportSaysEveryPicture(t *testing.T) {
	home := t.TempDir()
	fsys := storefs.NewFaulty()
	fsys.Set(func(y *storefs.Faulty) { y.Space = 0 })
	filesFS = fsys
	defer func() { filesFS = storefs.OS{} }()
	svg, png := filepath.Join(home, "a.svg"), filepath.Join(home, "b.png")
	code, _, errs := runWithin(t, []string{"export", "../../testdata/export/city-river.rec", "--svg", svg, "--png", png},
		env(map[string]string{"HOME": home, "LANG": "en_US.UTF-8"}))
	if code != 1 || !strings.Contains(errs, svg) || !strings.Contains(errs, png) {
		t.Errorf("exit %d\n%s", code, errs)
	}
	entries, _ := os.ReadDir(home)
	if slices.ContainsFunc(entries, func(e os.DirEntry) bool {
		return strings.Contains(e.Name(), ".svg") ||
			strings.Contains(e.Name(), ".png")
	}) {
		t.Errorf("a picture left behind: %v", entries)
	}
}
