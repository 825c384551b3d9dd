package referee

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"slices"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee/storefs"
)

// Entering a position at the table ("the board as it lies"), for the TUI: a Draft is the position so far, an
// Entry is a Draft saved as it is entered.
//
// # The API for the table's entry
//
// The entry is a list of position lines (PositionLine, record format "Positions") built one step at a time:
//
//	d, _ := NewDraft(setup, cat)        // or, saved: e, _ := NewEntry(setup, cat, path); d := e.Draft
//	d.Check(PositionLine{Kind: PosTile, Tile: "b-rs", Pos: Pos{1, 0}, Rot: 90}) // would Add take it? nil, or why not
//	d.Add(PositionLine{Kind: PosTile, Tile: "b-rs", Pos: Pos{1, 0}, Rot: 90})      // a tile where the cursor is
//	d.Replace(d.TileAt(Pos{1, 0}), PositionLine{Kind: PosTile, ...})                // a mistyped tile, where it lies
//	d.Remove(d.TileAt(Pos{1, 0}))                                                    // ... or taken away
//	d.TileFeatures(Pos{1, 0})              // the features of that tile, each with why no figure may stand there
//	d.StandRefusal(Red, engine.Follower, f.Seg) // may a red follower stand on feature f? nil, or why not (POS-3)
//	d.Add(PositionLine{Kind: PosFollower, Colour: Red, Target: f.Ref})              // or Quarter: "smithy"
//	d.StandRefusal(Red, engine.Large, f.Seg)    // likewise the large follower (inns-cathedrals; never a garden, IC-4(a))
//	d.Add(PositionLine{Kind: PosLarge, Colour: Red, Target: f.Ref})                 // or Quarter: any (COMBO-15)
//	d.QuarterOptions(Red, engine.Large)    // the quarters of the City the figure may be in now (POS-4)
//	d.Markers(false)                       // the completed cities the King's marker may lie on (true: roads)
//	d.Set(PositionLine{Kind: PosKing, Colour: Red, Target: opt.Ref})                // single-valued lines: Set
//	d.Set(PositionLine{Kind: PosCount, Quarter: "market"}); d.Set(...PosGifts/PosScore N...); d.Set(...PosTurn...)
//	d.FigurePlaces(Red, engine.Builder)    // where red's builder may stand now: the incomplete roads and cities
//	                                       // with a red follower (traders-builders; TB-5, POS-3); engine.Pig: the
//	                                       // fields with a red farmer (TB-12); each one per player
//	d.Add(PositionLine{Kind: PosBuilder, Colour: Red, Target: opt.Ref})             // PosPig likewise
//	d.Set(PositionLine{Kind: PosWine, Colour: Red, N: 2})  // goods tokens, per colour and kind (PosGrain, PosCloth)
//	d.Goods()                              // the goods held and the symbols of the completed cities (POS-11)
//	g, err := d.Finish()                   // the whole position (POS-1..POS-9): a Game ready to go on, or the refusal
//
// Every step is checked as it is entered by the same builder that reads a record's position (layPosition): the
// whole list of lines with the new step is laid again, in draft mode, and a step that breaks a rule is refused with
// the rule and message key the record would get (a *Refusal whose Line is the step's line in the saved record: 3 +
// its index), leaving the draft exactly as it was. Draft mode differs from a record's check only in what a
// position under way cannot meet yet: tiles may be entered anywhere and in any order, so a tile apart from the
// board is an island until the tiles between are entered (POS-1 is checked by Finish, which names every tile left
// apart in Refusal.At); a river tile's flow (RIVER-5/6, RIV2-5) and SHRINE-3 are checked once it is joined to the
// board; with start=none, at least one tile (POS-1), and the river's spring beside land tiles (POS-2). A tile
// whose edge does not match a tile beside it is refused naming that tile's cell (err.pos.edge_neighbour, its cell
// in Refusal.At): the tile entered earlier may be the one typed wrong. Check tells whether a step would be
// accepted without taking it (to grey out choices); Game is the board so far, for drawing (read-only:
// Game().S.Tiles, Game().S.Figures, Game().Bag for the tiles left in the box). Goods are checked against the
// completed cities (POS-11) by Finish only: while tiles are still being entered the sums cannot match yet (Goods
// shows both). Removing or replacing a tile is
// refused like any step when the rest would break a rule (a figure left on a feature the new tile completes,
// BASE-12; the King's marker left on a city that is no longer complete, KING-2): take the figure or marker off
// first.
//
// # Saving and resuming an entry
//
// An unfinished entry is an ordinary record file: the header, a comment that marks it as an entry (entryMark; with
// the start tile typed also typedMark, and start=none on the setup line), the setup line and the position lines
// entered so far, and no action (IsEntry; a record with start=none and no position line yet parses too; only the
// referee's whole check refuses it). Entry wraps a Draft with its Store: Add appends the new line and syncs it
// before it counts (Store.AppendPosition); Replace, Remove and a Set that replaces rewrite the file atomically with
// that one line changed (Store.edit). A crash loses nothing that was accepted. ResumeEntry opens such a file and loads its lines into a Draft in draft
// mode (islands and a half-laid river are fine; a file of an entry saved with its start piece at 0,0 gets its start
// tile as a line there, and becomes the entry's at the first step that changes it: opening writes nothing); it
// returns ErrNotEntry for a record that has actions (resume it
// with Resume), and refuses a file with a refused line as it is, as Resume does (nothing rewritten, nothing set
// aside).
// When the entry is done, Entry.Play hands the file over to a Session, the game going on from the position (the
// table's usual end, "end" or the market round first, gives the tally); undo in that Session never goes back past
// the position (Game.Undo rebuilds from it). With start=standard the start tile is typed where it lies, like any
// tile, and the record's coordinates are written when the board is finished (position_start.go).

