package picture

import (
	"strings"
	"testing"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/locales"
	"github.com/karkason/karkason/referee"
	"golang.org/x/text/unicode/norm"
)

// A name typed in NFD is drawn composed, an emoji the Go fonts lack as its name in parentheses (never as an empty
// box), a variation selector or a joiner left out (issue 30, item 8).
func TestDrawableNames(t *testing.T) {
	if err := loadFonts(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ in, want string }{
		{norm.NFD.String("Йосип"), "Йосип"},
		{"Лис🦊", "Лис(fox face)"},
		{"Ана❤️", "Ана(heavy black heart)"},
		{"Ґанна", "Ґанна"},
		{"Zoë", "Zoë"},
	} {
		if got := drawable(c.in, regular); got != c.want {
			t.Errorf("drawable(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// A picture of a small board is made as wide as its title, so that the title is not cut; the title of a game
// whose names are in NFD with an emoji is drawn readably in the PNG.
func TestNarrowPictureKeepsItsTitle(t *testing.T) {
	cat := engine.Standard()
	setup := referee.Setup{Players: []referee.PlayerSpec{{Name: norm.NFD.String("Йосип"), Colour: referee.Red},
		{Name: "Лис🦊", Colour: referee.Blue}, {Name: "Богдана-Шевченко-Ковальчук", Colour: referee.Green}}}
	g, err := referee.NewGame(setup, cat)
	if err != nil {
		t.Fatal(err)
	}
	loc := locales.New("uk")
	title := Title(g, loc, &referee.Record{Setup: setup}, "2026-11-29T0100-x.rec", 0)
	pic := Build(g, loc, title)
	if w := textWidth(title, titleSize, true); pic.W < margin+w+margin {
		t.Errorf("the picture is %.0f wide, its title %.0f", pic.W, w)
	}
	if got := drawable(title, bold); !strings.Contains(got, "Йосип") || !strings.Contains(got, "Лис(fox face)") {
		t.Errorf("the title is drawn as %q", got)
	}
}
