package referee

import (
	"bytes"
	"io"
	"strings"
)

// Edits of a record file that keep every byte they are not about (issue 32): an undo takes the last action's line
// out, a step of an entry replaces, removes or inserts one line, going on from an entry takes its marks out. Comment
// lines, blank lines, spacing, a "#x" written without a space, a bare "#", line ends ("\r\n" too) and the comments
// after the lines left alone stay exactly as written: the file is edited as lines of bytes (rawRecord), never
// written again from a parsed Record (WriteRecord's canonical form would rewrite every comment).
//
// A line is a "content" line when it has a word outside its comment (the header, the setup line, a position line,
// an action), as the reader sees it (scanner.blank); the others are comment and blank lines.

// rawRecord is a record file's bytes as lines, each with its line end as written (the last may have none).
type rawRecord struct {
	lines []string
}

// splitRecord cuts data into lines, each keeping its line end.
func splitRecord(data []byte) *rawRecord {
	r := &rawRecord{}
	s := string(data)
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			r.lines = append(r.lines, s)
			break
		}
		r.lines = append(r.lines, s[:i+1])
		s = s[i+1:]
	}
	return r
}

// bytes joins the lines again.
func (r *rawRecord) bytes() []byte {
	var b bytes.Buffer
	for _, l := range r.lines {
		b.WriteString(l)
	}
	return b.Bytes()
}

// lineEnd is the line end of line i as written ("\n", "\r\n"), or "\n" for a last line written without one.
func (r *rawRecord) lineEnd(i int) string {
	l := r.lines[i]
	switch {
	case strings.HasSuffix(l, "\r\n"):
		return "\r\n"
	default:
		return "\n"
	}
}

// isContentLine reports whether a line (with or without its line end) has a word outside its comment.
func isContentLine(line string) bool {
	line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
	return !newScanner(line, 0).blank()
}

// content returns the index (in lines) of the k-th content line (0: the header, 1: the setup line, 2...: the
// position lines, then the actions), -1 if there are fewer.
func (r *rawRecord) content(k int) int {
	for i, l := range r.lines {
		if isContentLine(l) {
			if k == 0 {
				return i
			}
			k--
		}
	}
	return -1
}

// lastContent returns the index of the last content line, -1 if there is none.
func (r *rawRecord) lastContent() int {
	for i := len(r.lines) - 1; i >= 0; i-- {
		if isContentLine(r.lines[i]) {
			return i
		}
	}
	return -1
}

// ended makes sure line i has a line end (a last line written without one gets "\n" before another line follows).
func (r *rawRecord) ended(i int) {
	if i >= 0 && i < len(r.lines) && !strings.HasSuffix(r.lines[i], "\n") {
		r.lines[i] += "\n"
	}
}

// replace puts text (one line, without its line end) in the place of line i, with line i's line end.
func (r *rawRecord) replace(i int, text string) {
	r.lines[i] = text + r.lineEnd(i)
}

// remove takes line i out.
func (r *rawRecord) remove(i int) {
	r.lines = append(r.lines[:i], r.lines[i+1:]...)
}

// insert puts text (one line, without its line end) before line i (i == len(lines): at the end), with the line end
// of the line before it (or "\n").
func (r *rawRecord) insert(i int, text string) {
	end := "\n"
	if i > 0 {
		r.ended(i - 1)
		end = r.lineEnd(i - 1)
	}
	r.lines = append(r.lines[:i], append([]string{text + end}, r.lines[i:]...)...)
}

// removeComments takes out the comment lines whose comment text (after "#", trimmed) is one of texts.
func (r *rawRecord) removeComments(texts ...string) {
	out := r.lines[:0]
	for _, l := range r.lines {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "#") {
			c := strings.TrimSpace(t[1:])
			drop := false
			for _, x := range texts {
				drop = drop || c == x
			}
			if drop {
				continue
			}
		}
		out = append(out, l)
	}
	r.lines = out
}

// setupStart sets the start= word of the setup line at index i of r (setStart), its line end kept.
func (r *rawRecord) setupStart(i int, start string) {
	end := r.lineEnd(i)
	r.replace(i, setStart(strings.TrimSuffix(r.lines[i], end), start))
	if !strings.HasSuffix(r.lines[i], end) {
		r.lines[i] += end
	}
}

// setStart returns a setup line (without its line end) with its start= word set to start (added after the last word
// if it has none), every other byte as written.
func setStart(line, start string) string {
	sc := newScanner(line, 0)
	for {
		if _, ok := sc.take(slotWord); !ok {
			break
		}
	}
	words := line
	if sc.commentAt >= 0 {
		words = line[:sc.commentAt]
	}
	rest := line[len(words):]
	for i := 0; i < len(words); {
		for i < len(words) && (words[i] == ' ' || words[i] == '\t') {
			i++
		}
		j := i
		for j < len(words) && words[j] != ' ' && words[j] != '\t' {
			j++
		}
		if strings.HasPrefix(words[i:j], "start=") {
			return words[:i] + "start=" + start + words[j:] + rest
		}
		i = j
	}
	trimmed := strings.TrimRight(words, " \t")
	return trimmed + " start=" + start + words[len(trimmed):] + rest
}

// withComment is a line's text with a comment after it, as WriteRecord writes one ("  # c"); text alone for none.
func withComment(text, comment string) string {
	if c := strings.TrimSpace(comment); c != "" {
		return text + "  # " + c
	}
	return text
}

// content reads the record as it is on disk: the s.size bytes written and synced (the file the store holds locked
// and open for reading).
func (s *Store) content() ([]byte, error) {
	if err := s.writable(); err != nil {
		return nil, err
	}
	b := make([]byte, s.size)
	if _, err := io.ReadFull(io.NewSectionReader(s.lock, 0, s.size), b); err != nil {
		return nil, &FileError{Op: OpSave, Path: s.path, Err: err}
	}
	return b, nil
}

// edit rewrites the record through rewrite with the changes change makes to its lines (an undo, an entry's step),
// every other byte as it was. A failure leaves the record as it was (rewrite).
func (s *Store) edit(change func(r *rawRecord) error) error {
	data, err := s.content()
	if err != nil {
		return err
	}
	r := splitRecord(data)
	if err := change(r); err != nil {
		return err
	}
	return s.rewrite(r.bytes())
}
