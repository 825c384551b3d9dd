package tui

import (
	"os"
	"regexp"
	"strings"
	"testing"
	"testing/synctest"
)

// The tally's list of every scoring names each feature in words with the cell of one of its tiles (issue 20's
// naming: "field south of the road at 0,3"), never by compass letters alone ("0,-2 W").
func TestTallyNamesFeaturesInWords(t *testing.T) {
	rec, err := os.ReadFile("../../../docs/screens/demo-full.rec")
	if err != nil {
		t.Fatal(err)
	}
	compass := regexp.MustCompile(`-?\d+,-?\d+ [NESWСИЮЗПнСхПдЗх]+\b`)
	for lang, want := range map[string][]string{
		"en": {"road at ", "city at ", "field ", " of the road at ", "abbot taken back: "},
		"bg": {"път на ", "крепост на ", "поляна ", " от пътя на "},
		"uk": {"дорога на ", "місто на ", "поле ", " від дороги на "},
	} {
		synctest.Test(t, func(t *testing.T) {
			h := resumed(t, lang, "full.rec", string(rec))
			defer h.stop()
			h.screen.SetSize(160, 48)
			screen := h.text()
			list := screen[strings.Index(screen, "[BASE-"):]
			if m := compass.FindString(list); m != "" {
				t.Errorf("%s: a place by compass letters %q:\n%s", lang, m, list)
			}
			for _, w := range want {
				if !strings.Contains(list, w) {
					t.Errorf("%s: no %q in the scorings:\n%s", lang, w, list)
				}
			}
		})
	}
}
