// The syntax layer of the game record, format 1 (shared/spec/record-format.md, "the spec" below):
// types for the setup line and the actions, a strict parser and a canonical writer.
//
// The layer is split along the format's seams: record.go (the Record, its reader and writer), record_words.go (the
// vocabulary: colours, expansions, starts, quarters, gifts, places), record_setup.go (the setup line),
// record_action.go (the action lines), position_record.go (the position lines), record_scan.go (the scanner of one
// line) and record_errors.go (ParseError and its keys).
//
// This layer knows the shape of every line and nothing about the game: whether an action is legal,
// whose turn it is, whether a tile id exists in the catalog or a colour is seated at the table is
// for the rules engine and the state machine, which consume these types.
//
// Choices made where the spec leaves room (the spec allows an implementation to accept more, as
// long as it documents it; the extensions are marked EXTENSION):
//
//   - Comments. "#" starts a comment wherever it appears, even inside a word ("red pass# note"),
//     except where the grammar expects a place and the "#" is the first character of a feature
//     name "#name" (a "#" followed by a name character [A-Za-z0-9_-]): that is the whole word of
//     "deploy follower|abbot PLACE" and of change-position's NEW-PLACE, and the part after the
//     ":" of a feature "x,y:PLACE". So "red deploy follower #f3" places on #f3, while
//     "red place b-rs 1,0 90 #f3" carries the comment "f3", and "red deploy follower # f3" lacks
//     its place. A player name therefore cannot contain "#".
//   - Comments are kept for round trips (Action.Comment, Action.CommentsBefore,
//     Record.HeaderComments, Record.TrailingComments), trimmed of surrounding white space;
//     empty comments are dropped like blank lines.
//   - Setup keys may come in any order, each at most once. players= is required; expansions= may
//     be left out and then means none; start= and followers= may be left out and are then
//     reported as "" and 0, for the state machine to apply the defaults.
//   - Player names: non-empty, valid UTF-8, printable characters only (Unicode "print", so no
//     control or format characters and no white space of any kind), and no ",", ":" or "#"
//     (they separate pairs, name and colour, and start a comment). Names need not be distinct:
//     players are identified by colour.
//   - Tile ids are [A-Za-z0-9-]+, matched case-insensitively and kept in lower case
//     (shared/rules/tiles.md 1.3 "Parse case-insensitively"); whether the id exists is not checked
//     here. Feature names after "#" are kept as written.
//   - Coordinates are decimal integers with an optional "+" or "-" and leading zeros allowed,
//     within the int32 range; rotations are exactly "0", "90", "180" or "270".
//   - gift synod takes x,y:monastery or x,y:shrine as the spec says, and also x,y:garden and
//     x,y:#name (the spec accepts #name "for any feature"), so that the engine can refuse a
//     garden with its rule ID (GIFT-6(c)) rather than with a syntax error. Edges and half-edges
//     are refused here.
//   - EXTENSION: a UTF-8 byte order mark at the very start of a record is ignored, and so is one
//     "\r" before each "\n" (records pasted from Windows editors).
//   - Nothing may follow "end" but blank and comment lines; a second "end" is such a line.

package referee

import (
	"bytes"
	"errors"
	"io"
	"slices"
	"strings"
	"unicode/utf8"
)

// FormatVersion is the record format version this package reads and writes.
const FormatVersion = 1

// Header is the first non-comment line of every record (spec, "Lines").
const Header = "karkason-record 1"

// Record is a whole game record: the setup and the actions in order (spec "The game record").
// The header is implied (format 1).
type Record struct {
	Setup   Setup
	Actions []Action
	// HeaderComments are the comments before the setup line, including those on the header and
	// setup lines themselves, in order, trimmed and without "#".
	HeaderComments []string
	// TrailingComments are the comment-only lines after the last action.
	TrailingComments []string
	// Position holds the position lines between the setup line and the first action (record format "Positions",
	// position_record.go), in the order written; empty for a game played from its start.
	Position []PositionLine
	// SetupLine is the 1-based line of the setup line in the source (for a set-up the rules refuse, CFG-*); 0 if
	// built in code.
	SetupLine int
}

