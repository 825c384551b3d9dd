package locales

import (
	"errors"
	"maps"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"github.com/pelletier/go-toml/v2"
)

// pluralForms are the CLDR plural forms each language needs for integer
// counts plus "other" (go-i18n's fallback, and fractions in Ukrainian).
var pluralForms = map[string][]string{
	"en": {"one", "other"},
	"bg": {"one", "other"},
	"uk": {"one", "few", "many", "other"},
}

// pluralCounts exercise every integer form: 1 one, 2 few, 5 many, 11 many
// (not one in uk), 21 one in uk, 22 few in uk, 0 many in uk.
var pluralCounts = []int{0, 1, 2, 5, 11, 12, 21, 22, 25, 101, 111}

func forms(m *i18n.Message) map[string]string {
	f := map[string]string{}
	for name, v := range map[string]string{
		"zero": m.Zero, "one": m.One, "two": m.Two, "few": m.Few, "many": m.Many, "other": m.Other,
	} {
		if v != "" {
			f[name] = v
		}
	}
	return f
}

// allCatalogs is every catalogue, loaded (the program loads only the one in use, when first needed; the tests
// check all three): messages by language, and the first load error.
type allCatalogs struct {
	messages map[string]map[string]*i18n.Message
	err      error
}

var allOnce = sync.OnceValue(func() (c allCatalogs) {
	c.messages = map[string]map[string]*i18n.Message{}
	for _, lang := range languages {
		lc := catalogOf(lang)
		if lc.err != nil && c.err == nil {
			c.err = lc.err
		}
		if lc.loc != nil {
			c.messages[lang] = lc.messages
		}
	}
	return c
})

// cat returns every catalogue, loaded.
func cat() allCatalogs { return allOnce() }

func isPlural(m *i18n.Message) bool { return len(forms(m)) > 1 || m.One != "" }

func TestCatalogsLoad(t *testing.T) {
	if cat().err != nil {
		t.Fatal(cat().err)
	}
	for _, lang := range languages {
		if len(cat().messages[lang]) == 0 {
			t.Errorf("%s: no messages loaded", lang)
		}
	}
}

// (a) every key is present in every catalog.
func TestSameKeysEverywhere(t *testing.T) {
	all := map[string]bool{}
	for _, lang := range languages {
		for id := range cat().messages[lang] {
			all[id] = true
		}
	}
	for _, id := range slices.Sorted(maps.Keys(all)) {
		for _, lang := range languages {
			if _, ok := cat().messages[lang][id]; !ok {
				t.Errorf("%s.toml: missing message %q", lang, id)
			}
		}
	}
	if got, want := Keys(), slices.Sorted(maps.Keys(all)); !slices.Equal(got, want) {
		t.Errorf("Keys() = %v, want %v", got, want)
	}
}

var placeholderRE = regexp.MustCompile(`\{\{-?\s*\.([A-Za-z_][A-Za-z0-9_]*)`)

func placeholders(m *i18n.Message) []string {
	set := map[string]bool{}
	for _, text := range forms(m) {
		for _, sub := range placeholderRE.FindAllStringSubmatch(text, -1) {
			set[sub[1]] = true
		}
	}
	return slices.Sorted(maps.Keys(set))
}

// (b) every translation of a message uses the same placeholders.
func TestSamePlaceholders(t *testing.T) {
	for _, id := range Keys() {
		want := placeholders(cat().messages[Default][id])
		for _, lang := range languages[1:] {
			m, ok := cat().messages[lang][id]
			if !ok {
				continue // reported by TestSameKeysEverywhere
			}
			if got := placeholders(m); !slices.Equal(got, want) {
				t.Errorf("%s %q: placeholders %v, en has %v", lang, id, got, want)
			}
		}
	}
}

