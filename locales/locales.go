package locales

import (
	"embed"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"github.com/pelletier/go-toml/v2"
	"golang.org/x/text/language"
)

// Default is the language used when nothing else matches, and the language a
// missing message falls back to.
const Default = "en"

// NoCount is the count to pass to [Localizer.Render] for a message that is not
// a plural message.
const NoCount = -1

// languages are the supported languages, Default first: the index returned by
// the matcher is an index into this slice (and into tags).
var languages = []string{"en", "bg", "uk"}

var tags = []language.Tag{language.English, language.Bulgarian, language.Ukrainian}

var matcher = language.NewMatcher(tags)

// files are the message catalogues: <lang>.toml, and beside it any number of part files <part>.<lang>.toml (one per
// module or feature, e.g. pd.bg.toml), loaded after it in name order, so that work on separate parts never edits one
// file. An id given in two files of one language is a load error.
//
//go:embed *.toml
var files embed.FS

// catalogFiles returns the file names of lang's catalogue in the folder dir ("" or "rules/") of fsys: lang.toml
// first, then its part files <part>.<lang>.toml in name order.
func catalogFiles(fsys embed.FS, dir, lang string) []string {
	names := []string{dir + lang + ".toml"}
	folder := strings.TrimSuffix(dir, "/")
	if folder == "" {
		folder = "."
	}
	entries, _ := fsys.ReadDir(folder)
	for _, e := range entries {
		if n := e.Name(); strings.HasSuffix(n, "."+lang+".toml") && n != lang+".toml" {
			names = append(names, dir+n)
		}
	}
	return names
}

// catalog is the catalogue of one language, parsed from its embedded file when it is first needed (a message
// rendered in that language, a fallback to English), not at start-up: a command that prints nothing in words
// (--version) parses none, and one that speaks Bulgarian parses bg.toml alone. Its bundle holds that language
// only; a message missing from it falls back to the English catalogue in [Localizer.render].
type catalog struct {
	once     sync.Once
	lang     int                      // index into languages and tags
	loc      *i18n.Localizer          // renders the messages of this catalogue; nil if it failed to load
	messages map[string]*i18n.Message // id -> message
	err      error                    // the load error, nil normally
}

// catalogs are the catalogues by index into languages.
var catalogs = [...]catalog{{lang: 0}, {lang: 1}, {lang: 2}}

// catalogOf returns the catalogue of a supported language code ("en", "bg", "uk"; anything else gives English),
// loaded.
func catalogOf(lang string) *catalog {
	i := max(slices.Index(languages, lang), 0)
	c := &catalogs[i]
	c.once.Do(c.load)
	return c
}

// load parses the embedded catalogue. It never panics: a catalogue that fails to parse is left empty (its
// messages then fall back to English, then to the id) and the error is kept for the tests.
func (c *catalog) load() {
	c.messages = map[string]*i18n.Message{}
	b := i18n.NewBundle(tags[c.lang])
	b.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	for _, name := range catalogFiles(files, "", languages[c.lang]) {
		mf, err := b.LoadMessageFileFS(files, name)
		if err != nil {
			c.err = fmt.Errorf("locales: %s: %w", name, err)
			return
		}
		for _, m := range mf.Messages {
			if _, dup := c.messages[m.ID]; dup {
				c.err = fmt.Errorf("locales: %s: message %s given in another file too", name, m.ID)
				return
			}
			c.messages[m.ID] = m
		}
	}
	c.loc = i18n.NewLocalizer(b, languages[c.lang])
}

// Languages returns the supported language codes, "en" first: en, bg, uk.
func Languages() []string { return slices.Clone(languages) }

// Keys returns the ids of all messages of the English catalog, sorted. The
// tests of this package make sure that every other catalog has the same ids,
// so this is the list of every message id the program may use.
func Keys() []string {
	return slices.Sorted(maps.Keys(catalogOf(Default).messages))
}

