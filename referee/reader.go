package referee

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Bounded reading of a record: every read of a record (replay, resume, the table's picker, an export) goes through
// a lineReader, which hands out one line at a time and refuses a record over MaxRecordBytes or a line over
// MaxLineBytes as soon as it gets there, without reading the rest, from a file, a pipe or a device alike
// (/dev/zero, an endless stream). A regular file over the cap is refused before its first byte is read.

// Caps of a record. A real record is a few kilobytes (a 72-tile game with every module is under 20 KB); its
// longest legal line is the setup line, about 200 bytes with five players of 20-letter names and every expansion
// (Setup.Validate refuses a longer one than MaxLineBytes, so karkason never writes a line it would not read back).
const (
	MaxRecordBytes = 4 << 20 // 4 MiB: a record larger than this is refused (KeyTooLarge)
	MaxLineBytes   = 4 << 10 // 4 KiB: a line longer than this, without its "\r\n", is refused (KeyLineTooLong)
	// MaxLines: a record of more lines is refused (KeyTooLarge). A whole game with every module and comments is a
	// few hundred lines; the cap keeps a stream of tiny lines ("#a" over and over) from costing more memory and
	// time than 4 MiB of real lines.
	MaxLines = 16 << 10
	// MaxQuote is the number of characters of the offending text an error quotes; a longer text is cut and ends
	// in "…" (ParseError.Text).
	MaxQuote = 60
)

// Message ids of the caps (ParseError.Key); Data has "Max" (MaxRecordBytes in MiB, or MaxLineBytes in bytes).
// KeyTooLarge is also the error of a record of more than MaxLines lines.
const (
	KeyTooLarge    = "record.too_large"
	KeyLineTooLong = "record.line_too_long"
)

const (
	expSmallRecord = "a record of at most 4 MiB and 16384 lines"
	expShortLine   = "a line of at most 4096 bytes"
)

// lineReader reads a record line by line within the caps. (Its fields fit 64 bytes, one size of allocation.)
type lineReader struct {
	// br reads a streamed record; nil when the whole record was in memory and within MaxRecordBytes (wholeText):
	// ahead holds all of it then.
	br *bufio.Reader
	// ahead holds whole lines, each with its "\n", taken from br's buffer in one string after a line is read (the
	// lines of a small record are cut from one string, not made one by one); the reader's reads are the same.
	ahead string
	n     int   // lines handed out
	read  int64 // bytes consumed
	err   error // a cap's *ParseError, or the reader's error
	done  bool
	// open: the last line handed out is the last of the record and has no line end (a write cut off mid-line, or
	// a file written by hand without a newline at its end; see CutOff).
	open bool
	// valid: ahead is valid UTF-8, so every line cut from it is (checked once for all of them; see validLine).
	valid bool
	// sizeHint is the number of actions a streamed record may hold, from its size (actionsHint, at most
	// maxActionsHint).
	sizeHint uint16
	chunk    uint16 // the most bytes of the string a line was joined into last time (next), at most maxChunk
}

// firstChunk and maxChunk bound the string a streamed record's line is joined into with the whole lines buffered
// after it (lineReader.next): the first, then twice the last, up to maxChunk.
const (
	firstChunk = 64
	maxChunk   = 4 << 10
)

// newLineReader refuses a regular file over MaxRecordBytes at once (if r has a Stat method, as *os.File has).
func newLineReader(r io.Reader) (*lineReader, error) {
	if st, ok := r.(interface{ Stat() (fs.FileInfo, error) }); ok {
		if fi, err := st.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() > MaxRecordBytes {
			return nil, tooLarge(1)
		}
	}
	if text, ok := wholeText(r); ok {
		return &lineReader{ahead: text, valid: utf8.ValidString(text)}, nil
	}
	// A line of MaxLineBytes, "\r" and "\n" fits the buffer; ReadSlice returns ErrBufferFull for a longer one.
	return &lineReader{br: bufio.NewReaderSize(r, MaxLineBytes+2), sizeHint: uint16(actionsHint(r))}, nil
}

// wholeText returns the whole text of a record held in memory (a strings.Reader, a bytes.Reader, the bytes of a
// record file read whole without an error, ReadData) when it is within MaxRecordBytes, read in one copy: its lines
// are then cut from it as they are asked for, and the caps are checked on them as on a streamed record's, with the
// same errors at the same lines. False for any other reader, which is read through a buffer (a file, a pipe).
func wholeText(r io.Reader) (string, bool) {
	var n int
	switch v := r.(type) {
	case *strings.Reader:
		n = v.Len()
	case *bytes.Reader:
		n = v.Len()
	case *dataReader:
		if v.d.err != nil {
			return "", false
		}
		r, n = v.r, v.r.Len()
	default:
		return "", false
	}
	if n > MaxRecordBytes {
		return "", false
	}
	var sb strings.Builder
	sb.Grow(n)
	if _, err := r.(io.WriterTo).WriteTo(&sb); err != nil || sb.Len() != n {
		return "", false // not from a strings.Builder; kept for the buffered path's errors all the same
	}
	return sb.String(), true
}

// actionsLeft is an upper bound of the actions in the lines not handed out yet and the last one handed out, for
// reserving room (Game.reserve): the lines themselves when the whole record is in memory, else an estimate from
// its size (actionsHint); at most maxActionsHint.
func (lr *lineReader) actionsLeft() int {
	if lr.br == nil {
		return min(strings.Count(lr.ahead, "\n")+2, maxActionsHint)
	}
	return int(lr.sizeHint)
}

// validLine reports whether the line last handed out is valid UTF-8.
func (lr *lineReader) validLine(line string) bool { return lr.valid || utf8.ValidString(line) }

func tooLarge(line int) *ParseError {
	return newError(line, KeyTooLarge, "", expSmallRecord, "Max", MaxRecordBytes>>20)
}

// next returns the next line without its "\n". A record is its lines, each ending in "\n" but perhaps the last
// (lr.open then says so): nothing after the last "\n" is no line, so a file of exactly MaxLines lines is within the
// cap. It returns false at the end, or on an error (lr.err) after which it reads nothing more.
func (lr *lineReader) next() (string, bool) {
	if lr.done {
		return "", false
	}
	if i := strings.IndexByte(lr.ahead, '\n'); i >= 0 {
		b := lr.ahead[:i+1]
		lr.ahead = lr.ahead[i+1:]
		return lr.take(b, nil)
	}
	if lr.br == nil { // the end of a record in memory: its last line has no line end, or there is none
		b := lr.ahead
		lr.ahead = ""
		if b == "" {
			lr.done = true
			return "", false
		}
		return lr.take(b, io.EOF)
	}
	b, err := lr.br.ReadSlice('\n')
	if len(b) == 0 && errors.Is(err, io.EOF) {
		lr.done = true
		return "", false
	}
	if err != nil {
		if !errors.Is(err, io.EOF) { // the line is refused (ErrBufferFull: too long) or lost: only its quote is made
			q := b[:min(len(b), 4*MaxQuote)] // (lineTooLong)
			lr.read += int64(len(b) - len(q))
			b = q
		}
		return lr.take(string(b), err)
	}
	// The whole lines buffered after this one join it in one string (no read: Peek of what is buffered), of at
	// most lr.chunk bytes, which doubles each time up to 4 KB, a size the allocator has (a record refused at its
	// third line has not copied 4 KB of lines).
	lr.chunk = uint16(min(max(2*int(lr.chunk), firstChunk), maxChunk))
	rest, _ := lr.br.Peek(min(lr.br.Buffered(), max(int(lr.chunk)-len(b), 0)))
	k := bytes.LastIndexByte(rest, '\n') + 1
	if k == 0 {
		return lr.take(string(b), nil)
	}
	var sb strings.Builder
	sb.Grow(len(b) + k)
	sb.Write(b)
	sb.Write(rest[:k])
	_, _ = lr.br.Discard(k)
	all := sb.String()
	lr.ahead = all[len(b):]
	return lr.take(all[:len(b)], nil)
}

// take counts the line b (with its "\n", or what the read err left) against the caps and returns it without its
// "\n".
func (lr *lineReader) take(b string, err error) (string, bool) {
	lr.read += int64(len(b))
	lr.n++
	if lr.read > MaxRecordBytes || lr.n > MaxLines {
		lr.done, lr.err = true, tooLarge(lr.n)
		return "", false
	}
	switch {
	case err == nil:
		b = b[:len(b)-1]
	case errors.Is(err, bufio.ErrBufferFull):
		lr.done, lr.err = true, lineTooLong(lr.n, b)
		return "", false
	case errors.Is(err, io.EOF):
		lr.done, lr.open = true, true
	default:
		lr.done, lr.err = true, err
		return "", false
	}
	line := b
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	if len(line) > MaxLineBytes {
		lr.done, lr.err = true, lineTooLong(lr.n, b)
		return "", false
	}
	return b, true
}

// endLine is the line number an error at the end of the record names (a missing header or setup line): the line
// after the last, or the last itself when it has no line end.
func (lr *lineReader) endLine() int {
	if lr.open {
		return lr.n
	}
	return lr.n + 1
}

func lineTooLong(line int, b string) *ParseError {
	return newError(line, KeyLineTooLong, b[:min(len(b), 4*MaxQuote)], expShortLine, "Max", MaxLineBytes)
}

// Quote cuts a text from outside (a record's offending text, a value of the settings) to MaxQuote characters
// followed by "…", for a message; a shorter text is returned as it is. A character is a rune, and a byte of invalid
// UTF-8 counts as one and is kept as it is, never replaced: the cut text is shown through Printable (or %q), which
// writes such a byte as "\xff" whether it stands in the first MaxQuote characters of a long text or in a short one,
// so that no message carries invalid UTF-8 to the terminal and the player sees the byte the file holds.
func Quote(s string) string {
	n := 0
	for i := 0; i < len(s); n++ {
		if n == MaxQuote {
			return s[:i] + "…"
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return s
}

// Printable returns a string from outside (the offending text of an error, ParseError.Text; a file name; a value
// of the settings) fit to show on a terminal: control characters, format characters (the right-to-left override
// U+202E and the other bidirectional controls, zero-width characters), line and paragraph separators and bytes of
// invalid UTF-8 written as Go escapes ("\x00", "\x1b", "\r", "\u202e", "\xff"), so that nothing from a file or a
// file name can blank, drive or reorder the terminal; a tab is a space. Renderers of ParseError apply it to Text;
// FileMessages to the paths it names.
func Printable(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			fmt.Fprintf(&b, "\\x%02x", s[i])
		case r == '\t':
			b.WriteByte(' ')
		case unicode.IsControl(r) || unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp):
			b.WriteString(strings.Trim(strconv.QuoteRune(r), "'"))
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// commentOnly reports whether a line is blank or holds only a comment, and returns the comment trimmed, as the
// scanner would: a fast path for the lines that need no parsing (an endless stream of comments is refused at
// MaxRecordBytes quickly).
func commentOnly(line string) (string, bool) {
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	t := line[i:]
	switch {
	case t == "":
		return "", true
	case t[0] == '#':
		return strings.TrimSpace(t[1:]), true
	}
	return "", false
}

// CutOff is the last line of a record file when it has no line end: what a write cut off mid-line leaves (a crash,
// a kill, a power cut while karkason wrote it; karkason writes every line whole, with its "\n", and syncs it
// before it counts). Such a line is never taken as an action, even when what is left of it parses
// ("position red score 4" of "position red score 41", "red city smithy" of "red city smithy large"): every reading
// of a record file leaves it out in the same way, so that every command sees the same lines (ReadFile for replay,
// export and the saved games; Resume and ResumeEntry, which move it aside to a side file, Recovery): the record
// is the lines before it. Whole says the line parses: a record written by hand whose last line merely lacks its
// line end, which the players may accept (replay --accept-last-line, ReadOptions; the table's accept key,
// AcceptCutOff). A cut-off line is only ever one after the header and the setup line (before them there is no
// record to keep), and only text a karkason line could begin with (tornText): NUL, control bytes or bytes that are
// not UTF-8 are no cut-off write but a file that is not a record (KeyNotText), refused as it is. A last line that
// is blank or only a comment is read as such: it changes no game.
type CutOff struct {
	Line  int   // the line's number
	Err   error // why it was refused: *ParseError or *Refusal; nil when Whole
	Whole bool  // the line parses: only its line end is missing
}

// tornText reports whether a last line without its line end can be the beginning of a line karkason wrote: UTF-8
// text (but for a character cut in the middle at its end) without NUL or other control characters (a tab and the
// "\r" of a "\r\n" aside).
func tornText(line string) bool {
	for i := len(line) - 1; i >= 0 && i >= len(line)-utf8.UTFMax; i-- {
		if utf8.RuneStart(line[i]) {
			if !utf8.FullRuneInString(line[i:]) {
				line = line[:i] // a character cut in the middle by the write
			}
			break
		}
	}
	if !utf8.ValidString(line) {
		return false
	}
	for _, r := range line {
		if (r < 0x20 && r != '\t' && r != '\r') || r == 0x7f {
			return false
		}
	}
	return true
}

// Error is the English text, for the log.
func (c *CutOff) Error() string {
	if c.Whole {
		return fmt.Sprintf("line %d has no line end (a write cut off, left out; accept it if it was written by hand)", c.Line)
	}
	return fmt.Sprintf("line %d has no line end and is refused (a write cut off, left out): %v", c.Line, c.Err)
}

// Unwrap returns Err.
func (c *CutOff) Unwrap() error { return c.Err }

// uncut returns the refusal of a cut-off line as it is (the strict readers of a stream, ParseRecord and Replay,
// refuse such a line like any other), and any other error unchanged.
func uncut(err error) error {
	if c, ok := err.(*CutOff); ok {
		return c.Err
	}
	return err
}

// lineOf is the line a refusal names (*ParseError, *Refusal), 0 if none.
func lineOf(err error) int {
	var pe *ParseError
	var r *Refusal
	switch {
	case errors.As(err, &pe):
		return pe.Line
	case errors.As(err, &r):
		return r.Line
	}
	return 0
}
