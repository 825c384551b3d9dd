// The record's vocabulary (spec "Setup", "Actions", "Coordinates, rotation, places on a tile"): colours,
// expansion names, start pieces, quarters, gift cards, places on a tile, rotations, tile ids and player names.

package referee

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Player counts, follower supply bounds and the default supply (spec "Setup"; CFG-1, CFG-2). MaxPlayers is 6 with
// inns-cathedrals, MaxPlayersBase (5) without (IC-13; record_ic.go).
const (
	MinPlayers       = 2
	MaxPlayers       = 6
	MinFollowers     = 1
	MaxFollowers     = 99
	DefaultFollowers = 7
)

// Colour is a player colour: red, blue, green, yellow or black, and pink with inns-cathedrals (spec "Setup"; CFG-1,
// IC-13).
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

// Colours returns the five colours of the base game in the order the spec lists them (AllColours adds pink).
func Colours() []Colour { return slices.Clone(colours) }

// IsColour reports whether s is one of the six colours, pink included (lower case, exactly).
func IsColour(s string) bool { return slices.Contains(colours, Colour(s)) || Colour(s) == Pink }

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
	ExpansionKingRobber, ExpansionShrines, ExpansionNewTiles, ExpansionGifts, ExpansionInnsCathedrals,
	ExpansionTradersBuilders, ExpansionPrincessDragon, ExpansionAbbeyMayor,
}

// Expansions returns the expansion names, in the spec's order, without "none".
func Expansions() []string { return slices.Clone(expansions) }

// IsExpansion reports whether s is one of the expansion names ("none" is not one).
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
	upper := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		upper = upper || c >= 'A' && c <= 'Z'
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
			return "", false
		}
	}
	if !upper {
		return s, true
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
