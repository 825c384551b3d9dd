// The syntax layer of the game record, format 1 (shared/spec/record-format.md, "the spec" below):
// types for the setup line and the actions, a strict parser and a canonical writer.
//
// This file knows the shape of every line and nothing about the game: whether an action is legal,
// whose turn it is, whether a tile id exists in the catalog or a colour is seated at the table is
// for the rules engine and the state machine, which consume these types.
//
// Choices made where the spec leaves room (the spec allows an implementation to accept more, as
// long as it documents it; the extensions are marked EXTENSION):
//
//   - Comments. "#" starts a comment wherever it appears, even inside a word ("red pass# note"),
//     except where the grammar expects a place and the "#" is the first character of a feature
//     name "#name" (a "#" followed by a name character [A-Za-z0-9_-]): that is the whole word of
//     "deploy follower|abbot PLACE" and of change-position's NEW-PLACE, and the part after the
//     ":" of a feature "x,y:PLACE". So "red deploy follower #f3" places on #f3, while
//     "red place b-rs 1,0 90 #f3" carries the comment "f3", and "red deploy follower # f3" lacks
//     its place. A player name therefore cannot contain "#".
//   - Comments are kept for round trips (Action.Comment, Action.CommentsBefore,
//     Record.HeaderComments, Record.TrailingComments), trimmed of surrounding white space;
//     empty comments are dropped like blank lines.
//   - Setup keys may come in any order, each at most once. players= is required; expansions= may
//     be left out and then means none; start= and followers= may be left out and are then
//     reported as "" and 0, for the state machine to apply the defaults.
//   - Player names: non-empty, valid UTF-8, printable characters only (Unicode "print", so no
//     control or format characters and no white space of any kind), and no ",", ":" or "#"
//     (they separate pairs, name and colour, and start a comment). Names need not be distinct:
//     players are identified by colour.
//   - Tile ids are [A-Za-z0-9-]+, matched case-insensitively and kept in lower case
//     (shared/rules/tiles.md 1.3 "Parse case-insensitively"); whether the id exists is not checked
//     here. Feature names after "#" are kept as written.
//   - Coordinates are decimal integers with an optional "+" or "-" and leading zeros allowed,
//     within the int32 range; rotations are exactly "0", "90", "180" or "270".
//   - gift synod takes x,y:monastery or x,y:shrine as the spec says, and also x,y:garden and
//     x,y:#name (the spec accepts #name "for any feature"), so that the engine can refuse a
//     garden with its rule ID (GIFT-6(c)) rather than with a syntax error. Edges and half-edges
//     are refused here.
//   - EXTENSION: a UTF-8 byte order mark at the very start of a record is ignored, and so is one
//     "\r" before each "\n" (records pasted from Windows editors).
//   - Nothing may follow "end" but blank and comment lines; a second "end" is such a line.

package referee

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// FormatVersion is the record format version this package reads and writes.
const FormatVersion = 1

// Header is the first non-comment line of every record (spec, "Lines").
const Header = "karkason-record 1"

// Player counts, follower supply bounds and the default supply (spec "Setup"; CFG-1, CFG-2).
const (
	MinPlayers       = 2
	MaxPlayers       = 5
	MinFollowers     = 1
	MaxFollowers     = 99
	DefaultFollowers = 7
)

// Colour is a player colour: red, blue, green, yellow or black (spec "Setup"; CFG-1).
type Colour string

// The five player colours.
const (
	Red    Colour = "red"
	Blue   Colour = "blue"
	Green  Colour = "green"
	Yellow Colour = "yellow"
	Black  Colour = "black"
)

var colours = []Colour{Red, Blue, Green, Yellow, Black}

// Colours returns the five colours in the order the spec lists them.
func Colours() []Colour { return slices.Clone(colours) }

// IsColour reports whether s is one of the five colours (lower case, exactly).
func IsColour(s string) bool { return slices.Contains(colours, Colour(s)) }

// Expansion names for Setup.Expansions (spec "Setup"; CFG-3). ExpansionNone is only a way of
// writing an empty list and never appears in Setup.Expansions.
const (
	ExpansionFarmers    = "farmers"
	ExpansionAbbot      = "abbot"
	ExpansionRiver      = "river"
	ExpansionRiver2     = "river2"
	ExpansionCount      = "count"
	ExpansionKingRobber = "king-robber"
	ExpansionShrines    = "shrines"
	ExpansionNewTiles   = "newtiles"
	ExpansionGifts      = "gifts"
	ExpansionNone       = "none"
)

var expansions = []string{
	ExpansionFarmers, ExpansionAbbot, ExpansionRiver, ExpansionRiver2, ExpansionCount,
	ExpansionKingRobber, ExpansionShrines, ExpansionNewTiles, ExpansionGifts,
}

// Expansions returns the nine expansion names, in the spec's order, without "none".
func Expansions() []string { return slices.Clone(expansions) }

// IsExpansion reports whether s is one of the nine expansion names ("none" is not one).
func IsExpansion(s string) bool { return slices.Contains(expansions, s) }

// Start pieces for Setup.Start (spec "Setup", start=; CFG-4).
const (
	StartStandard = "standard"
	StartRiver    = "river"
	StartRiver2   = "river2"
	StartCity     = "city"
)

var starts = []string{StartStandard, StartRiver, StartRiver2, StartCity}

// Starts returns the four start values.
func Starts() []string { return slices.Clone(starts) }

// IsStart reports whether s is one of the four start values.
func IsStart(s string) bool { return slices.Contains(starts, s) }

// Quarters of the City of Carcassonne, for city, count and move (spec "Actions"; COUNT).
const (
	QuarterPalace    = "palace"
	QuarterSmithy    = "smithy"
	QuarterCathedral = "cathedral"
	QuarterMarket    = "market"
)

var quarters = []string{QuarterPalace, QuarterSmithy, QuarterCathedral, QuarterMarket}

// Quarters returns the four quarters of the City of Carcassonne.
func Quarters() []string { return slices.Clone(quarters) }

// IsQuarter reports whether s is one of the four quarters.
func IsQuarter(s string) bool { return slices.Contains(quarters, s) }