// (c) every plural message has every form its language needs, each form
// shows {{.Count}}, and rendering the usual counts gives neither "<no value>"
// nor the raw id nor an error.
func TestPluralForms(t *testing.T) {
	for _, id := range Keys() {
		plural := isPlural(cat().messages[Default][id])
		if plural != strings.HasPrefix(id, "plural.") {
			t.Errorf("%q: plural message ids start with \"plural.\" and only they do (plural=%v)", id, plural)
		}
		for _, lang := range languages {
			m, ok := cat().messages[lang][id]
			if !ok {
				continue
			}
			f := forms(m)
			if !plural {
				if len(f) != 1 || f["other"] == "" {
					t.Errorf("%s %q: a plain message has only a text, got forms %v", lang, id, slices.Sorted(maps.Keys(f)))
				}
				continue
			}
			for _, name := range pluralForms[lang] {
				text, ok := f[name]
				if !ok {
					t.Errorf("%s %q: missing plural form %q", lang, id, name)
					continue
				}
				if !strings.Contains(text, "{{.Count}}") {
					t.Errorf("%s %q: form %q does not show {{.Count}}: %q", lang, id, name, text)
				}
				delete(f, name)
			}
			if len(f) > 0 {
				t.Errorf("%s %q: forms the language does not use: %v", lang, id, slices.Sorted(maps.Keys(f)))
			}
			l := New(lang)
			for _, n := range pluralCounts {
				s, err := l.render(id, nil, n)
				if err != nil {
					t.Errorf("%s %q count %d: %v", lang, id, n, err)
				}
				if s == id || strings.Contains(s, "<no value>") || !strings.Contains(s, strconv.Itoa(n)) {
					t.Errorf("%s %q count %d: rendered %q", lang, id, n, s)
				}
			}
		}
	}
}

// Every plain message renders in every language without error when given
// its placeholders.
func TestPlainMessagesRender(t *testing.T) {
	for _, id := range Keys() {
		if strings.HasPrefix(id, "plural.") {
			continue
		}
		data := map[string]any{}
		for _, p := range placeholders(cat().messages[Default][id]) {
			data[p] = "<" + p + ">"
		}
		for _, lang := range languages {
			s, err := New(lang).render(id, data, NoCount)
			if err != nil || s == "" || s == id || strings.Contains(s, "<no value>") {
				t.Errorf("%s %q: rendered %q, %v", lang, id, s, err)
			}
			for p := range data {
				if !strings.Contains(s, "<"+p+">") {
					t.Errorf("%s %q: %q does not show %s", lang, id, s, p)
				}
			}
		}
	}
}

var keyLineRE = regexp.MustCompile(`^(\[)?"([^"]+)"`)

// The catalogs are tidy: plain messages first, then plural tables, each part
// sorted by id, so diffs stay small and a missing id is easy to spot.
func TestCatalogFilesSorted(t *testing.T) {
	for _, lang := range languages {
		quoted := 0
		for _, name := range catalogFiles(files, "", lang) {
			quoted += checkCatalogFileSorted(t, name)
		}
		if quoted != len(cat().messages[lang]) {
			t.Errorf("%s: %d quoted ids in its files, %d messages loaded", lang, quoted, len(cat().messages[lang]))
		}
	}
}

// checkCatalogFileSorted checks one catalogue file (plain messages first, then plural tables, each part sorted by
// id) and returns the number of ids it quotes.
func checkCatalogFileSorted(t *testing.T, name string) int {
	t.Helper()
	lang := strings.TrimSuffix(name, ".toml")
	data, err := files.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var plain, tables []string
	for _, line := range strings.Split(string(data), "\n") {
		m := keyLineRE.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		if m[1] == "[" {
			tables = append(tables, m[2])
		} else {
			if len(tables) > 0 {
				t.Errorf("%s.toml: plain message %q after the plural tables", lang, m[2])
			}
			plain = append(plain, m[2])
		}
	}
	if !slices.IsSorted(plain) {
		t.Errorf("%s.toml: plain messages are not sorted", lang)
	}
	if !slices.IsSorted(tables) {
		t.Errorf("%s.toml: plural tables are not sorted", lang)
	}
	return len(plain) + len(tables)
}

