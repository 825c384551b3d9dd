// The parser's refusals: ParseError, its message keys and the English "expected" texts.

package referee

import (
	"maps"
	"strconv"
)

// ParseError is a refused line: the line number, the offending text and, in English, what was
// expected. The offending text is a word, or the whole line without its comment when a required
// word is missing (Missing is then true), or "" when the record ends before its header or setup
// line. Key is a message id for localisation ("record.bad_rotation"; all are listed by
// ParseErrorKeys) and Data its template data: always "Line", "Text", "Expected" and "Missing",
// plus the extras some keys name ("Key", "Name", "Colour", "Count", "Expansion", "Version").
type ParseError struct {
	Line     int
	Text     string
	Expected string
	Missing  bool
	Key      string
	Data     map[string]any
}

// Error returns `line N: "TEXT": expected EXPECTED`, or `line N: "TEXT", then end of line:
// expected EXPECTED` when a word is missing; the line part is left out for Line 0.
func (e *ParseError) Error() string {
	found := "end of record"
	if e.Text != "" {
		found = strconv.Quote(e.Text)
	}
	if e.Missing {
		found += ", then end of line"
	}
	msg := found + ": expected " + e.Expected
	if e.Line > 0 {
		msg = "line " + strconv.Itoa(e.Line) + ": " + msg
	}
	return msg
}

// MessageData returns the template data of e's message (Key) for a terminal: a copy of Data (a new map when it is
// nil) with "Text" the offending text escaped by Printable, so that no control character or invalid byte of a file
// reaches the screen. Data itself is left as it is.
func (e *ParseError) MessageData() map[string]any {
	data := maps.Clone(e.Data)
	if data == nil {
		data = map[string]any{}
	}
	data["Text"] = Printable(e.Text)
	return data
}

// Message ids of ParseError.Key.
const (
	KeyBadUTF8 = "record.bad_utf8"
	// KeyNotText: a last line without its line end that no karkason write could have begun (NUL, control bytes,
	// bytes that are not UTF-8): the file is not a record, and nothing of it is moved aside (CutOff).
	KeyNotText            = "record.not_text"
	KeyMissingHeader      = "record.missing_header"
	KeyBadHeader          = "record.bad_header"
	KeyBadVersion         = "record.bad_version"
	KeyMissingSetup       = "record.missing_setup"
	KeyBadSetup           = "record.bad_setup"
	KeySetupBadItem       = "record.setup_bad_item"
	KeySetupUnknownKey    = "record.setup_unknown_key"
	KeySetupDuplicateKey  = "record.setup_duplicate_key"
	KeySetupNoPlayers     = "record.setup_no_players"
	KeyBadPlayer          = "record.bad_player"
	KeyBadName            = "record.bad_name"
	KeyBadColour          = "record.bad_colour"
	KeyDuplicateColour    = "record.duplicate_colour"
	KeyDuplicateName      = "record.duplicate_name"
	KeyPlayerCount        = "record.player_count"
	KeyBadExpansion       = "record.bad_expansion"
	KeyDuplicateExpansion = "record.duplicate_expansion"
	KeyNoneNotAlone       = "record.none_not_alone"
	KeyBadStart           = "record.bad_start"
	KeyBadFollowers       = "record.bad_followers"
	KeyExpectedAction     = "record.expected_action"
	KeyBadVerb            = "record.bad_verb"
	KeyEndWithColour      = "record.end_with_colour"
	KeyAfterEnd           = "record.after_end"
	KeyBadTile            = "record.bad_tile"
	KeyBadPosition        = "record.bad_position"
	KeyBadRotation        = "record.bad_rotation"
	KeyBadFigure          = "record.bad_figure"
	KeyBadPlace           = "record.bad_place"
	KeyBadFeature         = "record.bad_feature"
	KeyBadSynodPlace      = "record.bad_synod_place"
	KeyBadQuarter         = "record.bad_quarter"
	KeyBadGift            = "record.bad_gift"
	KeyExpectedAbbot      = "record.expected_abbot"
	KeyExtraText          = "record.extra_text"
	KeyBadComment         = "record.bad_comment"
	KeyUnusedField        = "record.unused_field"
)

