// The syntax of positions in the game record (record format "Positions: a game picked up as it lies"; RULES.md
// POS): `position` lines right after the setup line and before any action, and `start=none`. Like record.go this
// file knows the shape of the lines and nothing about the game: whether a position is legal (POS-1..POS-9) is the
// referee's (position.go).
//
// Choices made where the spec leaves room (EXTENSION where it accepts more than the spec's table):
//
//   - A position line is recognised by its first word, `position`; comments work as on any line ("#" starts one,
//     except at the start of the PLACE of a feature x,y:#name).
//   - A position line after an action is refused by the parser (key record.position_after_action, naming POS-10):
//     the position comes before the actions, and a record is read in one pass.
//   - EXTENSION: `position <colour> abbot <quarter>` parses for every quarter, not only the cathedral, so that the
//     referee can refuse it with its rule (COUNT-8(b)) rather than with a syntax error; likewise the numbers of
//     `gifts` and `score` may carry a sign, so that a negative one is refused with POS-6 / POS-7.
//   - Numbers are decimal integers within the int32 range, leading zeros allowed (as coordinates).
//   - `start=none` is a setup value of its own (StartNone): Starts() still lists the four start pieces. That it
//     needs position lines is checked by the referee (POS-1), not by the parser, so that an entry begun with
//     start=none is a record that parses before its first tile is entered (Entry, position_entry.go).

package referee

import (
	"bytes"
	"strconv"
	"strings"
)

// StartNone is the setup value start=none: no start piece, the position's tiles are the whole board (record
// format "Positions"; POS-1). It is allowed only in a record with position lines.
const StartNone = "none"

// positionWord is the first word of every position line.
const positionWord = "position"

// PositionKind is what a position line sets (the second word of the line, or the third after a colour).
type PositionKind string

// The kinds of position lines (record format "Positions"; those of Traders & Builders, builder, pig, wine, grain and
// cloth, are in record_tb.go).
const (
	PosTile     PositionKind = "tile"     // position tile <tile> <x>,<y> <rot>                 (POS-1, POS-2)
	PosFollower PositionKind = "follower" // position <colour> follower <x>,<y>:<place>|<quarter> (POS-3, POS-4)
	PosAbbot    PositionKind = "abbot"    // position <colour> abbot <x>,<y>:<place>|cathedral   (POS-3, POS-4)
	PosLarge    PositionKind = "large"    // position <colour> large <x>,<y>:<place>|<quarter>   (POS-3 amended, IC-4)
	PosCount    PositionKind = "count"    // position count <quarter>                          (POS-4)
	PosKing     PositionKind = "king"     // position <colour> king <x>,<y>:<place>             (POS-5)
	PosRobber   PositionKind = "robber"   // position <colour> robber <x>,<y>:<place>           (POS-5)
	PosGifts    PositionKind = "gifts"    // position <colour> gifts <n>                        (POS-6)
	PosScore    PositionKind = "score"    // position <colour> score <points>                   (POS-7)
	PosTurn     PositionKind = "turn"     // position turn <colour>                             (POS-9)
)

// PositionLine is one position line. Only the fields its kind uses are set:
//
//	tile      Tile Pos Rot                 position tile b-rs 1,0 90
//	follower  Colour Target | Quarter      position red follower 1,0:E / position red follower smithy
//	abbot     Colour Target | Quarter      position red abbot 2,0:monastery / position red abbot cathedral
//	large     Colour Target | Quarter      position red large 1,0:E / position red large market
//	builder   Colour Target                position red builder 1,0:E
//	pig       Colour Target                position red pig 1,0:SSE
//	wine, grain, cloth  Colour N           position red wine 2
//	count     Quarter                      position count smithy
//	king      Colour Target                position red king 0,-1:S
//	robber    Colour Target                position blue robber 1,0:E
//	gifts     Colour N                     position red gifts 2
//	score     Colour N                     position red score 41
//	turn      Colour                       position turn blue
type PositionLine struct {
	Line    int // 1-based line in the source; 0 if built in code
	Kind    PositionKind
	Colour  Colour     // every kind but tile and count
	Tile    string     // tile: the tile id in lower case
	Pos     Pos        // tile
	Rot     int        // tile: 0, 90, 180 or 270
	Target  FeatureRef // follower or abbot on the board, king, robber
	Quarter string     // follower or abbot in the City, count
	N       int        // gifts, score, wine, grain, cloth
	// FairyKind is the figure the fairy stands next to: follower, large or abbot (position fairy, record_pd.go).
	FairyKind PositionKind
	// Comment is the text of a trailing "#" comment, trimmed; "" if none.
	Comment string
	// CommentsBefore are the comment-only lines between the previous line and this one (ParseRecord fills it).
	CommentsBefore []string
}

