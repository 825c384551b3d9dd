// Package locales holds the message catalogs of karkason in English (en),
// Bulgarian (bg) and Ukrainian (uk), embedded in the binary, and renders them
// with go-i18n.
//
// Use:
//
//	l := locales.New(locales.FromEnv(os.Getenv)) // or New(cfg.Language)
//	l.T("term.city", nil)                         // "крепост" in bg
//	l.N("plural.points", 5, nil)                  // "5 очок" in uk
//	l.T("config.broken", map[string]any{"Path": p, "Err": e})
//
// Packages that must not import locales (engine, referee) carry a message as
// plain values, an id, template data and a count, and the UI renders it with
// [Localizer.Render] (or [Localizer.RenderMessage] for a [Message]).
//
// A missing message never breaks the program: it falls back to English, then
// to the id itself.
//
// # Adding a message
//
// Add the id to all three files, en.toml, bg.toml and uk.toml (go-i18n takes
// the language from the file name). Keep each file tidy: plain messages first
// as `"group.name" = "text"` lines, then plural messages as tables
// `["plural.name"]`, each part sorted by id. Ids are lower case and dotted,
// grouped by area: term.* (game vocabulary, see shared/rules/glossary.md),
// colour.*, plural.*, config.*, flag.*.
//
// Templates use Go text/template syntax, {{.Name}}; every translation of a
// message must use the same set of placeholders. A plural message gives the
// forms its language needs, English and Bulgarian one and other, Ukrainian
// one, few, many and other, and every form shows the number as {{.Count}}
// (Ukrainian "one" also covers 21, 31, ...).
//
// The tests of this package enforce all of this: same ids in every catalog,
// same placeholders, every plural form present and rendering, sorted files.
package locales
