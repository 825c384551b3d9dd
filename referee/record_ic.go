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
//   - A line names at most one figure word: `abbot`, `large`, `builder`, `pig` never come together.

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
	// KeyTwoFigures is an Action built in code with two figure words set (Abbot, Large, Builder, Pig).
	KeyTwoFigures = "record.two_figures"

	expLarge      = `"large", "builder", "pig" or the end of the line`
	expOneFigure  = "at most one of abbot, large, builder and pig"
	expFigureWord = `"abbot", "large", "builder", "pig" or the end of the line`
)

// optFigure reads an optional trailing figure word: "abbot" (where abbot is allowed), "large" (IC-4, COMBO-15,
// COMBO-21, COMBO-23, COMBO-24), or "builder" or "pig" (record_tb.go: parsed so that the referee refuses them with
// their rule, COMBO-16(a), COMBO-21, COMBO-23, COMBO-24). It returns the word, "" if none.
func (s *scanner) optFigure(abbot bool) (string, error) {
	w, ok := s.take(slotWord)
	switch {
	case !ok:
		return "", nil
	case w == FigureLarge || w == FigureBuilder || w == FigurePig || w == FigureMayor || w == FigureWagon ||
		w == FigureBarn:
		return w, nil
	case w == FigureAbbot && abbot:
		return w, nil
	case abbot:
		return "", s.errorf(KeyExpectedAbbot, w, expFigureWord)
	}
	return "", s.errorf(KeyExtraText, w, expLarge) // market, change-position: no abbot
}

// setFigure sets the figure word of an action: abbot, large, builder or pig ("" or "follower": an ordinary
// follower, no field set).
func (a *Action) setFigure(word string) {
	switch word {
	case FigureAbbot:
		a.Abbot = true
	case FigureLarge:
		a.Large = true
	case FigureBuilder:
		a.Builder = true
	case FigurePig:
		a.Pig = true
	case FigureMayor:
		a.Mayor = true
	case FigureWagon:
		a.Wagon = true
	case FigureBarn:
		a.Barn = true
	}
}

// figureWords counts the figure words an action sets (Validate: at most one).
func (a Action) figureWords() int {
	n := 0
	for _, b := range []bool{a.Abbot, a.Large, a.Builder, a.Pig, a.Mayor, a.Wagon, a.Barn} {
		if b {
			n++
		}
	}
	return n
}
