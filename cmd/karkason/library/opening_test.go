package library

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// Issue 31 item 6: games lists a record that every other command refuses at a line (a syntax error at line 11,
// CFG-4 at line 2, POS-11 at line 5) as unreadable, with the line and the rule, never as a board being entered;
// resume refuses it at the same line. An entry under way (the table's mark) whose goods do not add up yet is an
// entry, as resume opens it.
func TestGamesShowsRefusedRecordsAsUnreadable(t *testing.T) {
	dir := t.TempDir()
	goods, err := os.ReadFile("../../../testdata/golden/tb-pos-err-goods-missing.rec")
	if err != nil {
		t.Fatal(err)
	}
	marked := strings.Replace(string(goods), "\nsetup ", "\n# karkason: a board as it lies, being entered\nsetup ", 1)
	for name, text := range map[string]string{
		"syntax.rec": "karkason-record 1\nsetup players=A:red,B:blue expansions=none\n" + strings.Repeat("# c\n", 8) +
			"red plaec b-rs 1,0 90\n",
		"cfg4.rec":   "karkason-record 1\nsetup players=A:red,B:blue expansions=count start=standard\n",
		"pos11.rec":  string(goods),
		"marked.rec": marked,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	games, err := List(dir)
	if err != nil || len(games) != 4 {
		t.Fatalf("%d games: %v", len(games), err)
	}
	want := map[string]struct {
		line int
		rule string
	}{"syntax.rec": {11, "REC-ACTIONS"}, "cfg4.rec": {2, "CFG-4"}, "pos11.rec": {5, "POS-11"}}
	for _, g := range games {
		if g.File == "marked.rec" {
			if !g.Entering || g.Broken() {
				t.Errorf("the entry under way is listed entering=%v, err %v", g.Entering, g.Err)
			}
			continue
		}
		w := want[g.File]
		if !g.Broken() || g.Entering || g.Line != w.line || g.Rule != w.rule {
			t.Errorf("%s: broken=%v entering=%v line %d rule %q; want line %d, %s", g.File, g.Broken(), g.Entering,
				g.Line, g.Rule, w.line, w.rule)
		}
		_, err := referee.Resume(g.Path, engine.Standard())
		var r *referee.Refusal
		var p *referee.ParseError
		switch {
		case errors.As(err, &r):
			if r.Line != w.line {
				t.Errorf("%s: resume refuses line %d", g.File, r.Line)
			}
		case errors.As(err, &p):
			if p.Line != w.line {
				t.Errorf("%s: resume refuses line %d", g.File, p.Line)
			}
		default:
			t.Errorf("%s: resume says %v", g.File, err)
		}
	}
}