// FeatureOption is a place on the board the entry may offer: the feature as a position line names it (x,y:PLACE)
// and the engine segment it names on Draft.Game().S, for the board to highlight.
type FeatureOption struct {
	Ref  FeatureRef
	Seg  int32
	Kind engine.Kind
}

// Draft is a position being entered (see the API above). The zero value is not usable: create it with NewDraft.
type Draft struct {
	// Setup is the game's set-up as chosen (start=standard also while its start tile is typed, TypedStart).
	Setup Setup
	cat   *engine.Catalogue
	lines []PositionLine
	game  *Game
	// typed: start=standard, the start tile typed where it lies (see above).
	typed bool
}

// NewDraft starts an empty position for the set-up: the set-up is checked as for a new game (CFG-*). With
// start=standard (given or by default) the start tile is typed where it lies (TypedStart). Errors are *Refusal or
// *ParseError.
func NewDraft(setup Setup, cat *engine.Catalogue) (*Draft, error) {
	d := &Draft{Setup: setup, cat: cat, typed: typedStart(setup, cat)}
	g, err := d.build(nil)
	if err != nil {
		return nil, err
	}
	d.game = g
	return d, nil
}

// The header comments of an entry's record file: entryMark on every entry (a record with no tile yet is an entry,
// not a game at its first turn); typedMark when the start tile is typed (the file says start=none until the board
// is finished: its coordinates are the entry's, and the start tile is among its tile lines).
const (
	entryMark = "karkason: a board as it lies, being entered"
	typedMark = "karkason: start=standard, its start tile typed where it lies (start=none until the board is finished)"
)

// IsEntry reports whether a record is an entry under way: no action, and the entry's mark (entryMark), which the
// table writes when the entry begins and takes out when the players go on playing from the board (Entry.Play).
//
// Ruling (issue 32): a record of position lines without the mark (the record format's examples, a position written
// by hand, an entry the players went on from) is a game going on from that position, not an entry: resume opens it
// as a game (Resume, the whole position checked as replay checks it), games lists it as a game with its scores, and
// nothing is written on opening it. Only the mark makes a board "being entered".
func IsEntry(rec *Record) bool {
	return len(rec.Actions) == 0 && slices.Contains(rec.HeaderComments, entryMark)
}

// firstPositionLine is the line of the first position line in a record written by WriteRecord without comments:
// the header and the setup line come first.
const firstPositionLine = 3

// numbered returns a copy of the lines numbered as the canonical record writes them.
func numbered(lines []PositionLine) []PositionLine {
	out := slices.Clone(lines)
	for i := range out {
		out[i].Line = firstPositionLine + i
	}
	return out
}

// build lays the lines in draft mode.
func (d *Draft) build(lines []PositionLine) (*Game, error) {
	for _, l := range lines {
		if err := l.Validate(); err != nil {
			return nil, err
		}
	}
	return buildGame(d.boardSetup(), lines, d.cat, draftPosition)
}

