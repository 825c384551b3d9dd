package picture

import (
	"strings"
	"unicode"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/unicode/runenames"
)

// The text of a picture drawn into a PNG (Raster) with the Go fonts, which hold Latin, Greek and Cyrillic but no
// emoji and no combining marks that could be composed: a name typed in NFD (`Йосип` as И and a combining breve) is
// composed to NFC first, and a character the font has no glyph for is drawn as a clear replacement, its Unicode
// name in parentheses (`Лис🦊` as `Лис(fox face)`), never as an empty box. What only shapes another character (a
// variation selector, a zero-width joiner, a skin-tone modifier, a combining mark left over) is left out when the
// font lacks it. The SVG keeps the text as it is, composed: the viewer's fonts draw it.

// drawable returns s as the PNG draws it with font f (see above).
func drawable(s string, f *sfnt.Font) string {
	s = norm.NFC.String(s)
	if f == nil {
		return s
	}
	var buf sfnt.Buffer
	var b strings.Builder
	for _, r := range s {
		if i, err := f.GlyphIndex(&buf, r); err == nil && i != 0 {
			b.WriteRune(r)
			continue
		}
		switch {
		case unicode.Is(unicode.Mn, r), unicode.Is(unicode.Me, r), unicode.Is(unicode.Cf, r),
			unicode.Is(unicode.Variation_Selector, r), r >= 0x1F3FB && r <= 0x1F3FF:
			continue // shapes another character: nothing of its own to show
		case unicode.IsSpace(r):
			b.WriteByte(' ')
			continue
		}
		name := strings.ToLower(runenames.Name(r))
		if name == "" {
			name = "U+" + hex4(r)
		}
		b.WriteString("(" + name + ")")
	}
	return b.String()
}

// hex4 is r in hexadecimal, at least four digits.
func hex4(r rune) string {
	const digits = "0123456789ABCDEF"
	var out []byte
	for v := uint32(r); v > 0 || len(out) < 4; v >>= 4 {
		out = append([]byte{digits[v&15]}, out...)
	}
	return string(out)
}

// textWidth is the width of s at size (picture units) in the Go font the PNG draws it with, after drawable.
func textWidth(s string, size float64, isBold bool) float64 {
	guess := 0.62 * size * float64(len([]rune(s)))
	if loadFonts() != nil {
		return guess
	}
	src := regular
	if isBold {
		src = bold
	}
	f, err := opentype.NewFace(src, &opentype.FaceOptions{Size: size, DPI: 72})
	if err != nil {
		return guess
	}
	defer f.Close()
	return float64(font.MeasureString(f, drawable(s, src))) / 64
}