// ParseErrorKeys returns every ParseError.Key this package produces, for checking that each has
// a translation.
func ParseErrorKeys() []string {
	return append([]string{
		KeyBadUTF8, KeyNotText, KeyMissingHeader, KeyBadHeader, KeyBadVersion, KeyMissingSetup, KeyBadSetup,
		KeySetupBadItem, KeySetupUnknownKey, KeySetupDuplicateKey, KeySetupNoPlayers, KeyBadPlayer,
		KeyBadName, KeyBadColour, KeyDuplicateColour, KeyDuplicateName, KeyPlayerCount, KeyBadExpansion,
		KeyDuplicateExpansion, KeyNoneNotAlone, KeyBadStart, KeyBadFollowers, KeyExpectedAction,
		KeyBadVerb, KeyEndWithColour, KeyAfterEnd, KeyBadTile, KeyBadPosition, KeyBadRotation,
		KeyBadFigure, KeyBadPlace, KeyBadFeature, KeyBadSynodPlace, KeyBadQuarter, KeyBadGift,
		KeyExpectedAbbot, KeyExtraText, KeyBadComment, KeyUnusedField,
		KeyTooLarge, KeyLineTooLong, KeyTwoFigures,
	}, positionErrorKeys...)
}

// What was expected, in English (ParseError.Expected).
const (
	expUTF8              = "UTF-8 text"
	expHeader            = `the header "karkason-record 1"`
	expVersion           = `format version 1 ("karkason-record 1")`
	expSetup             = `the setup line "setup players=NAME:COLOUR,..."`
	expSetupItem         = "KEY=VALUE: players=, expansions=, start= or followers="
	expSetupKey          = "players=, expansions=, start= or followers="
	expSetupOnce         = "each of players=, expansions=, start=, followers= at most once"
	expSetupPlayers      = "players=NAME:COLOUR,... with 2 to 6 players"
	expPlayer            = "a player NAME:COLOUR"
	expName              = `a player name: not empty, no spaces, no ",", ":" or "#"`
	expColour            = "a colour: red, blue, green, yellow, black or pink"
	expDistinctColour    = "a colour no other player has"
	expDistinctName      = "a name no other player has"
	expPlayerCount       = "2 to 6 players (6 only with inns-cathedrals)"
	expExpansion         = "an expansion: farmers, abbot, river, river2, count, king-robber, shrines, newtiles, gifts, inns-cathedrals, traders-builders, or none"
	expDistinctExpansion = "each expansion at most once"
	expNoneAlone         = `"none" alone, or expansions without "none"`
	expStart             = "a start: standard, river, river2, city, or none (with position lines)"
	expFollowers         = "a number of followers from 1 to 99"
	expAction            = `an action "COLOUR VERB ...", or "end" (the header and setup come only once)`
	expActionColour      = `a colour (red, blue, green, yellow, black, pink) or "end"`
	expVerb              = "a verb: place, discard, deploy, return-abbot, pass, city, count, move, decline, market, gift, builder-pass, aside, dragon, fairy or princess"
	expEndAlone          = `"end" alone, without a colour`
	expNothingAfterEnd   = `nothing after "end" but blank lines and comments`
	expTile              = `a tile id (letters, digits and "-", e.g. b-rs)`
	expPosition          = "a position x,y: two integers, e.g. 0,-1"
	expRotation          = "a rotation: 0, 90, 180 or 270"
	expFigure            = `"follower", "abbot", "large", "builder" or "pig"`
	expPlace             = "a place: N, E, S, W, NNW, NNE, ENE, ESE, SSE, SSW, WSW, WNW, monastery, shrine, garden or #name"
	expFeature           = "a feature x,y:PLACE, e.g. 2,-1:N"
	expSynodPlace        = "x,y:monastery or x,y:shrine"
	expQuarter           = "a quarter: palace, smithy, cathedral or market"
	expGift              = "a gift: synod, road-sweeper, change-position, cash-out or two-choices"
	expEndOfLine         = `the end of the line, or a comment starting with "#"`
	expComment           = "a comment on one line, in UTF-8"
)

func newError(line int, key, text, expected string, extra ...any) *ParseError {
	text = Quote(text) // at most MaxQuote characters of the offending text, then "…"
	data := map[string]any{"Line": line, "Text": text, "Expected": expected, "Missing": false}
	for i := 0; i+1 < len(extra); i += 2 {
		data[extra[i].(string)] = extra[i+1]
	}
	missing, _ := data["Missing"].(bool)
	return &ParseError{Line: line, Text: text, Expected: expected, Missing: missing, Key: key, Data: data}
}
