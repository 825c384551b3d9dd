// The action lines (spec "Actions"): positions, features, verbs, the Action type with its writer and checks,
// and the parser of an action's words.

package referee

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

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

// Verb is the second word of an action line (the first of "end"); see the spec's action table. It is a small number
// (the vocabulary is closed), written as its word (String); the zero Verb is none.
type Verb uint8

// The verbs of the spec's action table, in its order (builder-pass, Traders & Builders', last: record_tb.go).
const (
	VerbPlace Verb = iota + 1
	VerbDiscard
	VerbDeploy
	VerbReturnAbbot
	VerbPass
	VerbCity
	VerbCount
	VerbMove
	VerbDecline
	VerbMarket
	VerbGift
	VerbEnd
	VerbBuilderPass
	VerbWagon     // Abbey & Mayor: red wagon x,y:PLACE | home (AM-16, record_am.go)
	VerbAbbeyPass // Abbey & Mayor: red abbey-pass (AM-10)
	// The Princess & the Dragon's verbs (record_pd.go).
	VerbAside
	VerbDragon
	VerbFairy
	VerbPrincess
)

// verbWords are the verbs' words, by Verb.
var verbWords = [...]string{"", "place", "discard", "deploy", "return-abbot", "pass", "city", "count", "move", "decline",
	"market", "gift", "end", "builder-pass", "wagon", "abbey-pass", "aside", "dragon", "fairy", "princess"}

// String returns the verb's word, e.g. "return-abbot"; "" for the zero Verb, "verb(N)" for a number that is none.
func (v Verb) String() string {
	if int(v) < len(verbWords) {
		return verbWords[v]
	}
	return "verb(" + strconv.Itoa(int(v)) + ")"
}

// Verbs returns the thirteen verbs in the order of the spec's tables (builder-pass, Traders & Builders', last).
func Verbs() []Verb {
	vs := make([]Verb, 0, len(verbWords)-1)
	for v := VerbPlace; int(v) < len(verbWords); v++ {
		vs = append(vs, v)
	}
	return vs
}

// IsVerb reports whether s is the word of one of the thirteen verbs.
func IsVerb(s string) bool {
	_, ok := ParseVerb(s)
	return ok
}

// ParseVerb returns the verb whose word is s, and false if s is none (exactly, lower case).
func ParseVerb(s string) (Verb, bool) {
	for v := VerbPlace; int(v) < len(verbWords); v++ {
		if verbWords[v] == s {
			return v, true
		}
	}
	return 0, false
}

