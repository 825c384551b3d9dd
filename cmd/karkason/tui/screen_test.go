package tui

import (
	"strings"
	"testing"

	"github.com/rivo/uniseg"
)

// The QR code of the second screen's address: text characters, two modules a cell, with a light margin; every
// line as wide as the width said, so that the panel beside it keeps its place.
func TestQRText(t *testing.T) {
	for _, url := range []string{"http://127.0.0.1:8047/", "http://192.168.1.20:8047/vLpPm2F4nrlqhdY_UwJdJw/"} {
		qr, w := qrText(url)
		if qr == "" || w < 25 {
			t.Fatalf("%s: no code (%d)", url, w)
		}
		plain := strings.NewReplacer("[black:white]", "", "[-:-]", "").Replace(qr)
		lines := strings.Split(plain, "\n")
		if len(lines) < w/2-2 || len(lines) > w/2+4 {
			t.Errorf("%s: %d lines for %d columns: not square", url, len(lines), w)
		}
		for i, l := range lines {
			if uniseg.StringWidth(l) != w {
				t.Errorf("%s: line %d is %d wide, want %d", url, i, uniseg.StringWidth(l), w)
			}
		}
		if !strings.ContainsAny(plain, "█▀▄") || strings.TrimSpace(lines[0]) != "" {
			t.Errorf("%s: no modules, or no margin:\n%s", url, plain)
		}
	}
}
