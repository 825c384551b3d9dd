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