// Validate checks a Record built in code: a valid setup, valid actions, "end" only as the last
// action, and comments without line breaks.
func (r *Record) Validate() error {
	if err := r.Setup.Validate(); err != nil {
		return err
	}
	if err := validatePositions(r.Position); err != nil {
		return err
	}
	for i, a := range r.Actions {
		if err := a.Validate(); err != nil {
			return err
		}
		if a.Verb == VerbEnd && i != len(r.Actions)-1 {
			next := r.Actions[i+1]
			return newError(next.Line, KeyAfterEnd, next.String(), expNothingAfterEnd)
		}
	}
	for _, c := range append(slices.Clone(r.HeaderComments), r.TrailingComments...) {
		if !validComment(c) {
			return newError(0, KeyBadComment, c, expComment)
		}
	}
	return nil
}

// WriteRecord writes rec in canonical form: the header, the header comments, the setup line,
// then one action per line (its CommentsBefore first, its Comment after two spaces and "# "),
// then the trailing comments; every line ends in "\n" and empty comments are left out. It
// writes nothing and returns the *ParseError of Record.Validate if rec does not validate.
// Parsing the output gives rec back, apart from Action.Line and empty comments.
func WriteRecord(w io.Writer, rec *Record) error {
	if rec == nil {
		return errors.New("referee: WriteRecord of a nil record")
	}
	if err := rec.Validate(); err != nil {
		return err
	}
	var b bytes.Buffer
	comments := func(cs []string) {
		for _, c := range cs {
			if c = strings.TrimSpace(c); c != "" {
				b.WriteString("# " + c + "\n")
			}
		}
	}
	b.WriteString(Header + "\n")
	comments(rec.HeaderComments)
	b.WriteString(rec.Setup.String() + "\n")
	writePositions(&b, rec.Position)
	for _, a := range rec.Actions {
		comments(a.CommentsBefore())
		b.WriteString(actionLine(a))
		b.WriteByte('\n')
	}
	comments(rec.TrailingComments)
	_, err := w.Write(b.Bytes())
	return err
}

// ParseRecord reads a whole record strictly (spec "Lines"): blank and comment lines anywhere,
// then the header "karkason-record 1", the setup line, and one action per line; "end" at most
// once and followed only by blank and comment lines. It returns the first error as a
// *ParseError naming the line, the offending text and what was expected; read errors of r are
// returned as they are. The reading is bounded: a record over MaxRecordBytes or MaxLines
// (KeyTooLarge) or a line over MaxLineBytes (KeyLineTooLong) is refused where the cap is
// passed, without reading the rest (see reader.go). A last line without its line end is read
// like any other (a record file is read with ReadFile, which sets such a line aside when it is
// refused: CutOff).
func ParseRecord(r io.Reader) (*Record, error) {
	rec, err := parseRecord(r, recordHooks{acceptOpen: true})
	if err != nil {
		return nil, uncut(err)
	}
	return rec, nil
}

// recordHooks are called as the record is read, so that a game is played along line by line (Replay, Resume): a
// hook's error stops the reading and is returned. begin is called once the record's beginning is read (the header,
// the setup line and the position lines, if any), with the record so far: at its first action line, or at its end
// when it has none; with game, each action is then applied to that game before the next line is read, and the
// actions it accepts are not kept in the record as well (Record.Actions stays empty: the game played along holds
// them; playAlong gives the record the game's). atEnd tells begin which: the record has no action (a set-up alone,
// or a position), or its first action is next; actions is how many actions the record may still hold, for
// reserving room (lineReader.actionsLeft).
type recordHooks struct {
	begin func(rec *Record, atEnd bool, actions int) error
	// game, if set, returns the game begin set up: each action is applied to it (Game.applyAction) and kept in its
	// record, parsed straight into the room after the record's last action when there is some (Game.nextAction).
	game func() *Game
	// acceptOpen reads a last line without its line end like any other line: a record given as a stream
	// (ParseRecord, Replay) or a record file whose last line the players accept (ReadOptions.AcceptLastLine,
	// AcceptCutOff). Without it, such a line is a write cut off (CutOff), whether it parses or not.
	acceptOpen bool
}

