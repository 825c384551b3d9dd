// The record words of Abbey & Mayor (record format, section "Abbey & Mayor"; rules: RULES-AM.md AM-*, COMBO-42..54,
// SEQ-0b, SEQ-6(h), SEQ-9a, POS-16/17): the expansion `abbey-mayor`, the abbey's tile line `place am-abbey x,y
// [rot]` (its rotation may be left out and is read as 0), the figure words `mayor`, `wagon` and `barn` of `deploy`
// (`deploy barn CORNER`, a corner NW NE SE SW of the tile just placed) and as the trailing word of `city`, `move`,
// `synod`, `cash-out`, the verbs `wagon x,y:PLACE` / `wagon home` (SEQ-6(h)) and `abbey-pass` (AM-10). Like the
// other files of the record layer this one knows the shape of the lines and nothing about the game.
//
// Choices made where the spec leaves room:
//
//   - `mayor`, `wagon` and `barn` parse as the trailing figure word of every line that takes one (`city`, `move`,
//     `market`, `synod`, `cash-out`, `change-position`), so that a barn into the City or a wagon into the market is
//     refused with its rule (COMBO-42(a), COMBO-50) rather than with a syntax error; likewise without the module
//     (CFG-3).
//   - `place am-abbey x,y ROT` accepts any of the four rotations and keeps 0 (AM-4: "any value is read as 0"); the
//     canonical form writes 0.

package referee

import (
	"slices"
	"strings"
)

// ExpansionAbbeyMayor is Abbey & Mayor (CFG-3(m) amended): its 12 tiles, one abbey per player, mayors, wagons,
// barns.
const ExpansionAbbeyMayor = "abbey-mayor"

// TileAbbey is the abbey's tile id (tiles-am.md section 3).
const TileAbbey = "am-abbey"

// The figure words of Abbey & Mayor (AM-11, AM-14, AM-21).
const (
	FigureMayor = "mayor" // deploy mayor PLACE; the trailing word of city (palace), move, cash-out
	FigureWagon = "wagon" // deploy wagon PLACE; the trailing word of city, move, synod, cash-out
	FigureBarn  = "barn"  // deploy barn CORNER
)

// WordHome is the argument of `wagon home` (AM-16).
const WordHome = "home"

// corners are the record's corner words (`deploy barn`, `position COLOUR barn x,y:CORNER`).
var corners = []string{"NW", "NE", "SE", "SW"}

// IsCorner reports whether s is a corner word NW, NE, SE or SW.
func IsCorner(s string) bool { return slices.Contains(corners, s) }

// expCorner is the English "expected" text of a corner.
const expCorner = `a corner "NW", "NE", "SE" or "SW"`

// amFigureWord returns the figure word of an action naming a mayor, a wagon or a barn, "" otherwise.
func (a Action) amFigureWord() string {
	switch {
	case a.Mayor:
		return FigureMayor
	case a.Wagon:
		return FigureWagon
	case a.Barn:
		return FigureBarn
	}
	return ""
}

// needCorner reads a corner word (deploy barn).
func needCorner(sc *scanner) (string, error) {
	w, err := sc.need(slotWord, KeyBadPlace, expCorner)
	if err != nil {
		return "", err
	}
	if !IsCorner(w) {
		return "", sc.errorf(KeyBadPlace, w, expCorner)
	}
	return w, nil
}

// needBarnPlace reads the place of `deploy barn`: a corner of the tile just placed, or x,y:CORNER (a barn named on
// another tile, refused by the referee: COMBO-59(b)).
func needBarnPlace(sc *scanner) (string, FeatureRef, error) {
	if rest := strings.TrimLeft(sc.line[sc.pos:], " \t"); rest != "" && strings.ContainsRune("0123456789+-", rune(rest[0])) {
		f, err := needBarnPoint(sc)
		return "", f, err
	}
	c, err := needCorner(sc)
	return c, FeatureRef{}, err
}

// more reports whether a word is left on the line before its comment; it consumes nothing.
func (s *scanner) more() bool {
	pos, at := s.pos, s.commentAt
	_, ok := s.take(slotWord)
	s.pos, s.commentAt = pos, at
	return ok
}

// The position kinds of Abbey & Mayor (record format, section "Abbey & Mayor", Positions; POS-3 amended, POS-16).
const (
	PosMayor PositionKind = "mayor" // position <colour> mayor <x>,<y>:<place> | palace     (AM-11, COMBO-42)
	PosWagon PositionKind = "wagon" // position <colour> wagon <x>,<y>:<place> | <quarter>  (AM-14, COMBO-42)
	PosBarn  PositionKind = "barn"  // position <colour> barn <x>,<y>:<corner>              (AM-21, DEF-19)
	PosAbbey PositionKind = "abbey" // position <colour> abbey <0|1>                         (POS-16)
)

// needBarnPoint reads x,y:CORNER (position … barn).
func needBarnPoint(sc *scanner) (FeatureRef, error) {
	w, err := sc.need(slotWord, KeyBadFigurePlace, expCorner)
	if err != nil {
		return FeatureRef{}, err
	}
	ps, c, found := strings.Cut(w, ":")
	pos, ok := parsePos(ps)
	if !found || !ok || !IsCorner(c) {
		return FeatureRef{}, sc.errorf(KeyBadFigurePlace, w, "x,y:"+expCorner)
	}
	return FeatureRef{Pos: pos, Place: c}, nil
}