// (e) Match normalizes LANG-like values.
func TestMatch(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", "en"},
		{"  ", "en"},
		{"C", "en"},
		{"C.UTF-8", "en"},
		{"POSIX", "en"},
		{"en", "en"},
		{"en_US.UTF-8", "en"},
		{"en_GB", "en"},
		{"bg", "bg"},
		{"bg_BG", "bg"},
		{"bg_BG.UTF-8", "bg"},
		{"bg-BG", "bg"},
		{"BG_bg", "bg"},
		{"uk", "uk"},
		{"uk_UA", "uk"},
		{"uk_UA.UTF-8", "uk"},
		{"uk_UA.utf8@euro", "uk"},
		{"uk-UA", "uk"},
		{"uk-Cyrl-UA", "uk"},
		{"ru_RU.UTF-8", "en"},
		{"ru_UA.UTF-8", "en"},
		{"be_BY", "en"}, // the matcher's index points at bg, with confidence No
		{"sr_RS", "en"}, // likewise
		{"mk_MK", "bg"}, // CLDR: Macedonian readers are offered Bulgarian
		{"bg_BG@latin", "bg"},
		{"de_DE", "en"},
		{"ua", "en"}, // a country code, not a language
		{"xx_YY", "en"},
		{"not a locale", "en"},
	}
	for _, tt := range tests {
		if got := Match(tt.in); got != tt.want {
			t.Errorf("Match(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestFromEnv(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want string
	}{
		{"nothing set", nil, "en"},
		{"LANG", map[string]string{"LANG": "uk_UA.UTF-8"}, "uk"},
		{"LC_MESSAGES beats LANG", map[string]string{"LANG": "en_US.UTF-8", "LC_MESSAGES": "bg_BG.UTF-8"}, "bg"},
		{"LC_ALL beats both", map[string]string{"LANG": "bg_BG", "LC_MESSAGES": "bg_BG", "LC_ALL": "uk_UA"}, "uk"},
		{"empty LC_ALL is unset", map[string]string{"LC_ALL": "", "LANG": "bg_BG"}, "bg"},
		{"LC_ALL=C wins", map[string]string{"LC_ALL": "C", "LANG": "uk_UA.UTF-8"}, "en"},
		{"unsupported", map[string]string{"LANG": "de_DE.UTF-8"}, "en"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := FromEnv(func(k string) string { return tt.env[k] })
			if got != tt.want {
				t.Errorf("FromEnv = %q, want %q", got, tt.want)
			}
		})
	}
	if got := FromEnv(nil); got != "en" {
		t.Errorf("FromEnv(nil) = %q, want en", got)
	}
}

