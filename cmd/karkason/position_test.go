package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Every refused position in testdata/golden (pos-err-*.rec, POS-10) is reported by replay in English, Bulgarian and
// Ukrainian with its line and rule (or, for a malformed line, the line and the rule the message names), and the
// three messages differ: nothing is left untranslated.
func TestReplayRefusedPositions(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "golden", "pos-err-*.rec"))
	if len(files) < 10 {
		t.Fatalf("found %d refused positions", len(files))
	}
	expectRE := regexp.MustCompile(`(?m)^# expect-error: (\d+) (\S+)`)
	home := t.TempDir()
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		m := expectRE.FindStringSubmatch(string(data))
		if m == nil {
			t.Fatalf("%s: no expect-error", file)
		}
		line, rule := m[1], m[2]
		if rule == "record.position_after_action" {
			rule = "POS-10"
		}
		msgs := map[string]string{}
		for _, lang := range []string{"en", "bg", "uk"} {
			var out, errs bytes.Buffer
			code := run([]string{"--lang", lang, "replay", "--final", file},
				env(map[string]string{"HOME": home, "XDG_CONFIG_HOME": home}), &out, &errs)
			msg := errs.String()
			if code != 1 || out.Len() != 0 {
				t.Errorf("%s %s: exit %d, stdout %q: a refused position prints no scores", filepath.Base(file), lang,
					code, out.String())
			}
			if !strings.Contains(msg, line) || !strings.Contains(msg, rule) || strings.Contains(msg, "<no value>") {
				t.Errorf("%s %s: %q lacks line %s or rule %s", filepath.Base(file), lang, msg, line, rule)
			}
			msgs[lang] = msg
		}
		if msgs["en"] == msgs["bg"] || msgs["en"] == msgs["uk"] || msgs["bg"] == msgs["uk"] {
			t.Errorf("%s: messages not translated: %q", filepath.Base(file), msgs)
		}
	}
}

// replay reads a position record like any other (issue 9): --json, --final and the text report; a bare position
// with --final is the tally of that board.
func TestReplayPosition(t *testing.T) {
	home := t.TempDir()
	vars := env(map[string]string{"HOME": home, "XDG_CONFIG_HOME": home, "LANG": "en_US.UTF-8"})
	bare := filepath.Join(home, "bare.rec")
	// The record format's example without its "end": a bare position.
	if err := os.WriteFile(bare, []byte("karkason-record 1\nsetup players=Ана:red,Богдан:blue expansions=farmers\n"+
		"position tile b-rs 1,0 90\nposition tile b-c1 0,-1 180\nposition red follower 1,0:E\n"+
		"position blue follower 0,0:SSE\nposition red score 41\nposition blue score 37\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"replay", "--json", bare}, []string{`"red": 41`, `"blue": 37`, `"final": false`}},
		{[]string{"replay", "--json", "--final", bare}, []string{`"red": 43`, `"blue": 37`, `"final": true`, `"END-3(a)"`}},
		{[]string{"replay", "--final", bare}, []string{"END-3(a)", "43", "37", "Ана"}},
		{[]string{"replay", filepath.Join("..", "..", "testdata", "golden", "pos-spec-example.rec")}, []string{"43", "37"}},
	} {
		var out, errs bytes.Buffer
		if code := run(tc.args, vars, &out, &errs); code != 0 {
			t.Fatalf("%v: exit %d: %s", tc.args, code, errs.String())
		}
		for _, w := range tc.want {
			if !strings.Contains(out.String(), w) {
				t.Errorf("%v: output lacks %q:\n%s", tc.args, w, out.String())
			}
		}
	}
}
