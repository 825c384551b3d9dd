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
// A catalogue is parsed when the first message of its language is rendered,
// not at start-up (the three cost about 13 ms together, more than all the rest
// of a short command): a command that prints no words parses none, one that
// speaks Bulgarian parses bg.toml alone (English too only if a message were
// missing from it), and the rule texts are parsed when a rule is first looked
// up. The tests load and check all three.
//
// # Adding a message
//
// Add the id to all three files, en.toml, bg.toml and uk.toml (go-i18n takes
// the language from the file name). Keep each file tidy: plain messages first
// as `"group.name" = "text"` lines, then plural messages as tables
// `["plural.name"]`, each part sorted by id. Ids are lower case and dotted,
// grouped by area: term.* (game vocabulary, see shared/rules/glossary.md),
// colour.*, plural.*, config.*, flag.*, and the families of the next section.
//
// Templates use Go text/template syntax, {{.Name}}; every translation of a
// message must use the same set of placeholders. A plural message gives the
// forms its language needs, English and Bulgarian one and other, Ukrainian
// one, few, many and other, and every form shows the number as {{.Count}}
// (Ukrainian "one" also covers 21, 31, ...).
//
// The tests of this package enforce all of this: same ids in every catalog,
// same placeholders, every plural form present and rendering, sorted files.
//
// # Messages of the engine and the referee
//
// These families hold what the rules code says at the table:
//
//   - err.*: refusals, the Key of an engine.RuleError or a referee.Refusal.
//     The UI shows the rule ID next to the message, so the text never
//     repeats it: it says what is wrong and what would be right.
//   - ev.*: referee events (referee.Event.Key): whose decision it is, a rule
//     that now applies; ev.score.<category> for a scoring, one message for
//     each engine category name (road, city, ..., robber-baron, ...).
//   - cat.<category>: the short name of a scoring category in a breakdown.
//   - record.*: the game record parser (referee.ParseError.Key, every one in
//     referee.ParseErrorKeys). Their data is "Line", "Text" (the offending
//     text, "" at the end of the record) and "Missing" (a required word is
//     missing and Text is the whole line); "Expected" is English and is not
//     used in a message.
//   - cli.*: the command line (cmd/karkason).
//
// The data keys of err.* and ev.* are lower case, exactly as the code gives
// them ({{.tile}}, {{.quarter}}), and some are present only at some of the
// places that raise a message (guard those with {{if .place}}…{{end}}).
// Renderers add "Player", the player's name, to the data of an event whose
// Player is a seat (not -1) and may add it, the acting player's name, to a
// refusal; so an ev.* message of a seated player names them as {{.Player}},
// while events without a player, scorings and refusals do not use it (the
// command line renders refusals without it).
//
// Record words in data are shown in the reader's language: before rendering,
// the value of a data key listed in wordKeys (quarter, want, figure, kind,
// feature, board, card, colour) is replaced by its message, for
// example quarter "palace" by term.quarter.palace and card "road-sweeper" by
// term.gift.road_sweeper. Tile ids, edges (N, E, S, W), places and setup
// words (start=, expansions=) stay record words. Counts in err.*/ev.* data
// (points, size, count) are plain numbers, not plural counts: write them
// where no noun has to agree with them ("+{{.points}}", "size {{.size}}").
//
// The test referee/messages_test.go scans the Go sources of engine, referee,
// config and cmd and fails on a message id with no message, on a message no
// code uses (but for an allowlist that gives a reason per entry), and on a
// message that renders "<no value>" with the data of any place that raises it.
//
// # Rule texts
//
// The text of every rule of RULES.md, for the referee's explanations and the
// rules browser, is in rules/en.toml, rules/bg.toml and rules/uk.toml (one
// [[rule]] with id, title and text each, in the order of RULES.md; the
// Bulgarian and Ukrainian follow the wording of the original rulebooks where
// they cover the rule). They are not go-i18n messages. Look one up with
// [RuleText] ("COUNT-16(b)" gives the whole of COUNT-16, whose text has the
// line "(b) ..."), list them with [RuleIDs], search them with [SearchRules].
// The tests in rules_test.go check that every rule is in all three languages
// with the same sub-points, that the ids are those of RULES.md (skipped when
// ../shared is absent), and that every rule id and sub-point cited in a
// string of engine/, referee/ or cmd/ has a text in every language.
package locales