func TestLocalizer(t *testing.T) {
	tests := []struct {
		lang, id string
		count    int
		data     map[string]any
		want     string
	}{
		{"en", "term.city", NoCount, nil, "city"},
		{"bg", "term.city", NoCount, nil, "крепост"},
		{"uk", "term.city", NoCount, nil, "місто"},
		{"bg", "term.follower", NoCount, nil, "мийпъл"},
		{"uk", "term.follower", NoCount, nil, "підданець"},
		{"bg", "term.supply", NoCount, nil, "свита"},
		{"uk", "term.supply", NoCount, nil, "запас"},
		{"bg", "term.field", NoCount, nil, "поляна"},
		{"bg", "term.gift.two_choices", NoCount, nil, "Двоен избор"},
		{"uk_UA.UTF-8", "colour.blue", NoCount, nil, "синій"},
		{"de", "colour.blue", NoCount, nil, "blue"},
		{"en", "plural.points", 1, nil, "1 point"},
		{"en", "plural.points", 0, nil, "0 points"},
		{"en", "plural.points", 2, nil, "2 points"},
		{"bg", "plural.points", 1, nil, "1 точка"},
		{"bg", "plural.points", 2, nil, "2 точки"},
		{"bg", "plural.gifts", 5, nil, "5 дара"},
		{"uk", "plural.points", 1, nil, "1 очко"},
		{"uk", "plural.points", 2, nil, "2 очки"},
		{"uk", "plural.points", 5, nil, "5 очок"},
		{"uk", "plural.points", 11, nil, "11 очок"},
		{"uk", "plural.points", 21, nil, "21 очко"},
		{"uk", "plural.points", 22, nil, "22 очки"},
		{"uk", "plural.followers", 7, nil, "7 підданців"},
		{"uk", "plural.tiles", 3, nil, "3 плитки"},
		// The count wins over a "Count" in data, and extra data is harmless.
		{"en", "plural.tiles", 3, map[string]any{"Count": 99, "X": 1}, "3 tiles"},
		{"en", "config.broken", NoCount, map[string]any{"Path": "/c.toml", "Err": "line 2: bad"},
			"The settings file /c.toml could not be read: line 2: bad"},
		{"uk", "config.broken", NoCount, map[string]any{"Path": "/c.toml", "Err": "x"},
			"Не вдалося прочитати файл налаштувань /c.toml: x"},
		// Missing everywhere: the id itself.
		{"bg", "no.such.message", NoCount, nil, "no.such.message"},
		{"uk", "no.such.plural", 3, nil, "no.such.plural"},
		{"", "", NoCount, nil, ""},
	}
	for _, tt := range tests {
		l := New(tt.lang)
		var got string
		if tt.count == NoCount {
			got = l.T(tt.id, tt.data)
		} else {
			got = l.N(tt.id, tt.count, tt.data)
		}
		if got != tt.want {
			t.Errorf("New(%q) %q count %d = %q, want %q", tt.lang, tt.id, tt.count, got, tt.want)
		}
	}
}

func TestNDoesNotModifyData(t *testing.T) {
	data := map[string]any{"X": 1}
	New("en").N("plural.points", 3, data)
	if len(data) != 1 {
		t.Errorf("N modified its data: %v", data)
	}
}

func TestRender(t *testing.T) {
	bg := New("bg")
	if got := bg.Render("plural.tiles", nil, 2); got != "2 плочки" {
		t.Errorf("Render plural = %q", got)
	}
	if got := bg.Render("term.tile", nil, NoCount); got != "плочка" {
		t.Errorf("Render plain = %q", got)
	}
	if got := bg.RenderMessage(Plural("plural.points", 1, nil)); got != "1 точка" {
		t.Errorf("RenderMessage plural = %q", got)
	}
	if got := bg.RenderMessage(Msg("term.king", nil)); got != "крал" {
		t.Errorf("RenderMessage plain = %q", got)
	}
	if got := bg.RenderMessage(Message{ID: "term.king"}); got != "крал" {
		t.Errorf("RenderMessage zero count = %q", got)
	}
}

// A message that exists only in English falls back to English, not to the id.
func TestFallbackToEnglish(t *testing.T) {
	const id = "test.only_english"
	english := &catalog{lang: 0}
	english.load()
	if english.loc == nil {
		t.Fatal(english.err)
	}
	b := i18n.NewBundle(tags[0])
	b.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	if _, err := b.LoadMessageFileFS(files, "en.toml"); err != nil {
		t.Fatal(err)
	}
	if err := b.AddMessages(tags[0], &i18n.Message{ID: id, Other: "English only {{.X}}"}); err != nil {
		t.Fatal(err)
	}
	english.loc = i18n.NewLocalizer(b, "en")
	english.messages[id] = &i18n.Message{ID: id, Other: "English only {{.X}}"}
	for i, lang := range languages {
		own := english
		if i > 0 {
			own = &catalog{lang: i}
			own.load()
		}
		l := &Localizer{lang: lang, own: own, english: english}
		if got := l.T(id, map[string]any{"X": 1}); got != "English only 1" {
			t.Errorf("%s: %q", lang, got)
		}
		if got := l.T("term.tile", nil); got != New(lang).T("term.tile", nil) {
			t.Errorf("%s: term.tile = %q", lang, got)
		}
	}
	// A catalogue that failed to load: every message in English.
	broken := &Localizer{lang: "bg", own: &catalog{lang: 1, err: errors.New("broken")}, english: english}
	if got := broken.T("term.tile", nil); got != "tile" {
		t.Errorf("a broken catalogue: term.tile = %q", got)
	}
	if got := broken.T("term.quarter.palace", map[string]any{"quarter": "market"}); got != "palace" {
		t.Errorf("a broken catalogue: %q", got)
	}
}