// Gift cards, for the gift verb (spec "Actions"; GIFT).
const (
	GiftSynod          = "synod"
	GiftRoadSweeper    = "road-sweeper"
	GiftChangePosition = "change-position"
	GiftCashOut        = "cash-out"
	GiftTwoChoices     = "two-choices"
)

var gifts = []string{GiftSynod, GiftRoadSweeper, GiftChangePosition, GiftCashOut, GiftTwoChoices}

// Gifts returns the five gift cards.
func Gifts() []string { return slices.Clone(gifts) }

// IsGift reports whether s is one of the five gift cards.
func IsGift(s string) bool { return slices.Contains(gifts, s) }

// Centre places (spec "Coordinates, rotation, places on a tile").
const (
	PlaceMonastery = "monastery"
	PlaceShrine    = "shrine"
	PlaceGarden    = "garden"
)

var (
	edges     = []string{"N", "E", "S", "W"}
	halfEdges = []string{"NNW", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW"}
	centres   = []string{PlaceMonastery, PlaceShrine, PlaceGarden}
)

// Edges returns the edge places N, E, S, W.
func Edges() []string { return slices.Clone(edges) }

// HalfEdges returns the half-edge places NNW NNE ENE ESE SSE SSW WSW WNW, clockwise from the
// west half of the north edge.
func HalfEdges() []string { return slices.Clone(halfEdges) }

// Centres returns the centre places monastery, shrine, garden.
func Centres() []string { return slices.Clone(centres) }

// IsEdge reports whether s is N, E, S or W.
func IsEdge(s string) bool { return slices.Contains(edges, s) }

// IsHalfEdge reports whether s is one of the eight half-edges.
func IsHalfEdge(s string) bool { return slices.Contains(halfEdges, s) }

// IsCentre reports whether s is monastery, shrine or garden.
func IsCentre(s string) bool { return slices.Contains(centres, s) }

// FeatureName returns the name of a place written "#name" (name = [A-Za-z0-9_-]+, kept as
// written) and true, or "" and false for any other string.
func FeatureName(place string) (string, bool) {
	name, ok := strings.CutPrefix(place, "#")
	if !ok || name == "" {
		return "", false
	}
	for i := 0; i < len(name); i++ {
		if !isNameChar(name[i]) {
			return "", false
		}
	}
	return name, true
}

// IsPlace reports whether s names a place on a tile: an edge, a half-edge, a centre or "#name"
// (spec "Coordinates, rotation, places on a tile"). Places are case-sensitive.
func IsPlace(s string) bool {
	_, named := FeatureName(s)
	return named || IsEdge(s) || IsHalfEdge(s) || IsCentre(s)
}

func isNameChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

// Rotations returns the four rotations 0, 90, 180, 270 (degrees clockwise).
func Rotations() []int { return []int{0, 90, 180, 270} }

// IsRotation reports whether r is 0, 90, 180 or 270.
func IsRotation(r int) bool { return r == 0 || r == 90 || r == 180 || r == 270 }

// CanonicalTileID returns the lower-case form of a tile id written [A-Za-z0-9-]+ and true, or ""
// and false if s is not of that shape (shared/rules/tiles.md 1.3). It does not look the id up in
// the catalog.
func CanonicalTileID(s string) (string, bool) {
	if s == "" {
		return "", false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
			return "", false
		}
	}
	return strings.ToLower(s), true
}

// IsPlayerName reports whether s can be a player name in the setup line: non-empty valid UTF-8
// of printable characters (any script) with no white space and none of ",", ":" and "#".
func IsPlayerName(s string) bool {
	if s == "" || !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if r == ',' || r == ':' || r == '#' || r == ' ' || !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}

// PlayerSpec is one name:colour pair of the setup line.
type PlayerSpec struct {
	Name   string
	Colour Colour
}

// Setup is the setup line (spec "Setup"), e.g.
//
//	setup players=Ана:red,Богдан:blue expansions=farmers,abbot start=standard followers=7
type Setup struct {
	// Players in seating order, clockwise, the first player first; 2 to 5 of them with distinct
	// colours (CFG-1).
	Players []PlayerSpec
	// Expansions are canonical names (see Expansions) in the order given, without duplicates;
	// nil for "none" or when expansions= is left out.
	Expansions []string
	// Start is "standard", "river", "river2" or "city"; "" if start= is left out (the state
	// machine applies the default: standard, or the river start with a river expansion).
	Start string
	// Followers is the supply per player, 1 to 99; 0 if followers= is left out (the default,
	// DefaultFollowers, is applied by the state machine).
	Followers int
}

// HasExpansion reports whether the setup switches on the named expansion.
func (s Setup) HasExpansion(name string) bool { return slices.Contains(s.Expansions, name) }

// String returns the canonical setup line: players=, then expansions= (written "none" when
// empty), then start= and followers= when set, e.g.
// "setup players=Ана:red,Богдан:blue expansions=farmers start=standard".
func (s Setup) String() string {
	var b strings.Builder
	b.WriteString("setup players=")
	for i, p := range s.Players {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(p.Name)
		b.WriteByte(':')
		b.WriteString(string(p.Colour))
	}
	b.WriteString(" expansions=")
	if len(s.Expansions) == 0 {
		b.WriteString(ExpansionNone)
	} else {
		b.WriteString(strings.Join(s.Expansions, ","))
	}
	if s.Start != "" {
		b.WriteString(" start=")
		b.WriteString(s.Start)
	}
	if s.Followers != 0 {
		b.WriteString(" followers=")
		b.WriteString(strconv.Itoa(s.Followers))
	}
	return b.String()
}

