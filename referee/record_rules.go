package referee

// The rule a line refused by the parser breaks (issue 32: every refusal with its rule id). A line the parser refuses
// breaks either a rule of the set-up or of a position (RULES.md CFG, POS) or the record format itself; the latter
// are named by the record format's section (spec "Lines", "Setup", "Coordinates, rotation, places on a tile",
// "Actions", "Positions").
//
// Ruling (RULES.md has no ids for the record's syntax): the ids REC-LINES, REC-SETUP, REC-PLACES, REC-ACTIONS and
// REC-POSITIONS stand for those sections of the record format; they live here (parseRules) and nowhere else.

// parseRules maps a ParseError.Key to its rule id; a key not listed is REC-ACTIONS.
var parseRules = map[string]string{
	KeyTooLarge: "REC-LINES", KeyLineTooLong: "REC-LINES", KeyBadUTF8: "REC-LINES", KeyMissingHeader: "REC-LINES",
	KeyBadHeader: "REC-LINES", KeyBadVersion: "REC-LINES", KeyBadComment: "REC-LINES", KeyMissingSetup: "REC-LINES",

	KeyBadSetup: "REC-SETUP", KeySetupBadItem: "REC-SETUP", KeySetupUnknownKey: "REC-SETUP",
	KeySetupDuplicateKey: "REC-SETUP",
	KeySetupNoPlayers:    "CFG-1", KeyBadPlayer: "CFG-1", KeyBadName: "CFG-1", KeyBadColour: "CFG-1",
	KeyDuplicateColour: "CFG-1", KeyDuplicateName: "CFG-1", KeyPlayerCount: "CFG-1",
	KeyBadExpansion: "CFG-3", KeyDuplicateExpansion: "CFG-3", KeyNoneNotAlone: "CFG-3",
	KeyBadStart: "CFG-4", KeyBadFollowers: "CFG-2",

	KeyBadPosition: "REC-PLACES", KeyBadRotation: "REC-PLACES", KeyBadPlace: "REC-PLACES",
	KeyBadFeature: "REC-PLACES", KeyBadSynodPlace: "REC-PLACES", KeyBadQuarter: "REC-PLACES",

	KeyBadPositionLine: "REC-POSITIONS", KeyBadPositionKind: "REC-POSITIONS", KeyBadFigurePlace: "REC-POSITIONS",
	KeyBadNumber: "REC-POSITIONS", KeyPositionAfterAction: "POS-10",
}

// Rule returns the rule the refused line breaks: a set-up rule (CFG-1 for the players and colours, CFG-3 the
// modules, CFG-4 the start), POS-10 for a position line after an action, or the section of the record format
// (REC-LINES, REC-SETUP, REC-PLACES, REC-ACTIONS, REC-POSITIONS; see parseRules).
func (e *ParseError) Rule() string {
	if r, ok := parseRules[e.Key]; ok {
		return r
	}
	return "REC-ACTIONS"
}

// AfterCutOff is the refusal of the lines before a cut-off last line (CutOff): the last line, without its line end,
// was refused and left out, and the record without it is refused too (Err: a position whose last line, cut off,
// held the goods that made it add up is refused with POS-11 at the line before). Both are said (issue 31: the
// cut-off line went unnamed): Err is the refusal (errors.As finds its *Refusal or *ParseError, with its line), Cut
// the line left out.
type AfterCutOff struct {
	Cut *CutOff
	Err error
}

// Error is the English text, for the log.
func (e *AfterCutOff) Error() string { return e.Err.Error() + "; " + e.Cut.Error() }

// Unwrap returns Err.
func (e *AfterCutOff) Unwrap() error { return e.Err }