// Match normalizes a LANG-like value or a language tag to one of the supported
// language codes ("en", "bg" or "uk"). It drops the encoding and modifier
// ("uk_UA.UTF-8", "bg_BG@euro"), accepts "_" or "-" between language and
// region ("bg_BG", "uk-UA"), and returns "en" for "", "C", "POSIX", anything it
// cannot parse, and languages it does not support. The CLDR matching data
// counts Macedonian as close enough to Bulgarian: "mk_MK" gives "bg".
func Match(tag string) string {
	s := strings.TrimSpace(tag)
	if i := strings.IndexAny(s, ".@"); i >= 0 {
		s = s[:i]
	}
	s = strings.ReplaceAll(s, "_", "-")
	switch s {
	case "", "C", "POSIX":
		return Default
	}
	t, err := language.Parse(s)
	if err != nil {
		return Default
	}
	// The matcher's returned tag may carry extensions ("bg-u-rg-bgzzzz"): use
	// the index. Check the confidence too: for an unsupported language
	// ("ru-UA", "be", "sr") the index is that of Bulgarian, with confidence No.
	_, i, conf := matcher.Match(t)
	if conf < language.High || i < 0 || i >= len(languages) {
		return Default
	}
	return languages[i]
}

// FromEnv returns the language of the user's locale, looked up with getenv in
// the POSIX order LC_ALL, LC_MESSAGES, LANG: the first one that is set and not
// empty decides, normalized with [Match]. It returns "en" when none is set or
// getenv is nil.
func FromEnv(getenv func(string) string) string {
	if getenv == nil {
		return Default
	}
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := strings.TrimSpace(getenv(name)); v != "" {
			return Match(v)
		}
	}
	return Default
}

// Localizer renders messages in one language. The zero value is not usable:
// create one with [New]. A Localizer is safe for concurrent use.
type Localizer struct {
	lang string
	// own and english replace the catalogues of lang and of English (tests); nil: the embedded ones.
	own, english *catalog
}

// New returns a Localizer for lang, which may be anything [Match] accepts
// ("bg", "uk_UA.UTF-8", ""): unknown languages give English. The language's
// catalogue is parsed when the first message is rendered, not here.
func New(lang string) *Localizer {
	return &Localizer{lang: Match(lang)}
}

// catalogs returns the catalogue of l's language and a function that returns the English one (loaded only when a
// message is missing from l's).
func (l *Localizer) catalogs() (own *catalog, english func() *catalog) {
	own, english = l.own, func() *catalog { return catalogOf(Default) }
	if own == nil {
		own = catalogOf(l.lang)
	}
	if l.english != nil {
		english = func() *catalog { return l.english }
	}
	return own, english
}

// Lang returns the language code of l: "en", "bg" or "uk" ("en" for a nil l).
func (l *Localizer) Lang() string {
	if l == nil || l.lang == "" {
		return Default
	}
	return l.lang
}

// T renders the message id with the template data (may be nil). A message
// missing from l's language falls back to English, and one missing everywhere
// gives id itself: T never fails and never panics.
func (l *Localizer) T(id string, data map[string]any) string {
	return l.Render(id, data, NoCount)
}

// N renders the plural message id for count, choosing the plural form of l's
// language (en, bg: one/other; uk: one/few/many/other). The count is also
// available to the template as {{.Count}}; data (may be nil) is not modified.
// Fallbacks are as for [Localizer.T].
func (l *Localizer) N(id string, count int, data map[string]any) string {
	return l.Render(id, data, count)
}

// Render renders the message id with data; count >= 0 selects a plural form
// and is passed as {{.Count}}, [NoCount] (any negative count) renders a plain
// message. It is the form for callers that carry a message as plain
// (id, data, count) values without importing this package's types.
//
// Record words in data are shown in l's language: the value "palace" of the
// key "quarter" renders as the message term.quarter.palace ("дворец" in bg);
// see the package documentation, "Messages of the engine and the referee".
func (l *Localizer) Render(id string, data map[string]any, count int) string {
	s, _ := l.render(id, data, count)
	return s
}

// RenderMessage renders m: see [Localizer.Render].
func (l *Localizer) RenderMessage(m Message) string {
	count := NoCount
	if m.Count != nil {
		count = *m.Count
	}
	return l.Render(m.ID, m.Data, count)
}

