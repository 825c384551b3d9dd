package locales

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// ruleIDRE is the shape of a bare rule id of RULES.md and RULES-IC-TB.md: DEF-1, RIV2-10, EX-S12, EX-IC1, SEQ-7a.
var ruleIDRE = regexp.MustCompile(`^[A-Z][A-Z0-9]*-[A-Z]{0,2}[0-9]+[a-z]?$`)

// subPointRE finds the lettered sub-points of a rule text: "(a) " at the
// start of a line.
var subPointRE = regexp.MustCompile(`(?m)^\(([a-z])\) `)

// allRules are the rule texts of every language, loaded (the program loads only the one in use, when first
// needed; the tests check all three): by language, in file order, and the first load error.
type allRules struct {
	byLang map[string]map[string]Rule
	order  map[string][]string
	err    error
}

var allRulesOnce = sync.OnceValue(func() (r allRules) {
	r.byLang, r.order = map[string]map[string]Rule{}, map[string][]string{}
	for _, lang := range languages {
		b := rulesOf(lang)
		if b.err != nil && r.err == nil {
			r.err = b.err
		}
		r.byLang[lang], r.order[lang] = b.byID, b.order
	}
	return r
})

// rules returns the rule texts of every language, loaded.
func rules() allRules { return allRulesOnce() }

func subPoints(text string) []string {
	var out []string
	for _, m := range subPointRE.FindAllStringSubmatch(text, -1) {
		out = append(out, m[1])
	}
	return out
}

func TestRuleFilesLoad(t *testing.T) {
	if rules().err != nil {
		t.Fatal(rules().err)
	}
	for _, lang := range languages {
		if len(rules().byLang[lang]) == 0 {
			t.Errorf("rules/%s.toml: no rules loaded", lang)
		}
	}
}

// Every rule is in every language, in the same order, with a title and a
// text, and with the same lettered sub-points (a), (b)… in each language.
func TestRulesCompleteInEveryLanguage(t *testing.T) {
	en := rules().order[Default]
	for _, id := range en {
		if !ruleIDRE.MatchString(id) {
			t.Errorf("rules/en.toml: %q is not a rule id", id)
		}
	}
	for _, lang := range languages {
		if got := rules().order[lang]; !slices.Equal(got, en) {
			for _, id := range en {
				if _, ok := rules().byLang[lang][id]; !ok {
					t.Errorf("rules/%s.toml: rule %s missing", lang, id)
				}
			}
			for _, id := range got {
				if _, ok := rules().byLang[Default][id]; !ok {
					t.Errorf("rules/%s.toml: rule %s is not in rules/en.toml", lang, id)
				}
			}
			t.Errorf("rules/%s.toml: ids not in the order of rules/en.toml", lang)
		}
		for _, id := range en {
			r, ok := rules().byLang[lang][id]
			if !ok {
				continue
			}
			if r.Title == "" || r.Text == "" {
				t.Errorf("rules/%s.toml: %s has an empty title or text", lang, id)
			}
			want := subPoints(rules().byLang[Default][id].Text)
			if got := subPoints(r.Text); !slices.Equal(got, want) {
				t.Errorf("rules/%s.toml: %s has sub-points %v, English has %v", lang, id, got, want)
			}
		}
	}
}

// citationRE finds rule ids, with any sub-points, cited in running text or in
// a Go string literal: "BASE-4", "COUNT-16(b)", "GIFT-9(a)/(d)", "EX-S7".
var citationRE = regexp.MustCompile(
	`\b(?:DEF|CFG|SEQ|BASE|FARM|RIVER|ABBOT|RIV2|COUNT|KING|ROBBER|SHRINE|TILES5|GIFT|IC|TB|AM|END|POS|COMBO|OPEN|EX|PD)-[A-Z]{0,2}[0-9]+[a-z]?\b(?:/?\([a-z]\))*`)

// checkCitation reports whether the cited rule is in every language (not by
// falling back to English) and every cited sub-point letter is a sub-point of
// its text in that language.
func checkCitation(t *testing.T, where, cited string) {
	t.Helper()
	id, points := splitRuleID(cited)
	for _, lang := range languages {
		r, ok := rules().byLang[lang][id]
		if !ok {
			t.Errorf("%s: %q cites %s, which is not in rules/%s.toml", where, cited, id, lang)
			continue
		}
		have := subPoints(r.Text)
		for _, p := range points {
			if !slices.Contains(have, p) {
				t.Errorf("%s: %q cites (%s), but %s in rules/%s.toml has sub-points %v", where, cited, p, id, lang, have)
			}
		}
	}
}

