package library

import (
	"slices"
	"strings"
	"time"

	"golang.org/x/text/unicode/norm"
)

// Filter chooses the games the statistics look at. Zero values choose everything.
type Filter struct {
	Since time.Time // games dated on or after this moment
	Until time.Time // games dated before this moment (the command line passes the day after --until)
	// Modules: only games played with every one of these modules (record names: farmers, count, ...).
	Modules []string
	// BaseOnly: only games of the base game alone, no module at all (--modules none).
	BaseOnly bool
}

// Keep reports whether g passes the filter (its date and modules; finished or not is for Compute). A record whose
// modules are not known (its setup cannot be read) passes no module filter.
func (f Filter) Keep(g *Game) bool {
	if !f.Since.IsZero() && g.Date.Before(f.Since) {
		return false
	}
	if !f.Until.IsZero() && !g.Date.Before(f.Until) {
		return false
	}
	if (len(f.Modules) > 0 || f.BaseOnly) && !g.ModulesKnown() {
		return false
	}
	if f.BaseOnly && len(g.Modules) > 0 {
		return false
	}
	for _, m := range f.Modules {
		if !slices.Contains(g.Modules, m) {
			return false
		}
	}
	return true
}

// PlayerStats are one player's figures over the finished games, the player known by name as typed (whatever
// colour they played).
type PlayerStats struct {
	Name    string         `json:"name"`
	Games   int            `json:"games"`
	Wins    int            `json:"wins"` // a shared win (a tie for first, BASE-16) counts as a win for each
	Total   int            `json:"total"`
	Average float64        `json:"average"` // Total / Games
	Best    int            `json:"best"`
	Points  map[string]int `json:"points"` // by category (Categories), summed over the games
	Colours []string       `json:"colours"`
	// GiftsOpened, GiftsVoid: the gifts the player opened, and those of them opened void (GIFT-5(d)).
	GiftsOpened int `json:"gifts_opened"`
	GiftsVoid   int `json:"gifts_void"`
}

// HeadToHead compares two players over the finished games they both played: in how many A finished ahead of B,
// B ahead of A, or level.
type HeadToHead struct {
	A      string `json:"a"`
	B      string `json:"b"`
	Games  int    `json:"games"`
	AAhead int    `json:"a_ahead"`
	BAhead int    `json:"b_ahead"`
	Level  int    `json:"level"`
}

// Stats are the statistics of a library.
type Stats struct {
	Games      int           `json:"games"`       // finished games counted
	InProgress int           `json:"in_progress"` // chosen by the filter but not finished: left out
	Broken     int           `json:"broken"`      // records that cannot be used: left out
	Players    []PlayerStats `json:"players"`     // most wins first, then best average, then name
	HeadToHead []HeadToHead  `json:"head_to_head"`
}

// Compute works out the statistics of the finished games of games that pass f; the games in progress and the
// broken records that pass it are counted as left out. Names are compared in Unicode normal form C. The referee
// refuses a setup with two seats of one name (see the rulings); should a Game built in code have them, the name
// counts the game once, with the better of the two results.
func Compute(games []Game, f Filter) Stats {
	var st Stats
	by := map[string]*PlayerStats{}
	type result struct {
		score  int
		winner bool
	}
	var tables []map[string]result
	for i := range games {
		g := &games[i]
		if !f.Keep(g) {
			continue
		}
		if g.Broken() {
			st.Broken++
			continue
		}
		if !g.Finished {
			st.InProgress++
			continue
		}
		st.Games++
		// One seat per name: the better result when a name sits twice at one table.
		seat := map[string]int{}
		for i, p := range g.Players {
			name := norm.NFC.String(p.Name)
			if j, ok := seat[name]; !ok || p.Score > g.Players[j].Score {
				seat[name] = i
			}
		}
		table := map[string]result{}
		for name, i := range seat {
			p := g.Players[i]
			ps := by[name]
			if ps == nil {
				ps = &PlayerStats{Name: name, Points: map[string]int{}}
				by[name] = ps
			}
			if !slices.Contains(ps.Colours, string(p.Colour)) {
				ps.Colours = append(ps.Colours, string(p.Colour))
			}
			for c, v := range p.Points {
				ps.Points[c] += v
			}
			ps.Games++
			ps.Total += p.Score
			if ps.Games == 1 || p.Score > ps.Best {
				ps.Best = p.Score
			}
			if p.Winner {
				ps.Wins++
			}
			ps.GiftsOpened += p.GiftsOpened
			ps.GiftsVoid += p.GiftsVoid
			table[name] = result{score: p.Score, winner: p.Winner}
		}
		tables = append(tables, table)
	}
	for _, ps := range by {
		ps.Average = float64(ps.Total) / float64(ps.Games)
		slices.Sort(ps.Colours)
		st.Players = append(st.Players, *ps)
	}
	slices.SortFunc(st.Players, func(a, b PlayerStats) int {
		switch {
		case a.Wins != b.Wins:
			return b.Wins - a.Wins
		case a.Average != b.Average:
			if a.Average > b.Average {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Name, b.Name)
	})
	for i := range st.Players {
		for j := i + 1; j < len(st.Players); j++ {
			h := HeadToHead{A: st.Players[i].Name, B: st.Players[j].Name}
			for _, t := range tables {
				a, okA := t[h.A]
				b, okB := t[h.B]
				if !okA || !okB {
					continue
				}
				h.Games++
				switch {
				case a.score > b.score:
					h.AAhead++
				case b.score > a.score:
					h.BAhead++
				default:
					h.Level++
				}
			}
			if h.Games > 0 {
				st.HeadToHead = append(st.HeadToHead, h)
			}
		}
	}
	if st.Players == nil {
		st.Players = []PlayerStats{}
	}
	if st.HeadToHead == nil {
		st.HeadToHead = []HeadToHead{}
	}
	return st
}

// Player returns the statistics of the named player (compared in normal form C), false if the player played no
// counted game.
func (st *Stats) Player(name string) (PlayerStats, bool) {
	name = norm.NFC.String(name)
	for _, p := range st.Players {
		if p.Name == name {
			return p, true
		}
	}
	return PlayerStats{}, false
}

// Versus returns the head to head of a and b with a first, false if they never finished a game together.
func (st *Stats) Versus(a, b string) (HeadToHead, bool) {
	a, b = norm.NFC.String(a), norm.NFC.String(b)
	for _, h := range st.HeadToHead {
		switch {
		case h.A == a && h.B == b:
			return h, true
		case h.A == b && h.B == a:
			return HeadToHead{A: a, B: b, Games: h.Games, AAhead: h.BAhead, BAhead: h.AAhead, Level: h.Level}, true
		}
	}
	return HeadToHead{}, false
}
