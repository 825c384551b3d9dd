package picture

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"image/png"
	"io"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/locales"
	"github.com/karkason/karkason/referee"
)

// cityRiver is a finished 100-tile game with the City of Carcassonne, the River and Cyrillic names.
const cityRiver = "../../../testdata/export/city-river.rec"

func load(t testing.TB, path string, turn int) (*referee.Record, *referee.Game) {
	t.Helper()
	rd, err := referee.ReadFile(path, engine.Standard())
	if err != nil {
		t.Fatal(err)
	}
	rec := rd.Record
	g, err := GameAt(rec, turn)
	if err != nil {
		t.Fatal(err)
	}
	return rec, g
}

type svgNode struct {
	XMLName xml.Name
	Attrs   []xml.Attr `xml:",any,attr"`
	Text    string     `xml:",chardata"`
	Nodes   []svgNode  `xml:",any"`
}

func (n *svgNode) attr(name string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// The SVG has one group per tile, with the tile's type and position, in the order they were laid; the City's
// quarters; the players' names and scores as text.
func TestSVGStructure(t *testing.T) {
	rec, g := load(t, cityRiver, -1)
	if g.Phase != referee.PhaseEnded || len(g.S.Tiles) != 100 {
		t.Fatalf("the example game: phase %s, %d tiles", g.Phase, len(g.S.Tiles))
	}
	loc := locales.New("uk")
	var buf bytes.Buffer
	if err := WriteSVG(&buf, Build(g, loc, Title(g, loc, rec, cityRiver, -1))); err != nil {
		t.Fatal(err)
	}
	var root svgNode
	if err := xml.Unmarshal(buf.Bytes(), &root); err != nil {
		t.Fatalf("the SVG does not parse: %v", err)
	}
	var tiles []string
	var texts []string
	var walk func(n *svgNode)
	walk = func(n *svgNode) {
		if n.XMLName.Local == "g" && n.attr("data-tile") != "" {
			tiles = append(tiles, n.attr("data-tile")+"@"+n.attr("data-pos"))
		}
		if n.XMLName.Local == "text" {
			texts = append(texts, n.Text)
		}
		for i := range n.Nodes {
			walk(&n.Nodes[i])
		}
	}
	walk(&root)
	var want []string
	for _, p := range g.S.Tiles {
		want = append(want, p.Type.ID+"@"+p.Pos.String())
	}
	if strings.Join(tiles, " ") != strings.Join(want, " ") {
		t.Errorf("tile groups:\n got %v\nwant %v", tiles, want)
	}
	if tiles[0] != "coc-nw@-2,-1" {
		t.Errorf("the first group is %s, want the City's north-west cell", tiles[0])
	}
	all := strings.Join(texts, "|")
	for p := 0; p < g.Players(); p++ {
		for _, s := range []string{g.Name(p), fmt.Sprint(g.S.Scores[p])} {
			if !strings.Contains("|"+all+"|", "|"+s+"|") {
				t.Errorf("no text %q in the SVG: %s", s, all)
			}
		}
	}
	for _, s := range []string{"палац", "ринок", "кузня", "собор", "граф", "підсумковий рахунок"} {
		if !strings.Contains(all, s) {
			t.Errorf("no %q in the SVG texts", s)
		}
	}
}

// The PNG decodes, has the picture's size, and shows the paper, a field, a player's colour and the City's
// quarters where the model put them.
func TestPNGPixels(t *testing.T) {
	rec, g := load(t, cityRiver, -1)
	loc := locales.New("bg")
	pic := Build(g, loc, Title(g, loc, rec, cityRiver, -1))
	var buf bytes.Buffer
	if err := WritePNG(&buf, pic, 1); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != int(math.Ceil(pic.W)) || b.Dy() != int(math.Ceil(pic.H)) {
		t.Fatalf("size %v, want %vx%v", b, pic.W, pic.H)
	}
	same := func(what string, x, y float64, want Colour) {
		t.Helper()
		r, gg, b, _ := img.At(int(x), int(y)).RGBA()
		if uint8(r>>8) != want.R || uint8(gg>>8) != want.G || uint8(b>>8) != want.B {
			t.Errorf("%s at %v,%v: %02x%02x%02x, want %s", what, int(x), int(y), r>>8, gg>>8, b>>8, hexOf(want))
		}
	}
	same("the paper", 2, 2, paper)
	// A monastery tile (all field): its north-west corner area is field.
	found := false
	for _, g2 := range pic.Groups {
		if len(g2.Attrs) == 2 && g2.Attrs[0][1] == "b-m" {
			var x, y int
			fmt.Sscanf(g2.Attrs[1][1], "%d,%d", &x, &y)
			px, py := g2.Shapes[0].Points[0].X, g2.Shapes[0].Points[0].Y
			same("a monastery tile's field", px+8, py+8, fieldCol)
			found = true
			break
		}
	}
	if !found {
		t.Error("no b-m tile in the example game")
	}
	// The first player's figure in the scores, at the middle of its body.
	for _, gr := range pic.Groups {
		if len(gr.Attrs) == 1 && gr.Attrs[0][1] == "scores" {
			f := gr.Shapes[0]
			c := Pt{(f.Points[0].X + f.Points[1].X) / 2, (f.Points[0].Y + f.Points[12].Y) / 2}
			same("Ана's red figure", c.X, c.Y+6, PlayerColour(referee.Red))
		}
		if len(gr.Attrs) == 1 && gr.Attrs[0][1] == "coc" {
			q := gr.Shapes[1] // the palace
			same("the palace", q.Points[0].X+6, q.Points[0].Y+28, rgb(0xd6c9ae))
		}
	}
}

// GameAt: turn 0 is the start piece alone, a turn in the middle lies between, the last turn is the end, and a
// turn beyond it is refused with the turns there are.
func TestGameAt(t *testing.T) {
	rec, final := load(t, cityRiver, -1)
	_, g0 := load(t, cityRiver, 0)
	if len(g0.S.Tiles) != 12 {
		t.Errorf("turn 0: %d tiles, want the City's 12 cells", len(g0.S.Tiles))
	}
	_, g10 := load(t, cityRiver, 10)
	if n := len(g10.S.Tiles); n <= 12 || n >= 100 || g10.TurnNo > 11 {
		t.Errorf("turn 10: %d tiles, turn %d", n, g10.TurnNo)
	}
	// After turn 10 is after turn 10 and before any tile of turn 11: replaying further changes the board.
	_, g11 := load(t, cityRiver, 11)
	if len(g11.S.Tiles) <= len(g10.S.Tiles) && len(g11.S.Tiles) != 12 {
		t.Errorf("turn 11 has %d tiles, turn 10 %d", len(g11.S.Tiles), len(g10.S.Tiles))
	}
	_, last := load(t, cityRiver, final.TurnNo)
	if len(last.S.Tiles) != len(final.S.Tiles) {
		t.Errorf("the last turn: %d tiles, the end %d", len(last.S.Tiles), len(final.S.Tiles))
	}
	_, err := GameAt(rec, final.TurnNo+5)
	var te *TurnError
	if !errors.As(err, &te) || te.Last != final.TurnNo || !errors.Is(err, ErrNoSuchTurn) {
		t.Errorf("a turn beyond the record: %v", err)
	}
}

// GameAt on a game begun from a position (POS): the turns are replayed on the position, so the board after the
// first turn holds the position's 5 tiles (start tile and 4 lines) and the tile laid in that turn.
func TestGameAtPosition(t *testing.T) {
	text := "karkason-record 1\n" +
		"setup players=Ана:red,Богдан:blue expansions=farmers start=standard\n" +
		"position tile b-rs 1,0 90\nposition tile b-rs -1,0 90\nposition tile b-c1 0,-1 180\nposition tile b-rc 0,1 0\n" +
		"red place b-m 0,-2 0\n"
	rec, err := referee.ParseRecord(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	for turn, want := range map[int]int{0: 5, 1: 6} {
		g, err := GameAt(rec, turn)
		if err != nil || len(g.S.Tiles) != want {
			t.Errorf("turn %d: %v, %d tiles, want %d", turn, err, len(g.S.Tiles), want)
		}
	}
}

// Every tile type of the catalogue draws at every rotation into shapes inside its cell (the drawing comes from
// the catalogue's segments, so a new tile needs no drawing code).
func TestEveryTileDraws(t *testing.T) {
	for _, tt := range engine.Standard().Types {
		for rot := 0; rot < 4; rot++ {
			var g Group
			drawTile(&g, tt, rot, 0, 0)
			if len(g.Shapes) == 0 {
				t.Fatalf("%s: nothing drawn", tt.ID)
			}
			for _, s := range g.Shapes {
				for _, p := range s.Points {
					if p.X < -T*0.1 || p.Y < -T*0.1 || p.X > T*1.1 || p.Y > T*1.1 || math.IsNaN(p.X) {
						t.Fatalf("%s rot %d: a point outside the tile: %v", tt.ID, rot, p)
					}
				}
			}
		}
	}
}

// A picture that cannot be written leaves nothing behind and says so with the file system's reason.
func TestWriteFileErrors(t *testing.T) {
	dir := t.TempDir()
	err := WriteFile(filepath.Join(dir, "none", "x.svg"), func(w io.Writer) error { return nil })
	var we *WriteError
	if !errors.As(err, &we) || we.Op != "create" || !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing folder: %v", err)
	}
	err = WriteFile(filepath.Join(dir, "x.svg"), func(w io.Writer) error { return errors.New("disk full") })
	if !errors.As(err, &we) || we.Op != "write" {
		t.Errorf("failed write: %v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("left behind: %v", entries)
	}
	if err := WriteFile(filepath.Join(dir, "x.svg"), func(w io.Writer) error { _, err := io.WriteString(w, "ok"); return err }); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "x.svg")); string(b) != "ok" {
		t.Errorf("written %q", b)
	}
}

