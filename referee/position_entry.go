package referee

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"time"

	"github.com/karkason/karkason/engine"
)

// Entering a position at the table ("the board as it lies"), for the TUI: a Draft is the position so far, an
// Entry is a Draft saved as it is entered.
//
// # The API for the table's entry
//
// The entry is a list of position lines (PositionLine, record format "Positions") built one step at a time:
//
//	d, _ := NewDraft(setup, cat)        // or, saved: e, _ := NewEntry(setup, cat, path); d := e.Draft
//	d.Fits("b-rs", Pos{1, 0})             // the rotations a b-rs may take there now: [90 270]... as Add checks them
//	d.Add(PositionLine{Kind: PosTile, Tile: "b-rs", Pos: Pos{1, 0}, Rot: 90})      // a tile where the cursor is
//	d.Replace(d.TileAt(Pos{1, 0}), PositionLine{Kind: PosTile, ...})                // a mistyped tile, where it lies
//	d.Remove(d.TileAt(Pos{1, 0}))                                                    // ... or taken away
//	d.FigurePlaces(Red, engine.Follower)   // where a red follower may stand now: []FeatureOption{Ref, Seg, Kind}
//	d.Add(PositionLine{Kind: PosFollower, Colour: Red, Target: opt.Ref})            // or Quarter: "smithy"
//	d.FigurePlaces(Red, engine.Large)      // likewise the large follower (inns-cathedrals; never a garden, IC-4(a))
//	d.Add(PositionLine{Kind: PosLarge, Colour: Red, Target: opt.Ref})               // or Quarter: any (COMBO-15)
//	d.QuarterOptions(Red, engine.Large)    // the quarters of the City the figure may be in now (POS-4)
//	d.Markers(false)                       // the completed cities the King's marker may lie on (true: roads)
//	d.Set(PositionLine{Kind: PosKing, Colour: Red, Target: opt.Ref})                // single-valued lines: Set
//	d.Set(PositionLine{Kind: PosCount, Quarter: "market"}); d.Set(...PosGifts/PosScore N...); d.Set(...PosTurn...)
//	g, err := d.Finish()                   // the whole position (POS-1..POS-9): a Game ready to go on, or the refusal
//
// Every step is checked as it is entered by the same builder that reads a record's position (layPosition): the
// whole list of lines with the new step is laid again, in draft mode, and a step that breaks a rule is refused with
// the rule and message key the record would get (a *Refusal whose Line is the step's line in the saved record: 3 +
// its index), leaving the draft exactly as it was. Draft mode differs from a record's check only in what a
// position under way cannot meet yet: the river laid in full beside land tiles (POS-2) and, with start=none, at
// least one tile (POS-1); Finish checks those too. Check tells whether a step would be accepted without taking it
// (to grey out choices); Game is the board so far, for drawing (read-only: Game().S.Tiles, Game().S.Figures,
// Game().Bag for the tiles left in the box). Removing or replacing a tile is refused like any step when the rest
// would break a rule (a tile left touching nothing, POS-1; a figure left on a feature the new tile completes,
// BASE-12; the King's marker left on a city that is no longer complete, KING-2): take the figure or marker off
// first.
//
// # Saving and resuming an entry
//
// An unfinished entry is an ordinary record file: the header, the setup line and the position lines entered so
// far, and no action (a record with start=none and no position line yet parses too; only the referee's whole
// check refuses it). Entry wraps a Draft with its Store: Add appends the new line and syncs it before it counts
// (Store.AppendPosition); Replace, Remove and a Set that replaces rewrite the file atomically (Store.Rewrite). A
// crash loses nothing that was accepted. ResumeEntry opens such a file and loads its lines into a Draft in draft
// mode (a half-laid river is fine); it returns ErrNotEntry for a record that has actions (resume it with Resume).
// When the entry is done, Entry.Play hands the file over to a Session, the game going on from the position (the
// table's usual end, "end" or the market round first, gives the tally); undo in that Session never goes back past
// the position (Game.Undo rebuilds from it).

// FeatureOption is a place on the board the entry may offer: the feature as a position line names it (x,y:PLACE)
// and the engine segment it names on Draft.Game().S, for the board to highlight.
type FeatureOption struct {
	Ref  FeatureRef
	Seg  int32
	Kind engine.Kind
}

// Draft is a position being entered (see the API above). The zero value is not usable: create it with NewDraft.
type Draft struct {
	Setup Setup
	cat   *engine.Catalogue
	lines []PositionLine
	game  *Game
}