// parseRecord is ParseRecord with hooks; the record is read through a lineReader (the caps of reader.go). The
// record read so far is returned with an error: the lines before the refused one.
//
// The last line of the record, when it has no line end and is refused (it does not parse, the action hook refuses
// it, or, for a record that ends in its position, the position is refused at that line), is a *CutOff once the
// header and the setup line are read: the record returned is the one without it, begun (hooks.begin) and played
// to the line before (see CutOff). Before the setup line is read there is no record to keep, and the error is the
// line's own.
func parseRecord(r io.Reader, hooks recordHooks) (*Record, error) {
	lr, err := newLineReader(r)
	if err != nil {
		return &Record{}, err
	}
	const (
		wantHeader = iota
		wantSetup
		inActions
		afterEnd
	)
	state := wantHeader
	rec := &Record{}
	begun := false
	begin := func(atEnd bool) error { // the hook, once
		if begun || hooks.begin == nil {
			return nil
		}
		begun = true
		return hooks.begin(rec, atEnd, lr.actionsLeft())
	}
	var pending []string // comment-only lines waiting for the next action
	var sc scanner       // one scanner for every line
	var local Action     // one action for every line (parseAction), where the game gives no room (nextAction)
	actions := 0         // actions accepted (with an action hook, not kept in rec.Actions)
	// refused ends the reading at line n with err: a CutOff when n is the last line, without its line end, of a
	// record whose header and setup are read (the record is then begun without it), else err itself. A nil err is
	// a last line that parses but has no line end (CutOff.Whole), left out unless hooks.acceptOpen.
	refused := func(n int, err error) (*Record, error) {
		if !lr.open || state < inActions || hooks.acceptOpen {
			return rec, err
		}
		rec.TrailingComments = pending
		if berr := begin(actions == 0); berr != nil {
			return rec, &AfterCutOff{Cut: &CutOff{Line: n, Err: err, Whole: err == nil}, Err: berr}
		}
		return rec, &CutOff{Line: n, Err: err, Whole: err == nil}
	}
	for {
		line, more := lr.next()
		if !more {
			if lr.err != nil {
				return rec, lr.err
			}
			break
		}
		n := lr.n
		if n == 1 {
			line = strings.TrimPrefix(line, "\uFEFF")
		}
		line = strings.TrimSuffix(line, "\r")
		if !lr.validLine(line) {
			if lr.open && !tornText(line) { // cannot be a line karkason began to write: no record there
				return rec, newError(n, KeyNotText, line, expUTF8)
			}
			return refused(n, newError(n, KeyBadUTF8, line, expUTF8))
		}
		if lr.open && !tornText(line) { // NUL or control bytes: not a line karkason began to write
			return rec, newError(n, KeyNotText, line, expUTF8)
		}
		if c, ok := commentOnly(line); ok { // (what the scanner finds on such a line, without splitting it)
			if state == wantHeader || state == wantSetup {
				rec.HeaderComments = appendComment(rec.HeaderComments, c)
			} else {
				pending = appendComment(pending, c)
			}
			continue
		}
		sc.reset(line, n)
		switch state {
		case wantHeader, wantSetup:
			if sc.blank() {
				rec.HeaderComments = appendComment(rec.HeaderComments, sc.comment())
				continue
			}
			if state == wantHeader {
				if err := parseHeader(&sc); err != nil {
					return rec, err
				}
				state = wantSetup
			} else {
				s, err := parseSetup(&sc)
				if err != nil {
					return rec, err
				}
				rec.Setup, rec.SetupLine = s, n
				state = inActions
			}
			rec.HeaderComments = appendComment(rec.HeaderComments, sc.comment())
		case inActions:
			first, ok := sc.take(slotWord)
			if first == positionWord { // position_record.go
				sc.pos, sc.commentAt = 0, -1
				p, err := parsePosition(&sc, actions > 0)
				if err != nil {
					return refused(n, err)
				}
				if lr.open && !hooks.acceptOpen {
					return refused(n, nil) // a whole line, but without its line end: cut off all the same
				}
				p.CommentsBefore, pending = pending, nil
				rec.Position = append(rec.Position, p)
				continue
			}
			a := &local
			if begun && hooks.game != nil {
				if sl := hooks.game().nextAction(); sl != nil {
					a = sl
				}
			}
			blank, err := parseActionAfter(&sc, a, first, ok)
			if err != nil {
				return refused(n, err)
			}
			if blank {
				pending = appendComment(pending, a.Comment())
				continue
			}
			if lr.open && !hooks.acceptOpen {
				// A whole line, but without its line end: cut off all the same; whole only if the referee would take
				// it (tried on a copy of the game), so that accepting it is offered only where it can be done.
				var why error
				if begun && hooks.game != nil && hooks.game() != nil {
					why = hooks.game().Clone().Apply(*a)
				}
				return refused(n, why)
			}
			if pending != nil {
				a.SetCommentsBefore(pending)
			}
			if err := begin(false); err != nil {
				return rec, err
			}
			if hooks.game != nil { // the game keeps the action (its record): not kept twice
				if err := hooks.game().applyAction(a); err != nil {
					return refused(n, err)
				}
			} else {
				rec.Actions = append(rec.Actions, *a)
			}
			actions++
			pending = nil
			if a.Verb == VerbEnd {
				state = afterEnd
			}
		case afterEnd:
			if !sc.blank() {
				return refused(n, newError(n, KeyAfterEnd, sc.restContent(""), expNothingAfterEnd))
			}
			pending = appendComment(pending, sc.comment())
		}
	}
	switch state {
	case wantHeader:
		return rec, newError(lr.endLine(), KeyMissingHeader, "", expHeader)
	case wantSetup:
		return rec, newError(lr.endLine(), KeyMissingSetup, "", expSetup)
	}
	rec.TrailingComments = pending
	err = begin(true) // a record of no action: a set-up, or a position to tally
	if last := len(rec.Position) - 1; err != nil && lr.open && !hooks.acceptOpen && actions == 0 && last >= 0 &&
		rec.Position[last].Line == lr.n && lineOf(err) == lr.n {
		// The last line, without its line end, is a position line the position is refused at: begun again
		// without it.
		rec.TrailingComments = rec.Position[last].CommentsBefore
		rec.Position = rec.Position[:last]
		begun = false
		if berr := begin(true); berr != nil {
			return rec, &AfterCutOff{Cut: &CutOff{Line: lr.n, Err: err}, Err: berr}
		}
		return rec, &CutOff{Line: lr.n, Err: err}
	}
	return rec, err
}

