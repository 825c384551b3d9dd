// The record words of Inns & Cathedrals (record format, section "Inns & Cathedrals and Traders & Builders"; rules:
// RULES-IC-TB.md IC-*, CFG-1 amended): the expansion `inns-cathedrals`, the sixth colour `pink`, and the word
// `large` that names the large follower in `deploy large PLACE`, as the trailing word of `city`, `move`, `market`
// and the gift lines `synod`, `cash-out`, `change-position`, and in `position COLOUR large ...`. The other files of
// the record layer name these words only through the identifiers here; like them, this file knows the shape of the
// lines and nothing about the game (a pink player or a large follower without the module is the referee's to
// refuse, IC-13, IC-2).
//
// Choices made where the spec leaves room:
//
//   - `large` parses whatever the setup line's expansions are: the referee refuses it without the module (IC-2), so
//     that the message names the rule rather than the syntax. Likewise `pink` and a sixth player parse in any setup
//     line (2 to 6 players) and are refused by the referee without inns-cathedrals (IC-13, CFG-1).
//   - A line names at most one figure word: `abbot` and `large` never come together.

package referee

// ExpansionInnsCathedrals is Inns & Cathedrals (CFG-3(j)): its 18 tiles, the large followers, the sixth colour, the
// River II inn (COMBO-11).
const ExpansionInnsCathedrals = "inns-cathedrals"

// Pink is the sixth colour, allowed only with inns-cathedrals (IC-13, CFG-1 amended).
const Pink Colour = "pink"

// The words that name a figure in an action or a position line (spec "Actions"; IC-4).
const (
	FigureFollower = "follower" // deploy follower, position COLOUR follower
	FigureAbbot    = "abbot"    // deploy abbot; the trailing word of city, move, synod, cash-out
	FigureLarge    = "large"    // the large follower: deploy large; the trailing word of city, move, market, gifts
)

// MaxPlayersBase is the largest number of players without inns-cathedrals (CFG-1); MaxPlayers (6) needs the module
// (IC-13), which the referee checks.
const MaxPlayersBase = 5

// AllColours returns the six colours, pink last (IC-13); Colours the five of the base game.
func AllColours() []Colour { return append(Colours(), Pink) }

// Message keys and English "expected" texts of the words above.
const (
	// KeyTwoFigures is an Action built in code with both Abbot and Large set.
	KeyTwoFigures = "record.two_figures"

	expLarge      = `"large" or the end of the line`
	expOneFigure  = "at most one of abbot and large"
	expFigureWord = `"abbot", "large" or the end of the line`
)

// optFigure reads an optional trailing figure word: "abbot" (where abbot is allowed) or "large" (IC-4, COMBO-15,
// COMBO-21, COMBO-23, COMBO-24).
func (s *scanner) optFigure(abbot bool) (isAbbot, isLarge bool, err error) {
	w, ok := s.take(slotWord)
	switch {
	case !ok:
		return false, false, nil
	case w == FigureLarge:
		return false, true, nil
	case w == FigureAbbot && abbot:
		return true, false, nil
	case abbot:
		return false, false, s.errorf(KeyExpectedAbbot, w, expFigureWord)
	}
	return false, false, s.errorf(KeyExtraText, w, expLarge) // market, change-position: "large" or nothing more
}
