package config

// Bounded parsing of the settings file (issue 31 item 5): a file of a few kilobytes of deeply nested inline tables
// (a = {b={b=...1}}) made the TOML decoder take seconds to minutes and hundreds of MB, for every command, --version
// included; its time grows with the square of the depth and with the number of nested tables. The file is
// therefore scanned before it is decoded, whatever library decodes it: more than MaxNesting levels of tables and
// lists, or more than MaxNested tables and lists in all, is refused (MsgTooDeep) at the line where the bound is
// passed, before the decoder sees it. A real settings file is flat: a few keys, perhaps a section.

const (
	// MaxNesting is the most levels of tables and lists ("[", "{", a section header counting as one) the
	// settings file may nest.
	MaxNesting = 64
	// MaxNested is the most tables and lists the settings file may open in all (a section header among them).
	MaxNested = 1024
)

// nestingError is where the settings text passes MaxNesting or MaxNested: its line (1-based), 0 if it does not.
// Strings (basic, literal, multi-line) and comments are skipped, so that a bracket in them counts for nothing.
func nestingError(text string) int {
	line, depth, opened := 1, 0, 0
	for i := 0; i < len(text); i++ {
		switch c := text[i]; c {
		case '\n':
			line++
		case '#':
			for i+1 < len(text) && text[i+1] != '\n' {
				i++
			}
		case '"', '\'':
			q := string([]byte{c, c, c})
			if len(text) >= i+3 && text[i:i+3] == q { // a multi-line string: to the next three quotes
				i += 3
				for i < len(text) && !(len(text) >= i+3 && text[i:i+3] == q) {
					if text[i] == '\n' {
						line++
					}
					if c == '"' && text[i] == '\\' {
						i++
					}
					i++
				}
				i += 2
				continue
			}
			for i++; i < len(text) && text[i] != c && text[i] != '\n'; i++ {
				if c == '"' && text[i] == '\\' {
					i++
				}
			}
			if i < len(text) && text[i] == '\n' {
				line++
			}
		case '[', '{':
			depth++
			opened++
			if depth > MaxNesting || opened > MaxNested {
				return line
			}
		case ']', '}':
			if depth > 0 {
				depth--
			}
		}
	}
	return 0
}
