package library

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/rivo/uniseg"
	"golang.org/x/text/unicode/norm"

	"github.com/karkason/karkason/referee"
)

// Translator renders a message of the locales catalogs (a *locales.Localizer).
type Translator interface {
	T(id string, data map[string]any) string
}

// DateFormat is how the lists write a game's date (local time).
const DateFormat = "2006-01-02 15:04"

// StateText is the state of a game in words: finished, a board as it lies being entered, in progress (turn N), or
// cannot be used.
func StateText(loc Translator, g *Game) string {
	switch {
	case g.Broken():
		return loc.T("lib.state.broken", nil)
	case g.Finished:
		return loc.T("lib.state.finished", nil)
	case g.Entering:
		return loc.T("lib.state.entering", nil)
	}
	return loc.T("lib.state.playing", map[string]any{"Turn": g.Turn})
}

// PlayersText is the players with their points, a winner marked with a star: "★ Ана 4 · Богдан 2".
func PlayersText(g *Game) string {
	var ps []string
	for _, p := range g.Players {
		s := fmt.Sprintf("%s %d", p.Name, p.Score)
		if g.Broken() {
			s = p.Name
		}
		if p.Winner {
			s = "★ " + s
		}
		ps = append(ps, s)
	}
	return strings.Join(ps, " · ")
}

// ModulesText is the modules of a game as the record names them, "base game" in words for none.
func ModulesText(loc Translator, g *Game) string {
	if len(g.Modules) == 0 {
		return loc.T("lib.modules.none", nil)
	}
	return strings.Join(g.Modules, ",")
}