// Issue 22 item 11: the chart of a game begun from a position starts at the points of its score track (POS-7), not
// at 0 as if they were gained in turn 1; at turn 0 each player's starting points are a dot, not an empty chart.
func TestChartFromPosition(t *testing.T) {
	text := "karkason-record 1\n" +
		"setup players=Ана:red,Богдан:blue expansions=farmers start=standard\n" +
		"position tile b-rs 1,0 90\nposition red score 12\nposition blue score 30\n" +
		"red place b-rs 2,0 90\nred pass\nblue place b-rs 3,0 90\n"
	rec, err := referee.ParseRecord(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	loc := locales.New("en")
	for _, turn := range []int{0, 1} {
		g, err := GameAt(rec, turn)
		if err != nil {
			t.Fatal(err)
		}
		var lines, dots []Shape
		for _, gr := range Build(g, loc, "t").Groups {
			if len(gr.Attrs) != 1 || gr.Attrs[0][1] != "scores" {
				continue
			}
			for _, s := range gr.Shapes {
				switch {
				case s.RoundCap:
					lines = append(lines, s)
				case s.Circle && s.R < 5:
					dots = append(dots, s)
				}
			}
		}
		if turn == 0 {
			if len(lines) != 0 || len(dots) != 2 || !(dots[1].C.Y < dots[0].C.Y) {
				t.Errorf("turn 0: %d lines, %d dots %v; want blue's dot above red's", len(lines), len(dots), dots)
			}
			continue
		}
		if len(lines) != 2 {
			t.Fatalf("turn 1: %d chart lines", len(lines))
		}
		red, blue := lines[0].Points, lines[1].Points
		// Flat: nobody scored in turn 1, so each line begins and ends at its starting points, blue's above red's.
		if red[0].Y != red[len(red)-1].Y || blue[0].Y != blue[len(blue)-1].Y || !(blue[0].Y < red[0].Y) {
			t.Errorf("turn 1: red %v, blue %v", red, blue)
		}
	}
}

// Traders & Builders in the pictures: every builder and pig on the board is drawn in its player's colour in its
// own shape (the builder tall with a hat, the pig side on), and every tile with a goods symbol shows it (the pale
// token under the grapes, sheaf or bolt). The game: legal moves with a fixed seed, the builder and the pig placed
// whenever they may go, until both kinds stand on the board.
func TestBuildersPigsGoodsDrawn(t *testing.T) {
	setup := referee.Setup{Players: []referee.PlayerSpec{{Name: "Ана", Colour: referee.Red},
		{Name: "Богдан", Colour: referee.Blue}}, Start: referee.StartStandard, Followers: 7,
		Expansions: []string{"farmers", "traders-builders"}}
	g, err := referee.NewGame(setup, engine.Standard())
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewSource(7))
	on := func(k engine.FigureKind) bool {
		return slices.ContainsFunc(g.S.Figures, func(f engine.Figure) bool { return f.Kind == k && f.Where == engine.OnBoard })
	}
	for steps := 0; g.Phase != referee.PhaseEnded && !(on(engine.Builder) && on(engine.Pig)); steps++ {
		acts := g.Legal().Actions
		if len(acts) == 0 || steps > 2000 {
			break
		}
		a := acts[r.Intn(len(acts))]
		for _, b := range acts {
			if b.Builder || b.Pig || b.Verb == referee.VerbDeploy && r.Intn(2) == 0 {
				a = b
				break
			}
		}
		if err := g.Apply(a); err != nil {
			t.Fatalf("%s: %v", a, err)
		}
	}
	if !on(engine.Builder) || !on(engine.Pig) {
		t.Fatal("the game has no builder and no pig on the board")
	}
	p := Build(g, locales.New("en"), "tb")
	count := func(src []Pt, fill Colour) int {
		n := 0
		for _, grp := range p.Groups {
			for _, sh := range grp.Shapes {
				if len(sh.Points) == len(src) && sh.Fill == fill && !sh.Circle {
					n++
				}
			}
		}
		return n
	}
	for _, f := range g.S.Figures {
		if f.Where != engine.OnBoard || f.Kind != engine.Builder && f.Kind != engine.Pig {
			continue
		}
		src := builder
		if f.Kind == engine.Pig {
			src = pig
		}
		if count(src, PlayerColour(g.Colour(int(f.Player)))) == 0 {
			t.Errorf("%s's %s is not drawn", g.Name(int(f.Player)), f.Kind)
		}
	}
	goods := 0
	for _, tl := range g.S.Tiles {
		for _, sd := range tl.Type.Segs {
			goods += min(1, sd.Goods.Total())
		}
	}
	tokens := 0
	for _, grp := range p.Groups {
		if len(grp.Attrs) == 0 || grp.Attrs[0][0] != "data-tile" {
			continue // the tiles' groups (the scores show each player's goods too)
		}
		for _, sh := range grp.Shapes {
			if sh.Fill == rgb(0xf4ecd8) { // the token: round (wine), a diamond (grain), a square (cloth)
				tokens++
			}
		}
	}
	if goods == 0 || tokens < goods {
		t.Errorf("%d goods symbols on the board, %d drawn", goods, tokens)
	}
}