// actionLine is an action's line as WriteRecord writes it: the action, and its comment after two spaces and "# ".
func actionLine(a Action) string {
	if c := strings.TrimSpace(a.Comment()); c != "" {
		return a.String() + "  # " + c
	}
	return a.String()
}

func appendComment(cs []string, c string) []string {
	if c == "" {
		return cs
	}
	return append(cs, c)
}

// ParseSetup parses one setup line (spec "Setup"), a trailing comment allowed; lineNo is used in
// errors only. Errors are *ParseError.
func ParseSetup(line string, lineNo int) (Setup, error) {
	if !utf8.ValidString(line) {
		return Setup{}, newError(lineNo, KeyBadUTF8, line, expUTF8)
	}
	sc := newScanner(line, lineNo)
	if sc.blank() {
		return Setup{}, newError(lineNo, KeyMissingSetup, "", expSetup)
	}
	return parseSetup(sc)
}

// ParseAction parses one action line (spec "Actions"); lineNo goes into Action.Line and into
// errors. For a blank or comment-only line it returns blank = true and an Action holding only
// Line and Comment. Errors are *ParseError naming the offending word, or the whole line when an
// argument is missing.
func ParseAction(line string, lineNo int) (a Action, blank bool, err error) {
	if !utf8.ValidString(line) {
		return Action{}, false, newError(lineNo, KeyBadUTF8, line, expUTF8)
	}
	if blank, err = parseAction(newScanner(line, lineNo), &a); err != nil {
		return Action{}, false, err
	}
	return a, blank, nil
}

// ParsePos parses a position "x,y" (two decimal integers, optional sign, no spaces). Errors are
// *ParseError with Line 0.
func ParsePos(s string) (Pos, error) {
	p, ok := parsePos(s)
	if !ok {
		return Pos{}, newError(0, KeyBadPosition, s, expPosition, "Range", outOfRange(s))
	}
	return p, nil
}

// ParseFeatureRef parses a feature "x,y:PLACE", e.g. "2,-1:N". Errors are *ParseError with
// Line 0.
func ParseFeatureRef(s string) (FeatureRef, error) {
	return parseFeature(s, 0, false)
}