// Action is one action line. Only the fields the verb uses are set; the others are zero:
//
//	place        Colour Tile Pos Rot           red place b-rs 1,0 90
//	discard      Colour Tile                   red discard b-rs
//	deploy       Colour Abbot|Large|Builder|Pig Place
//	                                           red deploy follower E / deploy abbot monastery / deploy large N /
//	                                           deploy builder E / deploy pig SSE
//	return-abbot Colour Pos                    red return-abbot 1,0
//	pass         Colour                        red pass
//	city         Colour Quarter Abbot|Large    red city cathedral [abbot|large]
//	count        Colour Quarter                red count smithy
//	move         Colour Quarter Target A|L     red move palace 1,0:N [abbot|large]
//	decline      Colour                        red decline
//	market       Colour Target Large           red market 1,0:NNW [large]
//	gift         Colour Gift ...               synod Target [Abbot|Large]; road-sweeper Target;
//	                                           change-position Target NewPlace [Large];
//	                                           cash-out Target [Abbot|Large]; two-choices;
//	                                           synod|road-sweeper|change-position|cash-out void (Void)
//	builder-pass Colour                        red builder-pass
//	end          (nothing; Colour is "")       end
//
// Abbot and Large name the abbot and the large follower (Inns & Cathedrals, record_ic.go), Builder and Pig the
// builder and the pig (Traders & Builders, record_tb.go); none names an ordinary follower. At most one of them is
// set. Its comments (Comment, CommentsBefore) are kept beside it, out of the way of the game's work: most actions have
// none.
type Action struct {
	Line     int    // 1-based line in the source; 0 if built in code
	Colour   Colour // the acting player; "" only for end
	Verb     Verb
	Abbot    bool       // deploy abbot, city/move/synod/cash-out ... abbot
	Large    bool       // deploy large, city/move/market/synod/cash-out/change-position ... large (IC-4)
	Builder  bool       // deploy builder (TB-5); in city/move/market/gift lines only to be refused (COMBO-16(a)...)
	Pig      bool       // deploy pig (TB-12); likewise
	Mayor    bool       // deploy mayor (AM-11); city/move/synod/cash-out ... mayor (COMBO-42, COMBO-50; record_am.go)
	Wagon    bool       // deploy wagon (AM-14); city/move/synod/cash-out ... wagon
	Barn     bool       // deploy barn CORNER (AM-21), Place the corner; in other lines only to be refused (COMBO-42(a))
	Home     bool       // wagon home: the wagon goes back to supply (AM-16)
	Void     bool       // gift synod, road-sweeper, change-position, cash-out: opened with no target (GIFT-5(d))
	Tile     string     // place, discard: tile id in lower case
	Pos      Pos        // place, return-abbot
	Rot      int        // place: 0, 90, 180 or 270
	Place    string     // deploy: the place on the tile just placed
	Quarter  string     // city, count, move
	Target   FeatureRef // move, market, gift synod/road-sweeper/change-position/cash-out
	Gift     string     // gift: the card
	NewPlace string     // gift change-position: the place the follower moves to
	Victim   Colour     // princess: the colour of the knight sent back (PD-21; record_pd.go)
	notes    *notes     // the comments, nil if none; never changed in place (copies of the action share it)
}

// notes are an action's comments (Action.Comment, Action.CommentsBefore).
type notes struct {
	comment string
	before  []string
}

// Comment returns the text of the action's trailing "#" comment, trimmed; "" if none. Kept for round trips.
func (a Action) Comment() string {
	if a.notes == nil {
		return ""
	}
	return a.notes.comment
}

// CommentsBefore returns the comment-only lines between the previous action (or the setup line) and this one,
// trimmed and without "#"; nil if none. Only ParseRecord fills them. The slice is the action's: not to be changed.
func (a Action) CommentsBefore() []string {
	if a.notes == nil {
		return nil
	}
	return a.notes.before
}

// SetComment sets the action's trailing comment (Comment).
func (a *Action) SetComment(c string) { a.setNotes(c, a.CommentsBefore()) }

// SetCommentsBefore sets the comment lines before the action (CommentsBefore); an empty list is none (nil).
func (a *Action) SetCommentsBefore(cs []string) { a.setNotes(a.Comment(), cs) }

// WithComment returns a copy of a with the trailing comment c (Comment).
func (a Action) WithComment(c string) Action {
	a.SetComment(c)
	return a
}

func (a *Action) setNotes(comment string, before []string) {
	if len(before) == 0 {
		before = nil
	}
	if comment == "" && before == nil {
		a.notes = nil
		return
	}
	a.notes = &notes{comment: comment, before: before}
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
	fVoid
	fLarge
	fHome
	fVictim
)

// usedFields returns the fields the action's verb (and gift card) uses.
func (a Action) usedFields() field {
	switch a.Verb {
	case VerbPlace:
		return fTile | fPos | fRot
	case VerbDiscard:
		return fTile
	case VerbDeploy:
		return fAbbot | fLarge | fPlace | fTarget // fTarget: through a magic portal (PD-23, record_pd.go)
	case VerbReturnAbbot:
		return fPos
	case VerbCity:
		return fQuarter | fAbbot | fLarge
	case VerbCount:
		return fQuarter
	case VerbMove:
		return fQuarter | fTarget | fAbbot | fLarge
	case VerbMarket:
		return fTarget | fLarge
	case VerbWagon:
		if a.Home {
			return fHome
		}
		return fTarget
	case VerbGift:
		if a.Void && a.Gift != GiftTwoChoices { // "<card> void" names no target (GIFT-5(d))
			return fGift | fVoid
		}
		switch a.Gift {
		case GiftSynod, GiftCashOut:
			return fGift | fTarget | fAbbot | fLarge
		case GiftRoadSweeper:
			return fGift | fTarget
		case GiftChangePosition:
			return fGift | fTarget | fNewPlace | fLarge
		}
		return fGift
	}
	return a.pdFields() // record_pd.go
}

