// Package words says the referee's scorings in the players' words alike on every screen that shows them: the table's
// log, F3 and tally, and the second screen.
package words

import (
	"strings"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// Translator renders a message of the locales (a *locales.Localizer).
type Translator interface {
	T(id string, data map[string]any) string
}

// Bonus is one bonus of a field's scoring in words with its rule, "pig (Ана): +3, 1 a city (TB-14)".
func Bonus(loc Translator, rule string, names []string, points int) string {
	return loc.T("ui.detail.bonus."+rule, map[string]any{"Names": strings.Join(names, ", "), "Points": points}) +
		" (" + rule + ")"
}

// Bonuses says each bonus of a field's scoring (Traders & Builders): the pig's +1 a city to its owners (TB-14), the
// pig herd's to every owner (COMBO-12), with the players it goes to and its rule; none for another scoring.
func Bonuses(g *referee.Game, loc Translator, sc *engine.Score) []string {
	var out []string
	for _, b := range sc.Bonuses {
		if b.Rule == "" {
			continue
		}
		var who []string
		for p := 0; p < g.Players(); p++ {
			if b.Owners&(1<<p) != 0 {
				who = append(who, g.Name(p))
			}
		}
		out = append(out, Bonus(loc, b.Rule, who, b.Points))
	}
	return out
}