// InCity reports whether the line puts a follower, the abbot or the large follower into a quarter of the City
// (POS-4, COMBO-15).
func (l PositionLine) InCity() bool { return l.Kind.isFigure() && l.Quarter != "" }

// isFigure reports whether lines of this kind place a figure (on the board or in the City): follower, abbot, large,
// builder, pig (a builder or pig in the City parses, to be refused with COMBO-16(a)).
func (k PositionKind) isFigure() bool {
	return k == PosFollower || k == PosAbbot || k == PosLarge || k == PosBuilder || k == PosPig || k == PosMayor ||
		k == PosWagon
}

// String returns the canonical line without its comment, e.g. "position tile b-rs 1,0 90",
// "position red follower 1,0:E", "position turn blue".
func (l PositionLine) String() string {
	w := []string{positionWord}
	switch l.Kind {
	case PosTile:
		w = append(w, string(PosTile), l.Tile, l.Pos.String(), strconv.Itoa(l.Rot))
	case PosCount:
		w = append(w, string(PosCount), l.Quarter)
	case PosTurn:
		w = append(w, string(PosTurn), string(l.Colour))
	case PosFollower, PosAbbot, PosLarge, PosBuilder, PosPig, PosMayor, PosWagon:
		where := l.Quarter
		if where == "" {
			where = l.Target.String()
		}
		w = append(w, string(l.Colour), string(l.Kind), where)
	case PosKing, PosRobber:
		w = append(w, string(l.Colour), string(l.Kind), l.Target.String())
	case PosGifts, PosScore, PosWine, PosGrain, PosCloth, PosAbbey:
		w = append(w, string(l.Colour), string(l.Kind), strconv.Itoa(l.N))
	case PosBarn:
		w = append(w, string(l.Colour), string(l.Kind), l.Target.String())
	case PosDragon, PosFairy:
		w = l.pdWords(w) // record_pd.go
	default:
		w = append(w, string(l.Kind))
	}
	return strings.Join(w, " ")
}

// Validate checks a PositionLine built in code: it formats (String) to a line that parses back to the same line,
// and its comments are one line of UTF-8 each. Errors are *ParseError carrying l.Line.
func (l PositionLine) Validate() error {
	text := l.String()
	back, err := parsePosition(newScanner(text, l.Line), false)
	if err != nil {
		return err
	}
	back.Line, back.Comment, back.CommentsBefore = l.Line, l.Comment, l.CommentsBefore
	if !samePositionLine(back, l) {
		return newError(l.Line, KeyBadPositionLine, text, expPositionLine)
	}
	for _, c := range append([]string{l.Comment}, l.CommentsBefore...) {
		if !validComment(c) {
			return newError(l.Line, KeyBadComment, c, expComment)
		}
	}
	return nil
}

func samePositionLine(a, b PositionLine) bool {
	return a.Line == b.Line && a.Kind == b.Kind && a.Colour == b.Colour && a.Tile == b.Tile && a.Pos == b.Pos &&
		a.Rot == b.Rot && a.Target == b.Target && a.Quarter == b.Quarter && a.N == b.N && a.Comment == b.Comment &&
		a.FairyKind == b.FairyKind
}

// Message ids of the position lines' ParseError.Key (also listed by ParseErrorKeys through positionErrorKeys).
const (
	KeyBadPositionLine     = "record.bad_position_line"
	KeyBadPositionKind     = "record.bad_position_kind"
	KeyBadFigurePlace      = "record.bad_figure_place"
	KeyBadNumber           = "record.bad_number"
	KeyPositionAfterAction = "record.position_after_action"
)

// positionErrorKeys are the ParseError keys of position lines.
var positionErrorKeys = []string{KeyBadPositionLine, KeyBadPositionKind, KeyBadFigurePlace, KeyBadNumber,
	KeyPositionAfterAction}

// What was expected, in English (ParseError.Expected), for position lines.
const (
	expPositionLine   = `"position tile ...", "position count ...", "position turn COLOUR" or "position COLOUR ..."`
	expPositionKind   = "follower, abbot, large, builder, pig, mayor, wagon, barn, king, robber, gifts, score, wine, grain, cloth or abbey"
	expFigurePlace    = "a feature x,y:PLACE (e.g. 2,-1:N) or a quarter: palace, smithy, cathedral or market"
	expNumber         = "a whole number, e.g. 12"
	expPositionBefore = "position lines only right after the setup line, before any action (POS-10)"
)

