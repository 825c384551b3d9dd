package referee

import (
	"testing"

	"github.com/karkason/karkason/engine"
)

// TestSetExpansion: every set of the catalogue is put into a game by one expansion (CFG-3, CFG-5), the base game's
// by none; a set no expansion has is not one.
func TestSetExpansion(t *testing.T) {
	want := map[string]string{"base": "", "river": ExpansionRiver, "river2": ExpansionRiver2, "city": ExpansionCount,
		"shrines": ExpansionShrines, "newtiles": ExpansionNewTiles, "ic": ExpansionInnsCathedrals,
		"tb": ExpansionTradersBuilders}
	for _, tt := range engine.Standard().Types {
		exp, ok := SetExpansion(tt.Set)
		if w, known := want[tt.Set]; !known || !ok || exp != w {
			t.Errorf("%s of set %q: expansion %q, %v, want %q", tt.ID, tt.Set, exp, ok, w)
		}
	}
	if exp, ok := SetExpansion("river-seed001"); ok || exp != "" {
		t.Errorf("an unknown set: %q, %v", exp, ok)
	}
}