// beside checks a tile line entered as line i (an index; len for a new line) against the tiles beside its cell
// before the whole position is laid again: an edge that does not match names the neighbour's cell
// (err.pos.edge_neighbour, BASE-4; Refusal.At), which may be the tile typed wrong.
func (d *Draft) beside(l PositionLine, i int) error {
	if l.Kind != PosTile {
		return nil
	}
	if i < len(d.lines) && (d.lines[i].Kind != PosTile || d.lines[i].Pos != l.Pos) {
		return nil // a tile moved elsewhere: the whole check names what breaks
	}
	t := d.cat.Tile(l.Tile)
	if t == nil || t.Piece != nil || d.game.Bag.Left(t) == 0 && (i >= len(d.lines) || d.lines[i].Tile != l.Tile) {
		return nil // a tile the box does not hold: the whole check names that first (POS-2)
	}
	s, p, rot := d.game.S, engine.Pos{X: l.Pos.X, Y: l.Pos.Y}, l.Rot/90
	e := s.Mismatch(t, p, rot)
	if e < 0 {
		return nil
	}
	n := s.At(p.Neighbour(e))
	r := refusal("BASE-4", "err.pos.edge_neighbour", "edge", engine.EdgeNames[e], "terrain",
		t.Rotated(rot, e).String(), "board", n.Type.Rotated(int(n.Rot), e+2).String(), "pos", n.Pos)
	r.Line, r.At = firstPositionLine+i, []Pos{{n.Pos.X, n.Pos.Y}}
	return r
}

// try checks the lines and, if they are accepted, makes them the draft.
func (d *Draft) try(lines []PositionLine, commit bool) error {
	lines = numbered(lines)
	g, err := d.build(lines)
	if err != nil {
		return err
	}
	if commit {
		d.lines, d.game = lines, g
	}
	return nil
}

// Lines returns the accepted lines, numbered as in the saved record (3 + index).
func (d *Draft) Lines() []PositionLine { return slices.Clone(d.lines) }

// Game returns the position so far as a game in draft mode, for drawing the board and the supply: it must not be
// changed, and it is not the game to go on with (Finish is).
func (d *Draft) Game() *Game { return d.game }

// Check reports whether Add would accept l, without adding it: nil, or the *Refusal (or *ParseError) it would get.
func (d *Draft) Check(l PositionLine) error {
	if err := d.beside(l, len(d.lines)); err != nil {
		return err
	}
	return d.try(append(d.Lines(), l), false)
}

// Add appends a line to the position after checking the whole position with it (draft mode).
func (d *Draft) Add(l PositionLine) error {
	if err := d.beside(l, len(d.lines)); err != nil {
		return err
	}
	return d.try(append(d.Lines(), l), true)
}

// Replace replaces line i (a tile retyped where it lies, a figure moved) after checking the whole position.
func (d *Draft) Replace(i int, l PositionLine) error {
	if i < 0 || i >= len(d.lines) {
		return fmt.Errorf("referee: no position line %d", i)
	}
	if err := d.beside(l, i); err != nil {
		return err
	}
	lines := d.Lines()
	lines[i] = l
	return d.try(lines, true)
}

// Remove takes line i out of the position after checking the rest.
func (d *Draft) Remove(i int) error {
	if i < 0 || i >= len(d.lines) {
		return fmt.Errorf("referee: no position line %d", i)
	}
	return d.try(slices.Delete(d.Lines(), i, i+1), true)
}

// singleKey returns what makes a line single-valued (count, king, robber, turn; gifts, score, wine, grain and cloth
// per colour), "" for the lines of which a position may hold many (tiles, figures).
func singleKey(l PositionLine) string {
	switch l.Kind {
	case PosCount, PosKing, PosRobber, PosTurn:
		return string(l.Kind)
	case PosGifts, PosScore, PosWine, PosGrain, PosCloth:
		return string(l.Kind) + " " + string(l.Colour)
	}
	return ""
}

// Find returns the index of the line that l would replace in Set (the same single-valued kind, and colour for
// gifts and score), -1 if none or if l's kind may have many lines.
func (d *Draft) Find(l PositionLine) int {
	k := singleKey(l)
	if k == "" {
		return -1
	}
	return slices.IndexFunc(d.lines, func(o PositionLine) bool { return singleKey(o) == k })
}

