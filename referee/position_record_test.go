package referee

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// The syntax of position lines (record format "Positions"): every form of the spec's table parses to its fields and
// writes back canonically; malformed lines are *ParseError naming the line, the text and what was expected; a
// position line after an action is refused (POS-10).
func TestParsePositionLine(t *testing.T) {
	for _, c := range []struct {
		line string
		want PositionLine
		out  string // canonical form when it differs from line
	}{
		{"position tile b-rs 1,0 90", PositionLine{Kind: PosTile, Tile: "b-rs", Pos: Pos{1, 0}, Rot: 90}, ""},
		{"position tile B-C1 +0,-01 270 # cap", PositionLine{Kind: PosTile, Tile: "b-c1", Pos: Pos{0, -1}, Rot: 270,
			Comment: "cap"}, "position tile b-c1 0,-1 270"},
		{"position red follower 1,0:E", PositionLine{Kind: PosFollower, Colour: Red,
			Target: FeatureRef{Pos{1, 0}, "E"}}, ""},
		{"position blue follower 0,0:#f3", PositionLine{Kind: PosFollower, Colour: Blue,
			Target: FeatureRef{Pos{0, 0}, "#f3"}}, ""},
		{"position red abbot 2,0:monastery", PositionLine{Kind: PosAbbot, Colour: Red,
			Target: FeatureRef{Pos{2, 0}, "monastery"}}, ""},
		{"position green follower smithy", PositionLine{Kind: PosFollower, Colour: Green, Quarter: "smithy"}, ""},
		{"position red abbot cathedral", PositionLine{Kind: PosAbbot, Colour: Red, Quarter: "cathedral"}, ""},
		{"position red abbot palace", PositionLine{Kind: PosAbbot, Colour: Red, Quarter: "palace"}, ""},
		{"position count market", PositionLine{Kind: PosCount, Quarter: "market"}, ""},
		{"position yellow king 0,-1:S", PositionLine{Kind: PosKing, Colour: Yellow,
			Target: FeatureRef{Pos{0, -1}, "S"}}, ""},
		{"position black robber 1,0:W", PositionLine{Kind: PosRobber, Colour: Black,
			Target: FeatureRef{Pos{1, 0}, "W"}}, ""},
		{"position red gifts 2", PositionLine{Kind: PosGifts, Colour: Red, N: 2}, ""},
		{"position red score 041", PositionLine{Kind: PosScore, Colour: Red, N: 41}, "position red score 41"},
		{"position red score -3", PositionLine{Kind: PosScore, Colour: Red, N: -3}, ""},
		{"position turn blue", PositionLine{Kind: PosTurn, Colour: Blue}, ""},
		{"position red large 1,0:E", PositionLine{Kind: PosLarge, Colour: Red, Target: FeatureRef{Pos{1, 0}, "E"}}, ""},
		{"position pink large market", PositionLine{Kind: PosLarge, Colour: Pink, Quarter: "market"}, ""},
		{"position turn pink", PositionLine{Kind: PosTurn, Colour: Pink}, ""},
	} {
		got, err := ParsePositionLine(c.line, 7)
		if err != nil {
			t.Errorf("%q: %v", c.line, err)
			continue
		}
		c.want.Line = 7
		if !samePositionLine(got, c.want) {
			t.Errorf("%q: got %+v, want %+v", c.line, got, c.want)
		}
		out := c.out
		if out == "" {
			out = strings.TrimSpace(strings.Split(c.line, "#")[0])
			if c.want.Target.Place != "" && strings.HasPrefix(c.want.Target.Place, "#") {
				out = c.line
			}
		}
		if got.String() != out {
			t.Errorf("%q: writes %q, want %q", c.line, got.String(), out)
		}
		if err := got.Validate(); err != nil {
			t.Errorf("%q: does not validate: %v", c.line, err)
		}
	}
}