// String returns the canonical one-line form of the action without its comment, e.g.
// "red place b-rs 1,0 90", "red gift synod 2,-1:monastery abbot", "end". For an action that
// does not Validate the result is a best effort and need not parse.
func (a Action) String() string {
	if a.Verb == VerbEnd {
		return VerbEnd.String()
	}
	w := []string{string(a.Colour), a.Verb.String()}
	switch a.Verb {
	case VerbPlace:
		w = append(w, a.Tile, a.Pos.String(), strconv.Itoa(a.Rot))
	case VerbDiscard:
		w = append(w, a.Tile)
	case VerbDeploy:
		w = append(w, a.figureWord(), a.deployPlace())
	case VerbReturnAbbot:
		w = append(w, a.Pos.String())
	case VerbCity, VerbCount:
		w = append(w, a.Quarter)
	case VerbMove:
		w = append(w, a.Quarter, a.Target.String())
	case VerbMarket:
		w = append(w, a.Target.String())
	case VerbWagon:
		if a.Home {
			w = append(w, WordHome)
		} else {
			w = append(w, a.Target.String())
		}
	case VerbAside, VerbDragon, VerbFairy, VerbPrincess:
		w = a.pdWords(w) // record_pd.go
	case VerbGift:
		w = append(w, a.Gift)
		if a.Void {
			w = append(w, "void")
		}
		if a.usedFields()&fTarget != 0 {
			w = append(w, a.Target.String())
		}
		if a.Gift == GiftChangePosition && !a.Void {
			w = append(w, a.NewPlace)
		}
	}
	if a.figureWords() > 0 && a.Verb != VerbDeploy {
		w = append(w, a.figureWord())
	}
	return strings.Join(w, " ")
}

// figureWord returns the record word of the figure the action names: follower, abbot, large, builder or pig.
func (a Action) figureWord() string {
	switch {
	case a.Abbot:
		return FigureAbbot
	case a.Large:
		return FigureLarge
	case a.Builder:
		return FigureBuilder
	case a.Pig:
		return FigurePig
	}
	if w := a.amFigureWord(); w != "" { // record_am.go
		return w
	}
	return FigureFollower
}

