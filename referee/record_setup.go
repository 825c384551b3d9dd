// The setup line (spec "Setup"): its type, its checks, and the parser of the header and setup lines.

package referee

import (
	"slices"
	"strconv"
	"strings"

	"golang.org/x/text/unicode/norm"
)

// PlayerSpec is one name:colour pair of the setup line.
type PlayerSpec struct {
	Name   string
	Colour Colour
}

// Setup is the setup line (spec "Setup"), e.g.
//
//	setup players=Ана:red,Богдан:blue expansions=farmers,abbot start=standard followers=7
type Setup struct {
	// Players in seating order, clockwise, the first player first; 2 to 6 of them with distinct
	// colours (CFG-1; the sixth player and pink need inns-cathedrals, IC-13, which the referee checks).
	Players []PlayerSpec
	// Expansions are canonical names (see Expansions) in the order given, without duplicates;
	// nil for "none" or when expansions= is left out.
	Expansions []string
	// Start is "standard", "river", "river2" or "city"; "" if start= is left out (the state
	// machine applies the default: standard, or the river start with a river expansion).
	Start string
	// Followers is the supply per player, 1 to 99; 0 if followers= is left out (the default,
	// DefaultFollowers, is applied by the state machine).
	Followers int
}

// HasExpansion reports whether the setup switches on the named expansion.
func (s Setup) HasExpansion(name string) bool { return slices.Contains(s.Expansions, name) }

// String returns the canonical setup line: players=, then expansions= (written "none" when
// empty), then start= and followers= when set, e.g.
// "setup players=Ана:red,Богдан:blue expansions=farmers start=standard".
func (s Setup) String() string {
	var b strings.Builder
	b.WriteString("setup players=")
	for i, p := range s.Players {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(p.Name)
		b.WriteByte(':')
		b.WriteString(string(p.Colour))
	}
	b.WriteString(" expansions=")
	if len(s.Expansions) == 0 {
		b.WriteString(ExpansionNone)
	} else {
		b.WriteString(strings.Join(s.Expansions, ","))
	}
	if s.Start != "" {
		b.WriteString(" start=")
		b.WriteString(s.Start)
	}
	if s.Followers != 0 {
		b.WriteString(" followers=")
		b.WriteString(strconv.Itoa(s.Followers))
	}
	return b.String()
}

// Validate checks a Setup built in code against the same rules the parser applies, so that
// String produces a line that parses back to it. Errors are *ParseError with Line 0.
func (s Setup) Validate() error {
	if len(s.Players) < MinPlayers || len(s.Players) > MaxPlayers {
		return newError(0, KeyPlayerCount, strconv.Itoa(len(s.Players)), expPlayerCount,
			"Count", len(s.Players))
	}
	seen := map[Colour]bool{}
	for _, p := range s.Players {
		if !IsPlayerName(p.Name) {
			return newError(0, KeyBadName, p.Name, expName)
		}
		if !IsColour(string(p.Colour)) {
			return newError(0, KeyBadColour, string(p.Colour), expColour)
		}
		if seen[p.Colour] {
			return newError(0, KeyDuplicateColour, string(p.Colour), expDistinctColour,
				"Colour", string(p.Colour))
		}
		seen[p.Colour] = true
	}
	for i, p := range s.Players {
		if sameNameBefore(s.Players[:i], p.Name) {
			return newError(0, KeyDuplicateName, p.Name, expDistinctName, "Name", p.Name)
		}
	}
	for i, e := range s.Expansions {
		if !IsExpansion(e) {
			return newError(0, KeyBadExpansion, e, expExpansion)
		}
		if slices.Contains(s.Expansions[:i], e) {
			return newError(0, KeyDuplicateExpansion, e, expDistinctExpansion, "Expansion", e)
		}
	}
	if s.Start != "" && !IsStart(s.Start) && s.Start != StartNone {
		return newError(0, KeyBadStart, s.Start, expStart)
	}
	if s.Followers != 0 && (s.Followers < MinFollowers || s.Followers > MaxFollowers) {
		return newError(0, KeyBadFollowers, strconv.Itoa(s.Followers), expFollowers)
	}
	if line := s.String(); len(line) > MaxLineBytes {
		return lineTooLong(0, line) // it could not be read back (names of hundreds of letters)
	}
	return nil
}

// --- header and setup ---------------------------------------------------------------------

func parseHeader(sc *scanner) error {
	w, _ := sc.take(slotWord)
	if w != "karkason-record" {
		return sc.errorf(KeyBadHeader, sc.restContent(w), expHeader)
	}
	v, ok := sc.take(slotWord)
	if !ok {
		return sc.errorf(KeyBadHeader, sc.content(), expHeader, "Missing", true)
	}
	if v != strconv.Itoa(FormatVersion) {
		return sc.errorf(KeyBadVersion, v, expVersion, "Version", v)
	}
	if w, ok := sc.take(slotWord); ok {
		return sc.errorf(KeyBadHeader, w, expEndOfLine)
	}
	return nil
}

