package tui

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/gdamore/tcell/v2"
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
	"github.com/rivo/tview"
)

// Players on screen: each has a colour AND a letter (the first free letter of the name, else the seat number), so
// that the board and the score list read the same for colour-blind players and on terminals without colour.

// colourStyle returns the style of a player's marker: the player's colour as background, a readable letter.
func colourStyle(c referee.Colour) tcell.Style {
	st := tcell.StyleDefault.Bold(true)
	switch c {
	case referee.Red:
		return st.Background(tcell.ColorRed).Foreground(tcell.ColorWhite)
	case referee.Blue:
		return st.Background(tcell.ColorBlue).Foreground(tcell.ColorWhite)
	case referee.Green:
		return st.Background(tcell.ColorGreen).Foreground(tcell.ColorBlack)
	case referee.Yellow:
		return st.Background(tcell.ColorYellow).Foreground(tcell.ColorBlack)
	case referee.Black:
		return st.Background(tcell.ColorBlack).Foreground(tcell.ColorWhite)
	case referee.Pink: // the sixth colour (IC-13): bright magenta, a colour of every 16-colour terminal
		return st.Background(tcell.ColorFuchsia).Foreground(tcell.ColorBlack)
	}
	return st
}

// colourTag returns the tview style tag of a player's marker.
func colourTag(c referee.Colour) string {
	switch c {
	case referee.Red:
		return "[white:red:b]"
	case referee.Blue:
		return "[white:blue:b]"
	case referee.Green:
		return "[black:green:b]"
	case referee.Yellow:
		return "[black:yellow:b]"
	case referee.Black:
		return "[white:black:b]"
	case referee.Pink:
		return "[black:fuchsia:b]"
	}
	return "[::b]"
}

// markers returns one letter per player: the first letter of the name, upper case, else the next letter of the
// name that no earlier player has, else the seat number.
func markers(players []referee.PlayerSpec) []rune {
	out := make([]rune, len(players))
	used := map[rune]bool{}
	for i, p := range players {
		out[i] = rune('1' + i)
		for _, r := range p.Name {
			r = unicode.ToUpper(r)
			if unicode.IsLetter(r) && !used[r] {
				out[i] = r
				break
			}
		}
		used[out[i]] = true
	}
	return out
}

// figureRune is the letter a figure shows on the board: the player's letter, lower case for the abbot.
func figureRune(m rune, kind engine.FigureKind) rune {
	if kind == engine.Abbot {
		return unicode.ToLower(m)
	}
	return m
}

// figureText is what a figure shows in a list, a quarter of the City or on the board: the player's letter, lower
// case for the abbot, twice for the large follower (it counts 2 in a majority, DEF-11), followed by ▲ for the
// builder and ● for the pig (they count for nothing, TB-6, TB-13).
func figureText(m rune, kind engine.FigureKind) string {
	r := string(figureRune(m, kind))
	switch kind {
	case engine.Large:
		return r + r
	case engine.Builder:
		return r + string(builderRune)
	case engine.Pig:
		return r + string(pigRune)
	case engine.Mayor:
		return r + string(mayorRune)
	case engine.Wagon:
		return r + string(wagonRune)
	case engine.Barn:
		return r + string(barnRune)
	}
	return r
}

// The marks of Traders & Builders' figures beside the player's letter.
const (
	builderRune = '▲'
	pigRune     = '●'
)

// names is what the views need to name players.
type names struct {
	g       *referee.Game
	loc     translator
	markers []rune
}

func newNames(g *referee.Game, loc translator) *names {
	return &names{g: g, loc: loc, markers: markers(g.Setup.Players)}
}

// badge is the player's marker letter on the player's colour, as a tview tagged string.
func (n *names) badge(p int) string {
	return colourTag(n.g.Colour(p)) + " " + string(n.markers[p]) + " [-:-:-]"
}

// letter is the player's marker letter alone on the player's colour (no space around it: a compact list).
func (n *names) letter(p int) string {
	return colourTag(n.g.Colour(p)) + string(n.markers[p]) + "[-:-:-]"
}

// figureBadge is a figure of player p as a tview tagged string: figureText on the player's colour.
func (n *names) figureBadge(p int, kind engine.FigureKind) string {
	return colourTag(n.g.Colour(p)) + figureText(n.markers[p], kind) + "[-:-:-]"
}

// plain is the player's name, escaped for tview.
func (n *names) plain(p int) string { return tview.Escape(n.g.Name(p)) }

// full is "Ана (red, А)": the name, the colour in the user's language and the letter; escaped for tview.
func (n *names) full(p int) string {
	return fmt.Sprintf("%s (%s, %c)", tview.Escape(n.g.Name(p)), n.loc.T("colour."+string(n.g.Colour(p)), nil),
		n.markers[p])
}

// who is the badge and the full name: how a prompt names the player who decides.
func (n *names) who(p int) string { return n.badge(p) + " [::b]" + n.full(p) + "[::-]" }

// list names the players of a bit mask ("Ана, Богдан"), escaped.
func (n *names) list(mask uint8) string {
	var out []string
	for p := 0; p < n.g.Players(); p++ {
		if mask&(1<<p) != 0 {
			out = append(out, n.plain(p))
		}
	}
	return strings.Join(out, ", ")
}

// translator renders a message id with its data in the user's language (*locales.Localizer).
type translator interface {
	T(id string, data map[string]any) string
}