// Validate checks an Action built in code: the verb is known, the colour is set (and empty only
// for end), every argument the verb uses is well-formed and every other field is zero, and the
// comments hold no line break. An Action that validates formats (String) to a line that parses
// back to it. Errors are *ParseError carrying a.Line.
func (a Action) Validate() error {
	bad := func(key, text, expected string) error { return newError(a.Line, key, text, expected) }
	if a.Verb == 0 || int(a.Verb) >= len(verbWords) {
		return bad(KeyBadVerb, a.Verb.String(), expVerb)
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
		check(fLarge, a.Large, "large"),
		check(fLarge, a.Builder, "builder"),
		check(fLarge, a.Pig, "pig"),
		check(fLarge, a.Mayor, "mayor"),
		check(fLarge, a.Wagon, "wagon"),
		check(fLarge, a.Barn, "barn"),
		check(fHome, a.Home, "home"),
		check(fPlace, a.Place != "", "place"),
		check(fQuarter, a.Quarter != "", "quarter"),
		check(fTarget, !a.Target.IsZero(), "feature"),
		check(fGift, a.Gift != "", "gift"),
		check(fNewPlace, a.NewPlace != "", "new place"),
		check(fVoid, a.Void, "void"),
		check(fVictim, a.Victim != "", "colour"),
	} {
		if err != nil {
			return err
		}
	}
	if a.figureWords() > 1 {
		return bad(KeyTwoFigures, a.figureWord(), expOneFigure)
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
	if err := a.validatePD(bad); err != nil { // record_pd.go
		return err
	}
	if used&fPlace != 0 && a.Barn && !a.portalDeploy() {
		if !IsCorner(a.Place) {
			return bad(KeyBadPlace, a.Place, expCorner)
		}
	} else if used&fPlace != 0 && !a.portalDeploy() && !IsPlace(a.Place) {
		return bad(KeyBadPlace, a.Place, expPlace)
	}
	if used&fQuarter != 0 && !IsQuarter(a.Quarter) {
		return bad(KeyBadQuarter, a.Quarter, expQuarter)
	}
	if used&fGift != 0 && !IsGift(a.Gift) {
		return bad(KeyBadGift, a.Gift, expGift)
	}
	if used&fTarget != 0 && !(a.Verb == VerbDeploy && a.Target.IsZero()) {
		if !inInt32(a.Target.Pos) {
			return bad(KeyBadFeature, a.Target.String(), expFeature)
		}
		if a.Verb == VerbGift && a.Gift == GiftSynod {
			if !isSynodPlace(a.Target.Place) {
				return bad(KeyBadSynodPlace, a.Target.Place, expSynodPlace)
			}
		} else if a.Barn && a.Verb == VerbDeploy { // deploy barn x,y:CORNER (COMBO-59(b))
			if !IsCorner(a.Target.Place) {
				return bad(KeyBadPlace, a.Target.Place, expCorner)
			}
		} else if !IsPlace(a.Target.Place) && !(a.Barn && a.Verb == VerbFairy && IsCorner(a.Target.Place)) { // COMBO-58(a)
			return bad(KeyBadPlace, a.Target.Place, expPlace)
		}
	}
	if used&fNewPlace != 0 && !IsPlace(a.NewPlace) {
		return bad(KeyBadPlace, a.NewPlace, expPlace)
	}
	if c := a.Comment(); !validComment(c) {
		return bad(KeyBadComment, c, expComment)
	}
	for _, c := range a.CommentsBefore() {
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

// --- actions ------------------------------------------------------------------------------

// parseAction parses the line of sc into *a (the record's lines are parsed into one Action, not copied from one
// call to the next); on an error *a is not to be used.
func parseAction(sc *scanner, a *Action) (bool, error) {
	first, ok := sc.take(slotWord)
	return parseActionAfter(sc, a, first, ok)
}

// parseActionAfter is parseAction once the line's first word is taken (first, ok: sc.take's result).
func parseActionAfter(sc *scanner, a *Action, first string, ok bool) (bool, error) {
	*a = Action{Line: sc.lineNo}
	if !ok {
		a.SetComment(sc.comment())
		return true, nil
	}
	if first == "end" {
		a.Verb = VerbEnd
	} else {
		if !IsColour(first) {
			if first == "setup" || first == "karkason-record" {
				return false, sc.errorf(KeyExpectedAction, first, expAction)
			}
			return false, sc.errorf(KeyBadColour, first, expActionColour)
		}
		a.Colour = Colour(first)
		verb, err := sc.need(slotWord, KeyBadVerb, expVerb)
		if err != nil {
			return false, err
		}
		v, ok := ParseVerb(verb)
		switch {
		case v == VerbEnd:
			return false, sc.errorf(KeyEndWithColour, first+" "+verb, expEndAlone)
		case !ok:
			return false, sc.errorf(KeyBadVerb, verb, expVerb)
		}
		a.Verb = v
		if err := parseArgs(sc, a); err != nil {
			return false, err
		}
	}
	if err := sc.finish(); err != nil {
		return false, err
	}
	if c := sc.comment(); c != "" {
		a.SetComment(c)
	}
	return false, nil
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
		if a.Tile == TileAbbey && !sc.more() { // the abbey's rotation may be left out (record format, AM)
			return nil
		}
		w, err := sc.need(slotWord, KeyBadRotation, expRotation)
		if err != nil {
			return err
		}
		switch w {
		case "0":
			a.Rot = 0
		case "90":
			a.Rot = 90
		case "180":
			a.Rot = 180
		case "270":
			a.Rot = 270
		default:
			return sc.errorf(KeyBadRotation, w, expRotation)
		}
		if a.Tile == TileAbbey {
			a.Rot = 0 // any rotation means nothing (AM-4)
		}
	case VerbDiscard:
		a.Tile, err = needTile(sc)
	case VerbDeploy:
		fig, err := sc.need(slotWord, KeyBadFigure, expFigure)
		if err != nil {
			return err
		}
		switch fig {
		case FigureFollower, FigureAbbot, FigureLarge, FigureBuilder, FigurePig, FigureMayor, FigureWagon:
			a.setFigure(fig)
		case FigureBarn:
			a.setFigure(fig)
			a.Place, a.Target, err = needBarnPlace(sc) // a corner, or x,y:CORNER (record_am.go, COMBO-59(b))
			return err
		default:
			return sc.errorf(KeyBadFigure, fig, expFigure)
		}
		a.Place, a.Target, err = needDeployPlace(sc) // a place, or x,y:place through a portal (record_pd.go)
		return err
	case VerbWagon:
		if sc.optWord(WordHome) {
			a.Home = true
			return nil
		}
		a.Target, err = needFeature(sc, false)
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
			var w string
			w, err = sc.optFigure(true)
			a.setFigure(w)
		}
	case VerbMarket:
		if a.Target, err = needFeature(sc, false); err != nil {
			return err
		}
		var w string
		w, err = sc.optFigure(false)
		a.setFigure(w)
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
		if sc.optWord("void") { // opened with no target: discarded, no action (GIFT-5(d))
			a.Void = true
			return nil
		}
		if a.Target, err = needFeature(sc, card == GiftSynod); err != nil {
			return err
		}
		var w string
		switch card {
		case GiftSynod, GiftCashOut:
			w, err = sc.optFigure(true)
		case GiftChangePosition:
			if a.NewPlace, err = needPlace(sc); err != nil {
				return err
			}
			w, err = sc.optFigure(false)
		}
		a.setFigure(w)
		return err
	case VerbAside, VerbDragon, VerbFairy, VerbPrincess:
		return parsePDArgs(sc, a) // record_pd.go
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
		return Pos{}, sc.errorf(KeyBadPosition, w, expPosition, "Range", outOfRange(w))
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
		return FeatureRef{}, newError(lineNo, KeyBadFeature, w, expFeature, "Range", found && outOfRange(ps))
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

// outOfRange reports whether s is "x,y" of two decimal integers one of which is beyond int32 (data "Range" of
// KeyBadPosition and KeyBadFeature: the message says so rather than "not two whole numbers").
func outOfRange(s string) bool {
	xs, ys, found := strings.Cut(s, ",")
	_, okx := parseCoord(xs)
	_, oky := parseCoord(ys)
	return found && isInteger(xs) && isInteger(ys) && !(okx && oky)
}

// isInteger reports whether s is a decimal integer with an optional sign, of any size.
func isInteger(s string) bool {
	digits := strings.TrimLeft(s, "+-")
	return len(s)-len(digits) <= 1 && digits != "" && strings.Trim(digits, "0123456789") == ""
}

func parseCoord(s string) (int, bool) {
	digits, neg := s, false
	if digits != "" && (digits[0] == '+' || digits[0] == '-') {
		digits, neg = digits[1:], digits[0] == '-'
	}
	if digits == "" {
		return 0, false
	}
	n := int64(0)
	for i := 0; i < len(digits); i++ {
		c := digits[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		if n = 10*n + int64(c-'0'); n > 1<<31 { // beyond int32 whatever follows (leading zeros add nothing)
			return 0, false
		}
	}
	if neg {
		n = -n
	}
	if n < -1<<31 || n > 1<<31-1 {
		return 0, false
	}
	return int(n), true
}