// Set adds a single-valued line (count, king, robber, turn; gifts and score per colour) or replaces the one
// already given, and returns its index; for other kinds it is Add.
func (d *Draft) Set(l PositionLine) (int, error) {
	if i := d.Find(l); i >= 0 {
		return i, d.Replace(i, l)
	}
	return len(d.lines), d.Add(l)
}

// TileAt returns the index of the tile line at p, -1 if none (the start piece has no line).
func (d *Draft) TileAt(p Pos) int {
	return slices.IndexFunc(d.lines, func(l PositionLine) bool { return l.Kind == PosTile && l.Pos == p })
}

// TileFeature is a feature of a tile of the position, for the figure entry: where it is, and why no figure may
// stand there now (Why nil: some player's follower, abbot or large follower may).
type TileFeature struct {
	FeatureOption
	// Why is the *Refusal of a figure there when nobody's may stand there: the feature's own reason first (BASE-12
	// a completed feature, RIVER-8 the river, ABBOT-3 a garden), else the supply's (CFG-2, ABBOT-1).
	Why error
}

// TileFeatures lists every feature of the tile at p (its segments in the tile's order), each with why no figure may
// stand there (POS-3: engine.State.CanStand for every seat and figure kind in play: follower, abbot, large
// follower); nil if no tile lies at p.
func (d *Draft) TileFeatures(p Pos) []TileFeature {
	s := d.game.S
	ti := s.TileIndex(engine.Pos{X: p.X, Y: p.Y})
	if ti < 0 {
		return nil
	}
	t := &s.Tiles[ti]
	kinds := []engine.FigureKind{engine.Follower}
	if s.Opts.Abbot {
		kinds = append(kinds, engine.Abbot)
	}
	if s.Opts.InnsCathedrals {
		kinds = append(kinds, engine.Large)
	}
	var out []TileFeature
	for l := range t.Type.Segs {
		seg := t.Seg(l)
		f := TileFeature{FeatureOption: FeatureOption{Ref: FeatureRef{Pos: p, Place: s.PlaceName(ti, l)}, Seg: seg,
			Kind: t.Type.Segs[l].Kind}}
		var own, supply error
		ok := false
		for who := 0; who < d.game.Players() && !ok; who++ {
			for _, k := range kinds {
				err := s.CanStand(who, k, seg)
				var re *engine.RuleError
				switch {
				case err == nil:
					ok = true
				case errors.As(err, &re) && (re.Rule == "CFG-2" || re.Key == "err.pos.one_abbot" || re.Key == "err.pos.one_large"):
					supply = cmp.Or(supply, asRefusal(err))
				default:
					own = cmp.Or(own, asRefusal(err))
				}
			}
		}
		if !ok {
			f.Why = cmp.Or(own, supply)
		}
		out = append(out, f)
	}
	return out
}

// QuarterOptions lists the quarters of the City of Carcassonne where one more figure of that kind of that colour may
// be in the position now (POS-4: engine.State.CanStandInQuarter, the check Add applies; the abbot only in the
// cathedral quarter, COUNT-8(b); the large follower in any, COMBO-15), in the order of engine.QuarterNames; nil if
// the colour is not at the table, the City is not in play or no such figure is left in supply.
func (d *Draft) QuarterOptions(c Colour, kind engine.FigureKind) []string {
	who := d.game.Player(c)
	if who < 0 {
		return nil
	}
	var out []string
	for q := engine.Quarter(0); q < engine.NumQuarters; q++ {
		if d.game.S.CanStandInQuarter(who, q, kind) == nil {
			out = append(out, q.String())
		}
	}
	return out
}

// StandRefusal tells whether one more figure of that kind of that colour may stand on seg now (POS-3; POS-13: not on
// the dragon's tile; engine.State.CanStand, the checks Add applies): nil, or the *Refusal.
func (d *Draft) StandRefusal(c Colour, kind engine.FigureKind, seg int32) error {
	who := d.game.Player(c)
	if who < 0 {
		return refusal("CFG-1", "err.colour_not_seated", "colour", string(c))
	}
	if ti, _ := d.game.S.SegTile(seg); kind != engine.Barn && d.game.S.OnDragon(ti) {
		// The dragon entered already stands here: no figure with it (POS-3 amended, POS-13, PD-7).
		p := d.game.S.Tiles[ti].Pos
		return refusal("POS-13", "err.pd_pos_dragon_figure", "pos", Pos{p.X, p.Y}.String())
	}
	return asRefusal(d.game.S.CanStand(who, kind, seg))
}