// The catalogue of a language is parsed when a message is first rendered in it, not by New and not for another
// language; English when a message is missing from it; the rule texts likewise. Checked in a process of its own
// (this test binary run again), since the other tests load every catalogue.
func TestCatalogLoadedWhenNeeded(t *testing.T) {
	if os.Getenv("KARKASON_LOCALES_LAZY") != "1" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCatalogLoadedWhenNeeded$", "-test.v")
		cmd.Env = append(os.Environ(), "KARKASON_LOCALES_LAZY=1")
		if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "--- PASS") {
			t.Fatalf("%v\n%s", err, out)
		}
		return
	}
	loaded := func() (msgs, rules []string) {
		for i, lang := range languages {
			if catalogs[i].messages != nil {
				msgs = append(msgs, lang)
			}
			if ruleBooks[i].byID != nil {
				rules = append(rules, lang)
			}
		}
		return msgs, rules
	}
	check := func(step string, msgs, rules []string) {
		t.Helper()
		if gotM, gotR := loaded(); !slices.Equal(gotM, msgs) || !slices.Equal(gotR, rules) {
			t.Errorf("%s: catalogues %v and rule texts %v loaded, want %v and %v", step, gotM, gotR, msgs, rules)
		}
	}
	check("at start-up", nil, nil)
	uk := New("uk_UA.UTF-8")
	check("New", nil, nil)
	if got := uk.T("term.quarter.palace", map[string]any{"quarter": "market"}); got != "палац" {
		t.Errorf("uk = %q", got)
	}
	check("a Ukrainian message", []string{"uk"}, nil)
	if r, ok := RuleText("uk", "BASE-4"); !ok || r.ID != "BASE-4" {
		t.Errorf("RuleText = %v, %v", r, ok)
	}
	check("a Ukrainian rule", []string{"uk"}, []string{"uk"})
	if got := uk.T("no.such.message", nil); got != "no.such.message" {
		t.Errorf("missing = %q", got)
	}
	check("a message missing from uk", []string{"en", "uk"}, []string{"uk"})
}

func TestLang(t *testing.T) {
	for in, want := range map[string]string{"": "en", "bg_BG.UTF-8": "bg", "uk": "uk", "fr": "en"} {
		if got := New(in).Lang(); got != want {
			t.Errorf("New(%q).Lang() = %q, want %q", in, got, want)
		}
	}
	if got := Languages(); !slices.Equal(got, []string{"en", "bg", "uk"}) {
		t.Errorf("Languages() = %v", got)
	}
}

func TestNilLocalizerDoesNotPanic(t *testing.T) {
	var l *Localizer
	if got := l.T("term.tile", nil); got != "tile" {
		t.Errorf("nil Localizer T = %q", got)
	}
	if got := l.Lang(); got != "en" {
		t.Errorf("nil Localizer Lang = %q", got)
	}
}

