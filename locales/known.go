package locales

import (
	"strings"

	"golang.org/x/text/language"
)

// MaxTagLen bounds what Known looks at: a language setting longer than this is no language karkason speaks.
const MaxTagLen = 64

// Known reports whether a language setting ("bg", "uk_UA.UTF-8", "en-GB") names one of the supported languages,
// as Match reads it; false for a language Match only falls back to English for ("xx", "ru", "C"), and for a value
// longer than MaxTagLen (not even parsed). An empty setting means "from the environment" and is not checked here.
func Known(tag string) bool {
	if len(tag) > MaxTagLen {
		return false
	}
	if Match(tag) != Default {
		return true
	}
	s := strings.TrimSpace(tag)
	if i := strings.IndexAny(s, ".@"); i >= 0 {
		s = s[:i]
	}
	t, err := language.Parse(strings.ReplaceAll(s, "_", "-"))
	if err != nil {
		return false
	}
	base, _ := t.Base()
	en, _ := language.English.Base()
	return base == en
}
