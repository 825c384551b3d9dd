package engine

import (
	"fmt"
	"testing"
)

// A position in message data (err.no_tile_there, BASE-6) prints as the record writes it, not as a Go struct.
func TestPosString(t *testing.T) {
	tests := []struct {
		p    Pos
		want string
	}{
		{Pos{0, 0}, "0,0"},
		{Pos{0, -1}, "0,-1"},
		{Pos{12, 3}, "12,3"},
		{Pos{-7, -61}, "-7,-61"},
	}
	for _, tt := range tests {
		if got := tt.p.String(); got != tt.want {
			t.Errorf("%#v.String() = %q, want %q", tt.p, got, tt.want)
		}
		if got := fmt.Sprint(tt.p); got != tt.want {
			t.Errorf("fmt.Sprint(%#v) = %q, want %q", tt.p, got, tt.want)
		}
	}
	err := refuse("BASE-6", "err.no_tile_there", "pos", Pos{2, -1})
	if got, want := err.Error(), "refused: BASE-6 (err.no_tile_there pos=2,-1)"; got != want {
		t.Errorf("RuleError = %q, want %q", got, want)
	}
}
