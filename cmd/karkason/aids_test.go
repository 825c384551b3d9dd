package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// replay --aids (issue 10): the "aids" object with exactly the contract's keys, only when --aids is given; the text
// output in the user's language.
func TestReplayAids(t *testing.T) {
	rec := filepath.Join("..", "..", "testdata", "golden", "gift-unopened.rec")
	home := t.TempDir()
	vars := map[string]string{"HOME": home, "XDG_CONFIG_HOME": home, "LANG": "en_US.UTF-8"}
	replayJSON := func(args ...string) map[string]any {
		t.Helper()
		var out, errs bytes.Buffer
		if code := run(append([]string{"replay", rec, "--json"}, args...), env(vars), &out, &errs); code != 0 {
			t.Fatalf("exit %d: %s", code, errs.String())
		}
		var m map[string]any
		if err := json.Unmarshal(out.Bytes(), &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	if _, ok := replayJSON()["aids"]; ok {
		t.Error("replay --json without --aids prints aids")
	}
	if _, ok := replayJSON("--aids=false")["aids"]; ok {
		t.Error("replay --json --aids=false prints aids")
	}
	m := replayJSON("--aids")
	aids, ok := m["aids"].(map[string]any)
	if !ok {
		t.Fatalf("no aids object: %v", m)
	}
	for _, k := range []string{"stack", "if_ended_now", "frontier", "features", "fields"} {
		if _, ok := aids[k]; !ok {
			t.Errorf("aids has no %q", k)
		}
	}
	// gift-unopened.rec: red 3 gifts x 2 + the road 4 = 10; blue 2 x 2 + the city 5 + 2 = 11 (the record's
	// expect-final); 71 - 7 tiles = 64 left.
	if e := aids["if_ended_now"].(map[string]any); e["red"] != 10.0 || e["blue"] != 11.0 || aids["stack"] != 64.0 {
		t.Errorf("if_ended_now %v, stack %v", e, aids["stack"])
	}
	feats := aids["features"].([]any)
	var keys []string
	for k := range feats[0].(map[string]any) {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	want := []string{"dead", "feature", "figures", "if_completed_now", "if_ended_now", "kind", "open_cells", "owners"}
	if !slices.Equal(keys, want) {
		t.Errorf("feature keys %v, want %v", keys, want)
	}
	// --final does not change the aids (of the game as it lies), only the scores.
	if f := replayJSON("--aids", "--final"); !jsonEqual(f["aids"], m["aids"]) {
		t.Error("--final changed the aids")
	}
	// With --final the text's "scores now" stay the scores of the game as it lies, beside "if ended now":
	// gift-unopened.rec: red 0 now (expect), 10 if ended now (3 gifts x 2 + the road 4).
	var out, errs bytes.Buffer
	if code := run([]string{"replay", rec, "--aids", "--final", "--lang", "en"}, env(vars), &out, &errs); code != 0 {
		t.Fatalf("--final --aids: exit %d", code)
	}
	if !regexp.MustCompile(`Ана\s+red\s+0\s+\(10\)`).MatchString(out.String()) {
		t.Errorf("--final --aids: red's scores now and if ended now are not 0 (10):\n%s", out.String())
	}
	for lang, word := range map[string]string{"en": "Open features", "bg": "Незавършени обекти", "uk": "Незавершені об’єкти"} {
		var out, errs bytes.Buffer
		if code := run([]string{"replay", rec, "--aids", "--lang", lang}, env(vars), &out, &errs); code != 0 {
			t.Fatalf("%s: exit %d", lang, code)
		}
		if !strings.Contains(out.String(), word) || !strings.Contains(out.String(), "1,-4") {
			t.Errorf("%s text has no %q or the open cell 1,-4:\n%s", lang, word, out.String())
		}
	}
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}