// PrintGames writes the library: with jsonOut a JSON array of Game, else one game a line (date, state, players and
// points, modules) with the file under it (escaped for the terminal), a cut-off last line left out and the error of
// a record that cannot be used, rendered by describe. The JSON's "error" is the same words (describe's), and "rule"
// the rule a refused line breaks.
func PrintGames(w io.Writer, dir string, games []Game, loc Translator, describe func(error) string, jsonOut bool) error {
	if jsonOut {
		out := make([]Game, len(games))
		for i, g := range games {
			if g.Err != nil {
				g.ErrText = describe(g.Err)
			}
			out[i] = g
		}
		return encode(w, out)
	}
	if len(games) == 0 {
		_, err := fmt.Fprintln(w, loc.T("lib.empty", map[string]any{"Dir": referee.Printable(dir)}))
		return err
	}
	var b strings.Builder
	sw := 0
	for i := range games {
		sw = max(sw, width(StateText(loc, &games[i])))
	}
	for i := range games {
		g := &games[i]
		b.WriteString(strings.TrimRight(fmt.Sprintf("%s  %s  %s", g.Date.Local().Format(DateFormat),
			pad(StateText(loc, g), sw), PlayersText(g)), " "))
		if !g.Broken() {
			fmt.Fprintf(&b, "  [%s]", ModulesText(loc, g))
		}
		b.WriteString("\n")
		fmt.Fprintf(&b, "    %s\n", referee.Printable(g.File)) // a name from the folder, escaped for the terminal
		if g.CutOff != nil {
			fmt.Fprintf(&b, "    %s\n", describe(g.CutOff))
		}
		if g.Broken() {
			fmt.Fprintf(&b, "    %s\n", describe(g.Err))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Names returns the names asked for (--player) in Unicode normal form C, each once, in the order given.
func Names(players []string) []string {
	var out []string
	for _, p := range players {
		if p = norm.NFC.String(p); !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// StatsText renders the statistics in words: how many games were counted, a table of the players (games, wins,
// average, best, colours), their points per category, the gifts they opened, and the head to head. players (at
// most two names, see Names) narrows it to those players and their head to head; an unknown name is said so.
func StatsText(st Stats, players []string, loc Translator) string {
	players = Names(players)
	var b strings.Builder
	b.WriteString(loc.T("lib.stats.counted", map[string]any{"Games": st.Games, "InProgress": st.InProgress,
		"Broken": st.Broken}) + "\n")
	rows := st.Players
	if len(players) > 0 {
		rows = nil
		for _, name := range players {
			if p, ok := st.Player(name); ok {
				rows = append(rows, p)
			} else {
				b.WriteString(loc.T("lib.stats.no_player", map[string]any{"Name": referee.Printable(name)}) + "\n")
			}
		}
	}
	if len(rows) == 0 {
		return b.String()
	}
	b.WriteString("\n")
	head := []string{loc.T("lib.stats.player", nil), loc.T("lib.stats.games", nil), loc.T("lib.stats.wins", nil),
		loc.T("lib.stats.average", nil), loc.T("lib.stats.best", nil), loc.T("lib.stats.colours", nil)}
	table := [][]string{head}
	for _, p := range rows {
		var cs []string
		for _, c := range p.Colours {
			cs = append(cs, loc.T("colour."+c, nil))
		}
		table = append(table, []string{p.Name, fmt.Sprint(p.Games), fmt.Sprint(p.Wins), fmt.Sprintf("%.1f", p.Average),
			fmt.Sprint(p.Best), strings.Join(cs, ", ")})
	}
	writeTable(&b, table, 5)
	// Points per category: the categories someone scored in, one column each.
	var cats []string
	for _, c := range Categories {
		for _, p := range rows {
			if p.Points[c] != 0 {
				cats = append(cats, c)
				break
			}
		}
	}
	if len(cats) > 0 {
		b.WriteString("\n" + loc.T("lib.stats.points", nil) + "\n")
		head = []string{loc.T("lib.stats.player", nil)}
		for _, c := range cats {
			head = append(head, loc.T("lib.cat."+c, nil))
		}
		table = [][]string{head}
		for _, p := range rows {
			row := []string{p.Name}
			for _, c := range cats {
				row = append(row, fmt.Sprint(p.Points[c]))
			}
			table = append(table, row)
		}
		// As many columns a table as fit in lineWidth (a terminal of 80 columns, the table's frame), the names
		// repeated in each.
		ws := make([]int, len(head))
		for _, r := range table {
			for i, c := range r {
				ws[i] = max(ws[i], width(c))
			}
		}
		for from := 1; from < len(head); {
			to, w := from, ws[0]
			for to < len(head) && (to == from || w+2+ws[to] <= lineWidth) {
				w += 2 + ws[to]
				to++
			}
			if from > 1 {
				b.WriteString("\n")
			}
			part := make([][]string, len(table))
			for i, r := range table {
				part[i] = append([]string{r[0]}, r[from:to]...)
			}
			writeTable(&b, part, len(part[0]))
			from = to
		}
	}
	// Gifts opened, and of them void (GIFT-5(d)), by those who opened any.
	var gifts [][]string
	for _, p := range rows {
		if p.GiftsOpened > 0 {
			gifts = append(gifts, []string{p.Name, fmt.Sprint(p.GiftsOpened), fmt.Sprint(p.GiftsVoid)})
		}
	}
	if len(gifts) > 0 {
		b.WriteString("\n" + loc.T("lib.stats.gifts", nil) + "\n")
		writeTable(&b, append([][]string{{loc.T("lib.stats.player", nil), loc.T("lib.stats.gifts_opened", nil),
			loc.T("lib.stats.gifts_void", nil)}}, gifts...), 3)
	}
	var hs []HeadToHead
	switch len(players) {
	case 0:
		hs = st.HeadToHead
	case 1:
		for _, h := range st.HeadToHead {
			if h.A == players[0] || h.B == players[0] {
				other := h.B
				if h.B == players[0] {
					other = h.A
				}
				v, _ := st.Versus(players[0], other)
				hs = append(hs, v)
			}
		}
	default:
		if v, ok := st.Versus(players[0], players[1]); ok {
			hs = append(hs, v)
		}
	}
	if len(hs) > 0 {
		b.WriteString("\n" + loc.T("lib.stats.versus", nil) + "\n")
		for _, h := range hs {
			b.WriteString("  " + loc.T("lib.stats.versus_line", map[string]any{"A": h.A, "B": h.B, "Games": h.Games,
				"AAhead": h.AAhead, "BAhead": h.BAhead, "Level": h.Level}) + "\n")
		}
	}
	return b.String()
}

// PrintStats writes the statistics: JSON (Stats) or StatsText.
func PrintStats(w io.Writer, st Stats, players []string, loc Translator, jsonOut bool) error {
	players = Names(players)
	if jsonOut {
		if len(players) > 0 {
			keep := st
			keep.Players, keep.HeadToHead = []PlayerStats{}, []HeadToHead{}
			for _, p := range st.Players {
				if slices.Contains(players, p.Name) {
					keep.Players = append(keep.Players, p)
				}
			}
			for _, h := range st.HeadToHead {
				if slices.Contains(players, h.A) || slices.Contains(players, h.B) {
					if len(players) < 2 || (slices.Contains(players, h.A) && slices.Contains(players, h.B)) {
						keep.HeadToHead = append(keep.HeadToHead, h)
					}
				}
			}
			st = keep
		}
		return encode(w, st)
	}
	_, err := io.WriteString(w, StatsText(st, players, loc))
	return err
}

func encode(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// lineWidth is the widest line the statistics' tables make where they can (80 columns less a frame).
const lineWidth = 76

// width is the columns s takes in a terminal: by grapheme cluster (a letter and its combining marks are one
// column, a wide character two).
func width(s string) int { return uniseg.StringWidth(s) }

func pad(s string, w int) string { return s + strings.Repeat(" ", max(0, w-width(s))) }

// writeTable writes rows in columns: the first column left-aligned, columns 1..right-aligned up to column last
// (exclusive), the rest left-aligned.
func writeTable(b *strings.Builder, rows [][]string, last int) {
	ws := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, c := range r {
			ws[i] = max(ws[i], width(c))
		}
	}
	for _, r := range rows {
		var line strings.Builder
		for i, c := range r {
			if i > 0 {
				line.WriteString("  ")
			}
			if i > 0 && i < last {
				line.WriteString(strings.Repeat(" ", ws[i]-width(c)) + c)
			} else {
				line.WriteString(pad(c, ws[i]))
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
}
