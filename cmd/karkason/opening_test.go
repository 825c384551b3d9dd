package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// testdataRecords returns the texts of every record under testdata/, by path.
func testdataRecords(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	root := filepath.Join("..", "..", "testdata")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".rec") {
			return err
		}
		b, err := os.ReadFile(path)
		out[path] = string(b)
		return err
	})
	if err != nil || len(out) < 100 {
		t.Fatalf("%d records under testdata: %v", len(out), err)
	}
	return out
}

// mutate changes a record as a hand, an editor or a crash might: a line taken out, doubled or swapped with the
// next, a digit or a word changed, a colour changed, or the file cut off at any byte.
func mutate(rng *rand.Rand, text string) string {
	lines := strings.SplitAfter(text, "\n")
	if len(lines) > 1 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	i := rng.IntN(len(lines))
	switch rng.IntN(7) {
	case 0:
		lines = append(lines[:i], lines[i+1:]...)
	case 1:
		lines = append(lines[:i+1], lines[i:]...)
	case 2:
		if i+1 < len(lines) {
			lines[i], lines[i+1] = lines[i+1], lines[i]
		}
	case 3:
		b := []byte(lines[i])
		for k := 0; k < 8; k++ {
			j := rng.IntN(len(b))
			if b[j] >= '0' && b[j] <= '9' {
				b[j] = byte('0' + rng.IntN(10))
				break
			}
		}
		lines[i] = string(b)
	case 4:
		return text[:rng.IntN(len(text)+1)]
	case 5:
		words := strings.Fields(text)
		w := strings.Fields(lines[i])
		if len(w) > 0 && len(words) > 0 {
			lines[i] = strings.Replace(lines[i], w[rng.IntN(len(w))], words[rng.IntN(len(words))], 1)
		}
	case 6:
		colours := []string{"red", "blue", "green", "yellow", "black", "pink"}
		for _, c := range colours {
			if strings.Contains(lines[i], c) {
				lines[i] = strings.Replace(lines[i], c, colours[rng.IntN(len(colours))], 1)
				break
			}
		}
	}
	return strings.Join(lines, "")
}

