package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 31 item 1: a last line without its line end that still parses ("position red score 4" of a write of
// "position red score 41" cut off) is left out by replay with a note that names it as cut off and says how to
// accept it (rc 0, its points not counted); --accept-last-line reads it.
func TestReplayLeavesOutAWholeLineWithoutLineEnd(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "pos.rec")
	text := "karkason-record 1\nsetup players=A:red,B:blue start=none\nposition tile b-c1rs 0,0 0\n" +
		"position red score 4"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	vars := env(map[string]string{"HOME": dir, "XDG_CONFIG_HOME": dir, "LANG": "en_US.UTF-8"})
	for _, tc := range []struct {
		args []string
		red  int
		note bool
	}{
		{[]string{"replay", "--json", path}, 0, true},
		{[]string{"replay", "--json", "--accept-last-line", path}, 4, false},
	} {
		var out, errs bytes.Buffer
		if code := run(tc.args, vars, &out, &errs); code != 0 {
			t.Fatalf("%v: exit %d: %s", tc.args, code, errs.String())
		}
		var sum struct{ Scores map[string]int }
		if err := json.Unmarshal(out.Bytes(), &sum); err != nil {
			t.Fatal(err)
		}
		if got, ok := sum.Scores["red"]; !ok || got != tc.red {
			t.Errorf("%v: red %d, want %d", tc.args, got, tc.red)
		}
		note := strings.Contains(errs.String(), "Line 4") && strings.Contains(errs.String(), "--accept-last-line")
		if note != tc.note {
			t.Errorf("%v: note %q", tc.args, errs.String())
		}
	}
	if got, _ := os.ReadFile(path); string(got) != text {
		t.Error("replay changed the file")
	}
}
