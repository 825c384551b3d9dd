package locales

import (
	"embed"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/pelletier/go-toml/v2"
)

// The rule texts: one file per language, each a list of [[rule]] tables with
// id, title and text, in the order of RULES.md (shared/rules/RULES.md, the
// authority the ids come from) with the rules of RULES-IC-TB.md (Inns &
// Cathedrals; its amendments replace the texts of the rules they amend)
// merged in: new ids after their section's last, the IC section before END.
// They are not go-i18n messages: a rule text is long, has no placeholders and
// is looked up by rule id.
//
// Beside rules/<lang>.toml, part files rules/<part>.<lang>.toml (one per expansion, e.g. rules/pd.bg.toml) are
// read after it in name order, their ids following the main file's.
//
//go:embed rules/*.toml
var ruleFiles embed.FS

// Rule is the text of one rule in one language: ID is the bare rule id of
// RULES.md ("COUNT-16", never with a sub-point), Title a short title and Text
// the rule as players need it to settle a dispute, one paragraph per line,
// each lettered sub-point "(a) ..." on a line of its own.
type Rule struct {
	ID, Title, Text string
}

// ruleBook is the rule texts of one language, parsed from its embedded file when first needed (the rules
// browser, an explanation), not at start-up.
type ruleBook struct {
	once  sync.Once
	lang  int             // index into languages
	byID  map[string]Rule // id -> rule
	order []string        // ids in file order
	err   error           // first load error (or duplicate id), nil normally
}

// ruleBooks are the rule texts by index into languages.
var ruleBooks = [...]ruleBook{{lang: 0}, {lang: 1}, {lang: 2}}

// rulesOf returns the rule texts of a supported language code ("en", "bg", "uk"; anything else gives English),
// loaded.
func rulesOf(lang string) *ruleBook {
	b := &ruleBooks[max(slices.Index(languages, lang), 0)]
	b.once.Do(b.load)
	return b
}

// ruleFile is the shape of rules/<lang>.toml.
type ruleFile struct {
	Rule []struct {
		ID    string `toml:"id"`
		Title string `toml:"title"`
		Text  string `toml:"text"`
	} `toml:"rule"`
}

// load parses the embedded rule file. It never panics: a file that fails to parse is left out (lookups then
// fall back to English) and the first error is kept for the tests, as are duplicate ids.
func (b *ruleBook) load() {
	b.byID = map[string]Rule{}
	for _, name := range catalogFiles(ruleFiles, "rules/", languages[b.lang]) {
		b.loadFile(name)
	}
}

// loadFile adds the rules of one file of b's language.
func (b *ruleBook) loadFile(name string) {
	data, err := ruleFiles.ReadFile(name)
	if err != nil {
		b.err = fmt.Errorf("locales: %s: %w", name, err)
		return
	}
	var f ruleFile
	if err := toml.Unmarshal(data, &f); err != nil {
		b.err = fmt.Errorf("locales: %s: %w", name, err)
		return
	}
	for _, r := range f.Rule {
		id := strings.TrimSpace(r.ID)
		if _, dup := b.byID[id]; dup {
			if b.err == nil {
				b.err = fmt.Errorf("locales: %s: rule %s given twice", name, id)
			}
			continue
		}
		b.byID[id] = Rule{ID: id, Title: strings.TrimSpace(r.Title), Text: strings.TrimSpace(r.Text)}
		b.order = append(b.order, id)
	}
}

// splitRuleID splits a cited rule id into the bare id and the letters of its
// sub-points: "COUNT-16(b)" gives "COUNT-16" and ["b"], "GIFT-9(a)/(d)" gives
// "GIFT-9" and ["a" "d"], " count-16 " gives "COUNT-16" and none.
func splitRuleID(cited string) (id string, points []string) {
	s := strings.TrimSpace(cited)
	rest := ""
	if i := strings.IndexByte(s, '('); i >= 0 {
		s, rest = s[:i], s[i:]
	}
	for {
		i := strings.IndexByte(rest, '(')
		if i < 0 {
			break
		}
		j := strings.IndexByte(rest[i:], ')')
		if j < 0 {
			break
		}
		if p := strings.TrimSpace(rest[i+1 : i+j]); p != "" {
			points = append(points, strings.ToLower(p))
		}
		rest = rest[i+j+1:]
	}
	id = strings.ToUpper(strings.TrimSpace(s))
	if n := len(id); n > 2 && id[n-1] >= 'A' && id[n-1] <= 'Z' && id[n-2] >= '0' && id[n-2] <= '9' {
		id = id[:n-1] + strings.ToLower(id[n-1:]) // SEQ-7a: a lettered id of RULES-IC-TB.md
	}
	return id, points
}

// RuleText returns the rule cited as id in the language lang (anything
// [Match] accepts: "bg", "uk_UA.UTF-8"; unknown languages give English). A
// sub-point citation such as "COUNT-16(b)" gives the whole rule COUNT-16,
// whose text contains the lettered point "(b)". A rule missing from lang
// falls back to English. ok is false, and the Rule zero, only for an id that
// is not a rule of RULES.md.
func RuleText(lang, id string) (r Rule, ok bool) {
	base, _ := splitRuleID(id)
	if r, ok := rulesOf(Match(lang)).byID[base]; ok {
		return r, true
	}
	r, ok = rulesOf(Default).byID[base]
	return r, ok
}

// RuleIDs returns the ids of every rule, in the order of RULES.md: DEF, CFG,
// SEQ, BASE, FARM, RIVER, ABBOT, RIV2, COUNT, KING, ROBBER, SHRINE, TILES5,
// GIFT, IC (RULES-IC-TB.md), END, POS, COMBO, EX, OPEN. The slice is the
// caller's.
func RuleIDs() []string { return slices.Clone(rulesOf(Default).order) }

// SearchRules returns the rules of language lang (as for [RuleText]) whose id,
// title or text contains query, ignoring case and surrounding spaces, in the
// order of [RuleIDs]. An empty query returns every rule. Only lang's own texts
// are searched (an English word finds nothing in a Bulgarian text), but the
// ids are the same in every language.
func SearchRules(lang, query string) []Rule {
	q := strings.ToLower(strings.TrimSpace(query))
	var out []Rule
	for _, id := range rulesOf(Default).order {
		r, _ := RuleText(lang, id)
		if q == "" || strings.Contains(strings.ToLower(r.ID), q) ||
			strings.Contains(strings.ToLower(r.Title), q) ||
			strings.Contains(strings.ToLower(r.Text), q) {
			out = append(out, r)
		}
	}
	return out
}