// Record words in the data of engine and referee messages are shown in the
// user's language (err.wrong_quarter's "palace" is «дворец» in bg); other
// values, and keys that are not word keys, stay as they are.
func TestDataWords(t *testing.T) {
	in := map[string]any{
		"quarter": "palace", "want": "cathedral", "figure": "abbot", "kind": "field", "feature": "monastery",
		"board": "city", "tile": "b-rs", "card": "road-sweeper", "colour": "red",
		"player": "red", "place": "road", "Text": "palace", "points": 3,
	}
	tests := []struct {
		lang string
		want map[string]any
	}{
		{"en", map[string]any{"quarter": "palace", "want": "cathedral", "figure": "abbot", "kind": "field",
			"feature": "monastery", "board": "city", "card": "Road Sweeper", "colour": "red"}},
		{"bg", map[string]any{"quarter": "дворец", "want": "катедрала", "figure": "абат", "kind": "поляна",
			"feature": "манастир", "board": "крепост", "card": "Почистване", "colour": "червен"}},
		{"uk", map[string]any{"quarter": "палац", "want": "собор", "figure": "абат", "kind": "поле",
			"feature": "монастир", "board": "місто", "card": "Прибирання дороги", "colour": "червоний"}},
	}
	for _, tt := range tests {
		got := New(tt.lang).words(in)
		for k, v := range in {
			want, ok := tt.want[k]
			if !ok {
				want = v // not a word key, or no message for the value: unchanged
			}
			if got[k] != want {
				t.Errorf("%s: %s=%v shows as %v, want %v", tt.lang, k, v, got[k], want)
			}
		}
	}
	if in["quarter"] != "palace" || len(in) != 13 {
		t.Errorf("words modified its data: %v", in)
	}
	if got := New("bg").words(nil); got != nil {
		t.Errorf("words(nil) = %v", got)
	}
	// Through Render: the data of a message is translated before the template runs.
	if got := New("uk").T("term.quarter.palace", map[string]any{"quarter": "market"}); got != "палац" {
		t.Errorf("T = %q", got)
	}
}

// countedNouns are the nouns the catalogues put after a number, each with its form for every plural category of
// the language (CLDR: uk one/few/many, "other" for fractions; bg and en one/other), as a grammar book gives them.
var countedNouns = map[string][]map[string]string{
	"uk": {
		{"one": "очко", "few": "очки", "many": "очок", "other": "очка"},
		{"one": "плитка", "few": "плитки", "many": "плиток", "other": "плитки"},
		{"one": "подарунок", "few": "подарунки", "many": "подарунків", "other": "подарунка"},
		{"one": "підданець", "few": "підданці", "many": "підданців", "other": "підданця"},
		{"one": "фігурка", "few": "фігурки", "many": "фігурок", "other": "фігурки"},
		{"one": "гравець", "few": "гравці", "many": "гравців", "other": "гравця"},
		{"one": "гра", "few": "гри", "many": "ігор", "other": "гри"},
		{"one": "хід", "few": "ходи", "many": "ходів", "other": "ходу"},
		{"one": "байт", "few": "байти", "many": "байтів", "other": "байта"},
		{"one": "поворот", "few": "повороти", "many": "поворотів", "other": "повороту"},
		{"one": "клітинка", "few": "клітинки", "many": "клітинок", "other": "клітинки"},
		{"one": "місто", "few": "міста", "many": "міст", "other": "міста"},
		{"one": "герб", "few": "герби", "many": "гербів", "other": "герба"},
		{"one": "жетон", "few": "жетони", "many": "жетонів", "other": "жетона"},
	},
	"bg": {
		{"one": "точка", "other": "точки"},
		{"one": "плочка", "other": "плочки"},
		{"one": "дар", "other": "дара"},
		{"one": "фигурка", "other": "фигурки"},
		{"one": "мийпъл", "other": "мийпъла"},
		{"one": "играч", "other": "играчи"},
		{"one": "игра", "other": "игри"},
		{"one": "ход", "other": "хода"},
		{"one": "байт", "other": "байта"},
		{"one": "завъртане", "other": "завъртания"},
		{"one": "крепост", "other": "крепости"},
		{"one": "герб", "other": "герба"},
		{"one": "жетон", "other": "жетона"},
	},
	"en": {
		{"one": "point", "other": "points"},
		{"one": "tile", "other": "tiles"},
		{"one": "gift", "other": "gifts"},
		{"one": "follower", "other": "followers"},
		{"one": "figure", "other": "figures"},
		{"one": "player", "other": "players"},
		{"one": "game", "other": "games"},
		{"one": "turn", "other": "turns"},
		{"one": "byte", "other": "bytes"},
		{"one": "way", "other": "ways"},
		{"one": "cell", "other": "cells"},
		{"one": "city", "other": "cities"},
		{"one": "pennant", "other": "pennants"},
		{"one": "token", "other": "tokens"},
	},
}