// QuarterRefusal tells whether one more figure of that kind of that colour may go into the quarter of the City
// (POS-4, engine.State.CanStandInQuarter): nil, or the *Refusal.
func (d *Draft) QuarterRefusal(c Colour, kind engine.FigureKind, quarter string) error {
	who := d.game.Player(c)
	q, ok := engine.ParseQuarter(quarter)
	if who < 0 || !ok {
		return refusal("POS-4", "err.pos.no_city")
	}
	return asRefusal(d.game.S.CanStandInQuarter(who, q, kind))
}

// Markers lists the features the King's marker (robber false: the largest completed cities) or the Robber Baron's
// (robber true: the longest completed roads) may lie on now (POS-5, KING-3, ROBBER-3: engine.State.CanHold), one
// per feature; nil without king-robber.
func (d *Draft) Markers(robber bool) []FeatureOption {
	s := d.game.S
	var out []FeatureOption
	for seg := int32(0); seg < int32(s.SegCount()); seg++ {
		if s.Root(seg) != seg || s.CanHold(robber, seg) != nil {
			continue
		}
		ti, l := s.SegTile(seg)
		t := &s.Tiles[ti]
		out = append(out, FeatureOption{Ref: FeatureRef{Pos: Pos{t.Pos.X, t.Pos.Y}, Place: s.PlaceName(ti, l)},
			Seg: seg, Kind: s.SegKind(seg)})
	}
	return out
}

// Record returns the record of the entry so far, as its file holds it: the entry's mark (and, with the start tile
// typed, start=none and its mark), the set-up and the position lines, no action.
func (d *Draft) Record() *Record { return d.record(d.Lines()) }

// record is the entry's record with these lines.
func (d *Draft) record(lines []PositionLine) *Record {
	marks := []string{entryMark}
	if d.typed {
		marks = append(marks, typedMarkOf(d.Setup.start()))
	}
	return &Record{Setup: d.boardSetup(), HeaderComments: marks, Position: lines}
}

// Finish checks the whole position (POS-1..POS-9, as a record's position is checked) and returns the game that
// goes on from it (POS-9), or the *Refusal of the first rule it breaks. With the start tile typed, the game is the
// position in the record's coordinates (see above: its Setup says start=standard, its Position has the lines
// normalised). The draft is unchanged either way.
func (d *Draft) Finish() (*Game, error) {
	g, err := buildGame(d.boardSetup(), d.Lines(), d.cat, wholePosition)
	if r, ok := err.(*Refusal); ok && r.Line == 0 {
		r.Line = 2 // the setup line (start=none with no tile, POS-1)
	}
	if err != nil || !d.typed {
		return g, err
	}
	lines, err := d.normalise()
	if err != nil {
		return nil, err
	}
	return buildGame(d.Setup, lines, d.cat, wholePosition)
}

// Entry is a Draft saved as it is entered: every accepted step is on disk before it counts (see the API above).
type Entry struct {
	Draft *Draft
	Store *Store
	// Recovered is set when opening found a cut-off last line (moved aside, see Store).
	Recovered *Recovery
	// header and trailing are the record's comments before its setup line and after its last line.
	header, trailing []string
	// old: the file is an entry saved with its start piece at 0,0 (start=standard, the record's coordinates, no
	// typedMark), loaded with the start tile as the draft's line 0: the file stays as it is written until a step
	// changes it, which first makes it the entry's (convert).
	old bool
}

// ErrNotEntry is returned by ResumeEntry for a record that has actions: it is a game, resumed with Resume.
var ErrNotEntry = errors.New("referee: the record is a game under way, not a position being entered")

// NewEntry starts the entry of a position for the set-up and its record file at path (which must not exist): the
// entry's record (Draft.Record: marked as an entry, start=none while the start tile is typed).
func NewEntry(setup Setup, cat *engine.Catalogue, path string) (*Entry, error) {
	d, err := NewDraft(setup, cat)
	if err != nil {
		return nil, err
	}
	rec := d.Record()
	st, err := Create(path, rec.Setup, rec.HeaderComments...)
	if err != nil {
		return nil, err
	}
	return &Entry{Draft: d, Store: st, header: rec.HeaderComments}, nil
}

