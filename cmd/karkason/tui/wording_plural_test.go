package tui

import (
	"strings"
	"testing"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/locales"
	"github.com/karkason/karkason/referee"
)

// The arithmetic of a scoring (F3) says the points each scorer got with the noun in the number's form: «24 очки
// кожному», not «по 24 очок» (uk few), «по 1 точка» (bg one); the locales test checks every counted message, this
// one that the table gives the detail its count.
func TestScoreDetailPlural(t *testing.T) {
	g, err := referee.NewGame(referee.Setup{Players: []referee.PlayerSpec{{Name: "Ана", Colour: referee.Red},
		{Name: "Богдан", Colour: referee.Blue}}}, engine.Standard())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		lang   string
		points int
		want   string
	}{
		{"uk", 24, "24 очки кожному"}, {"uk", 21, "21 очко кожному"}, {"uk", 11, "11 очок кожному"},
		{"uk", 2, "2 очки кожному"}, {"uk", 5, "5 очок кожному"},
		{"bg", 24, "по 24 точки"}, {"bg", 1, "по 1 точка"},
		{"en", 1, "1 point each"}, {"en", 24, "24 points each"},
	} {
		u := &ui{loc: locales.New(c.lang)}
		sc := &engine.Score{Cat: engine.CatCity, Feature: -1, Points: c.points, Owners: 1}
		sc.Figures[0], sc.Strength[0] = 1, 1
		if got := u.scoreDetail(g, sc); !strings.Contains(got, c.want) {
			t.Errorf("%s %d points: %q, want %q in it", c.lang, c.points, got, c.want)
		}
	}
}