// readShared reads ../shared/rules/NAME beside the project (../../shared from this package), or beside the folder
// of worktrees that holds it (../../../shared); a user's clone has neither and the tests that need it skip.
func readShared(t *testing.T, name string) []byte {
	t.Helper()
	for _, up := range []string{filepath.Join("..", ".."), filepath.Join("..", "..", "..")} {
		data, err := os.ReadFile(filepath.Join(up, "shared", "rules", name))
		if err == nil {
			return data
		}
		if !errors.Is(err, fs.ErrNotExist) {
			t.Fatal(err)
		}
	}
	t.Skip("../shared/rules/" + name + " not present")
	return nil
}

// ruleHeads returns the rule ids of a rules file ("**ID" at the start of a paragraph, or at the start of an item of
// a list, "- **ID": the amendments of RULES-IC-TB.md section 6, which add END-6a, POS-11 and POS-12), in its order.
func ruleHeads(data []byte) []string {
	head := regexp.MustCompile(`^(- )?\*\*([A-Z][A-Z0-9]*-[A-Z]{0,2}[0-9]+[a-z]?)\b`)
	var out []string
	prev := ""
	for _, line := range strings.Split(string(data), "\n") {
		m := head.FindStringSubmatch(line)
		if m != nil && (strings.TrimSpace(prev) == "" || m[1] != "") && !slices.Contains(out, m[2]) {
			out = append(out, m[2])
		}
		prev = line
	}
	return out
}

// mergeRules returns the ids of RULES.md with those RULES-IC-TB.md adds, in the order of rules/en.toml: a new id of a
// section RULES.md has goes after that section's last rule (DEF-11 after DEF-10, COMBO-11 after COMBO-10), a new
// section (IC) goes before END; ids RULES-IC-TB.md only amends (DEF-4, SEQ-1, ...) keep their place.
func mergeRules(base, add []string) []string {
	out := slices.Clone(base)
	section := func(id string) string { return id[:strings.LastIndexByte(id, '-')] }
	for _, id := range add {
		if slices.Contains(out, id) {
			continue
		}
		at := -1
		for i, o := range out {
			if section(o) == section(id) {
				at = i + 1
			}
		}
		if at < 0 {
			at = slices.Index(out, "END-1")
		}
		out = slices.Insert(out, at, id)
	}
	return out
}

// The ids are exactly those of RULES.md ("**ID" at the start of a paragraph), in its order, with those of
// RULES-IC-TB.md merged in (mergeRules). The rules files
// live outside the module: the test skips without them.
func TestRulesMatchRULESmd(t *testing.T) {
	want := ruleHeads(readShared(t, "RULES.md"))
	if len(want) < 100 {
		t.Fatalf("found only %d rule ids in RULES.md: the pattern no longer fits the file", len(want))
	}
	ictb := ruleHeads(readShared(t, "RULES-IC-TB.md"))
	if len(ictb) < 80 || !slices.Contains(ictb, "EX-IC4") || !slices.Contains(ictb, "SEQ-7a") {
		t.Fatalf("found only %d rule ids in RULES-IC-TB.md: the pattern no longer fits the file", len(ictb))
	}
	want = mergeRules(want, ictb)
	got := RuleIDs()
	if n := slices.Index(got, "OPEN-22"); n >= 0 { // the part files' rules follow: checkPartRules
		checkPartRules(t, got[n+1:])
		got = got[:n+1]
	}
	if slices.Equal(got, want) {
		return
	}
	for _, id := range want {
		if !slices.Contains(got, id) {
			t.Errorf("rule %s of RULES.md has no text in rules/en.toml", id)
		}
	}
	for _, id := range got {
		if !slices.Contains(want, id) {
			t.Errorf("rule %s of rules/en.toml is not in RULES.md nor RULES-IC-TB.md", id)
		}
	}
	t.Errorf("rule ids not in the order of RULES.md:\n got %v\nwant %v", got, want)
}

// checkPartRules checks the rules of the part files (rules/<part>.<lang>.toml), which follow the main file's: each
// is a rule of its module's rules file, new there (not in RULES.md nor RULES-IC-TB.md), in that file's order (The
// Princess & the Dragon: RULES-PD.md, the rules karkason cites).
func checkPartRules(t *testing.T, got []string) {
	t.Helper()
	// The part files in name order (am, combo, pd), each a run of its rules file's heads in that file's order.
	for _, file := range []string{"RULES-AM.md", "COMBO-PD-AM.md", "RULES-PD.md"} {
		heads := ruleHeads(readShared(t, file))
		at := 0
		for len(got) > 0 {
			i := slices.Index(heads[at:], got[0])
			if i < 0 {
				break
			}
			at += i + 1
			got = got[1:]
		}
	}
	for _, id := range got {
		t.Errorf("rule %s of a part file is not a rule of RULES-AM.md, COMBO-PD-AM.md nor RULES-PD.md, in the order of its file", id)
	}
}