// ResumeEntry opens the record file of an unfinished entry (a set-up and position lines, no action) and loads
// its lines into a Draft in draft mode, read as Resume reads a record: locked, bounded, by the reader of every
// command, and nothing written before the file is known to be an entry. A record with actions gives ErrNotEntry;
// a line that is refused (a file edited by hand) is refused with its line and rule as replay refuses it, the
// lines checked together as a position is (so that replay and resume name the same line): in both cases the file
// is left as it is. The one change opening may make is to move a cut-off last line aside (Entry.Recovered).
func ResumeEntry(path string, cat *engine.Catalogue) (*Entry, error) {
	return ResumeEntryOn(storefs.OS{}, path, cat)
}

// ResumeEntryOn is ResumeEntry with the record on the file system fsys (tests: storefs.Faulty). Opening writes
// nothing (issue 32): an entry saved with its start piece at 0,0 is loaded with its start tile as the draft's first
// line and becomes the entry's file only at the first step that changes it.
func ResumeEntryOn(fsys storefs.FS, path string, cat *engine.Catalogue) (*Entry, error) {
	var rec *Record
	var d *Draft
	var old bool
	st, recov, err := resumeRecord(fsys, path, func(data []byte) (err error) {
		rec, d, old, err = loadEntry(data, cat)
		return err
	})
	if err != nil {
		return nil, err
	}
	return &Entry{Draft: d, Store: st, Recovered: recov, header: rec.HeaderComments, trailing: rec.TrailingComments,
		old: old}, nil
}

// CheckEntry reports what ResumeEntry would say of a record file's bytes, without opening it: nil when it opens
// as an entry under way (a cut-off last line left out), ErrNotEntry for a record with actions, else the refused
// line (*ParseError, *Refusal) that ResumeEntry would refuse the file with. The saved games list an entry by it
// (games and resume agree, issue 31).
func CheckEntry(data []byte, cat *engine.Catalogue) error {
	_, _, _, err := loadEntry(data, cat)
	if _, ok := err.(*CutOff); ok {
		return nil
	}
	return err
}

// loadEntry reads an entry's record from its bytes and loads its lines into a Draft in draft mode (ResumeEntry);
// old reports an entry saved with its start piece at 0,0 (see Entry.old). The error may be a *CutOff (the record
// and draft are then those without the cut-off line).
func loadEntry(data []byte, cat *engine.Catalogue) (rec *Record, d *Draft, old bool, err error) {
	rec, err = parseRecord(bytes.NewReader(data), recordHooks{
		begin: func(rec *Record, atEnd bool, _ int) error {
			if !atEnd {
				return ErrNotEntry
			}
			setup, lines := rec.Setup, rec.Position
			start, typed := typedStartOf(rec.HeaderComments)
			if typed {
				setup.Start = start
			}
			nd, err := NewDraft(setup, cat)
			if err != nil {
				if r, ok := err.(*Refusal); ok && r.Line == 0 {
					r.Line = rec.SetupLine
				}
				return err
			}
			// An entry saved with its start piece at 0,0 (start=standard, the record's coordinates, before the start
			// tile was typed): the start tile is a tile of the entry there.
			old = nd.typed && !typed
			if old {
				lines = append([]PositionLine{{Kind: PosTile, Tile: nd.startType().ID}}, lines...)
			}
			if err := nd.try(lines, true); err != nil { // the lines in any order, as a record's position
				return atFileLine(err, lines)
			}
			d = nd
			return nil
		},
	})
	return rec, d, old, err
}

// atFileLine gives a refusal of the draft's lines (numbered as the canonical record numbers them: numbered) the
// line of the file they were read from.
func atFileLine(err error, lines []PositionLine) error {
	i := lineOf(err) - firstPositionLine
	if i < 0 || i >= len(lines) {
		return err
	}
	switch e := err.(type) {
	case *Refusal:
		e.Line = lines[i].Line
	case *ParseError:
		e.Line = lines[i].Line
		if e.Data != nil {
			e.Data["Line"] = e.Line
		}
	}
	return err
}

