// The record words of Traders & Builders (record format, section "Inns & Cathedrals and Traders & Builders"; rules:
// RULES-IC-TB.md TB-*, SEQ-7a, POS-11): the expansion `traders-builders`, the figure words `builder` and `pig` of
// `deploy builder PLACE` / `deploy pig PLACE` and of `position COLOUR builder|pig x,y:PLACE`, the verb
// `builder-pass` that declines the builder's second tile (TB-9), and the goods kinds of `position COLOUR
// wine|grain|cloth N` (POS-11). Like the other files of the record layer this one knows the shape of the lines and
// nothing about the game: the second tile itself has no word (the next `gift`, `place` or `discard` line of the
// player is it, SEQ-7a), and whether it is due is the referee's.
//
// Choices made where the spec leaves room:
//
//   - `builder` and `pig` parse as the trailing figure word of `city`, `move`, `market`, `synod`, `cash-out` and
//     `change-position` too, so that the referee refuses such a line with its rule (COMBO-16(a), COMBO-21,
//     COMBO-23, COMBO-24; the spec: "such a line is refused (rule IDs in RULES-IC-TB.md Appendix A)") rather than
//     with a syntax error; likewise without the module (TB-2).
//   - `builder-pass` takes no argument.

package referee

// ExpansionTradersBuilders is Traders & Builders (CFG-3(k)): its 24 tiles, the goods, the builders and the pigs; with
// river2 and farmers the River II pig herd (COMBO-12).
const ExpansionTradersBuilders = "traders-builders"

// The figure words of Traders & Builders (TB-5, TB-12).
const (
	FigureBuilder = "builder" // deploy builder; position COLOUR builder
	FigurePig     = "pig"     // deploy pig; position COLOUR pig
)

// The verb builder-pass (VerbBuilderPass, record_action.go) declines the builder's second tile (TB-9, SEQ-7a):
// `red builder-pass`.

// The position kinds of Traders & Builders (record format "Positions" of the section; POS-3 amended, POS-11).
const (
	PosBuilder PositionKind = "builder" // position <colour> builder <x>,<y>:<place>   (TB-5, TB-11)
	PosPig     PositionKind = "pig"     // position <colour> pig <x>,<y>:<place>       (TB-12, TB-13)
	PosWine    PositionKind = "wine"    // position <colour> wine <n>                  (POS-11)
	PosGrain   PositionKind = "grain"   // position <colour> grain <n>                 (POS-11)
	PosCloth   PositionKind = "cloth"   // position <colour> cloth <n>                 (POS-11)
)