// TestGamesAgreesWithReplay (issue 32): games --json and replay --json say the same of every record under testdata/
// and of 400 mutated ones: the scores (up to the refused line for a refused record), whether the game is finished,
// the refused line, its rule and its message, and a cut-off last line.
func TestGamesAgreesWithReplay(t *testing.T) {
	home := t.TempDir()
	data := filepath.Join(home, "games")
	if err := os.MkdirAll(data, 0o755); err != nil {
		t.Fatal(err)
	}
	recs := testdataRecords(t)
	var names []string
	for p := range recs {
		names = append(names, p)
	}
	slices.Sort(names)
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(data, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for i, p := range names {
		write(fmt.Sprintf("t%03d-%s", i, filepath.Base(p)), recs[p])
	}
	rng := rand.New(rand.NewPCG(32, 400))
	for i := 0; i < 400; i++ {
		p := names[rng.IntN(len(names))]
		write(fmt.Sprintf("m%03d-%s", i, filepath.Base(p)), mutate(rng, recs[p]))
	}
	getenv := env(map[string]string{"HOME": home, "KARKASON_DATA_DIR": data, "XDG_STATE_HOME": filepath.Join(home, "st"),
		"XDG_CONFIG_HOME": filepath.Join(home, "cfg"), "LANG": "en_US.UTF-8"})
	var so, se bytes.Buffer
	if code := run([]string{"games", "--json"}, getenv, &so, &se); code != 0 {
		t.Fatalf("games: exit %d\n%s", code, se.String())
	}
	var games []struct {
		File    string `json:"file"`
		Players []struct {
			Colour string `json:"colour"`
			Score  int    `json:"score"`
		} `json:"players"`
		Finished bool   `json:"finished"`
		Entering bool   `json:"entering"`
		Error    string `json:"error"`
		Line     int    `json:"line"`
		Rule     string `json:"rule"`
		CutOff   int    `json:"cut_off_line"`
	}
	if err := json.Unmarshal(so.Bytes(), &games); err != nil {
		t.Fatal(err)
	}
	if len(games) != len(names)+400 {
		t.Fatalf("games lists %d records of %d", len(games), len(names)+400)
	}
	refused, cut := 0, 0
	for _, g := range games {
		var ro, re bytes.Buffer
		code := run([]string{"replay", "--json", filepath.Join(data, g.File)}, getenv, &ro, &re)
		var r struct {
			Scores map[string]int `json:"scores"`
			Final  bool           `json:"final"`
			Error  string         `json:"error"`
			Line   int            `json:"line"`
			Rule   string         `json:"rule"`
			CutOff int            `json:"cut_off_line"`
		}
		if err := json.Unmarshal(ro.Bytes(), &r); err != nil {
			t.Errorf("%s: replay --json (exit %d) printed %q: %v\n%s", g.File, code, ro.String(), err, re.String())
			continue
		}
		if g.Entering {
			t.Errorf("%s: listed as an entry under way", g.File)
		}
		if (code != 0) != (r.Error != "") || g.Error != r.Error || g.Line != r.Line || g.Rule != r.Rule ||
			g.CutOff != r.CutOff {
			t.Errorf("%s: games says %q (line %d, %s, cut off %d); replay (exit %d) %q (line %d, %s, cut off %d)",
				g.File, g.Error, g.Line, g.Rule, g.CutOff, code, r.Error, r.Line, r.Rule, r.CutOff)
		}
		if r.Error != "" {
			refused++
			if r.Rule == "" || r.Line == 0 && !strings.Contains(r.Error, "MiB") {
				t.Errorf("%s: refused without a line or a rule: %q", g.File, r.Error)
			}
		}
		if r.CutOff != 0 {
			cut++
		}
		for _, p := range g.Players {
			if p.Score != r.Scores[p.Colour] {
				t.Errorf("%s: games says %s %d, replay %d", g.File, p.Colour, p.Score, r.Scores[p.Colour])
			}
		}
		if r.Scores != nil && g.Finished != r.Final {
			t.Errorf("%s: games says finished %v, replay %v", g.File, g.Finished, r.Final)
		}
	}
	t.Logf("%d records (%d under testdata, 400 mutated): %d refused, %d with a cut-off last line; games and replay "+
		"agree on every one", len(games), len(names), refused, cut)
}

// Issue 31 item 8: a position whose last (goods) line was cut off is refused at the line before with POS-11, and
// the message names the cut-off line too, in bg, uk and en.
func TestCutOffGoodsLineNamed(t *testing.T) {
	home := t.TempDir()
	path := filepath.Join(home, "t.rec")
	torn := "karkason-record 1\nsetup players=A:red,B:blue expansions=traders-builders start=standard\n" +
		"position tile tb-bandcap-wine 0,-1 90\nposition tile b-c1 0,-2 180\nposition blue wine "
	if err := os.WriteFile(path, []byte(torn), 0o644); err != nil {
		t.Fatal(err)
	}
	for lang, want := range map[string][]string{
		"en": {"Line 4 refused [POS-11]", "Line 5, the last of the record"},
		"bg": {"Ред 4 е отказан [POS-11]", "Ред 5, последният в записа"},
		"uk": {"Рядок 4 відхилено [POS-11]", "Рядок 5, останній у записі"},
	} {
		var so, se bytes.Buffer
		getenv := env(map[string]string{"HOME": home, "XDG_STATE_HOME": filepath.Join(home, "st")})
		code := run([]string{"replay", "--lang", lang, path}, getenv, &so, &se)
		for _, w := range want {
			if code != 1 || !strings.Contains(se.String(), w) {
				t.Errorf("%s: exit %d, %q lacks %q", lang, code, se.String(), w)
			}
		}
	}
}

// Issue 31 item 8: a config folder that is a FIFO is said to be no folder, not "config.toml does not exist".
func TestConfigFolderFIFO(t *testing.T) {
	home := t.TempDir()
	cfg := filepath.Join(home, "cfg")
	if err := os.MkdirAll(cfg, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(cfg, "karkason"), 0o644); err != nil {
		t.Skip(err)
	}
	var so, se bytes.Buffer
	getenv := env(map[string]string{"HOME": home, "XDG_CONFIG_HOME": cfg, "XDG_STATE_HOME": filepath.Join(home, "st"),
		"KARKASON_DATA_DIR": filepath.Join(home, "games"), "LANG": "en_US.UTF-8"})
	code, _, errs := runWithin(t, []string{"games"}, getenv)
	if code != 1 || !strings.Contains(errs, "not a folder") || strings.Contains(errs, "does not exist") {
		t.Fatalf("exit %d: %s%s", code, errs, se.String()+so.String())
	}
}