func TestParsePositionLineErrors(t *testing.T) {
	for _, c := range []struct{ line, key, text string }{
		{"position", KeyBadPositionLine, "position"},
		{"position tiles b-rs 1,0 0", KeyBadPositionLine, "tiles"},
		{"position tile b-rs 1,0", KeyBadRotation, "position tile b-rs 1,0"},
		{"position tile b-rs 1,0 45", KeyBadRotation, "45"},
		{"position tile b_rs 1,0 0", KeyBadTile, "b_rs"},
		{"position purple follower 1,0:E", KeyBadPositionLine, "purple"},
		{"position red", KeyBadPositionKind, "position red"},
		{"position red meeple 1,0:E", KeyBadPositionKind, "meeple"},
		{"position red follower 1,0", KeyBadFigurePlace, "1,0"},
		{"position red follower tavern", KeyBadFigurePlace, "tavern"},
		{"position red follower 1,0:X", KeyBadPlace, "X"},
		{"position red king smithy", KeyBadFeature, "smithy"},
		{"position red gifts two", KeyBadNumber, "two"},
		{"position red score", KeyBadNumber, "position red score"},
		{"position count", KeyBadQuarter, "position count"},
		{"position count tavern", KeyBadQuarter, "tavern"},
		{"position turn", KeyBadColour, "position turn"},
		{"position turn red blue", KeyExtraText, "blue"},
	} {
		_, err := ParsePositionLine(c.line, 3)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("%q: got %v, want a ParseError", c.line, err)
			continue
		}
		if pe.Key != c.key || pe.Text != c.text || pe.Line != 3 || pe.Expected == "" {
			t.Errorf("%q: got %s %q line %d, want %s %q", c.line, pe.Key, pe.Text, pe.Line, c.key, c.text)
		}
	}
}

func TestRecordWithPosition(t *testing.T) {
	text := "karkason-record 1\n" +
		"setup players=Ана:red,Богдан:blue expansions=farmers start=none\n" +
		"# the board as it lies\n" +
		"position tile b-c1rs 0,0 0\n" +
		"position tile b-rs 1,0 90  # road\n" +
		"position red follower 1,0:E\n" +
		"position red score 41\n" +
		"position turn blue\n" +
		"# and on\n" +
		"blue place b-c1 0,-1 180\n" +
		"end\n"
	rec, err := ParseRecord(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if rec.Setup.Start != StartNone || len(rec.Position) != 5 || len(rec.Actions) != 2 {
		t.Fatalf("got start %q, %d position lines, %d actions", rec.Setup.Start, len(rec.Position), len(rec.Actions))
	}
	if p := rec.Position[0]; p.Line != 4 || len(p.CommentsBefore) != 1 || p.CommentsBefore[0] != "the board as it lies" {
		t.Errorf("first position line %+v", p)
	}
	if a := rec.Actions[0]; len(a.CommentsBefore()) != 1 || a.CommentsBefore()[0] != "and on" {
		t.Errorf("first action %+v", a)
	}
	var out bytes.Buffer
	if err := WriteRecord(&out, rec); err != nil {
		t.Fatal(err)
	}
	if out.String() != text {
		t.Errorf("written:\n%s\nwant:\n%s", out.String(), text)
	}

	// POS-10: a position line after an action.
	bad := strings.Replace(text, "end\n", "position blue score 3\nend\n", 1)
	_, err = ParseRecord(strings.NewReader(bad))
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Key != KeyPositionAfterAction || pe.Line != 11 || !strings.Contains(pe.Expected, "POS-10") {
		t.Errorf("position after an action: got %v", err)
	}
	// A position line after end is refused like any line after end.
	bad = text + "position blue score 3\n"
	if _, err = ParseRecord(strings.NewReader(bad)); !errors.As(err, &pe) || pe.Key != KeyAfterEnd {
		t.Errorf("position after end: got %v", err)
	}
	// A record built in code with a malformed position line does not write.
	rec.Position[1].Rot = 45
	if err := WriteRecord(&out, rec); err == nil {
		t.Error("a position line with rotation 45 was written")
	}
}