// render is Render that also reports what went wrong (a missing message, a
// missing plural form, a template error); the text is still the best effort.
func (l *Localizer) render(id string, data map[string]any, count int) (s string, err error) {
	defer func() {
		if r := recover(); r != nil {
			s, err = id, fmt.Errorf("locales: rendering %q panicked: %v", id, r)
		}
	}()
	if l == nil || l.lang == "" {
		l = New(Default)
	}
	data = l.words(data)
	cfg := &i18n.LocalizeConfig{MessageID: id}
	if count >= 0 {
		d := make(map[string]any, len(data)+1)
		maps.Copy(d, data)
		d["Count"] = count
		cfg.TemplateData = d
		cfg.PluralCount = count
	} else if data != nil {
		cfg.TemplateData = data
	}
	own, english := l.catalogs()
	var tag language.Tag
	s, tag, err = own.localize(cfg)
	if tag == language.Und && own.lang != 0 {
		// Missing from l's language (or its catalogue failed to load): English, and the error says so.
		missing := err
		if s, tag, err = english().localize(cfg); err == nil {
			err = missing
		}
	}
	if tag == language.Und || s == "" {
		if err == nil {
			err = fmt.Errorf("locales: message %q rendered empty", id)
		}
		return id, err
	}
	return s, err
}

// localize renders cfg from c; the tag is language.Und when c has no such message.
func (c *catalog) localize(cfg *i18n.LocalizeConfig) (string, language.Tag, error) {
	if c.loc == nil {
		return "", language.Und, c.err
	}
	return c.loc.LocalizeWithTag(cfg)
}

// wordKeys are the data keys whose values are record words (the English words of the game record and the
// engine: "palace", "abbot", "road-sweeper", "red") that have a message of their own. Before a message is
// rendered, the value v of such a key is replaced by the message wordKeys[key]+v, with "-" in v read as "_"
// ("road-sweeper" -> "term.gift.road_sweeper"), when that message exists; other values are shown as they are.
var wordKeys = map[string]string{
	"quarter": "term.quarter.", // a quarter of the City: palace, market, smithy, cathedral (COUNT-5)
	"want":    "term.quarter.", // the quarter a feature takes figures from (err.wrong_quarter, COUNT-14)
	"figure":  "term.",         // a figure kind: follower, abbot, large, builder, pig (DEF-4)
	"kind":    "term.",         // a segment kind: road, city, field, river, monastery, shrine, garden (DEF-2)
	"feature": "term.",         // likewise
	"board":   "term.",         // a terrain on an edge: field, road, city, river (BASE-4)
	"terrain": "term.",         // likewise, the tile's own edge
	"edge":    "term.edge.",    // an edge of a tile: N, E, S, W (BASE-4, err.edge_mismatch)
	"card":    "term.gift.",    // a gift card: synod, road-sweeper, change-position, cash-out, two-choices
	"colour":  "colour.",       // a player's colour: red, blue, green, yellow, black
	"goods":   "term.goods.",   // a kind of goods: wine, grain, cloth (TB-1)
}

// words returns data with the record words of [wordKeys] in l's language; data itself is not modified (a copy
// is returned when a value changes).
func (l *Localizer) words(data map[string]any) map[string]any {
	var out map[string]any
	for key, prefix := range wordKeys {
		var v string
		switch w := data[key].(type) {
		case string:
			v = w
		case fmt.Stringer:
			v = w.String()
		default:
			continue
		}
		id := prefix + strings.ReplaceAll(v, "-", "_")
		if v == "" || !l.has(id) {
			continue
		}
		if out == nil {
			out = maps.Clone(data)
		}
		out[key] = l.Render(id, nil, NoCount)
	}
	if out == nil {
		return data
	}
	return out
}

// has reports whether id is a message of l's language (of English if l's catalogue failed to load; the tests
// make sure that every catalogue has the same ids, so English is not parsed to look for a word l's lacks).
func (l *Localizer) has(id string) bool {
	own, english := l.catalogs()
	if own.loc == nil {
		own = english()
	}
	return own.messages[id] != nil
}

// Message is a message carried by id and data, to be rendered later by a
// Localizer in the user's language. Count is nil for a plain message and
// points to the count for a plural message.
type Message struct {
	ID    string
	Data  map[string]any
	Count *int
}

// Msg returns a plain Message.
func Msg(id string, data map[string]any) Message { return Message{ID: id, Data: data} }

// Plural returns a plural Message for count.
func Plural(id string, count int, data map[string]any) Message {
	return Message{ID: id, Data: data, Count: &count}
}