// Validate checks a Setup built in code against the same rules the parser applies, so that
// String produces a line that parses back to it. Errors are *ParseError with Line 0.
func (s Setup) Validate() error {
	if len(s.Players) < MinPlayers || len(s.Players) > MaxPlayers {
		return newError(0, KeyPlayerCount, strconv.Itoa(len(s.Players)), expPlayerCount,
			"Count", len(s.Players))
	}
	seen := map[Colour]bool{}
	for _, p := range s.Players {
		if !IsPlayerName(p.Name) {
			return newError(0, KeyBadName, p.Name, expName)
		}
		if !IsColour(string(p.Colour)) {
			return newError(0, KeyBadColour, string(p.Colour), expColour)
		}
		if seen[p.Colour] {
			return newError(0, KeyDuplicateColour, string(p.Colour), expDistinctColour,
				"Colour", string(p.Colour))
		}
		seen[p.Colour] = true
	}
	for i, e := range s.Expansions {
		if !IsExpansion(e) {
			return newError(0, KeyBadExpansion, e, expExpansion)
		}
		if slices.Contains(s.Expansions[:i], e) {
			return newError(0, KeyDuplicateExpansion, e, expDistinctExpansion, "Expansion", e)
		}
	}
	if s.Start != "" && !IsStart(s.Start) && s.Start != StartNone {
		return newError(0, KeyBadStart, s.Start, expStart)
	}
	if s.Followers != 0 && (s.Followers < MinFollowers || s.Followers > MaxFollowers) {
		return newError(0, KeyBadFollowers, strconv.Itoa(s.Followers), expFollowers)
	}
	return nil
}

// Pos is a cell: x grows to the east, y to the south; the start tile is at 0,0 (spec
// "Coordinates"). It is written "x,y".
type Pos struct{ X, Y int }

// String returns "x,y", e.g. "0,-1".
func (p Pos) String() string { return strconv.Itoa(p.X) + "," + strconv.Itoa(p.Y) }

// FeatureRef names a feature on the board by a cell and a place on the tile there, written
// "x,y:PLACE", e.g. "2,-1:N" or "0,0:#f3" (spec "Coordinates, rotation, places on a tile").
type FeatureRef struct {
	Pos   Pos
	Place string
}

// String returns "x,y:PLACE".
func (f FeatureRef) String() string { return f.Pos.String() + ":" + f.Place }

// IsZero reports whether f is the zero FeatureRef (no feature given).
func (f FeatureRef) IsZero() bool { return f == FeatureRef{} }

// Verb is the second word of an action line (the first of "end"); see the spec's action table.
type Verb string

// The verbs of the spec's action table.
const (
	VerbPlace       Verb = "place"
	VerbDiscard     Verb = "discard"
	VerbDeploy      Verb = "deploy"
	VerbReturnAbbot Verb = "return-abbot"
	VerbPass        Verb = "pass"
	VerbCity        Verb = "city"
	VerbCount       Verb = "count"
	VerbMove        Verb = "move"
	VerbDecline     Verb = "decline"
	VerbMarket      Verb = "market"
	VerbGift        Verb = "gift"
	VerbEnd         Verb = "end"
)

var verbs = []Verb{
	VerbPlace, VerbDiscard, VerbDeploy, VerbReturnAbbot, VerbPass, VerbCity, VerbCount,
	VerbMove, VerbDecline, VerbMarket, VerbGift, VerbEnd,
}

// Verbs returns the twelve verbs in the order of the spec's table.
func Verbs() []Verb { return slices.Clone(verbs) }

// IsVerb reports whether s is one of the twelve verbs.
func IsVerb(s string) bool { return slices.Contains(verbs, Verb(s)) }

// Action is one action line. Only the fields the verb uses are set; the others are zero:
//
//	place        Colour Tile Pos Rot           red place b-rs 1,0 90
//	discard      Colour Tile                   red discard b-rs
//	deploy       Colour Abbot Place            red deploy follower E / red deploy abbot monastery
//	return-abbot Colour Pos                    red return-abbot 1,0
//	pass         Colour                        red pass
//	city         Colour Quarter Abbot          red city cathedral [abbot]
//	count        Colour Quarter                red count smithy
//	move         Colour Quarter Target Abbot   red move palace 1,0:N [abbot]
//	decline      Colour                        red decline
//	market       Colour Target                 red market 1,0:NNW
//	gift         Colour Gift ...               synod Target [Abbot]; road-sweeper Target;
//	                                           change-position Target NewPlace;
//	                                           cash-out Target [Abbot]; two-choices
//	end          (nothing; Colour is "")       end
type Action struct {
	Line     int    // 1-based line in the source; 0 if built in code
	Colour   Colour // the acting player; "" only for end
	Verb     Verb
	Tile     string     // place, discard: tile id in lower case
	Pos      Pos        // place, return-abbot
	Rot      int        // place: 0, 90, 180 or 270
	Abbot    bool       // deploy abbot, city/move/synod/cash-out ... abbot
	Place    string     // deploy: the place on the tile just placed
	Quarter  string     // city, count, move
	Target   FeatureRef // move, market, gift synod/road-sweeper/change-position/cash-out
	Gift     string     // gift: the card
	NewPlace string     // gift change-position: the place the follower moves to
	// Comment is the text of a trailing "#" comment, trimmed; "" if none. Kept for round trips.
	Comment string
	// CommentsBefore are the comment-only lines between the previous action (or the setup
	// line) and this one, trimmed and without "#". Only ParseRecord fills it.
	CommentsBefore []string
}

// fields an action may use besides Colour and Verb.
type field uint16

const (
	fTile field = 1 << iota
	fPos
	fRot
	fAbbot
	fPlace
	fQuarter
	fTarget
	fGift
	fNewPlace
)

// usedFields returns the fields the action's verb (and gift card) uses.
func (a Action) usedFields() field {
	switch a.Verb {
	case VerbPlace:
		return fTile | fPos | fRot
	case VerbDiscard:
		return fTile
	case VerbDeploy:
		return fAbbot | fPlace
	case VerbReturnAbbot:
		return fPos
	case VerbCity:
		return fQuarter | fAbbot
	case VerbCount:
		return fQuarter
	case VerbMove:
		return fQuarter | fTarget | fAbbot
	case VerbMarket:
		return fTarget
	case VerbGift:
		switch a.Gift {
		case GiftSynod, GiftCashOut:
			return fGift | fTarget | fAbbot
		case GiftRoadSweeper:
			return fGift | fTarget
		case GiftChangePosition:
			return fGift | fTarget | fNewPlace
		}
		return fGift
	}
	return 0
}

