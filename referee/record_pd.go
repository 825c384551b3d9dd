// The record words of The Princess & the Dragon (record format, section "The Princess & the Dragon"; rules:
// RULES-PD.md PD-*, SEQ-0/5a, COMBO-30..41, POS-13..15): the expansion `princess-dragon`, the verbs `aside <tile>`
// (PD-5), `dragon <x>,<y>` (one step, PD-9, PD-10), `fairy <x>,<y>:<place> [large|abbot]` (PD-14) and `princess
// <colour> <x>,<y>:<place> [large]` (PD-21), a portal's `deploy <figure> <x>,<y>:<place>` (PD-23), and the position
// kinds `dragon` and `fairy` (POS-13, POS-14). Like the other files of the record layer this one knows the shape of
// the lines and nothing about the game.
//
// Choices made where the spec leaves room:
//
//   - `fairy` takes the trailing figure words `large`, `abbot`, and also `builder` and `pig`, so that the referee
//     refuses those with their rule (PD-14(b)) rather than with a syntax error; `princess` takes `large` (and
//     `builder`/`pig`, refused PD-21(f)).
//   - A portal `deploy` whose coordinate is the tile just placed is the ordinary placement (the short form's
//     meaning); the writer keeps the form it was given.
//   - With Abbey & Mayor as well (COMBO-PD-AM.md): `fairy`, `princess` and a portal's `deploy` take `mayor` and
//     `wagon` (COMBO-58(a), COMBO-59(a), COMBO-60), and `position fairy <colour> x,y:place` takes `mayor` and `wagon`;
//     `fairy x,y:CORNER barn` and `deploy barn x,y:CORNER` parse, so that the referee refuses them with their rule
//     (COMBO-58(a), COMBO-59(b)), and `deploy barn x,y:CORNER` naming the tile just placed is its barn.

package referee

import "strings"

// ExpansionPrincessDragon is The Princess & the Dragon (CFG-3(l)): its 30 tiles, the dragon, the fairy; with river2
// the volcano lake (COMBO-30).
const ExpansionPrincessDragon = "princess-dragon"

// The position kinds of The Princess & the Dragon (record format, P&D section 3).
const (
	PosDragon PositionKind = "dragon" // position dragon <x>,<y>                               (POS-13)
	PosFairy  PositionKind = "fairy"  // position fairy [<colour>] <x>,<y>[:<place> [large|abbot]] (POS-14)
)

// pdFields returns the fields the P&D verbs use (usedFields).
func (a Action) pdFields() field {
	switch a.Verb {
	case VerbAside:
		return fTile
	case VerbDragon:
		return fPos
	case VerbFairy:
		return fTarget | fAbbot | fLarge
	case VerbPrincess:
		return fVictim | fTarget | fLarge
	}
	return 0
}

// pdWords appends the arguments of a P&D verb to the line's words w (String).
func (a Action) pdWords(w []string) []string {
	switch a.Verb {
	case VerbAside:
		w = append(w, a.Tile)
	case VerbDragon:
		w = append(w, a.Pos.String())
	case VerbFairy:
		w = append(w, a.Target.String())
	case VerbPrincess:
		w = append(w, string(a.Victim), a.Target.String())
	}
	return w
}

// portalDeploy reports whether a is a deploy through a portal: `deploy <figure> <x>,<y>:<place>` (PD-23).
func (a Action) portalDeploy() bool {
	return a.Verb == VerbDeploy && a.Place == "" && !a.Target.IsZero()
}

// deployPlace returns what a deploy line names: its place, or x,y:place through a portal.
func (a Action) deployPlace() string {
	if a.portalDeploy() {
		return a.Target.String()
	}
	return a.Place
}

// validatePD checks the P&D parts of an Action built in code (Validate): a princess's colour, a deploy naming one
// place only.
func (a Action) validatePD(bad func(key, text, expected string) error) error {
	switch {
	case a.Verb == VerbPrincess && !IsColour(string(a.Victim)):
		return bad(KeyBadColour, string(a.Victim), expColour)
	case a.Verb == VerbDeploy && a.Place != "" && !a.Target.IsZero():
		return bad(KeyUnusedField, "feature", "a place or x,y:place, not both")
	}
	return nil
}

// needFeatureOrCorner reads x,y:PLACE, or x,y:CORNER (a barn's point, so that `fairy x,y:NW barn` is refused with
// its rule, COMBO-58(a)).
func needFeatureOrCorner(sc *scanner) (FeatureRef, error) {
	rest := strings.TrimLeft(sc.line[sc.pos:], " \t")
	if w, _, _ := strings.Cut(rest, " "); strings.Contains(w, ":") {
		if _, c, _ := strings.Cut(w, ":"); IsCorner(strings.TrimRight(c, "\t")) {
			return needBarnPoint(sc)
		}
	}
	return needFeature(sc, false)
}

