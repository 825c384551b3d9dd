package picture

import (
	"io"
	"testing"

	"github.com/karkason/karkason/locales"
)

// BenchmarkExportSVG100 and BenchmarkExportPNG100 time the export of a finished 100-tile game (the City, the
// River, figures): the picture model built from the replayed game, then written as SVG or PNG (the replay of the
// record is not included: BenchmarkReplay72 in referee times it).
func BenchmarkExportSVG100(b *testing.B) {
	rec, g := load(b, cityRiver, -1)
	loc := locales.New("uk")
	b.ReportAllocs()
	for b.Loop() {
		if err := WriteSVG(io.Discard, Build(g, loc, Title(g, loc, rec, cityRiver, -1))); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkExportPNG100(b *testing.B) {
	rec, g := load(b, cityRiver, -1)
	loc := locales.New("uk")
	b.ReportAllocs()
	for b.Loop() {
		if err := WritePNG(io.Discard, Build(g, loc, Title(g, loc, rec, cityRiver, -1)), 1); err != nil {
			b.Fatal(err)
		}
	}
}