// parsePosition reads a whole position line (the first word is "position"); afterAction refuses it (POS-10).
func parsePosition(sc *scanner, afterAction bool) (PositionLine, error) {
	l := PositionLine{Line: sc.lineNo}
	if w, _ := sc.take(slotWord); w != positionWord {
		return l, sc.errorf(KeyBadPositionLine, sc.restContent(w), expPositionLine)
	}
	if afterAction {
		return l, sc.errorf(KeyPositionAfterAction, sc.restContent(positionWord), expPositionBefore)
	}
	first, err := sc.need(slotWord, KeyBadPositionLine, expPositionLine)
	if err != nil {
		return l, err
	}
	switch {
	case first == string(PosTile):
		l.Kind = PosTile
		if l.Tile, err = needTile(sc); err != nil {
			return l, err
		}
		if l.Pos, err = needPos(sc); err != nil {
			return l, err
		}
		if l.Tile == TileAbbey && !sc.more() { // the abbey's rotation may be left out (POS-16)
			break
		}
		w, err := sc.need(slotWord, KeyBadRotation, expRotation)
		if err != nil {
			return l, err
		}
		switch w {
		case "0", "90", "180", "270":
			l.Rot, _ = strconv.Atoi(w)
		default:
			return l, sc.errorf(KeyBadRotation, w, expRotation)
		}
		if l.Tile == TileAbbey {
			l.Rot = 0 // any rotation means nothing (AM-4)
		}
	case first == string(PosCount):
		l.Kind = PosCount
		if l.Quarter, err = needQuarter(sc); err != nil {
			return l, err
		}
	case first == string(PosDragon) || first == string(PosFairy):
		if err := parsePDPosition(sc, &l, PositionKind(first)); err != nil { // record_pd.go
			return l, err
		}
	case first == string(PosTurn):
		l.Kind = PosTurn
		c, err := sc.need(slotWord, KeyBadColour, expColour)
		if err != nil {
			return l, err
		}
		if !IsColour(c) {
			return l, sc.errorf(KeyBadColour, c, expColour)
		}
		l.Colour = Colour(c)
	case IsColour(first):
		l.Colour = Colour(first)
		kind, err := sc.need(slotWord, KeyBadPositionKind, expPositionKind)
		if err != nil {
			return l, err
		}
		l.Kind = PositionKind(kind)
		switch l.Kind {
		case PosBarn: // x,y:CORNER (record_am.go)
			if l.Target, err = needBarnPoint(sc); err != nil {
				return l, err
			}
		case PosFollower, PosAbbot, PosLarge, PosBuilder, PosPig, PosMayor, PosWagon:
			w, err := sc.need(slotFeature, KeyBadFigurePlace, expFigurePlace)
			if err != nil {
				return l, err
			}
			if IsQuarter(w) {
				l.Quarter = w
			} else if !strings.Contains(w, ":") {
				return l, sc.errorf(KeyBadFigurePlace, w, expFigurePlace)
			} else if l.Target, err = parseFeature(w, sc.lineNo, false); err != nil {
				return l, err
			}
		case PosKing, PosRobber:
			if l.Target, err = needFeature(sc, false); err != nil {
				return l, err
			}
		case PosGifts, PosScore, PosWine, PosGrain, PosCloth, PosAbbey:
			w, err := sc.need(slotWord, KeyBadNumber, expNumber)
			if err != nil {
				return l, err
			}
			n, ok := parseCoord(w)
			if !ok {
				return l, sc.errorf(KeyBadNumber, w, expNumber)
			}
			l.N = n
		default:
			return l, sc.errorf(KeyBadPositionKind, kind, expPositionKind)
		}
	default:
		return l, sc.errorf(KeyBadPositionLine, first, expPositionLine)
	}
	if err := sc.finish(); err != nil {
		return l, err
	}
	l.Comment = sc.comment()
	return l, nil
}

// ParsePositionLine parses one position line (record format "Positions"); lineNo goes into PositionLine.Line and
// into errors. Errors are *ParseError.
func ParsePositionLine(line string, lineNo int) (PositionLine, error) {
	if !validComment(line) {
		return PositionLine{}, newError(lineNo, KeyBadUTF8, line, expUTF8)
	}
	return parsePosition(newScanner(line, lineNo), false)
}

// validatePositions checks the position lines of a Record built in code (Record.Validate).
func validatePositions(ls []PositionLine) error {
	for _, l := range ls {
		if err := l.Validate(); err != nil {
			return err
		}
	}
	return nil
}

// writePositions writes the position lines as WriteRecord writes actions: the comments before, the line, its
// comment after two spaces and "# ".
func writePositions(b *bytes.Buffer, ls []PositionLine) {
	for _, l := range ls {
		for _, c := range l.CommentsBefore {
			if c = strings.TrimSpace(c); c != "" {
				b.WriteString("# " + c + "\n")
			}
		}
		b.WriteString(l.String())
		if c := strings.TrimSpace(l.Comment); c != "" {
			b.WriteString("  # " + c)
		}
		b.WriteByte('\n')
	}
}
