package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The non-interactive commands: replay prints the scores with their breakdown (text or JSON, with or without
// final scoring), a refused line names its line and rule and gives exit code 1, usage errors give 2, and a broken
// settings file is reported in the user's language.

func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

func TestReplayCommand(t *testing.T) {
	example := filepath.Join("..", "..", "testdata", "golden", "spec-example.rec")
	bad := filepath.Join(t.TempDir(), "bad.rec")
	// Line 5: blue places out of turn (DEF-7).
	if err := os.WriteFile(bad, []byte("karkason-record 1\nsetup players=A:red,B:blue expansions=none\n"+
		"red place b-rs 1,0 90\nred pass\nred place b-rs 2,0 90\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	base := map[string]string{"HOME": home, "XDG_CONFIG_HOME": home, "LANG": "en_US.UTF-8"}
	tests := []struct {
		name       string
		args       []string
		vars       map[string]string
		code       int
		out, errs  []string // substrings of stdout, stderr
		jsonScores map[string]int
	}{
		{"json", []string{"replay", "--json", example}, nil, 0, nil, nil, map[string]int{"red": 0, "blue": 4}},
		{"json final", []string{"replay", example, "--json", "--final"}, nil, 0, nil, nil,
			map[string]int{"red": 2, "blue": 4}},
		{"text final", []string{"replay", "--final", example}, nil, 0,
			[]string{"BASE-10(b)", "END-3(a)", "Ана", "Богдан"}, nil, nil},
		{"text in Bulgarian", []string{"replay", "--final", example}, map[string]string{"LANG": "bg_BG.UTF-8"}, 0,
			[]string{"крепост"}, nil, nil},
		{"refused line", []string{"replay", bad}, nil, 1, nil, []string{"5", "DEF-7"}, nil},
		// SHRINE-5(f), SHRINE-6: the monk put this turn loses at once; the lost challenge names whose figure it was.
		{"challenge lost", []string{"replay", filepath.Join("..", "..", "testdata", "golden", "shrine-now-monk.rec")},
			nil, 0, []string{"SHRINE-6   shrine         -1,-3:shrine   9  Богдан\n",
				"SHRINE-6   challenge lost 0,-3:monastery   0  Ана\n"}, nil, nil},
		{"missing file", []string{"replay", filepath.Join(home, "none.rec")}, nil, 1, nil, []string{"none.rec"}, nil},
		{"replay without a file", []string{"replay"}, nil, 2, nil, []string{"karkason"}, nil},
		{"unknown command", []string{"frobnicate"}, nil, 2, nil, []string{"frobnicate"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			vars := map[string]string{}
			for k, v := range base {
				vars[k] = v
			}
			for k, v := range tc.vars {
				vars[k] = v
			}
			var out, errs bytes.Buffer
			code := run(tc.args, env(vars), &out, &errs)
			if code != tc.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, out.String(), errs.String())
			}
			for _, s := range tc.out {
				if !strings.Contains(out.String(), s) {
					t.Errorf("stdout lacks %q:\n%s", s, out.String())
				}
			}
			for _, s := range tc.errs {
				if !strings.Contains(errs.String(), s) {
					t.Errorf("stderr lacks %q:\n%s", s, errs.String())
				}
			}
			if tc.jsonScores != nil {
				var got struct {
					Scores map[string]int `json:"scores"`
				}
				if err := json.Unmarshal(out.Bytes(), &got); err != nil {
					t.Fatal(err)
				}
				for c, v := range tc.jsonScores {
					if got.Scores[c] != v {
						t.Errorf("%s has %d, want %d", c, got.Scores[c], v)
					}
				}
			}
		})
	}
}

func TestBrokenConfigIsReported(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "karkason"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "karkason", "config.toml"), []byte("followers = \"seven\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	example := filepath.Join("..", "..", "testdata", "golden", "spec-example.rec")
	var out, errs bytes.Buffer
	code := run([]string{"replay", "--json", example}, env(map[string]string{"HOME": dir, "XDG_CONFIG_HOME": dir,
		"LANG": "uk_UA.UTF-8"}), &out, &errs)
	// The replay is done with the other settings, the message says what is wrong in Ukrainian (not the TOML
	// parser's English), and the exit code says that a setting could not be used (issue 21: it was 0).
	if code != 1 || !strings.Contains(out.String(), "\"scores\"") {
		t.Fatalf("a broken settings file: exit %d, output:\n%s\n%s", code, out.String(), errs.String())
	}
	if !strings.Contains(errs.String(), "config.toml") || !strings.Contains(errs.String(), "цілим числом") ||
		strings.Contains(errs.String(), "could not be read") || strings.Contains(errs.String(), "must be") {
		t.Fatalf("the error should name the file, in Ukrainian:\n%s", errs.String())
	}
}

// replay --final names the winner, or the tied winners who share the victory (BASE-16, END-9), in the user's
// language; without the final scoring the game has not ended and nobody has won.
func TestReplayWinners(t *testing.T) {
	example := filepath.Join("..", "..", "testdata", "golden", "spec-example.rec")
	tie := filepath.Join(t.TempDir(), "tie.rec")
	if err := os.WriteFile(tie, []byte("karkason-record 1\nsetup players=Ана:red,Богдан:blue expansions=none\n"),
		0o644); err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	for _, tc := range []struct {
		name, lang string
		args       []string
		want, not  string
	}{
		{"one winner", "en_GB.UTF-8", []string{"replay", "--final", example}, "Winner: Богдан\n", "Winners"},
		{"one winner in Bulgarian", "bg_BG.UTF-8", []string{"replay", "--final", example}, "Победител: Богдан\n", "Winner"},
		{"a tie", "en_GB.UTF-8", []string{"replay", "--final", tie}, "Winners (tie): Ана, Богдан\n", "Winner:"},
		{"a tie in Ukrainian", "uk_UA.UTF-8", []string{"replay", "--final", tie}, "Переможці (рівність): Ана, Богдан\n", "Winner"},
		{"not ended", "en_GB.UTF-8", []string{"replay", example}, "", "Winner"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errs bytes.Buffer
			vars := map[string]string{"HOME": home, "XDG_CONFIG_HOME": home, "LANG": tc.lang}
			if code := run(tc.args, env(vars), &out, &errs); code != 0 {
				t.Fatalf("exit %d\n%s", code, errs.String())
			}
			if !strings.Contains(out.String(), tc.want) || strings.Contains(out.String(), tc.not) {
				t.Errorf("stdout should have %q and not %q:\n%s", tc.want, tc.not, out.String())
			}
		})
	}
}