// String returns the canonical one-line form of the action without its comment, e.g.
// "red place b-rs 1,0 90", "red gift synod 2,-1:monastery abbot", "end". For an action that
// does not Validate the result is a best effort and need not parse.
func (a Action) String() string {
	if a.Verb == VerbEnd {
		return string(VerbEnd)
	}
	w := []string{string(a.Colour), string(a.Verb)}
	switch a.Verb {
	case VerbPlace:
		w = append(w, a.Tile, a.Pos.String(), strconv.Itoa(a.Rot))
	case VerbDiscard:
		w = append(w, a.Tile)
	case VerbDeploy:
		fig := "follower"
		if a.Abbot {
			fig = "abbot"
		}
		w = append(w, fig, a.Place)
	case VerbReturnAbbot:
		w = append(w, a.Pos.String())
	case VerbCity, VerbCount:
		w = append(w, a.Quarter)
	case VerbMove:
		w = append(w, a.Quarter, a.Target.String())
	case VerbMarket:
		w = append(w, a.Target.String())
	case VerbGift:
		w = append(w, a.Gift)
		if a.usedFields()&fTarget != 0 {
			w = append(w, a.Target.String())
		}
		if a.Gift == GiftChangePosition {
			w = append(w, a.NewPlace)
		}
	}
	if a.Abbot && a.Verb != VerbDeploy {
		w = append(w, "abbot")
	}
	return strings.Join(w, " ")
}

// Validate checks an Action built in code: the verb is known, the colour is set (and empty only
// for end), every argument the verb uses is well-formed and every other field is zero, and the
// comments hold no line break. An Action that validates formats (String) to a line that parses
// back to it. Errors are *ParseError carrying a.Line.
func (a Action) Validate() error {
	bad := func(key, text, expected string) error { return newError(a.Line, key, text, expected) }
	if !IsVerb(string(a.Verb)) {
		return bad(KeyBadVerb, string(a.Verb), expVerb)
	}
	if a.Verb == VerbEnd {
		if a.Colour != "" {
			return bad(KeyEndWithColour, string(a.Colour)+" end", expEndAlone)
		}
	} else if !IsColour(string(a.Colour)) {
		return bad(KeyBadColour, string(a.Colour), expColour)
	}
	used := a.usedFields()
	check := func(f field, set bool, name string) error {
		if set && used&f == 0 {
			return bad(KeyUnusedField, name, fmt.Sprintf("no %s for %q", name, a.Verb))
		}
		return nil
	}
	for _, err := range []error{
		check(fTile, a.Tile != "", "tile"),
		check(fPos, a.Pos != Pos{}, "position"),
		check(fRot, a.Rot != 0, "rotation"),
		check(fAbbot, a.Abbot, "abbot"),
		check(fPlace, a.Place != "", "place"),
		check(fQuarter, a.Quarter != "", "quarter"),
		check(fTarget, !a.Target.IsZero(), "feature"),
		check(fGift, a.Gift != "", "gift"),
		check(fNewPlace, a.NewPlace != "", "new place"),
	} {
		if err != nil {
			return err
		}
	}
	if used&fTile != 0 {
		if id, ok := CanonicalTileID(a.Tile); !ok || id != a.Tile {
			return bad(KeyBadTile, a.Tile, expTile)
		}
	}
	if used&fRot != 0 && !IsRotation(a.Rot) {
		return bad(KeyBadRotation, strconv.Itoa(a.Rot), expRotation)
	}
	if used&fPos != 0 && !inInt32(a.Pos) {
		return bad(KeyBadPosition, a.Pos.String(), expPosition)
	}
	if used&fPlace != 0 && !IsPlace(a.Place) {
		return bad(KeyBadPlace, a.Place, expPlace)
	}
	if used&fQuarter != 0 && !IsQuarter(a.Quarter) {
		return bad(KeyBadQuarter, a.Quarter, expQuarter)
	}
	if used&fGift != 0 && !IsGift(a.Gift) {
		return bad(KeyBadGift, a.Gift, expGift)
	}
	if used&fTarget != 0 {
		if !inInt32(a.Target.Pos) {
			return bad(KeyBadFeature, a.Target.String(), expFeature)
		}
		if a.Verb == VerbGift && a.Gift == GiftSynod {
			if !isSynodPlace(a.Target.Place) {
				return bad(KeyBadSynodPlace, a.Target.Place, expSynodPlace)
			}
		} else if !IsPlace(a.Target.Place) {
			return bad(KeyBadPlace, a.Target.Place, expPlace)
		}
	}
	if used&fNewPlace != 0 && !IsPlace(a.NewPlace) {
		return bad(KeyBadPlace, a.NewPlace, expPlace)
	}
	for _, c := range append([]string{a.Comment}, a.CommentsBefore...) {
		if !validComment(c) {
			return bad(KeyBadComment, c, expComment)
		}
	}
	return nil
}

func inInt32(p Pos) bool {
	return int64(p.X) == int64(int32(p.X)) && int64(p.Y) == int64(int32(p.Y))
}

func isSynodPlace(p string) bool {
	_, named := FeatureName(p)
	return named || IsCentre(p)
}

func validComment(c string) bool {
	return utf8.ValidString(c) && !strings.ContainsAny(c, "\n")
}

// Record is a whole game record: the setup and the actions in order (spec "The game record").
// The header is implied (format 1).
type Record struct {
	Setup   Setup
	Actions []Action
	// HeaderComments are the comments before the setup line, including those on the header and
	// setup lines themselves, in order, trimmed and without "#".
	HeaderComments []string
	// TrailingComments are the comment-only lines after the last action.
	TrailingComments []string
	// Position holds the position lines between the setup line and the first action (record format "Positions",
	// position_record.go), in the order written; empty for a game played from its start.
	Position []PositionLine
	// SetupLine is the 1-based line of the setup line in the source (for a set-up the rules refuse, CFG-*); 0 if
	// built in code.
	SetupLine int
}

// Validate checks a Record built in code: a valid setup, valid actions, "end" only as the last
// action, and comments without line breaks.
func (r *Record) Validate() error {
	if err := r.Setup.Validate(); err != nil {
		return err
	}
	if err := validatePositions(r.Position); err != nil {
		return err
	}
	for i, a := range r.Actions {
		if err := a.Validate(); err != nil {
			return err
		}
		if a.Verb == VerbEnd && i != len(r.Actions)-1 {
			next := r.Actions[i+1]
			return newError(next.Line, KeyAfterEnd, next.String(), expNothingAfterEnd)
		}
	}
	for _, c := range append(slices.Clone(r.HeaderComments), r.TrailingComments...) {
		if !validComment(c) {
			return newError(0, KeyBadComment, c, expComment)
		}
	}
	return nil
}