// commit checks a new list of lines, saves it and makes it the draft. edit nil: only the last line is new, and it
// is appended; else edit changes the file's lines (a line replaced, removed), every other byte kept as written
// (record_lines.go). The draft's line i is the file's position line i (content line 2+i). An entry still in the
// file's old form (Entry.old) is first made the entry's (convert). trailing are the comments after the last line
// from then on. A refusal or a failed write leaves the draft and the file as they were.
func (e *Entry) commit(lines []PositionLine, edit func(r *rawRecord) error, trailing []string) error {
	lines = numbered(lines)
	g, err := e.Draft.build(lines)
	if err != nil {
		return err
	}
	appendLast := func(r *rawRecord) error {
		r.insert(len(r.lines), lines[len(lines)-1].String())
		return nil
	}
	if edit == nil {
		// The comments after the last line come before the new line in the file.
		lines[len(lines)-1].CommentsBefore, trailing = trailing, nil
	}
	switch {
	case edit == nil && !e.old:
		err = e.Store.AppendPosition(lines[len(lines)-1])
	default:
		if edit == nil {
			edit = appendLast
		}
		err = e.Store.edit(func(r *rawRecord) error {
			if e.old {
				if err := e.convert(r); err != nil {
					return err
				}
			}
			return edit(r)
		})
	}
	if err != nil {
		return err
	}
	if e.old {
		e.header, e.old = e.headerWith([]string{entryMark, typedMark}), false
	}
	e.Draft.lines, e.Draft.game = lines, g
	e.trailing = trailing
	return nil
}

// convert makes an entry saved with its start piece at 0,0 (Entry.old) the entry's file: its marks after the
// header line, start=none on its setup line (its comment kept) and the start tile's line first among the position
// lines; every other line as written.
func (e *Entry) convert(r *rawRecord) error {
	h, su := r.content(0), r.content(1)
	if h < 0 || su < 0 {
		return errors.New("referee: the entry's file has no setup line")
	}
	r.setupStart(su, StartNone)
	r.insert(su+1, e.Draft.lines[0].String())
	r.insert(h+1, "# "+typedMark)
	r.insert(h+1, "# "+entryMark)
	return nil
}

// positionAt returns the index in r of the position line of the draft's line i.
func positionAt(r *rawRecord, i int) (int, error) {
	j := r.content(2 + i)
	if j < 0 {
		return -1, fmt.Errorf("referee: the entry's file has no position line %d", i)
	}
	return j, nil
}

// headerWith returns the entry's marks followed by the comments a player wrote before the setup line (the file's
// header comments without the marks), so a rewrite keeps them (issue 21) and the marks say what the file is now.
func (e *Entry) headerWith(marks []string) []string {
	out := slices.Clone(marks)
	for _, c := range e.header {
		if _, typed := typedStartOf([]string{c}); c != entryMark && !typed {
			out = append(out, c)
		}
	}
	return out
}

// Add is Draft.Add, the line appended to the file and synced before it counts.
func (e *Entry) Add(l PositionLine) error {
	if err := e.Draft.beside(l, len(e.Draft.lines)); err != nil {
		return err
	}
	return e.commit(append(e.Draft.Lines(), l), nil, e.trailing)
}

// Replace is Draft.Replace, the file rewritten atomically with that one line changed; the comments of the line
// replaced stay with it, every other line as written.
func (e *Entry) Replace(i int, l PositionLine) error {
	if i < 0 || i >= len(e.Draft.lines) {
		return fmt.Errorf("referee: no position line %d", i)
	}
	if err := e.Draft.beside(l, i); err != nil {
		return err
	}
	lines := e.Draft.Lines()
	l.CommentsBefore, l.Comment = lines[i].CommentsBefore, lines[i].Comment
	lines[i] = l
	return e.commit(lines, func(r *rawRecord) error {
		j, err := positionAt(r, i)
		if err == nil {
			r.replace(j, withComment(l.String(), l.Comment))
		}
		return err
	}, e.trailing)
}

