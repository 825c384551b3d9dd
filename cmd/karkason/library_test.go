package main

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/karkason/karkason/cmd/karkason/library"
	"github.com/karkason/karkason/referee/storefs"
)

// snapshot is every file of a folder: its bytes, mode and modification time.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		b := []byte{}
		if !d.IsDir() {
			if b, err = os.ReadFile(path); err != nil {
				return err
			}
		}
		out[path] = info.Mode().String() + " " + info.ModTime().Format(time.RFC3339Nano) + " " + string(b)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func copyDir(t *testing.T, from, to string) {
	t.Helper()
	entries, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// games, stats and export leave the data folder byte for byte as it was, modification times included: no lock
// file, no recovery of a torn line, nothing written. (games and stats keep a cache of the records' summaries in
// the state folder; what they print is the same without it, with it, and with it damaged.)
func TestLibraryCommandsChangeNothing(t *testing.T) {
	data := t.TempDir()
	copyDir(t, "../../testdata/library", data)
	b, _ := os.ReadFile("../../testdata/export/city-river.rec")
	if err := os.WriteFile(filepath.Join(data, "2026-11-20T2100-Ана-Богдан-Віра.rec"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	// A record cut off mid-line, as a crash leaves it: resuming would move the tail aside; the library must not.
	if err := os.WriteFile(filepath.Join(data, "2026-11-21T2100-torn.rec"), append(b[:len(b)-1:len(b)-1], []byte("\nred pla")...), 0o644); err != nil {
		t.Fatal(err)
	}
	old := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	entries, _ := os.ReadDir(data)
	for _, e := range entries {
		os.Chtimes(filepath.Join(data, e.Name()), old, old)
	}
	os.Chtimes(data, old, old)
	before := snapshot(t, data)
	out := t.TempDir()
	home := t.TempDir()
	getenv := env(map[string]string{"HOME": home})
	printed := map[string]string{} // the output of each listing command, the first time (no cache yet)
	for _, args := range [][]string{
		{"games"}, {"games", "--json"}, {"stats"}, {"stats", "--json", "--player", "Ана"},
		{"stats", "--since", "2026-10-10", "--until", "2026-11-30", "--modules", "farmers"},
		{"export", filepath.Join(data, "2026-11-20T2100-Ана-Богдан-Віра.rec"), "--svg", filepath.Join(out, "a.svg"),
			"--png", filepath.Join(out, "a.png")},
		{"export", filepath.Join(data, "2026-11-21T2100-torn.rec"), "--svg", filepath.Join(out, "b.svg")},
	} {
		var so, se bytes.Buffer
		code := run(append(args, "--data-dir", data, "--lang", "en"), getenv, &so, &se)
		if args[0] != "export" && code != 0 || so.Len() == 0 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, so.String(), se.String())
		}
		if args[0] != "export" {
			printed[strings.Join(args, " ")] = so.String()
		}
	}
	cache := library.CachePath(filepath.Join(home, ".local", "state", "karkason"), data)
	if _, err := os.Stat(cache); err != nil {
		t.Errorf("no cache of the summaries: %v", err)
	}
	for _, damage := range []func(){func() {}, func() { os.WriteFile(cache, []byte("damaged"), 0o644) }} {
		damage()
		for args, want := range printed {
			var so, se bytes.Buffer
			if run(append(strings.Fields(args), "--data-dir", data, "--lang", "en"), getenv, &so, &se); so.String() != want {
				t.Errorf("%s through the cache printed\n%s\nwithout it\n%s", args, so.String(), want)
			}
		}
	}
	if after := snapshot(t, data); len(after) != len(before) {
		t.Errorf("the data folder changed: %d entries, was %d", len(after), len(before))
	} else {
		for k, v := range before {
			if after[k] != v {
				t.Errorf("%s changed", k)
			}
		}
	}
}

// tempHome is an environment whose HOME is a temporary folder, so that the log and the state of a test stay out of
// the source tree.
func tempHome(t *testing.T) func(string) string {
	home := t.TempDir()
	return env(map[string]string{"HOME": home})
}

func TestGamesAndStatsCommands(t *testing.T) {
	env := tempHome(t)
	var so, se bytes.Buffer
	if code := run([]string{"games", "--data-dir", "../../testdata/library", "--lang", "bg"}, env, &so, &se); code != 0 {
		t.Fatalf("games: %d %s", code, se.String())
	}
	for _, s := range []string{"завършена", "незавършена, ход 2", "★ Ана 4 · Богдан 2 · Віра 3", "[farmers]",
		"„plays“", "2026-11-12T2000-broken.rec", "[DEF-7]"} {
		if !strings.Contains(so.String(), s) {
			t.Errorf("games: no %q in\n%s", s, so.String())
		}
	}
	so.Reset()
	if code := run([]string{"stats", "--json", "--data-dir", "../../testdata/library"}, env, &so, &se); code != 0 {
		t.Fatalf("stats: %d %s", code, se.String())
	}
	var st struct {
		Games   int
		Players []struct {
			Name string
			Wins int
		}
	}
	if err := json.Unmarshal(so.Bytes(), &st); err != nil || st.Games != 3 || st.Players[0].Name != "Ана" ||
		st.Players[0].Wins != 2 {
		t.Errorf("stats --json: %v %+v", err, st)
	}
	so.Reset()
	if code := run([]string{"stats", "--player", "Віра", "--player", "Богдан", "--lang", "uk", "--data-dir",
		"../../testdata/library"}, env, &so, &se); code != 0 ||
		!strings.Contains(so.String(), "Віра – Богдан: спільних ігор 1; Віра попереду 1, Богдан попереду 0, нічия 0") {
		t.Errorf("stats head to head: %d\n%s", code, so.String())
	}
	se.Reset()
	if code := run([]string{"stats", "--since", "21.11.2026", "--lang", "bg"}, env, &so, &se); code != 2 ||
		!strings.Contains(se.String(), "ГГГГ-ММ-ДД") {
		t.Errorf("bad date: %d %q", code, se.String())
	}
	se.Reset()
	if code := run([]string{"stats", "--modules", "farmers,counts", "--lang", "en"}, env, &so, &se); code != 2 ||
		!strings.Contains(se.String(), "“counts” is not a module") {
		t.Errorf("bad module: %d %q", code, se.String())
	}
	so.Reset()
	if code := run([]string{"--version"}, env, &so, &se); code != 0 || !strings.HasPrefix(so.String(), "karkason ") {
		t.Errorf("--version: %d %q", code, so.String())
	}
	for _, lang := range []string{"en", "bg", "uk"} {
		so.Reset()
		run([]string{"--help", "--lang", lang}, env, &so, &se)
		for _, s := range []string{"karkason games", "karkason stats", "karkason export", "--version"} {
			if !strings.Contains(so.String(), s) {
				t.Errorf("--help in %s: no %q", lang, s)
			}
		}
		// In the language asked for, though --lang comes after --help.
		if first := map[string]string{"en": "Usage:", "bg": "Употреба:", "uk": "Використання:"}[lang]; !strings.HasPrefix(so.String(), first) {
			t.Errorf("--help --lang %s begins %q, want %q", lang, so.String()[:min(20, so.Len())], first)
		}
	}
}

// An export to a folder that cannot be written says so in the user's language, with what to do, and exits 1.
func TestExportUnwritable(t *testing.T) {
	env := tempHome(t)
	var so, se bytes.Buffer
	dir := t.TempDir()
	code := run([]string{"export", "../../testdata/export/city-river.rec", "--png", filepath.Join(dir, "no", "x.png"),
		"--lang", "bg"}, env, &so, &se)
	// The file error in words (issue 14, referee.FileMessages): what happened, and that nothing else changed.
	if code != 1 || !strings.Contains(se.String(), "не съществува") ||
		!strings.Contains(se.String(), "не беше записана") {
		t.Errorf("exit %d, stderr %q", code, se.String())
	}
	se.Reset()
	if code := run([]string{"export", "../../testdata/export/city-river.rec"}, env, &so, &se); code != 2 {
		t.Errorf("no output: exit %d %q", code, se.String())
	}
	se.Reset()
	if code := run([]string{"export", "../../testdata/export/city-river.rec", "--svg", filepath.Join(dir, "x.svg"),
		"--turn", "500"}, env, &so, &se); code != 2 || !strings.Contains(se.String(), "turns 0 to") {
		t.Errorf("turn beyond: exit %d %q", code, se.String())
	}
}

// An export to a missing folder, a read-only folder or a full disk says what happened and what to do in the
// user's language: another file or folder for the picture (not --data-dir), nothing else changed; no raw OS text,
// no file left behind, exit 1. The read-only folder and the full disk are storefs.Faulty's (tests run as root).
func TestExportFileErrors(t *testing.T) {
	rec := "../../testdata/export/city-river.rec"
	type want map[string][]string // language -> substrings of stderr
	advice := want{"en": {"another file or folder", "nothing else changed"},
		"bg": {"друг файл или друга папка", "нищо друго не е променено"},
		"uk": {"інший файл або іншу теку", "більше нічого не змінено"}}
	for _, tc := range []struct {
		name   string
		folder string // under the test's folder; "no" does not exist
		isDir  bool   // the picture's path is a folder
		fault  func(*storefs.Faulty)
		errs   want
	}{
		{"a folder in its place", "", true, nil, want{"en": {"is a folder"}, "bg": {"е папка"}, "uk": {"тека"}}},
		{"a missing folder", "no", false, nil, want{"en": {"does not exist"}, "bg": {"не съществува"}, "uk": {"не існує"}}},
		{"a read-only folder", "", false, func(y *storefs.Faulty) { y.OpenErr = syscall.EROFS },
			want{"en": {"read-only"}, "bg": {"само за четене"}, "uk": {"лише для читання"}}},
		{"a full disk", "", false, func(y *storefs.Faulty) { y.Space = 100 },
			want{"en": {"is full", "free some space"}, "bg": {"е пълен", "освободете място"},
				"uk": {"заповнено", "звільніть місце"}}},
	} {
		for _, lang := range []string{"en", "bg", "uk"} {
			for _, flag := range []string{"--png", "--svg"} {
				t.Run(tc.name+" "+lang+" "+flag, func(t *testing.T) {
					dir := t.TempDir()
					fsys := storefs.NewFaulty()
					if tc.fault != nil {
						fsys.Set(tc.fault)
					}
					filesFS = fsys
					defer func() { filesFS = storefs.OS{} }()
					out := filepath.Join(dir, tc.folder, "game."+flag[2:])
					if tc.isDir {
						if err := os.Mkdir(out, 0o755); err != nil {
							t.Fatal(err)
						}
					}
					vars := map[string]string{"HOME": dir, "XDG_CONFIG_HOME": dir, "KARKASON_STATE_DIR": filepath.Join(dir, "state")}
					var so, se bytes.Buffer
					if code := run([]string{"export", rec, flag, out, "--lang", lang}, env(vars), &so, &se); code != 1 {
						t.Fatalf("exit %d\n%s%s", code, so.String(), se.String())
					}
					for _, s := range append(tc.errs[lang], advice[lang]...) {
						if !strings.Contains(se.String(), s) {
							t.Errorf("stderr lacks %q:\n%s", s, se.String())
						}
					}
					both := strings.ToLower(so.String() + se.String())
					for _, bad := range append(rawOSTexts, "--data-dir") {
						if strings.Contains(both, bad) {
							t.Errorf("%q in the output:\n%s", bad, both)
						}
					}
					if left, _ := filepath.Glob(filepath.Join(dir, "*", "*game*")); len(left) > 0 {
						t.Errorf("left behind: %v", left)
					}
					if _, err := os.Lstat(out); !tc.isDir && err == nil {
						t.Errorf("%s was written", out)
					}
					if left, _ := filepath.Glob(filepath.Join(dir, ".*game*")); len(left) > 0 {
						t.Errorf("left behind: %v", left)
					}
				})
			}
		}
	}
}

// games and stats on a data folder that is missing (an empty library, as before), a file, or a folder that cannot
// be listed (storefs.Faulty: tests run as root): the latter two say what is wrong and what to do in the user's
// language, exit 1, no raw OS text.
func TestLibraryFolderErrors(t *testing.T) {
	type want map[string][]string // language -> substrings of stderr
	for _, tc := range []struct {
		name   string
		folder func(dir string) string
		fault  func(*storefs.Faulty)
		code   int
		errs   want
	}{
		{"a missing folder", func(dir string) string { return filepath.Join(dir, "none") }, nil, 0, nil},
		{"a folder under a file", func(dir string) string { return filepath.Join(dir, "file", "games") }, nil, 0, nil},
		{"a file", func(dir string) string { return filepath.Join(dir, "file") }, nil, 1, want{
			"en": {"is not a folder", "--data-dir", "could not be listed", "nothing was changed"},
			"bg": {"не е папка", "--data-dir", "не могат да бъдат прегледани", "нищо не е променено"},
			"uk": {"не тека", "--data-dir", "Не вдалося переглянути", "нічого не змінено"}}},
		{"an unreadable folder", func(dir string) string { return dir }, func(y *storefs.Faulty) { y.ReadDirErr = syscall.EACCES },
			1, want{"en": {"permission denied", "--data-dir", "could not be listed"},
				"bg": {"достъпът е отказан", "--data-dir", "не могат да бъдат прегледани"},
				"uk": {"доступ заборонено", "--data-dir", "Не вдалося переглянути"}}},
	} {
		for _, lang := range []string{"en", "bg", "uk"} {
			for _, cmd := range []string{"games", "stats"} {
				t.Run(tc.name+" "+lang+" "+cmd, func(t *testing.T) {
					dir := t.TempDir()
					if err := os.WriteFile(filepath.Join(dir, "file"), []byte("x"), 0o644); err != nil {
						t.Fatal(err)
					}
					fsys := storefs.NewFaulty()
					if tc.fault != nil {
						fsys.Set(tc.fault)
					}
					filesFS = fsys
					defer func() { filesFS = storefs.OS{} }()
					var so, se bytes.Buffer
					code := run([]string{cmd, "--data-dir", tc.folder(dir), "--lang", lang}, tempHome(t), &so, &se)
					if code != tc.code {
						t.Fatalf("exit %d, want %d\n%s%s", code, tc.code, so.String(), se.String())
					}
					for _, s := range tc.errs[lang] {
						if !strings.Contains(se.String(), s) {
							t.Errorf("stderr lacks %q:\n%s", s, se.String())
						}
					}
					if tc.code == 0 && (se.Len() > 0 || so.Len() == 0) {
						t.Errorf("an empty library: stdout %q, stderr %q", so.String(), se.String())
					}
					both := strings.ToLower(so.String() + se.String())
					for _, raw := range rawOSTexts {
						if strings.Contains(both, raw) && !(raw == "permission denied" && lang == "en") {
							t.Errorf("raw OS text %q in the output:\n%s", raw, both)
						}
					}
				})
			}
		}
	}
}

// Issue 22 items 5–7: replay --json writes an empty breakdown as []; games --json says why a record cannot be used
// in the same words as the text view, with the rule as a field of its own; --modules none chooses the base game
// alone and cannot be combined with a module.
func TestLibraryJSONAndBaseGame(t *testing.T) {
	env := tempHome(t)
	var so, se bytes.Buffer
	dir := t.TempDir()
	rec := filepath.Join(dir, "empty.rec")
	os.WriteFile(rec, []byte("karkason-record 1\nsetup players=Ана:red,Богдан:blue\n"), 0o644)
	if code := run([]string{"replay", rec, "--json"}, env, &so, &se); code != 0 {
		t.Fatalf("replay: %d %s", code, se.String())
	}
	if !strings.Contains(so.String(), `"breakdown": []`) {
		t.Errorf("replay --json of a game without scoring:\n%s", so.String())
	}
	so.Reset()
	if code := run([]string{"games", "--json", "--lang", "bg", "--data-dir", "../../testdata/library"}, env, &so, &se); code != 0 {
		t.Fatalf("games --json: %d %s", code, se.String())
	}
	var list []struct {
		File  string
		Error string
		Rule  string
	}
	if err := json.Unmarshal(so.Bytes(), &list); err != nil {
		t.Fatal(err)
	}
	so.Reset()
	run([]string{"games", "--lang", "bg", "--data-dir", "../../testdata/library"}, env, &so, &se)
	found := false
	for _, g := range list {
		if g.File != "from-a-friend.rec" {
			continue
		}
		found = true
		if g.Rule != "DEF-7" || strings.Contains(g.Error, "err.") || !strings.Contains(so.String(), g.Error) {
			t.Errorf("games --json: rule %q, error %q; the text view:\n%s", g.Rule, g.Error, so.String())
		}
	}
	if !found {
		t.Errorf("no from-a-friend.rec in %+v", list)
	}
	so.Reset()
	if code := run([]string{"stats", "--json", "--modules", "none", "--data-dir", "../../testdata/library"}, env, &so, &se); code != 0 {
		t.Fatalf("--modules none: %d %s", code, se.String())
	}
	var st struct{ Games int }
	if err := json.Unmarshal(so.Bytes(), &st); err != nil || st.Games != 2 { // G1, G2; G3 has farmers
		t.Errorf("--modules none: %v %s", err, so.String())
	}
	se.Reset()
	if code := run([]string{"stats", "--modules", "none,farmers", "--lang", "uk"}, env, &so, &se); code != 2 ||
		!strings.Contains(se.String(), "none") {
		t.Errorf("--modules none,farmers: %d %q", code, se.String())
	}
}

// Issue 22 item 12: --turn -1 is no turn: refused with the turns the record has (exit 2), nothing written; without
// --turn the picture is the end of the game.
func TestExportNegativeTurn(t *testing.T) {
	env := tempHome(t)
	out := filepath.Join(t.TempDir(), "a.svg")
	var so, se bytes.Buffer
	code := run([]string{"export", "../../testdata/export/city-river.rec", "--svg", out, "--turn", "-1", "--lang", "en"},
		env, &so, &se)
	if _, err := os.Stat(out); code != 2 || !strings.Contains(se.String(), "--turn -1: the record has turns 0 to") || err == nil {
		t.Errorf("--turn -1: exit %d, %q, written %v", code, se.String(), err == nil)
	}
	se.Reset()
	if code := run([]string{"export", "../../testdata/export/city-river.rec", "--svg", out}, env, &so, &se); code != 0 {
		t.Errorf("no --turn: exit %d %s", code, se.String())
	}
}