// WriteRecord writes rec in canonical form: the header, the header comments, the setup line,
// then one action per line (its CommentsBefore first, its Comment after two spaces and "# "),
// then the trailing comments; every line ends in "\n" and empty comments are left out. It
// writes nothing and returns the *ParseError of Record.Validate if rec does not validate.
// Parsing the output gives rec back, apart from Action.Line and empty comments.
func WriteRecord(w io.Writer, rec *Record) error {
	if rec == nil {
		return errors.New("referee: WriteRecord of a nil record")
	}
	if err := rec.Validate(); err != nil {
		return err
	}
	var b bytes.Buffer
	comments := func(cs []string) {
		for _, c := range cs {
			if c = strings.TrimSpace(c); c != "" {
				b.WriteString("# " + c + "\n")
			}
		}
	}
	b.WriteString(Header + "\n")
	comments(rec.HeaderComments)
	b.WriteString(rec.Setup.String() + "\n")
	writePositions(&b, rec.Position)
	for _, a := range rec.Actions {
		comments(a.CommentsBefore)
		b.WriteString(a.String())
		if c := strings.TrimSpace(a.Comment); c != "" {
			b.WriteString("  # " + c)
		}
		b.WriteByte('\n')
	}
	comments(rec.TrailingComments)
	_, err := w.Write(b.Bytes())
	return err
}

// ParseRecord reads a whole record strictly (spec "Lines"): blank and comment lines anywhere,
// then the header "karkason-record 1", the setup line, and one action per line; "end" at most
// once and followed only by blank and comment lines. It returns the first error as a
// *ParseError naming the line, the offending text and what was expected; read errors of r are
// returned as they are.
func ParseRecord(r io.Reader) (*Record, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	text := strings.TrimPrefix(string(data), "\uFEFF")
	lines := strings.Split(text, "\n")
	const (
		wantHeader = iota
		wantSetup
		inActions
		afterEnd
	)
	state := wantHeader
	rec := &Record{}
	var pending []string // comment-only lines waiting for the next action
	for i, line := range lines {
		n := i + 1
		line = strings.TrimSuffix(line, "\r")
		if !utf8.ValidString(line) {
			return nil, newError(n, KeyBadUTF8, line, expUTF8)
		}
		sc := newScanner(line, n)
		switch state {
		case wantHeader, wantSetup:
			if sc.blank() {
				rec.HeaderComments = appendComment(rec.HeaderComments, sc.comment())
				continue
			}
			if state == wantHeader {
				if err := parseHeader(sc); err != nil {
					return nil, err
				}
				state = wantSetup
			} else {
				s, err := parseSetup(sc)
				if err != nil {
					return nil, err
				}
				rec.Setup, rec.SetupLine = s, n
				state = inActions
			}
			rec.HeaderComments = appendComment(rec.HeaderComments, sc.comment())
		case inActions:
			if sc.peekWord() == positionWord { // position_record.go
				p, err := parsePosition(sc, len(rec.Actions) > 0)
				if err != nil {
					return nil, err
				}
				p.CommentsBefore, pending = pending, nil
				rec.Position = append(rec.Position, p)
				continue
			}
			a, blank, err := parseAction(sc)
			if err != nil {
				return nil, err
			}
			if blank {
				pending = appendComment(pending, a.Comment)
				continue
			}
			a.CommentsBefore, pending = pending, nil
			rec.Actions = append(rec.Actions, a)
			if a.Verb == VerbEnd {
				state = afterEnd
			}
		case afterEnd:
			if !sc.blank() {
				return nil, newError(n, KeyAfterEnd, sc.restContent(""), expNothingAfterEnd)
			}
			pending = appendComment(pending, sc.comment())
		}
	}
	switch state {
	case wantHeader:
		return nil, newError(len(lines), KeyMissingHeader, "", expHeader)
	case wantSetup:
		return nil, newError(len(lines), KeyMissingSetup, "", expSetup)
	}
	rec.TrailingComments = pending
	return rec, nil
}

func appendComment(cs []string, c string) []string {
	if c == "" {
		return cs
	}
	return append(cs, c)
}

// ParseSetup parses one setup line (spec "Setup"), a trailing comment allowed; lineNo is used in
// errors only. Errors are *ParseError.
func ParseSetup(line string, lineNo int) (Setup, error) {
	if !utf8.ValidString(line) {
		return Setup{}, newError(lineNo, KeyBadUTF8, line, expUTF8)
	}
	sc := newScanner(line, lineNo)
	if sc.blank() {
		return Setup{}, newError(lineNo, KeyMissingSetup, "", expSetup)
	}
	return parseSetup(sc)
}

// ParseAction parses one action line (spec "Actions"); lineNo goes into Action.Line and into
// errors. For a blank or comment-only line it returns blank = true and an Action holding only
// Line and Comment. Errors are *ParseError naming the offending word, or the whole line when an
// argument is missing.
func ParseAction(line string, lineNo int) (a Action, blank bool, err error) {
	if !utf8.ValidString(line) {
		return Action{}, false, newError(lineNo, KeyBadUTF8, line, expUTF8)
	}
	return parseAction(newScanner(line, lineNo))
}

// ParsePos parses a position "x,y" (two decimal integers, optional sign, no spaces). Errors are
// *ParseError with Line 0.
func ParsePos(s string) (Pos, error) {
	p, ok := parsePos(s)
	if !ok {
		return Pos{}, newError(0, KeyBadPosition, s, expPosition)
	}
	return p, nil
}

// ParseFeatureRef parses a feature "x,y:PLACE", e.g. "2,-1:N". Errors are *ParseError with
// Line 0.
func ParseFeatureRef(s string) (FeatureRef, error) {
	return parseFeature(s, 0, false)
}

// --- errors -------------------------------------------------------------------------------

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