// Remove is Draft.Remove, the file rewritten atomically without that line; the comments before the line removed
// stay where they were, before the line after it (or at the end), every other line as written.
func (e *Entry) Remove(i int) error {
	if i < 0 || i >= len(e.Draft.lines) {
		return fmt.Errorf("referee: no position line %d", i)
	}
	lines := e.Draft.Lines()
	kept := lines[i].CommentsBefore
	lines = slices.Delete(lines, i, i+1)
	trailing := e.trailing
	if i < len(lines) {
		lines[i].CommentsBefore = append(slices.Clone(kept), lines[i].CommentsBefore...)
	} else {
		trailing = append(slices.Clone(kept), trailing...)
	}
	return e.commit(lines, func(r *rawRecord) error {
		j, err := positionAt(r, i)
		if err == nil {
			r.remove(j)
		}
		return err
	}, trailing)
}

// Set is Draft.Set, saved: appended when it adds, the file rewritten when it replaces.
func (e *Entry) Set(l PositionLine) (int, error) {
	if i := e.Draft.Find(l); i >= 0 {
		return i, e.Replace(i, l)
	}
	return len(e.Draft.lines), e.Add(l)
}

// Play finishes the entry (Draft.Finish) and hands its file over to a Session that goes on from the position:
// ordinary actions, or the table's end ("end", the market round first) for the tally. The decision is saved (issue
// 32): the entry's marks leave the file, so that it opens as a game from then on (IsEntry). With the start tile
// typed, the file's setup line and position lines become those of the finished position (start=standard, its
// coordinates: the copy that becomes the start piece leaves, the others are turned); an entry still in its old
// form (Entry.old: the file has the record's coordinates already) keeps its lines as written. Comment lines stay as
// written. On a refusal, or a write that fails, the entry stays as it was, open.
func (e *Entry) Play() (*Session, error) {
	d := e.Draft
	g, err := d.Finish()
	if err != nil {
		return nil, err
	}
	header := e.headerWith(nil)
	var edit func(r *rawRecord) error
	switch {
	case e.old:
		lines := d.Lines()[1:] // the file's lines, in the record's coordinates already
		for i := range lines {
			lines[i].Line = firstPositionLine + i
		}
		if g, err = buildGame(d.Setup, lines, d.cat, wholePosition); err != nil {
			return nil, err
		}
	case d.typed:
		best, _ := d.startCopy()
		moved, err := d.normalise()
		if err != nil {
			return nil, err
		}
		edit = func(r *rawRecord) error {
			su := r.content(1)
			if su < 0 {
				return errors.New("referee: the entry's file has no setup line")
			}
			// From the last line back, so that the lines before keep their index.
			for i := len(d.lines) - 1; i >= 0; i-- {
				j, err := positionAt(r, i)
				if err != nil {
					return err
				}
				switch {
				case i == best:
					r.remove(j)
				case i < best:
					r.replace(j, withComment(moved[i].String(), moved[i].Comment))
				default:
					r.replace(j, withComment(moved[i-1].String(), moved[i-1].Comment))
				}
			}
			r.setupStart(su, StartStandard)
			return nil
		}
	}
	if e.Store != nil && (edit != nil || slices.Contains(e.header, entryMark) || slices.Contains(e.header, typedMark)) {
		if err := e.Store.edit(func(r *rawRecord) error {
			if edit != nil {
				if err := edit(r); err != nil {
					return err
				}
			}
			r.removeComments(entryMark, typedMark)
			return nil
		}); err != nil {
			return nil, err
		}
	}
	s := &Session{Game: g, Store: e.Store, Recovered: e.Recovered, header: header, trailing: e.trailing}
	e.Store = nil
	return s, nil
}

// Close closes the record file (the entry stays on disk, to be resumed).
func (e *Entry) Close() error {
	if e.Store == nil {
		return nil
	}
	return e.Store.Close()
}

// AppendPosition writes one position line and syncs it to disk (an entry's step, Entry.Add).
func (s *Store) AppendPosition(l PositionLine) error {
	return s.appendRecordLine("position", l.String()) // a failure leaves the record as it was
}

// GoodsSums are the goods of a position being entered, by kind (POS-11): the tokens all players hold and the goods
// symbols of the completed cities on the board; a finished position needs them equal.
type GoodsSums struct {
	Held, Printed engine.Goods
}

// Goods returns the goods sums of the draft as it stands (POS-11), for the entry to show what is still missing.
func (d *Draft) Goods() GoodsSums {
	s := d.game.S
	var out GoodsSums
	for p := 0; p < d.game.Players(); p++ {
		for k := range out.Held {
			out.Held[k] += s.Goods[p][k]
		}
	}
	out.Printed = s.CompletedGoods()
	return out
}
