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

type span struct{ start, end int }

// scanner hands out the words of one line, in order, and finds where its comment starts.
type scanner struct {
	line      string
	lineNo    int
	words     []span
	next      int
	commentAt int // byte offset of the "#" that starts the comment; -1 until one is found
}

func newScanner(line string, lineNo int) *scanner {
	s := &scanner{}
	s.reset(line, lineNo)
	return s
}

// reset makes s the scanner of another line, reusing its memory (a record's lines are scanned by one scanner).
func (s *scanner) reset(line string, lineNo int) {
	*s = scanner{line: line, lineNo: lineNo, words: s.words[:0], commentAt: -1}
	start := -1
	for i := 0; i <= len(line); i++ {
		if i == len(line) || line[i] == ' ' || line[i] == '\t' {
			if start >= 0 {
				s.words = append(s.words, span{start, i})
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
}

// take returns the next word cut at the comment, or false at the end of the line or comment.
func (s *scanner) take(k slot) (string, bool) {
	if s.commentAt >= 0 || s.next >= len(s.words) {
		return "", false
	}
	sp := s.words[s.next]
	w := s.line[sp.start:sp.end]
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
		s.commentAt = sp.start + j
		if j == 0 {
			return "", false
		}
		s.next++
		return w[:j], true
	}
	s.next++
	return w, true
}

// blank reports whether the line has no words outside its comment. It consumes the first word.
// Call it before any take.
func (s *scanner) blank() bool {
	_, ok := s.take(slotWord)
	if ok {
		s.next = 0
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
	next, at := s.next, s.commentAt
	if got, ok := s.take(slotWord); ok && got == w {
		return true
	}
	s.next, s.commentAt = next, at
	return false
}
