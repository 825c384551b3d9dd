package referee

import (
	"strings"
	"testing"
)

// TestReplaySetupRefusalLine: a set-up the rules refuse (CFG-4) is reported on the setup line, as every refusal
// of a replayed record names its line (found by FuzzReplay: it had line 0).
func TestReplaySetupRefusalLine(t *testing.T) {
	for _, tc := range []struct {
		text string
		line int
		rule string
	}{
		{"karkason-record 1\nsetup players=a:red,b:blue expansions=count start=standard\n", 2, "CFG-4"},
		{"# a comment\n\nkarkason-record 1\n# another\nsetup players=a:red,b:blue expansions=river start=standard\n", 5, "CFG-4"},
		{"karkason-record 1\nsetup players=a:red,b:blue expansions=river2 start=river\nend\n", 2, "CFG-4"},
	} {
		_, err := Replay(strings.NewReader(tc.text), true)
		r, ok := err.(*Refusal)
		if !ok || r.Line != tc.line || r.Rule != tc.rule {
			t.Errorf("%q: got %v, want a refusal on line %d citing %s", tc.text, err, tc.line, tc.rule)
		}
	}
}

// A refusal's text is the same every time (its data in the order of their keys): it is what `games --json` shows
// of a record the referee refuses.
func TestRefusalTextIsStable(t *testing.T) {
	r := &Refusal{Line: 4, Rule: "DEF-7", Key: "err.not_your_turn",
		Data: map[string]any{"player": "Ана", "colour": "red", "actor": "Богдан", "b": 1, "a": 2}}
	const want = "line 4: refused: DEF-7 (err.not_your_turn a=2 actor=Богдан b=1 colour=red player=Ана)"
	for range 20 {
		if got := r.Error(); got != want {
			t.Fatalf("Error() = %q, want %q", got, want)
		}
	}
}