// needDeployPlace reads the place of a deploy line: a place of the tile just placed, or x,y:place of any tile
// (through a magic portal, PD-23).
func needDeployPlace(sc *scanner) (string, FeatureRef, error) {
	k := slotPlace // "#name" at the start is a feature name
	if rest := strings.TrimLeft(sc.line[sc.pos:], " \t"); rest != "" && strings.ContainsRune("0123456789+-", rune(rest[0])) {
		k = slotFeature // x,y:PLACE, "#name" after the ":" (PD-23)
	}
	w, err := sc.need(k, KeyBadPlace, expPlace)
	if err != nil {
		return "", FeatureRef{}, err
	}
	if strings.Contains(w, ":") && strings.Contains(w, ",") {
		if ps, c, _ := strings.Cut(w, ":"); IsCorner(c) { // deploy barn x,y:CORNER (COMBO-59(b), combo.go)
			if p, ok := parsePos(ps); ok {
				return "", FeatureRef{Pos: p, Place: c}, nil
			}
		}
		f, err := parseFeature(w, sc.lineNo, false)
		return "", f, err
	}
	if !IsPlace(w) {
		return "", FeatureRef{}, sc.errorf(KeyBadPlace, w, expPlace)
	}
	return w, FeatureRef{}, nil
}

// parsePDArgs reads the arguments of aside, dragon, fairy and princess.
func parsePDArgs(sc *scanner, a *Action) error {
	var err error
	switch a.Verb {
	case VerbAside:
		a.Tile, err = needTile(sc)
	case VerbDragon:
		a.Pos, err = needPos(sc)
	case VerbFairy:
		if a.Target, err = needFeatureOrCorner(sc); err != nil {
			return err
		}
		var w string
		w, err = sc.optFigure(true)
		a.setFigure(w)
		if err == nil && IsCorner(a.Target.Place) && !a.Barn { // a corner names a barn's point only
			return sc.errorf(KeyBadPlace, a.Target.String(), expPlace)
		}
	case VerbPrincess:
		c, err := sc.need(slotWord, KeyBadColour, expColour)
		if err != nil {
			return err
		}
		if !IsColour(c) {
			return sc.errorf(KeyBadColour, c, expColour)
		}
		a.Victim = Colour(c)
		if a.Target, err = needFeature(sc, false); err != nil {
			return err
		}
		w, err := sc.optFigure(false)
		a.setFigure(w)
		return err
	}
	return err
}

// pdWords appends the words of a position dragon or fairy line after "position" (PositionLine.String).
func (l PositionLine) pdWords(w []string) []string {
	switch {
	case l.Kind == PosDragon:
		return append(w, string(PosDragon), l.Pos.String())
	case l.Colour == "":
		return append(w, string(PosFairy), l.Pos.String())
	}
	w = append(w, string(PosFairy), string(l.Colour), l.Target.String())
	if l.FairyKind == PosLarge || l.FairyKind == PosAbbot || l.FairyKind == PosMayor || l.FairyKind == PosWagon {
		w = append(w, string(l.FairyKind)) // mayor, wagon: with Abbey & Mayor (COMBO-58(a))
	}
	return w
}

// parsePDPosition reads the rest of `position dragon <x>,<y>` (POS-13), `position fairy <colour> <x>,<y>:<place>
// [large|abbot]` or `position fairy <x>,<y>` (POS-14).
func parsePDPosition(sc *scanner, l *PositionLine, kind PositionKind) error {
	l.Kind = kind
	var err error
	if kind == PosDragon {
		l.Pos, err = needPos(sc)
		return err
	}
	w, err := sc.need(slotFeature, KeyBadPosition, expPosition)
	if err != nil {
		return err
	}
	if !IsColour(w) {
		p, ok := parsePos(w)
		if !ok {
			return sc.errorf(KeyBadPosition, w, expPosition)
		}
		l.Pos = p
		return nil
	}
	l.Colour = Colour(w)
	if l.Target, err = needFeature(sc, false); err != nil {
		return err
	}
	l.FairyKind = PosFollower
	switch f, _ := sc.take(slotWord); f {
	case "":
	case FigureLarge:
		l.FairyKind = PosLarge
	case FigureAbbot:
		l.FairyKind = PosAbbot
	case FigureMayor: // with Abbey & Mayor (COMBO-58(a)); a barn is refused by the referee (COMBO-58(a))
		l.FairyKind = PosMayor
	case FigureWagon:
		l.FairyKind = PosWagon
	default:
		return sc.errorf(KeyExtraText, f, `"large", "abbot", "mayor", "wagon" or the end of the line`)
	}
	return nil
}