// NewDraft starts an empty position for the set-up: the set-up is checked as for a new game (CFG-*). Errors are
// *Refusal or *ParseError.
func NewDraft(setup Setup, cat *engine.Catalogue) (*Draft, error) {
	d := &Draft{Setup: setup, cat: cat}
	g, err := d.build(nil)
	if err != nil {
		return nil, err
	}
	d.game = g
	return d, nil
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
	return buildGame(d.Setup, lines, d.cat, draftPosition)
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
func (d *Draft) Check(l PositionLine) error { return d.try(append(d.Lines(), l), false) }

// Add appends a line to the position after checking the whole position with it (draft mode).
func (d *Draft) Add(l PositionLine) error { return d.try(append(d.Lines(), l), true) }

// Replace replaces line i (a tile retyped where it lies, a figure moved) after checking the whole position.
func (d *Draft) Replace(i int, l PositionLine) error {
	if i < 0 || i >= len(d.lines) {
		return fmt.Errorf("referee: no position line %d", i)
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

// singleKey returns what makes a line single-valued (count, king, robber, turn; gifts and score per colour), ""
// for the lines of which a position may hold many (tiles, figures).
func singleKey(l PositionLine) string {
	switch l.Kind {
	case PosCount, PosKing, PosRobber, PosTurn:
		return string(l.Kind)
	case PosGifts, PosScore:
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

// Fits returns the rotations (0, 90, 180, 270; a symmetric tile's repeats left out) in which a tile of that type
// may be added at p now, each checked as Add would check it; nil if none, or if the id is unknown.
func (d *Draft) Fits(tile string, p Pos) []int {
	t := d.cat.Tile(tile)
	if t == nil {
		return nil
	}
	var out []int
	for r := 0; r < 4; r++ {
		if t.DistinctRotation(r) && d.Check(PositionLine{Kind: PosTile, Tile: t.ID, Pos: p, Rot: 90 * r}) == nil {
			out = append(out, 90*r)
		}
	}
	return out
}

// TileAt returns the index of the tile line at p, -1 if none (the start piece has no line).
func (d *Draft) TileAt(p Pos) int {
	return slices.IndexFunc(d.lines, func(l PositionLine) bool { return l.Kind == PosTile && l.Pos == p })
}

// FigurePlaces lists every place where one more figure of that kind of that colour may stand (or lie) in the
// position now (POS-3: engine.State.CanStand, the check Add applies), one per segment of each tile in board order;
// nil if the colour is not at the table or has no such figure left in supply.
func (d *Draft) FigurePlaces(c Colour, kind engine.FigureKind) []FeatureOption {
	who := d.game.Player(c)
	if who < 0 {
		return nil
	}
	s := d.game.S
	var out []FeatureOption
	for ti := range s.Tiles {
		t := &s.Tiles[ti]
		for l := range t.Type.Segs {
			seg := t.Seg(l)
			if s.CanStand(who, kind, seg) == nil {
				out = append(out, FeatureOption{Ref: FeatureRef{Pos: Pos{t.Pos.X, t.Pos.Y}, Place: s.PlaceName(ti, l)},
					Seg: seg, Kind: t.Type.Segs[l].Kind})
			}
		}
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

// Record returns the record of the entry so far: the set-up and the position lines, no action.
func (d *Draft) Record() *Record { return &Record{Setup: d.Setup, Position: d.Lines()} }

// Finish checks the whole position (POS-1..POS-9, as a record's position is checked) and returns the game that
// goes on from it (POS-9), or the *Refusal of the first rule it breaks. The draft is unchanged either way.
func (d *Draft) Finish() (*Game, error) {
	g, err := buildGame(d.Setup, d.Lines(), d.cat, wholePosition)
	if r, ok := err.(*Refusal); ok && r.Line == 0 {
		r.Line = 2 // the setup line (start=none with no tile, POS-1)
	}
	return g, err
}

// Entry is a Draft saved as it is entered: every accepted step is on disk before it counts (see the API above).
type Entry struct {
	Draft *Draft
	Store *Store
	// Recovered is set when opening found a torn last line (moved aside, see Store); Refused, when a line of the
	// file was refused on resuming: the file as it was is kept in Refused.SavedTo and the entry holds the lines
	// before it.
	Recovered *Recovery
	Refused   *Recovery
}

// ErrNotEntry is returned by ResumeEntry for a record that has actions: it is a game, resumed with Resume.
var ErrNotEntry = errors.New("referee: the record is a game under way, not a position being entered")

// NewEntry starts the entry of a position for the set-up and its record file at path (which must not exist).
func NewEntry(setup Setup, cat *engine.Catalogue, path string) (*Entry, error) {
	d, err := NewDraft(setup, cat)
	if err != nil {
		return nil, err
	}
	st, err := Create(path, setup)
	if err != nil {
		return nil, err
	}
	return &Entry{Draft: d, Store: st}, nil
}

// ResumeEntry opens the record file of an unfinished entry (a set-up and position lines, no action) and loads
// its lines into a Draft in draft mode. A record with actions gives ErrNotEntry (the file is left as it is). If a
// line is refused (a file edited by hand), the entry holds the lines before it, the file is rewritten to them
// after its old content was copied to a side file (Entry.Refused), and the refusal is returned with the Entry.
func ResumeEntry(path string, cat *engine.Catalogue) (*Entry, error) {
	st, rec, recov, err := Open(path)
	if err != nil {
		if st != nil {
			st.Close()
		}
		return nil, err
	}
	if len(rec.Actions) > 0 {
		st.Close()
		return nil, ErrNotEntry
	}
	d, err := NewDraft(rec.Setup, cat)
	if err != nil {
		st.Close()
		if r, ok := err.(*Refusal); ok && r.Line == 0 {
			r.Line = rec.SetupLine
		}
		return nil, err
	}
	e := &Entry{Draft: d, Store: st, Recovered: recov}
	if d.try(rec.Position, true) == nil { // the lines in any order, as a record's position
		return e, nil
	}
	for _, l := range rec.Position { // else line by line: the lines before the first refused one
		if err := d.Add(l); err != nil {
			if r, ok := err.(*Refusal); ok {
				r.Line = l.Line
			}
			if serr := e.setAside(path); serr != nil {
				return e, serr
			}
			return e, err
		}
	}
	return e, nil
}

// setAside copies the record file to a side file and rewrites it to the draft's lines.
func (e *Entry) setAside(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	side := fmt.Sprintf("%s.refused-%s", path, time.Now().UTC().Format("20060102T150405"))
	if err := os.WriteFile(side, data, 0o644); err != nil {
		return err
	}
	e.Refused = &Recovery{TornBytes: len(data), SavedTo: side}
	return e.Store.Rewrite(e.Draft.Record())
}

// commit checks a new list of lines, saves it (append: only the last line is new; else a rewrite) and makes it
// the draft. A refusal or a failed write leaves the draft and the file as they were.
func (e *Entry) commit(lines []PositionLine, appended bool) error {
	lines = numbered(lines)
	g, err := e.Draft.build(lines)
	if err != nil {
		return err
	}
	if appended {
		err = e.Store.AppendPosition(lines[len(lines)-1])
	} else {
		err = e.Store.Rewrite(&Record{Setup: e.Draft.Setup, Position: lines})
	}
	if err != nil {
		return err
	}
	e.Draft.lines, e.Draft.game = lines, g
	return nil
}

// Add is Draft.Add, the line appended to the file and synced before it counts.
func (e *Entry) Add(l PositionLine) error { return e.commit(append(e.Draft.Lines(), l), true) }

// Replace is Draft.Replace, the file rewritten atomically.
func (e *Entry) Replace(i int, l PositionLine) error {
	if i < 0 || i >= len(e.Draft.lines) {
		return fmt.Errorf("referee: no position line %d", i)
	}
	lines := e.Draft.Lines()
	lines[i] = l
	return e.commit(lines, false)
}

// Remove is Draft.Remove, the file rewritten atomically.
func (e *Entry) Remove(i int) error {
	if i < 0 || i >= len(e.Draft.lines) {
		return fmt.Errorf("referee: no position line %d", i)
	}
	return e.commit(slices.Delete(e.Draft.Lines(), i, i+1), false)
}

// Set is Draft.Set, saved: appended when it adds, the file rewritten when it replaces.
func (e *Entry) Set(l PositionLine) (int, error) {
	if i := e.Draft.Find(l); i >= 0 {
		return i, e.Replace(i, l)
	}
	return len(e.Draft.lines), e.Add(l)
}

// Play finishes the entry (Draft.Finish) and hands its file over to a Session that goes on from the position:
// ordinary actions, or the table's end ("end", the market round first) for the tally. On a refusal the entry stays
// as it was, open.
func (e *Entry) Play() (*Session, error) {
	g, err := e.Draft.Finish()
	if err != nil {
		return nil, err
	}
	s := &Session{Game: g, Store: e.Store, Recovered: e.Recovered}
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