// Message ids of ParseError.Key.
const (
	KeyBadUTF8            = "record.bad_utf8"
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
		KeyBadUTF8, KeyMissingHeader, KeyBadHeader, KeyBadVersion, KeyMissingSetup, KeyBadSetup,
		KeySetupBadItem, KeySetupUnknownKey, KeySetupDuplicateKey, KeySetupNoPlayers, KeyBadPlayer,
		KeyBadName, KeyBadColour, KeyDuplicateColour, KeyPlayerCount, KeyBadExpansion,
		KeyDuplicateExpansion, KeyNoneNotAlone, KeyBadStart, KeyBadFollowers, KeyExpectedAction,
		KeyBadVerb, KeyEndWithColour, KeyAfterEnd, KeyBadTile, KeyBadPosition, KeyBadRotation,
		KeyBadFigure, KeyBadPlace, KeyBadFeature, KeyBadSynodPlace, KeyBadQuarter, KeyBadGift,
		KeyExpectedAbbot, KeyExtraText, KeyBadComment, KeyUnusedField,
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
	expSetupPlayers      = "players=NAME:COLOUR,... with 2 to 5 players"
	expPlayer            = "a player NAME:COLOUR"
	expName              = `a player name: not empty, no spaces, no ",", ":" or "#"`
	expColour            = "a colour: red, blue, green, yellow or black"
	expDistinctColour    = "a colour no other player has"
	expPlayerCount       = "2 to 5 players"
	expExpansion         = "an expansion: farmers, abbot, river, river2, count, king-robber, shrines, newtiles, gifts, or none"
	expDistinctExpansion = "each expansion at most once"
	expNoneAlone         = `"none" alone, or expansions without "none"`
	expStart             = "a start: standard, river, river2, city, or none (with position lines)"
	expFollowers         = "a number of followers from 1 to 99"
	expAction            = `an action "COLOUR VERB ...", or "end" (the header and setup come only once)`
	expActionColour      = `a colour (red, blue, green, yellow, black) or "end"`
	expVerb              = "a verb: place, discard, deploy, return-abbot, pass, city, count, move, decline, market or gift"
	expEndAlone          = `"end" alone, without a colour`
	expNothingAfterEnd   = `nothing after "end" but blank lines and comments`
	expTile              = `a tile id (letters, digits and "-", e.g. b-rs)`
	expPosition          = "a position x,y: two integers, e.g. 0,-1"
	expRotation          = "a rotation: 0, 90, 180 or 270"
	expFigure            = `"follower" or "abbot"`
	expPlace             = "a place: N, E, S, W, NNW, NNE, ENE, ESE, SSE, SSW, WSW, WNW, monastery, shrine, garden or #name"
	expFeature           = "a feature x,y:PLACE, e.g. 2,-1:N"
	expSynodPlace        = "x,y:monastery or x,y:shrine"
	expQuarter           = "a quarter: palace, smithy, cathedral or market"
	expGift              = "a gift: synod, road-sweeper, change-position, cash-out or two-choices"
	expAbbot             = `"abbot" or the end of the line`
	expEndOfLine         = `the end of the line, or a comment starting with "#"`
	expComment           = "a comment on one line, in UTF-8"
)

func newError(line int, key, text, expected string, extra ...any) *ParseError {
	data := map[string]any{"Line": line, "Text": text, "Expected": expected, "Missing": false}
	for i := 0; i+1 < len(extra); i += 2 {
		data[extra[i].(string)] = extra[i+1]
	}
	missing, _ := data["Missing"].(bool)
	return &ParseError{Line: line, Text: text, Expected: expected, Missing: missing, Key: key, Data: data}
}

// --- scanning -----------------------------------------------------------------------------

// slot is what the grammar expects of the next word; it decides whether a "#" starts a comment.
type slot int

const (
	slotWord    slot = iota // any word: a "#" anywhere starts a comment
	slotPlace               // a place: "#name" at the start of the word is a feature name
	slotFeature             // x,y:PLACE: "#name" right after the first ":" is a feature name
)

type span struct{ start, end int }

// scanner hands out the words of one line, in order, and finds where its comment starts.
type scanner struct {
	line      string
	lineNo    int
	words     []span
	next      int
	commentAt int // byte offset of the "#" that starts the comment; -1 until one is found
}