// restContent returns the line without its comment, for an error about the line as a whole
// (w, the word that was read, if the rest is empty).
func (s *scanner) restContent(w string) string {
	for {
		if _, ok := s.take(slotWord); !ok {
			break
		}
	}
	if c := s.content(); c != "" {
		return c
	}
	return w
}

func parseSetup(sc *scanner) (Setup, error) {
	var s Setup
	w, _ := sc.take(slotWord)
	if w != "setup" {
		return s, sc.errorf(KeyBadSetup, sc.restContent(w), expSetup)
	}
	seen := map[string]bool{}
	for {
		item, ok := sc.take(slotWord)
		if !ok {
			break
		}
		key, val, found := strings.Cut(item, "=")
		if !found || val == "" {
			return s, sc.errorf(KeySetupBadItem, item, expSetupItem)
		}
		switch key {
		case "players", "expansions", "start", "followers":
		default:
			return s, sc.errorf(KeySetupUnknownKey, item, expSetupKey, "Key", key)
		}
		if seen[key] {
			return s, sc.errorf(KeySetupDuplicateKey, item, expSetupOnce, "Key", key)
		}
		seen[key] = true
		var err error
		switch key {
		case "players":
			s.Players, err = parsePlayers(sc, val)
		case "expansions":
			s.Expansions, err = parseExpansions(sc, val)
		case "start":
			if !IsStart(val) && val != StartNone {
				err = sc.errorf(KeyBadStart, val, expStart)
			}
			s.Start = val
		case "followers":
			s.Followers, err = parseFollowers(sc, val)
		}
		if err != nil {
			return Setup{}, err
		}
	}
	if !seen["players"] {
		return Setup{}, sc.errorf(KeySetupNoPlayers, sc.content(), expSetupPlayers, "Missing", true)
	}
	return s, nil
}

func parsePlayers(sc *scanner, val string) ([]PlayerSpec, error) {
	var ps []PlayerSpec
	pairs := strings.Split(val, ",")
	for _, pair := range pairs {
		if len(ps) == MaxPlayers {
			// A seventh player is one too many, whatever colour is left to name (issue 32: it was "another player
			// already has this colour"; CFG-1).
			return nil, sc.errorf(KeyPlayerCount, val, expPlayerCount, "Count", len(pairs))
		}
		i := strings.LastIndexByte(pair, ':')
		if i < 0 {
			return nil, sc.errorf(KeyBadPlayer, orWhole(pair, val), expPlayer)
		}
		name, colour := pair[:i], pair[i+1:]
		if !IsPlayerName(name) {
			return nil, sc.errorf(KeyBadName, pair, expName, "Name", name)
		}
		if !IsColour(colour) {
			return nil, sc.errorf(KeyBadColour, orWhole(colour, pair), expColour)
		}
		for _, p := range ps {
			if p.Colour == Colour(colour) {
				return nil, sc.errorf(KeyDuplicateColour, pair, expDistinctColour, "Colour", colour)
			}
		}
		if sameNameBefore(ps, name) {
			return nil, sc.errorf(KeyDuplicateName, pair, expDistinctName, "Name", name)
		}
		ps = append(ps, PlayerSpec{Name: name, Colour: Colour(colour)})
	}
	if len(ps) < MinPlayers || len(ps) > MaxPlayers {
		return nil, sc.errorf(KeyPlayerCount, val, expPlayerCount, "Count", len(ps))
	}
	return ps, nil
}

// orWhole returns part, or whole when part is empty (an empty offending text reads badly).
func orWhole(part, whole string) string {
	if part == "" {
		return whole
	}
	return part
}

func parseExpansions(sc *scanner, val string) ([]string, error) {
	if val == ExpansionNone {
		return nil, nil
	}
	var es []string
	for _, e := range strings.Split(val, ",") {
		switch {
		case e == ExpansionNone:
			return nil, sc.errorf(KeyNoneNotAlone, val, expNoneAlone)
		case !IsExpansion(e):
			return nil, sc.errorf(KeyBadExpansion, orWhole(e, val), expExpansion)
		case slices.Contains(es, e):
			return nil, sc.errorf(KeyDuplicateExpansion, e, expDistinctExpansion, "Expansion", e)
		}
		es = append(es, e)
	}
	return es, nil
}

func parseFollowers(sc *scanner, val string) (int, error) {
	if len(val) > 4 || strings.Trim(val, "0123456789") != "" {
		return 0, sc.errorf(KeyBadFollowers, val, expFollowers)
	}
	n, _ := strconv.Atoi(val)
	if n < MinFollowers || n > MaxFollowers {
		return 0, sc.errorf(KeyBadFollowers, val, expFollowers)
	}
	return n, nil
}

// sameNameBefore reports whether one of ps has the name name, compared in Unicode normal form C (a "ë" typed as
// one character or as "e" and a combining diaeresis is one name). Two seats with one name cannot be told apart
// in the scores, the statistics or the head to head, so a setup with them is refused (record.duplicate_name).
func sameNameBefore(ps []PlayerSpec, name string) bool {
	n := norm.NFC.String(name)
	for _, p := range ps {
		if norm.NFC.String(p.Name) == n {
			return true
		}
	}
	return false
}