// pluralCategory is the CLDR plural category of a whole number n in lang, worked out here from the rules
// (https://www.unicode.org/cldr/charts/latest/supplemental/language_plural_rules.html), not by go-i18n.
func pluralCategory(lang string, n int) string {
	if lang != "uk" {
		if n == 1 {
			return "one"
		}
		return "other"
	}
	switch i10, i100 := n%10, n%100; {
	case i10 == 1 && i100 != 11:
		return "one"
	case i10 >= 2 && i10 <= 4 && (i100 < 12 || i100 > 14):
		return "few"
	}
	return "many"
}

// countedRE is a placeholder followed by a word: a number before the noun it counts, when the word is a counted
// noun.
var countedRE = regexp.MustCompile(`\{\{-?\s*\.([A-Za-z_][A-Za-z0-9_]*)\s*-?\}\}\s+(\p{L}+)`)

// (f) A number is never written before the noun it counts in a plain message, where the noun cannot agree with it
// ("по 24 очок", "1 gift cards": only a plural message chooses the noun's form by the number; a plain message puts
// the noun first, "подарунків: 3"); in a plural message each form has its noun in that form's case. Every counted
// message renders at 1, 2, 5, 11, 21 and 24 as the form of the category the language's rules give, so that the
// number and its noun agree.
func TestCountedNouns(t *testing.T) {
	for _, lang := range languages {
		nounOf := func(word string) map[string]string {
			for _, noun := range countedNouns[lang] {
				for _, w := range noun {
					if w == word {
						return noun
					}
				}
			}
			return nil
		}
		for _, id := range Keys() {
			m, ok := cat().messages[lang][id]
			if !ok {
				continue
			}
			plural := isPlural(m)
			for cat, text := range forms(m) {
				for _, sub := range countedRE.FindAllStringSubmatch(text, -1) {
					word := strings.ToLower(sub[2])
					noun := nounOf(word)
					switch {
					case noun == nil:
					case !plural:
						t.Errorf("%s %q: {{.%s}} before the noun %q in a plain message: the noun cannot agree with the "+
							"number (put the noun first, or make it a plural message)", lang, id, sub[1], sub[2])
					case sub[1] != "Count":
						t.Errorf("%s %q: {{.%s}} before the noun %q: only the count ({{.Count}}) chooses the form",
							lang, id, sub[1], sub[2])
					case noun[cat] != word:
						t.Errorf("%s %q: form %q says %q after the count, want %q", lang, id, cat, sub[2], noun[cat])
					}
				}
			}
			if !plural {
				continue
			}
			data := map[string]any{}
			for _, p := range placeholders(m) {
				if p != "Count" {
					data[p] = "<" + p + ">"
				}
			}
			for _, n := range []int{1, 2, 5, 11, 21, 24} {
				form := forms(m)[pluralCategory(lang, n)]
				want := strings.ReplaceAll(form, "{{.Count}}", strconv.Itoa(n))
				for p, v := range data {
					want = strings.ReplaceAll(want, "{{."+p+"}}", v.(string))
				}
				if got, err := New(lang).render(id, data, n); err != nil || got != want {
					t.Errorf("%s %q at %d: %q (%v), want the %s form %q", lang, id, n, got, err,
						pluralCategory(lang, n), want)
				}
			}
		}
	}
}