func newScanner(line string, lineNo int) *scanner {
	s := &scanner{line: line, lineNo: lineNo, commentAt: -1}
	start := -1
	for i := 0; i <= len(line); i++ {
		if i == len(line) || line[i] == ' ' || line[i] == '\t' {
			if start >= 0 {
				s.words = append(s.words, span{start, i})
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	return s
}

// take returns the next word cut at the comment, or false at the end of the line or comment.
func (s *scanner) take(k slot) (string, bool) {
	if s.commentAt >= 0 || s.next >= len(s.words) {
		return "", false
	}
	sp := s.words[s.next]
	w := s.line[sp.start:sp.end]
	allowed := -1 // index where a "#name" is a place rather than a comment
	switch k {
	case slotPlace:
		allowed = 0
	case slotFeature:
		if i := strings.IndexByte(w, ':'); i >= 0 {
			allowed = i + 1
		}
	}
	for j := 0; j < len(w); j++ {
		if w[j] != '#' || j == allowed && j+1 < len(w) && isNameChar(w[j+1]) {
			continue
		}
		s.commentAt = sp.start + j
		if j == 0 {
			return "", false
		}
		s.next++
		return w[:j], true
	}
	s.next++
	return w, true
}

// blank reports whether the line has no words outside its comment. It consumes the first word.
// Call it before any take.
func (s *scanner) blank() bool {
	_, ok := s.take(slotWord)
	if ok {
		s.next = 0
		s.commentAt = -1
	}
	return !ok
}

// comment returns the trimmed text of the comment found so far, or "".
func (s *scanner) comment() string {
	if s.commentAt < 0 {
		return ""
	}
	return strings.TrimSpace(s.line[s.commentAt+1:])
}

// content returns the line without its comment, trimmed: the offending text of a missing word.
func (s *scanner) content() string {
	c := s.line
	if s.commentAt >= 0 {
		c = c[:s.commentAt]
	}
	return strings.Trim(c, " \t")
}

func (s *scanner) errorf(key, text, expected string, extra ...any) *ParseError {
	return newError(s.lineNo, key, text, expected, extra...)
}

// need returns the next word, or an error naming the whole line when it is missing.
func (s *scanner) need(k slot, key, expected string) (string, error) {
	if w, ok := s.take(k); ok {
		return w, nil
	}
	return "", s.errorf(key, s.content(), expected, "Missing", true)
}

// finish checks that nothing but a comment is left on the line.
func (s *scanner) finish() error {
	if w, ok := s.take(slotWord); ok {
		return s.errorf(KeyExtraText, w, expEndOfLine)
	}
	return nil
}

// optAbbot reads an optional trailing "abbot".
func (s *scanner) optAbbot() (bool, error) {
	w, ok := s.take(slotWord)
	if !ok {
		return false, nil
	}
	if w != "abbot" {
		return false, s.errorf(KeyExpectedAbbot, w, expAbbot)
	}
	return true, nil
}

// --- header and setup ---------------------------------------------------------------------

func parseHeader(sc *scanner) error {
	w, _ := sc.take(slotWord)
	if w != "karkason-record" {
		return sc.errorf(KeyBadHeader, sc.restContent(w), expHeader)
	}
	v, ok := sc.take(slotWord)
	if !ok {
		return sc.errorf(KeyBadHeader, sc.content(), expHeader, "Missing", true)
	}
	if v != strconv.Itoa(FormatVersion) {
		return sc.errorf(KeyBadVersion, v, expVersion, "Version", v)
	}
	if w, ok := sc.take(slotWord); ok {
		return sc.errorf(KeyBadHeader, w, expEndOfLine)
	}
	return nil
}

// restContent returns the line without its comment, for an error about the line as a whole
// (w, the word that was read, if the rest is empty).
func (s *scanner) restContent(w string) string {
	for s.commentAt < 0 && s.next < len(s.words) {
		s.take(slotWord)
	}
	if c := s.content(); c != "" {
		return c
	}
	return w
}

func parseSetup(sc *scanner) (Setup, error) {
	var s Setup
	w, _ := sc.take(slotWord)
	if w != "setup" {
		return s, sc.errorf(KeyBadSetup, sc.restContent(w), expSetup)
	}
	seen := map[string]bool{}
	for {
		item, ok := sc.take(slotWord)
		if !ok {
			break
		}
		key, val, found := strings.Cut(item, "=")
		if !found || val == "" {
			return s, sc.errorf(KeySetupBadItem, item, expSetupItem)
		}
		switch key {
		case "players", "expansions", "start", "followers":
		default:
			return s, sc.errorf(KeySetupUnknownKey, item, expSetupKey, "Key", key)
		}
		if seen[key] {
			return s, sc.errorf(KeySetupDuplicateKey, item, expSetupOnce, "Key", key)
		}
		seen[key] = true
		var err error
		switch key {
		case "players":
			s.Players, err = parsePlayers(sc, val)
		case "expansions":
			s.Expansions, err = parseExpansions(sc, val)
		case "start":
			if !IsStart(val) && val != StartNone {
				err = sc.errorf(KeyBadStart, val, expStart)
			}
			s.Start = val
		case "followers":
			s.Followers, err = parseFollowers(sc, val)
		}
		if err != nil {
			return Setup{}, err
		}
	}
	if !seen["players"] {
		return Setup{}, sc.errorf(KeySetupNoPlayers, sc.content(), expSetupPlayers, "Missing", true)
	}
	return s, nil
}

func parsePlayers(sc *scanner, val string) ([]PlayerSpec, error) {
	var ps []PlayerSpec
	for _, pair := range strings.Split(val, ",") {
		i := strings.LastIndexByte(pair, ':')
		if i < 0 {
			return nil, sc.errorf(KeyBadPlayer, orWhole(pair, val), expPlayer)
		}
		name, colour := pair[:i], pair[i+1:]
		if !IsPlayerName(name) {
			return nil, sc.errorf(KeyBadName, pair, expName, "Name", name)
		}
		if !IsColour(colour) {
			return nil, sc.errorf(KeyBadColour, orWhole(colour, pair), expColour)
		}
		for _, p := range ps {
			if p.Colour == Colour(colour) {
				return nil, sc.errorf(KeyDuplicateColour, pair, expDistinctColour, "Colour", colour)
			}
		}
		ps = append(ps, PlayerSpec{Name: name, Colour: Colour(colour)})
	}
	if len(ps) < MinPlayers || len(ps) > MaxPlayers {
		return nil, sc.errorf(KeyPlayerCount, val, expPlayerCount, "Count", len(ps))
	}
	return ps, nil
}

// orWhole returns part, or whole when part is empty (an empty offending text reads badly).
func orWhole(part, whole string) string {
	if part == "" {
		return whole
	}
	return part
}

func parseExpansions(sc *scanner, val string) ([]string, error) {
	if val == ExpansionNone {
		return nil, nil
	}
	var es []string
	for _, e := range strings.Split(val, ",") {
		switch {
		case e == ExpansionNone:
			return nil, sc.errorf(KeyNoneNotAlone, val, expNoneAlone)
		case !IsExpansion(e):
			return nil, sc.errorf(KeyBadExpansion, orWhole(e, val), expExpansion)
		case slices.Contains(es, e):
			return nil, sc.errorf(KeyDuplicateExpansion, e, expDistinctExpansion, "Expansion", e)
		}
		es = append(es, e)
	}
	return es, nil
}

func parseFollowers(sc *scanner, val string) (int, error) {
	if len(val) > 4 || strings.Trim(val, "0123456789") != "" {
		return 0, sc.errorf(KeyBadFollowers, val, expFollowers)
	}
	n, _ := strconv.Atoi(val)
	if n < MinFollowers || n > MaxFollowers {
		return 0, sc.errorf(KeyBadFollowers, val, expFollowers)
	}
	return n, nil
}

// --- actions ------------------------------------------------------------------------------

func parseAction(sc *scanner) (Action, bool, error) {
	a := Action{Line: sc.lineNo}
	first, ok := sc.take(slotWord)
	if !ok {
		a.Comment = sc.comment()
		return a, true, nil
	}
	if first == string(VerbEnd) {
		a.Verb = VerbEnd
	} else {
		if !IsColour(first) {
			if first == "setup" || first == "karkason-record" {
				return Action{}, false, sc.errorf(KeyExpectedAction, first, expAction)
			}
			return Action{}, false, sc.errorf(KeyBadColour, first, expActionColour)
		}
		a.Colour = Colour(first)
		verb, err := sc.need(slotWord, KeyBadVerb, expVerb)
		if err != nil {
			return Action{}, false, err
		}
		if verb == string(VerbEnd) {
			return Action{}, false, sc.errorf(KeyEndWithColour, first+" "+verb, expEndAlone)
		}
		if !IsVerb(verb) {
			return Action{}, false, sc.errorf(KeyBadVerb, verb, expVerb)
		}
		a.Verb = Verb(verb)
		if err := parseArgs(sc, &a); err != nil {
			return Action{}, false, err
		}
	}
	if err := sc.finish(); err != nil {
		return Action{}, false, err
	}
	a.Comment = sc.comment()
	return a, false, nil
}

// parseArgs reads the arguments of a.Verb (spec "Actions").
func parseArgs(sc *scanner, a *Action) error {
	var err error
	switch a.Verb {
	case VerbPlace:
		if a.Tile, err = needTile(sc); err != nil {
			return err
		}
		if a.Pos, err = needPos(sc); err != nil {
			return err
		}
		w, err := sc.need(slotWord, KeyBadRotation, expRotation)
		if err != nil {
			return err
		}
		switch w {
		case "0", "90", "180", "270":
			a.Rot, _ = strconv.Atoi(w)
		default:
			return sc.errorf(KeyBadRotation, w, expRotation)
		}
	case VerbDiscard:
		a.Tile, err = needTile(sc)
	case VerbDeploy:
		fig, err := sc.need(slotWord, KeyBadFigure, expFigure)
		if err != nil {
			return err
		}
		switch fig {
		case "follower":
		case "abbot":
			a.Abbot = true
		default:
			return sc.errorf(KeyBadFigure, fig, expFigure)
		}
		a.Place, err = needPlace(sc)
		return err
	case VerbReturnAbbot:
		a.Pos, err = needPos(sc)
	case VerbCity, VerbCount, VerbMove:
		if a.Quarter, err = needQuarter(sc); err != nil {
			return err
		}
		if a.Verb == VerbMove {
			if a.Target, err = needFeature(sc, false); err != nil {
				return err
			}
		}
		if a.Verb != VerbCount {
			a.Abbot, err = sc.optAbbot()
		}
	case VerbMarket:
		a.Target, err = needFeature(sc, false)
	case VerbGift:
		card, err := sc.need(slotWord, KeyBadGift, expGift)
		if err != nil {
			return err
		}
		if !IsGift(card) {
			return sc.errorf(KeyBadGift, card, expGift)
		}
		a.Gift = card
		if card == GiftTwoChoices {
			return nil
		}
		if a.Target, err = needFeature(sc, card == GiftSynod); err != nil {
			return err
		}
		switch card {
		case GiftSynod, GiftCashOut:
			a.Abbot, err = sc.optAbbot()
		case GiftChangePosition:
			a.NewPlace, err = needPlace(sc)
		}
		return err
	}
	return err
}

func needTile(sc *scanner) (string, error) {
	w, err := sc.need(slotWord, KeyBadTile, expTile)
	if err != nil {
		return "", err
	}
	id, ok := CanonicalTileID(w)
	if !ok {
		return "", sc.errorf(KeyBadTile, w, expTile)
	}
	return id, nil
}

func needPos(sc *scanner) (Pos, error) {
	w, err := sc.need(slotWord, KeyBadPosition, expPosition)
	if err != nil {
		return Pos{}, err
	}
	p, ok := parsePos(w)
	if !ok {
		return Pos{}, sc.errorf(KeyBadPosition, w, expPosition)
	}
	return p, nil
}

func needPlace(sc *scanner) (string, error) {
	w, err := sc.need(slotPlace, KeyBadPlace, expPlace)
	if err != nil {
		return "", err
	}
	if !IsPlace(w) {
		return "", sc.errorf(KeyBadPlace, w, expPlace)
	}
	return w, nil
}

func needQuarter(sc *scanner) (string, error) {
	w, err := sc.need(slotWord, KeyBadQuarter, expQuarter)
	if err != nil {
		return "", err
	}
	if !IsQuarter(w) {
		return "", sc.errorf(KeyBadQuarter, w, expQuarter)
	}
	return w, nil
}

func needFeature(sc *scanner, synod bool) (FeatureRef, error) {
	exp := expFeature
	if synod {
		exp = expSynodPlace
	}
	w, err := sc.need(slotFeature, KeyBadFeature, exp)
	if err != nil {
		return FeatureRef{}, err
	}
	return parseFeature(w, sc.lineNo, synod)
}

// parseFeature parses x,y:PLACE; with synod, PLACE must be a centre or #name.
func parseFeature(w string, lineNo int, synod bool) (FeatureRef, error) {
	ps, place, found := strings.Cut(w, ":")
	pos, ok := parsePos(ps)
	if !found || !ok {
		return FeatureRef{}, newError(lineNo, KeyBadFeature, w, expFeature)
	}
	switch {
	case synod && !isSynodPlace(place):
		return FeatureRef{}, newError(lineNo, KeyBadSynodPlace, orWhole(place, w), expSynodPlace)
	case !IsPlace(place):
		return FeatureRef{}, newError(lineNo, KeyBadPlace, orWhole(place, w), expPlace)
	}
	return FeatureRef{Pos: pos, Place: place}, nil
}

// parsePos parses "x,y": decimal integers with an optional sign, each within int32.
func parsePos(s string) (Pos, bool) {
	xs, ys, found := strings.Cut(s, ",")
	if !found {
		return Pos{}, false
	}
	x, okx := parseCoord(xs)
	y, oky := parseCoord(ys)
	return Pos{x, y}, okx && oky
}

func parseCoord(s string) (int, bool) {
	digits := strings.TrimLeft(s, "+-")
	if len(s)-len(digits) > 1 || digits == "" || strings.Trim(digits, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.ParseInt(s, 10, 32)
	return int(n), err == nil
}