// Every rule id cited in a string literal of the Go code of engine/, referee/
// and cmd/ (the ids the referee shows) has a text in every language, and each
// cited sub-point letter is a sub-point of that text.
func TestCitedRulesResolve(t *testing.T) {
	n := 0
	for _, dir := range []string{"../engine", "../referee", "../cmd"} {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
				return err
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			ast.Inspect(f, func(node ast.Node) bool {
				lit, ok := node.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return true
				}
				s, err := strconv.Unquote(lit.Value)
				if err != nil {
					return true
				}
				for _, cited := range citationRE.FindAllString(s, -1) {
					n++
					checkCitation(t, path, cited)
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if n < 20 {
		t.Errorf("only %d rule citations found in engine/, referee/ and cmd/: is the scan broken?", n)
	}
}

// The ids a rule text cites ("see RIVER-3(b)") exist, with their sub-points,
// in every language.
func TestRuleTextCrossReferences(t *testing.T) {
	for _, lang := range languages {
		for _, id := range rules().order[lang] {
			r := rules().byLang[lang][id]
			for _, cited := range citationRE.FindAllString(r.Title+"\n"+r.Text, -1) {
				checkCitation(t, "rules/"+lang+".toml "+id, cited)
			}
		}
	}
}

func TestSplitRuleID(t *testing.T) {
	for _, tc := range []struct {
		in     string
		id     string
		points []string
	}{
		{"COUNT-16", "COUNT-16", nil},
		{"COUNT-16(b)", "COUNT-16", []string{"b"}},
		{" count-16(B) ", "COUNT-16", []string{"b"}},
		{"GIFT-9(a)/(d)", "GIFT-9", []string{"a", "d"}},
		{"COUNT-7(c)(d)", "COUNT-7", []string{"c", "d"}},
		{"EX-S7", "EX-S7", nil},
		{"EX-IC4", "EX-IC4", nil},
		{"ic-4(a)", "IC-4", []string{"a"}},
		{"SEQ-7a", "SEQ-7a", nil},
		{"BASE-4(", "BASE-4", nil},
		{"", "", nil},
	} {
		id, points := splitRuleID(tc.in)
		if id != tc.id || !slices.Equal(points, tc.points) {
			t.Errorf("splitRuleID(%q) = %q, %v; want %q, %v", tc.in, id, points, tc.id, tc.points)
		}
	}
}

func TestRuleText(t *testing.T) {
	en16 := rules().byLang["en"]["COUNT-16"]
	bg16 := rules().byLang["bg"]["COUNT-16"]
	uk4 := rules().byLang["uk"]["BASE-4"]
	en4 := rules().byLang["en"]["BASE-4"]
	for _, tc := range []struct {
		lang, id string
		want     Rule
		ok       bool
	}{
		{"en", "COUNT-16", en16, true},
		{"en", "COUNT-16(b)", en16, true},
		{"bg", "COUNT-16(b)", bg16, true},
		{"bg_BG.UTF-8", " count-16(e) ", bg16, true},
		{"uk", "BASE-4", uk4, true},
		{"uk-UA", "BASE-4", uk4, true},
		{"fr", "BASE-4", en4, true}, // unknown language: English
		{"", "BASE-4", en4, true},
		{"bg", "NOPE-1", Rule{}, false},
		{"uk", "", Rule{}, false},
		{"en", "COUNT-99", Rule{}, false},
	} {
		got, ok := RuleText(tc.lang, tc.id)
		if got != tc.want || ok != tc.ok {
			t.Errorf("RuleText(%q, %q) = %q, %v; want %q, %v", tc.lang, tc.id, got.Title, ok, tc.want.Title, tc.ok)
		}
	}
	if bg16.Title == en16.Title || bg16.Text == en16.Text {
		t.Errorf("COUNT-16 in bg is the English text: %q", bg16.Title)
	}
	if !strings.Contains(en16.Text, "\n(b) ") {
		t.Errorf("COUNT-16 has no sub-point (b): %q", en16.Text)
	}
}

// A rule missing from a language falls back to English.
func TestRuleTextFallsBackToEnglish(t *testing.T) {
	saved := rules()
	book := rulesOf("bg")
	defer func(m map[string]Rule) { book.byID = m }(book.byID)
	bg := map[string]Rule{}
	for id, r := range saved.byLang["bg"] {
		if id != "BASE-4" {
			bg[id] = r
		}
	}
	book.byID = bg
	got, ok := RuleText("bg", "BASE-4")
	if want := saved.byLang["en"]["BASE-4"]; !ok || got != want {
		t.Errorf("RuleText(bg, BASE-4) without a bg text = %q, %v; want the English %q", got.Title, ok, want.Title)
	}
	if got, _ := RuleText("bg", "BASE-5"); got != saved.byLang["bg"]["BASE-5"] {
		t.Errorf("RuleText(bg, BASE-5) = %q, want the Bulgarian text", got.Title)
	}
}

func TestRuleIDs(t *testing.T) {
	ids := RuleIDs()
	if n := slices.Index(ids, "OPEN-22"); n >= 0 {
		ids = ids[:n+1] // the main file's; the part files' follow (checkPartRules)
	}
	if len(ids) == 0 || ids[0] != "DEF-1" || ids[len(ids)-1] != "OPEN-22" {
		t.Fatalf("RuleIDs() = %v…, want DEF-1 … OPEN-22", ids[:min(3, len(ids))])
	}
	// The sections come in the order of RULES.md, each in one block, Inns & Cathedrals (IC) and Traders & Builders
	// (TB) before END.
	order := []string{"DEF", "CFG", "SEQ", "BASE", "FARM", "RIVER", "ABBOT", "RIV2", "COUNT",
		"KING", "ROBBER", "SHRINE", "TILES5", "GIFT", "IC", "TB", "END", "POS", "COMBO", "EX", "OPEN"}
	last := 0
	for _, id := range ids {
		i := slices.Index(order, id[:strings.IndexByte(id, '-')])
		if i < last {
			t.Errorf("RuleIDs(): %s comes after a later section", id)
		}
		last = max(last, i)
	}
	ids = RuleIDs()
	ids[0] = "changed"
	if RuleIDs()[0] != "DEF-1" {
		t.Error("RuleIDs() returns the package's own slice")
	}
}

func TestSearchRules(t *testing.T) {
	ids := func(rs []Rule) []string {
		var out []string
		for _, r := range rs {
			out = append(out, r.ID)
		}
		return out
	}
	for _, tc := range []struct {
		lang, query string
		has, hasNot []string
		empty       bool
	}{
		{lang: "bg", query: "графа", has: []string{"COUNT-2", "COUNT-11"}, hasNot: []string{"BASE-4"}},
		{lang: "bg", query: "  ГРАФА ", has: []string{"COUNT-2", "COUNT-11"}},
		{lang: "uk", query: "count-16", has: []string{"COUNT-16", "EX-S2"}},
		{lang: "uk", query: "підданця", has: []string{"FARM-2", "ABBOT-6"}, hasNot: []string{"RIVER-8"}},
		{lang: "en", query: "Highwayman", has: []string{"BASE-6"}, hasNot: []string{"BASE-7"}},
		{lang: "bg", query: "highwayman", empty: true}, // English words are not searched in bg
		{lang: "uk", query: "no such words anywhere", empty: true},
	} {
		got := ids(SearchRules(tc.lang, tc.query))
		if tc.empty != (len(got) == 0) {
			t.Errorf("SearchRules(%q, %q) = %v", tc.lang, tc.query, got)
		}
		for _, id := range tc.has {
			if !slices.Contains(got, id) {
				t.Errorf("SearchRules(%q, %q) = %v, missing %s", tc.lang, tc.query, got, id)
			}
		}
		for _, id := range tc.hasNot {
			if slices.Contains(got, id) {
				t.Errorf("SearchRules(%q, %q) = %v, should not have %s", tc.lang, tc.query, got, id)
			}
		}
		// Results keep the order of RuleIDs.
		all := RuleIDs()
		if !slices.IsSortedFunc(got, func(a, b string) int { return slices.Index(all, a) - slices.Index(all, b) }) {
			t.Errorf("SearchRules(%q, %q) not in RuleIDs order: %v", tc.lang, tc.query, got)
		}
	}
	if got := SearchRules("uk", ""); len(got) != len(RuleIDs()) || got[0] != rules().byLang["uk"]["DEF-1"] {
		t.Errorf("SearchRules(uk, \"\") gave %d rules, want all %d in Ukrainian", len(got), len(RuleIDs()))
	}
}
