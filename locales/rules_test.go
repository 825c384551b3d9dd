package locales

import (
	"regexp"
	"slices"
	"testing"
)

// ruleIDRE is the shape of a bare rule id of RULES.md: DEF-1, RIV2-10, EX-S12.
var ruleIDRE = regexp.MustCompile(`^[A-Z][A-Z0-9]*-[A-Z]?[0-9]+$`)

// subPointRE finds the lettered sub-points of a rule text: "(a) " at the
// start of a line.
var subPointRE = regexp.MustCompile(`(?m)^\(([a-z])\) `)

func subPoints(text string) []string {
	var out []string
	for _, m := range subPointRE.FindAllStringSubmatch(text, -1) {
		out = append(out, m[1])
	}
	return out
}

func TestRuleFilesLoad(t *testing.T) {
	if rules.err != nil {
		t.Fatal(rules.err)
	}
	for _, lang := range languages {
		if len(rules.byLang[lang]) == 0 {
			t.Errorf("rules/%s.toml: no rules loaded", lang)
		}
	}
}

// Every rule is in every language, in the same order, with a title and a
// text, and with the same lettered sub-points (a), (b)… in each language.
func TestRulesCompleteInEveryLanguage(t *testing.T) {
	en := rules.order[Default]
	for _, id := range en {
		if !ruleIDRE.MatchString(id) {
			t.Errorf("rules/en.toml: %q is not a rule id", id)
		}
	}
	for _, lang := range languages {
		if got := rules.order[lang]; !slices.Equal(got, en) {
			for _, id := range en {
				if _, ok := rules.byLang[lang][id]; !ok {
					t.Errorf("rules/%s.toml: rule %s missing", lang, id)
				}
			}
			for _, id := range got {
				if _, ok := rules.byLang[Default][id]; !ok {
					t.Errorf("rules/%s.toml: rule %s is not in rules/en.toml", lang, id)
				}
			}
			t.Errorf("rules/%s.toml: ids not in the order of rules/en.toml", lang)
		}
		for _, id := range en {
			r, ok := rules.byLang[lang][id]
			if !ok {
				continue
			}
			if r.Title == "" || r.Text == "" {
				t.Errorf("rules/%s.toml: %s has an empty title or text", lang, id)
			}
			want := subPoints(rules.byLang[Default][id].Text)
			if got := subPoints(r.Text); !slices.Equal(got, want) {
				t.Errorf("rules/%s.toml: %s has sub-points %v, English has %v", lang, id, got, want)
			}
		}
	}
}
