// The scanner of one record line: words, comments and where a "#" starts a feature name.

package referee

import "strings"

// --- scanning -----------------------------------------------------------------------------

// slot is what the grammar expects of the next word; it decides whether a "#" starts a comment.
type slot int

const (
	slotWord    slot = iota // any word: a "#" anywhere starts a comment
	slotPlace               // a place: "#name" at the start of the word is a feature name
	slotFeature             // x,y:PLACE: "#name" right after the first ":" is a feature name
)

// scanner hands out the words of one line, in order, and finds where its comment starts. It cuts a word when it is
// asked for it (take), from where the last one ended: a line is read once, and not past the words its grammar
// needs.
type scanner struct {
	line      string
	lineNo    int
	pos       int // byte offset where the next word is looked for
	commentAt int // byte offset of the "#" that starts the comment; -1 until one is found
}

func newScanner(line string, lineNo int) *scanner {
	s := &scanner{}
	s.reset(line, lineNo)
	return s
}

// reset makes s the scanner of another line (a record's lines are scanned by one scanner).
func (s *scanner) reset(line string, lineNo int) {
	*s = scanner{line: line, lineNo: lineNo, commentAt: -1}
}

// The classes of a line's bytes for the scanner: a space or tab separates words, a "#" may start a comment.
const (
	classWord = iota
	classBlank
	classHash
)

var byteClass = [256]uint8{' ': classBlank, '\t': classBlank, '#': classHash}

// take returns the next word cut at the comment, or false at the end of the line or comment. Words are separated
// by spaces and tabs.
func (s *scanner) take(k slot) (string, bool) {
	if s.commentAt >= 0 {
		return "", false
	}
	line, i := s.line, s.pos
	for i < len(line) && byteClass[line[i]] == classBlank {
		i++
	}
	if i == len(line) {
		return "", false
	}
	start, hash := i, false
	for ; i < len(line); i++ {
		c := byteClass[line[i]]
		if c == classBlank {
			break
		}
		hash = hash || c == classHash
	}
	w := line[start:i]
	if !hash {
		s.pos = i
		return w, true
	}
	allowed := -1 // index where a "#name" is a place rather than a comment
	switch k {
	case slotPlace:
		allowed = 0
	case slotFeature:
		if i := strings.IndexByte(w, ':'); i >= 0 {
			allowed = i + 1
		}
	}
	for j := 0; j < len(w); j++ {
		if w[j] != '#' || j == allowed && j+1 < len(w) && isNameChar(w[j+1]) {
			continue
		}
		s.commentAt = start + j
		if j == 0 {
			return "", false
		}
		s.pos = start + j
		return w[:j], true
	}
	s.pos = i
	return w, true
}

// blank reports whether the line has no words outside its comment. It consumes the first word.
// Call it before any take.
func (s *scanner) blank() bool {
	_, ok := s.take(slotWord)
	if ok {
		s.pos = 0
		s.commentAt = -1
	}
	return !ok
}

// comment returns the trimmed text of the comment found so far, or "".
func (s *scanner) comment() string {
	if s.commentAt < 0 {
		return ""
	}
	return strings.TrimSpace(s.line[s.commentAt+1:])
}

// content returns the line without its comment, trimmed: the offending text of a missing word.
func (s *scanner) content() string {
	c := s.line
	if s.commentAt >= 0 {
		c = c[:s.commentAt]
	}
	return strings.Trim(c, " \t")
}

func (s *scanner) errorf(key, text, expected string, extra ...any) *ParseError {
	return newError(s.lineNo, key, text, expected, extra...)
}

// need returns the next word, or an error naming the whole line when it is missing.
func (s *scanner) need(k slot, key, expected string) (string, error) {
	if w, ok := s.take(k); ok {
		return w, nil
	}
	return "", s.errorf(key, s.content(), expected, "Missing", true)
}

// finish checks that nothing but a comment is left on the line.
func (s *scanner) finish() error {
	if w, ok := s.take(slotWord); ok {
		return s.errorf(KeyExtraText, w, expEndOfLine)
	}
	return nil
}

// optWord reads the next word if it is w, and leaves the line as it was otherwise.
func (s *scanner) optWord(w string) bool {
	pos, at := s.pos, s.commentAt
	if got, ok := s.take(slotWord); ok && got == w {
		return true
	}
	s.pos, s.commentAt = pos, at
	return false
}
