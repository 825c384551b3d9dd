package referee

import (
	"bytes"
	"errors"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

func readExample(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("testdata/record-example.txt")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestParseSpecExample parses the example of the spec (section "Example") verbatim.
func TestParseSpecExample(t *testing.T) {
	rec, err := ParseRecord(strings.NewReader(readExample(t)))
	if err != nil {
		t.Fatal(err)
	}
	wantSetup := Setup{
		Players:    []PlayerSpec{{"Ана", Red}, {"Богдан", Blue}},
		Expansions: []string{ExpansionFarmers},
		Start:      StartStandard,
	}
	if !reflect.DeepEqual(rec.Setup, wantSetup) {
		t.Errorf("setup = %+v, want %+v", rec.Setup, wantSetup)
	}
	if !reflect.DeepEqual(rec.HeaderComments, []string{"two players, base game with farmers"}) {
		t.Errorf("header comments = %q", rec.HeaderComments)
	}
	want := []Action{
		{Line: 4, Colour: Red, Verb: VerbPlace, Tile: "b-rs", Pos: Pos{1, 0}, Rot: 90},
		{Line: 5, Colour: Red, Verb: VerbDeploy, Place: "E"},
		{Line: 6, Colour: Blue, Verb: VerbPlace, Tile: "b-c1", Pos: Pos{0, -1}, Rot: 180},
		{Line: 7, Colour: Blue, Verb: VerbDeploy, Place: "S"},
	}
	if len(rec.Actions) != len(want) {
		t.Fatalf("got %d actions, want %d", len(rec.Actions), len(want))
	}
	for i, a := range rec.Actions {
		if a.Comment() == "" {
			t.Errorf("action %d lost its comment", i)
		}
		a.SetComment("")
		if !reflect.DeepEqual(a, want[i]) {
			t.Errorf("action %d = %+v, want %+v", i, a, want[i])
		}
	}
	if !strings.HasPrefix(rec.Actions[0].Comment(), "straight road turned a quarter") {
		t.Errorf("comment = %q", rec.Actions[0].Comment())
	}
}

// TestParseActionForms covers every line form of the spec's action table.
func TestParseActionForms(t *testing.T) {
	ref := func(x, y int, p string) FeatureRef { return FeatureRef{Pos{x, y}, p} }
	tests := []struct {
		line string
		want Action
	}{
		{"red place b-rs 1,0 90", Action{Colour: Red, Verb: VerbPlace, Tile: "b-rs", Pos: Pos{1, 0}, Rot: 90}},
		{"blue place b-c1 0,-1 0", Action{Colour: Blue, Verb: VerbPlace, Tile: "b-c1", Pos: Pos{0, -1}}},
		{"green place kr-2cities -12,+7 270", Action{Colour: Green, Verb: VerbPlace, Tile: "kr-2cities", Pos: Pos{-12, 7}, Rot: 270}},
		{"yellow place B-RS 003,-0 180", Action{Colour: Yellow, Verb: VerbPlace, Tile: "b-rs", Pos: Pos{3, 0}, Rot: 180}},
		{"black place D 2,2 0", Action{Colour: Black, Verb: VerbPlace, Tile: "d", Pos: Pos{2, 2}}},
		{"red discard r2-fork", Action{Colour: Red, Verb: VerbDiscard, Tile: "r2-fork"}},
		{"red deploy follower E", Action{Colour: Red, Verb: VerbDeploy, Place: "E"}},
		{"red deploy follower NNW", Action{Colour: Red, Verb: VerbDeploy, Place: "NNW"}},
		{"red deploy follower WNW", Action{Colour: Red, Verb: VerbDeploy, Place: "WNW"}},
		{"red deploy follower monastery", Action{Colour: Red, Verb: VerbDeploy, Place: "monastery"}},
		{"red deploy follower shrine", Action{Colour: Red, Verb: VerbDeploy, Place: "shrine"}},
		{"red deploy follower #f3", Action{Colour: Red, Verb: VerbDeploy, Place: "#f3"}},
		{"red deploy follower #Inner_field-2", Action{Colour: Red, Verb: VerbDeploy, Place: "#Inner_field-2"}},
		{"red deploy abbot garden", Action{Colour: Red, Verb: VerbDeploy, Abbot: true, Place: "garden"}},
		{"red deploy abbot monastery", Action{Colour: Red, Verb: VerbDeploy, Abbot: true, Place: "monastery"}},
		{"red return-abbot 1,-2", Action{Colour: Red, Verb: VerbReturnAbbot, Pos: Pos{1, -2}}},
		{"red pass", Action{Colour: Red, Verb: VerbPass}},
		{"red city palace", Action{Colour: Red, Verb: VerbCity, Quarter: QuarterPalace}},
		{"red city smithy", Action{Colour: Red, Verb: VerbCity, Quarter: QuarterSmithy}},
		{"red city market", Action{Colour: Red, Verb: VerbCity, Quarter: QuarterMarket}},
		{"red city cathedral abbot", Action{Colour: Red, Verb: VerbCity, Quarter: QuarterCathedral, Abbot: true}},
		{"red count smithy", Action{Colour: Red, Verb: VerbCount, Quarter: QuarterSmithy}},
		{"red move palace 2,-1:N", Action{Colour: Red, Verb: VerbMove, Quarter: QuarterPalace, Target: ref(2, -1, "N")}},
		{"red move cathedral 0,1:monastery abbot", Action{Colour: Red, Verb: VerbMove, Quarter: QuarterCathedral, Target: ref(0, 1, "monastery"), Abbot: true}},
		{"red move smithy 3,3:#c2", Action{Colour: Red, Verb: VerbMove, Quarter: QuarterSmithy, Target: ref(3, 3, "#c2")}},
		{"red decline", Action{Colour: Red, Verb: VerbDecline}},
		{"red market 4,0:SSE", Action{Colour: Red, Verb: VerbMarket, Target: ref(4, 0, "SSE")}},
		{"red market 4,0:#f1", Action{Colour: Red, Verb: VerbMarket, Target: ref(4, 0, "#f1")}},
		{"red gift synod 1,1:monastery", Action{Colour: Red, Verb: VerbGift, Gift: GiftSynod, Target: ref(1, 1, "monastery")}},
		{"red gift synod 1,1:shrine abbot", Action{Colour: Red, Verb: VerbGift, Gift: GiftSynod, Target: ref(1, 1, "shrine"), Abbot: true}},
		{"red gift synod 1,1:garden", Action{Colour: Red, Verb: VerbGift, Gift: GiftSynod, Target: ref(1, 1, "garden")}},
		{"red gift synod 1,1:#m", Action{Colour: Red, Verb: VerbGift, Gift: GiftSynod, Target: ref(1, 1, "#m")}},
		{"red gift road-sweeper -1,0:E", Action{Colour: Red, Verb: VerbGift, Gift: GiftRoadSweeper, Target: ref(-1, 0, "E")}},
		{"red gift change-position 0,0:NNE N", Action{Colour: Red, Verb: VerbGift, Gift: GiftChangePosition, Target: ref(0, 0, "NNE"), NewPlace: "N"}},
		{"red gift change-position 0,0:N #f1", Action{Colour: Red, Verb: VerbGift, Gift: GiftChangePosition, Target: ref(0, 0, "N"), NewPlace: "#f1"}},
		{"red gift cash-out 5,5:W", Action{Colour: Red, Verb: VerbGift, Gift: GiftCashOut, Target: ref(5, 5, "W")}},
		{"red gift cash-out 5,5:monastery abbot", Action{Colour: Red, Verb: VerbGift, Gift: GiftCashOut, Target: ref(5, 5, "monastery"), Abbot: true}},
		{"red gift two-choices", Action{Colour: Red, Verb: VerbGift, Gift: GiftTwoChoices}},
		{"red gift synod void", Action{Colour: Red, Verb: VerbGift, Gift: GiftSynod, Void: true}},
		{"red gift road-sweeper void # no road", Action{Colour: Red, Verb: VerbGift, Gift: GiftRoadSweeper, Void: true}.WithComment("no road")},
		{"red gift change-position void", Action{Colour: Red, Verb: VerbGift, Gift: GiftChangePosition, Void: true}},
		{"red gift cash-out void", Action{Colour: Red, Verb: VerbGift, Gift: GiftCashOut, Void: true}},
		{"end", Action{Verb: VerbEnd}},
		// Inns & Cathedrals (spec "Inns & Cathedrals and Traders & Builders"): the large follower, the colour pink.
		{"red deploy large E", Action{Colour: Red, Verb: VerbDeploy, Place: "E", Large: true}},
		{"pink deploy large NNW", Action{Colour: Pink, Verb: VerbDeploy, Place: "NNW", Large: true}},
		{"red city market large", Action{Colour: Red, Verb: VerbCity, Quarter: QuarterMarket, Large: true}},
		{"red move smithy 1,0:E large", Action{Colour: Red, Verb: VerbMove, Quarter: QuarterSmithy, Target: ref(1, 0, "E"), Large: true}},
		{"red market 1,0:NNW large", Action{Colour: Red, Verb: VerbMarket, Target: ref(1, 0, "NNW"), Large: true}},
		{"red gift synod 1,1:monastery large", Action{Colour: Red, Verb: VerbGift, Gift: GiftSynod, Target: ref(1, 1, "monastery"), Large: true}},
		{"red gift cash-out 5,5:W large", Action{Colour: Red, Verb: VerbGift, Gift: GiftCashOut, Target: ref(5, 5, "W"), Large: true}},
		{"red gift change-position 0,0:N S large", Action{Colour: Red, Verb: VerbGift, Gift: GiftChangePosition, Target: ref(0, 0, "N"), NewPlace: "S", Large: true}},
		{"red market 1,0:#f2 large # a farmer", Action{Colour: Red, Verb: VerbMarket, Target: ref(1, 0, "#f2"), Large: true}.WithComment("a farmer")},
		// White space and comments.
		{"\t red \t place\tb-rs   1,0 90 \t", Action{Colour: Red, Verb: VerbPlace, Tile: "b-rs", Pos: Pos{1, 0}, Rot: 90}},
		{"red place b-rs 1,0 90          # straight road", Action{Colour: Red, Verb: VerbPlace, Tile: "b-rs", Pos: Pos{1, 0}, Rot: 90}.WithComment("straight road")},
		{"red place b-rs 1,0 90 #f3", Action{Colour: Red, Verb: VerbPlace, Tile: "b-rs", Pos: Pos{1, 0}, Rot: 90}.WithComment("f3")},
		{"red place b-rs 1,0 90#x", Action{Colour: Red, Verb: VerbPlace, Tile: "b-rs", Pos: Pos{1, 0}, Rot: 90}.WithComment("x")},
		{"red pass#note", Action{Colour: Red, Verb: VerbPass}.WithComment("note")},
		{"red pass #", Action{Colour: Red, Verb: VerbPass}},
		{"red deploy follower #f3 # a farmer", Action{Colour: Red, Verb: VerbDeploy, Place: "#f3"}.WithComment("a farmer")},
		{"red deploy follower #f3#x", Action{Colour: Red, Verb: VerbDeploy, Place: "#f3"}.WithComment("x")},
		{"red deploy follower E #f3", Action{Colour: Red, Verb: VerbDeploy, Place: "E"}.WithComment("f3")},
		{"red move palace 2,-1:#c1#x", Action{Colour: Red, Verb: VerbMove, Quarter: QuarterPalace, Target: ref(2, -1, "#c1")}.WithComment("x")},
		{"red move palace 2,-1:N #abbot", Action{Colour: Red, Verb: VerbMove, Quarter: QuarterPalace, Target: ref(2, -1, "N")}.WithComment("abbot")},
		{"red city palace # abbot", Action{Colour: Red, Verb: VerbCity, Quarter: QuarterPalace}.WithComment("abbot")},
		{"red gift change-position 0,0:N #f1 #f2", Action{Colour: Red, Verb: VerbGift, Gift: GiftChangePosition, Target: ref(0, 0, "N"), NewPlace: "#f1"}.WithComment("f2")},
		{"end # stopped early: dinner", Action{Verb: VerbEnd}.WithComment("stopped early: dinner")},
		{"end#", Action{Verb: VerbEnd}},
	}
	for _, tt := range tests {
		a, blank, err := ParseAction(tt.line, 9)
		if err != nil || blank {
			t.Errorf("ParseAction(%q) = blank %v, error %v", tt.line, blank, err)
			continue
		}
		tt.want.Line = 9
		if !reflect.DeepEqual(a, tt.want) {
			t.Errorf("ParseAction(%q)\n got %+v\nwant %+v", tt.line, a, tt.want)
		}
		if err := a.Validate(); err != nil {
			t.Errorf("Validate(%q): %v", tt.line, err)
		}
		// The canonical form parses back to the same action.
		b, _, err := ParseAction(a.String(), 9)
		b.SetComment(a.Comment())
		if err != nil || !reflect.DeepEqual(a, b) {
			t.Errorf("String() = %q parses to %+v, %v", a.String(), b, err)
		}
	}
}

func TestActionString(t *testing.T) {
	tests := map[string]string{
		"red place B-RS +1,-0 90 # x":            "red place b-rs 1,0 90",
		"red  deploy\tabbot garden":              "red deploy abbot garden",
		"red city cathedral abbot":               "red city cathedral abbot",
		"red move palace 01,2:N abbot":           "red move palace 1,2:N abbot",
		"red gift synod 1,1:shrine abbot":        "red gift synod 1,1:shrine abbot",
		"red gift change-position 0,0:NNE #f1":   "red gift change-position 0,0:NNE #f1",
		"red gift two-choices":                   "red gift two-choices",
		"end":                                    "end",
		"blue return-abbot -3,4":                 "blue return-abbot -3,4",
		"yellow market 4,0:SSE  # market figure": "yellow market 4,0:SSE",
	}
	for in, want := range tests {
		a, _, err := ParseAction(in, 1)
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		if got := a.String(); got != want {
			t.Errorf("String of %q = %q, want %q", in, got, want)
		}
	}
}

func TestParseActionBlank(t *testing.T) {
	for _, line := range []string{"", "   ", "\t", "# just a comment", "  #red place b-rs 0,0 0", "#"} {
		a, blank, err := ParseAction(line, 3)
		if err != nil || !blank {
			t.Errorf("ParseAction(%q) = blank %v, error %v; want blank", line, blank, err)
		}
		if a.Line != 3 || a.Verb != 0 {
			t.Errorf("ParseAction(%q) = %+v", line, a)
		}
	}
	a, _, _ := ParseAction("  # hello there  ", 1)
	if a.Comment() != "hello there" {
		t.Errorf("comment = %q", a.Comment())
	}
}

// checkErr checks that err is a *ParseError with the given line, key and text, and that its
// message names the line, the offending text and what was expected.
func checkErr(t *testing.T, what string, err error, line int, key, text string) {
	t.Helper()
	var pe *ParseError
	if !errors.As(err, &pe) {
		t.Errorf("%s: error %v (%T), want *ParseError %s", what, err, err, key)
		return
	}
	if pe.Line != line || pe.Key != key || pe.Text != text {
		t.Errorf("%s: got line %d key %s text %q, want line %d key %s text %q (%v)",
			what, pe.Line, pe.Key, pe.Text, line, key, text, err)
	}
	msg := err.Error()
	if line > 0 && !strings.HasPrefix(msg, "line "+strconv.Itoa(line)+": ") {
		t.Errorf("%s: message %q does not name line %d", what, msg, line)
	}
	if text != "" && !strings.Contains(msg, strconv.Quote(text)) {
		t.Errorf("%s: message %q does not quote %q", what, msg, text)
	}
	if pe.Expected == "" || !strings.Contains(msg, "expected "+pe.Expected) {
		t.Errorf("%s: message %q does not say what was expected", what, msg)
	}
	if pe.Missing != strings.Contains(msg, ", then end of line: ") || pe.Data["Missing"] != pe.Missing {
		t.Errorf("%s: Missing %v but message %q", what, pe.Missing, msg)
	}
	if pe.Data["Line"] != line || pe.Data["Text"] != text || pe.Data["Expected"] != pe.Expected {
		t.Errorf("%s: data %v", what, pe.Data)
	}
	found := false
	for _, k := range ParseErrorKeys() {
		found = found || k == pe.Key
	}
	if !found {
		t.Errorf("%s: key %s not in ParseErrorKeys", what, pe.Key)
	}
}

func TestParseActionErrors(t *testing.T) {
	tests := []struct {
		line, key, text string
	}{
		{"Red place b-rs 0,0 0", KeyBadColour, "Red"},
		{"purple pass", KeyBadColour, "purple"},
		{"place b-rs 0,0 0", KeyBadColour, "place"},
		{"setup players=a:red,b:blue", KeyExpectedAction, "setup"},
		{"karkason-record 1", KeyExpectedAction, "karkason-record"},
		{"red", KeyBadVerb, "red"},
		{"red # pass", KeyBadVerb, "red"},
		{"red Place b-rs 0,0 0", KeyBadVerb, "Place"},
		{"red jump", KeyBadVerb, "jump"},
		{"red end", KeyEndWithColour, "red end"},
		{"end now", KeyExtraText, "now"},
		{"end red", KeyExtraText, "red"},
		{"red pass now", KeyExtraText, "now"},
		{"red gift two-choices void", KeyExtraText, "void"},
		{"red gift synod void abbot", KeyExtraText, "abbot"},
		{"red gift cash-out void 1,0:N", KeyExtraText, "1,0:N"},
		{"red decline please", KeyExtraText, "please"},
		{"red deploy huge E", KeyBadFigure, "huge"},
		{"red city palace huge", KeyExpectedAbbot, "huge"},
		{"red city palace large abbot", KeyExtraText, "abbot"},
		{"red market 1,0:N abbot", KeyExtraText, "abbot"},
		{"red market 1,0:N large large", KeyExtraText, "large"},
		{"red gift change-position 0,0:N S abbot", KeyExtraText, "abbot"},
		{"red gift road-sweeper 0,0:N large", KeyExtraText, "large"},
		{"red count palace large", KeyExtraText, "large"},
		{"red place", KeyBadTile, "red place"},
		{"red place b_rs 0,0 0", KeyBadTile, "b_rs"},
		{"red place b-rś 0,0 0", KeyBadTile, "b-rś"},
		{"red place b-rs", KeyBadPosition, "red place b-rs"},
		{"red place b-rs # 0,0 0", KeyBadPosition, "red place b-rs"},
		{"red place b-rs 0, 0 0", KeyBadPosition, "0,"},
		{"red place b-rs 0;0 0", KeyBadPosition, "0;0"},
		{"red place b-rs 0,0,0 0", KeyBadPosition, "0,0,0"},
		{"red place b-rs x,0 0", KeyBadPosition, "x,0"},
		{"red place b-rs 1.5,0 0", KeyBadPosition, "1.5,0"},
		{"red place b-rs --1,0 0", KeyBadPosition, "--1,0"},
		{"red place b-rs 1,- 0", KeyBadPosition, "1,-"},
		{"red place b-rs 99999999999,0 0", KeyBadPosition, "99999999999,0"},
		{"red place b-rs 0,0", KeyBadRotation, "red place b-rs 0,0"},
		{"red place b-rs 0,0 45", KeyBadRotation, "45"},
		{"red place b-rs 0,0 360", KeyBadRotation, "360"},
		{"red place b-rs 0,0 090", KeyBadRotation, "090"},
		{"red place b-rs 0,0 -90", KeyBadRotation, "-90"},
		{"red place b-rs 0,0 90 extra", KeyExtraText, "extra"},
		{"red discard", KeyBadTile, "red discard"},
		{"red discard b-rs 0,0", KeyExtraText, "0,0"},
		{"red deploy", KeyBadFigure, "red deploy"},
		{"red deploy E", KeyBadFigure, "E"},
		{"red deploy meeple E", KeyBadFigure, "meeple"},
		{"red deploy follower", KeyBadPlace, "red deploy follower"},
		{"red deploy follower # f3", KeyBadPlace, "red deploy follower"},
		{"red deploy follower n", KeyBadPlace, "n"},
		{"red deploy follower NW", KeyBadPlace, "NW"},
		{"red deploy follower Monastery", KeyBadPlace, "Monastery"},
		{"red deploy follower #f3!", KeyBadPlace, "#f3!"},
		{"red deploy follower 0,0", KeyBadPlace, "0,0"},
		{"red deploy follower E W", KeyExtraText, "W"},
		{"red return-abbot", KeyBadPosition, "red return-abbot"},
		{"red return-abbot 0,0:monastery", KeyBadPosition, "0,0:monastery"},
		{"red pass E", KeyExtraText, "E"},
		{"red city", KeyBadQuarter, "red city"},
		{"red city castle", KeyBadQuarter, "castle"},
		{"red city palace follower", KeyExpectedAbbot, "follower"},
		{"red city palace abbot abbot", KeyExtraText, "abbot"},
		{"red count", KeyBadQuarter, "red count"},
		{"red count palace abbot", KeyExtraText, "abbot"},
		{"red move palace", KeyBadFeature, "red move palace"},
		{"red move palace 1,0", KeyBadFeature, "1,0"},
		{"red move palace 1,0:", KeyBadPlace, "1,0:"},
		{"red move palace 1,0:# c", KeyBadPlace, "1,0:"},
		{"red move palace 1,0#:N", KeyBadFeature, "1,0"},
		{"red move palace 1:N", KeyBadFeature, "1:N"},
		{"red move palace 1,0:N:S", KeyBadPlace, "N:S"},
		{"red move palace 1,0:X", KeyBadPlace, "X"},
		{"red move palace 1,0:N abbots", KeyExpectedAbbot, "abbots"},
		{"red move 1,0:N", KeyBadQuarter, "1,0:N"},
		{"red market", KeyBadFeature, "red market"},
		{"red market 1,0:N abbot", KeyExtraText, "abbot"},
		{"red gift", KeyBadGift, "red gift"},
		{"red gift king 1,0:N", KeyBadGift, "king"},
		{"red gift synod", KeyBadFeature, "red gift synod"},
		{"red gift synod 1,1:N", KeyBadSynodPlace, "N"},
		{"red gift synod 1,1:NNW", KeyBadSynodPlace, "NNW"},
		{"red gift synod 1,1:chapel", KeyBadSynodPlace, "chapel"},
		{"red gift synod 1,1:monastery follower", KeyExpectedAbbot, "follower"},
		{"red gift road-sweeper 1,0:N abbot", KeyExtraText, "abbot"},
		{"red gift change-position 0,0:N", KeyBadPlace, "red gift change-position 0,0:N"},
		{"red gift change-position 0,0:N road", KeyBadPlace, "road"},
		{"red gift change-position 0,0:N S W", KeyExtraText, "W"},
		{"red gift cash-out", KeyBadFeature, "red gift cash-out"},
		{"red gift cash-out 1,0:N meeple", KeyExpectedAbbot, "meeple"},
		{"red gift two-choices b-rs", KeyExtraText, "b-rs"},
		{"red pass\r", KeyBadVerb, "pass\r"},
		{"red\u00a0pass", KeyBadColour, "red\u00a0pass"},
		{"red pass \xff", KeyBadUTF8, "red pass \xff"},
	}
	for _, tt := range tests {
		_, _, err := ParseAction(tt.line, 12)
		checkErr(t, strconv.Quote(tt.line), err, 12, tt.key, tt.text)
	}
}

func TestParseSetup(t *testing.T) {
	tests := []struct {
		line string
		want Setup
	}{
		{"setup players=Ана:red,Богдан:blue,Віра:green expansions=farmers,abbot,river,count,king-robber,shrines,gifts start=standard",
			Setup{Players: []PlayerSpec{{"Ана", Red}, {"Богдан", Blue}, {"Віра", Green}},
				Expansions: []string{"farmers", "abbot", "river", "count", "king-robber", "shrines", "gifts"}, Start: "standard"}},
		{"setup players=a:red,b:blue", Setup{Players: []PlayerSpec{{"a", Red}, {"b", Blue}}}},
		{"setup players=a:red,b:blue expansions=none", Setup{Players: []PlayerSpec{{"a", Red}, {"b", Blue}}}},
		{"setup followers=5 start=river2 expansions=river2,newtiles players=a:yellow,b:black,c:red,d:green,e:blue",
			Setup{Players: []PlayerSpec{{"a", Yellow}, {"b", Black}, {"c", Red}, {"d", Green}, {"e", Blue}},
				Expansions: []string{"river2", "newtiles"}, Start: "river2", Followers: 5}},
		{"  setup\tplayers=x=y:red,Z:blue  start=city followers=099 # comment",
			Setup{Players: []PlayerSpec{{"x=y", Red}, {"Z", Blue}}, Start: "city", Followers: 99}},
		{"setup players=a:red,b:blue followers=1", Setup{Players: []PlayerSpec{{"a", Red}, {"b", Blue}}, Followers: 1}},
	}
	for _, tt := range tests {
		s, err := ParseSetup(tt.line, 2)
		if err != nil {
			t.Errorf("ParseSetup(%q): %v", tt.line, err)
			continue
		}
		if !reflect.DeepEqual(s, tt.want) {
			t.Errorf("ParseSetup(%q)\n got %+v\nwant %+v", tt.line, s, tt.want)
		}
		if err := s.Validate(); err != nil {
			t.Errorf("Validate(%q): %v", tt.line, err)
		}
		back, err := ParseSetup(s.String(), 2)
		if err != nil || !reflect.DeepEqual(back, s) {
			t.Errorf("String() = %q parses to %+v, %v", s.String(), back, err)
		}
	}
	s, _ := ParseSetup("setup expansions=farmers,gifts players=Ана:red,Bo:blue followers=7 start=river", 1)
	if got, want := s.String(), "setup players=Ана:red,Bo:blue expansions=farmers,gifts start=river followers=7"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if !s.HasExpansion(ExpansionGifts) || s.HasExpansion(ExpansionCount) {
		t.Errorf("HasExpansion wrong for %v", s.Expansions)
	}
}

func TestParseSetupErrors(t *testing.T) {
	tests := []struct {
		line, key, text string
	}{
		{"", KeyMissingSetup, ""},
		{"# a comment", KeyMissingSetup, ""},
		{"Setup players=a:red,b:blue", KeyBadSetup, "Setup players=a:red,b:blue"},
		{"red place b-rs 0,0 0 # x", KeyBadSetup, "red place b-rs 0,0 0"},
		{"setup", KeySetupNoPlayers, "setup"},
		{"setup expansions=none # x", KeySetupNoPlayers, "setup expansions=none"},
		{"setup players", KeySetupBadItem, "players"},
		{"setup players=", KeySetupBadItem, "players="},
		{"setup players = a:red,b:blue", KeySetupBadItem, "players"},
		{"setup Players=a:red,b:blue", KeySetupUnknownKey, "Players=a:red,b:blue"},
		{"setup players=a:red,b:blue colours=2", KeySetupUnknownKey, "colours=2"},
		{"setup players=a:red,b:blue players=c:red,d:blue", KeySetupDuplicateKey, "players=c:red,d:blue"},
		{"setup players=a:red,b:blue start=city start=city", KeySetupDuplicateKey, "start=city"},
		{"setup players=a:red", KeyPlayerCount, "a:red"},
		{"setup players=a:red,b:blue,c:green,d:yellow,e:black,f:red", KeyDuplicateColour, "f:red"},
		{"setup players=a:red,b:blue,c:green,d:yellow,e:black,f:white", KeyBadColour, "white"},
		{"setup players=a:red,b:blue,", KeyBadPlayer, "a:red,b:blue,"},
		{"setup players=a:red,,b:blue", KeyBadPlayer, "a:red,,b:blue"},
		{"setup players=a,b", KeyBadPlayer, "a"},
		{"setup players=:red,b:blue", KeyBadName, ":red"},
		{"setup players=a:b:red,c:blue", KeyBadName, "a:b:red"},
		{"setup players=a\u00a0b:red,c:blue", KeyBadName, "a\u00a0b:red"},
		{"setup players=a\x01:red,c:blue", KeyBadName, "a\x01:red"},
		{"setup players=Ан#а:red,b:blue", KeyBadPlayer, "Ан"},
		{"setup players=a:Red,b:blue", KeyBadColour, "Red"},
		{"setup players=a:,b:blue", KeyBadColour, "a:"},
		{"setup players=a:red,b:red", KeyDuplicateColour, "b:red"},
		{"setup players=Bob:green,Bob:black", KeyDuplicateName, "Bob:black"},
		{"setup players=Zo\u00eb:red,Zoe\u0308:blue", KeyDuplicateName, "Zoe\u0308:blue"},
		{"setup players=a:red,b:blue expansions=farmer", KeyBadExpansion, "farmer"},
		{"setup players=a:red,b:blue expansions=Farmers", KeyBadExpansion, "Farmers"},
		{"setup players=a:red,b:blue expansions=farmers,", KeyBadExpansion, "farmers,"},
		{"setup players=a:red,b:blue expansions=farmers,farmers", KeyDuplicateExpansion, "farmers"},
		{"setup players=a:red,b:blue expansions=none,farmers", KeyNoneNotAlone, "none,farmers"},
		{"setup players=a:red,b:blue expansions=none,none", KeyNoneNotAlone, "none,none"},
		{"setup players=a:red,b:blue start=base", KeyBadStart, "base"},
		{"setup players=a:red,b:blue start=River", KeyBadStart, "River"},
		{"setup players=a:red,b:blue followers=0", KeyBadFollowers, "0"},
		{"setup players=a:red,b:blue followers=100", KeyBadFollowers, "100"},
		{"setup players=a:red,b:blue followers=+7", KeyBadFollowers, "+7"},
		{"setup players=a:red,b:blue followers=seven", KeyBadFollowers, "seven"},
		{"setup players=a:red,b:blue followers=99999999999999999999", KeyBadFollowers, "99999999999999999999"},
		{"setup players=a:red,b:blue \xfe", KeyBadUTF8, "setup players=a:red,b:blue \xfe"},
	}
	for _, tt := range tests {
		_, err := ParseSetup(tt.line, 3)
		checkErr(t, strconv.Quote(tt.line), err, 3, tt.key, tt.text)
	}
}

func TestParseRecordErrors(t *testing.T) {
	const head = "karkason-record 1\nsetup players=a:red,b:blue\n"
	tests := []struct {
		name, text string
		line       int
		key, found string
	}{
		{"empty", "", 1, KeyMissingHeader, ""},
		{"comments only", "# hi\n\n", 3, KeyMissingHeader, ""},
		{"no header", "setup players=a:red,b:blue\n", 1, KeyBadHeader, "setup players=a:red,b:blue"},
		{"header case", "Karkason-record 1\n", 1, KeyBadHeader, "Karkason-record 1"},
		{"header without version", "karkason-record\n", 1, KeyBadHeader, "karkason-record"},
		{"header version 2", "# c\nkarkason-record 2\n", 2, KeyBadVersion, "2"},
		{"header version 01", "karkason-record 01\n", 1, KeyBadVersion, "01"},
		{"header extra", "karkason-record 1 x\n", 1, KeyBadHeader, "x"},
		{"header joined", "karkason-record1\n", 1, KeyBadHeader, "karkason-record1"},
		{"no setup", "karkason-record 1\n# c\n", 3, KeyMissingSetup, ""},
		{"no setup, no newline", "karkason-record 1", 1, KeyMissingSetup, ""},
		{"action for setup", "karkason-record 1\n\nred place b-rs 1,0 0\n", 3, KeyBadSetup, "red place b-rs 1,0 0"},
		{"bad setup", "karkason-record 1\nsetup players=a:red\n", 2, KeyPlayerCount, "a:red"},
		{"second header", head + "karkason-record 1\n", 3, KeyExpectedAction, "karkason-record"},
		{"second setup", head + "setup players=a:red,b:blue\n", 3, KeyExpectedAction, "setup"},
		{"bad action", head + "red place b-rs 1,0 90\n\n# c\nred deploy follower Q\n", 6, KeyBadPlace, "Q"},
		{"after end", head + "end\n\n# fine\nred pass # no\n", 6, KeyAfterEnd, "red pass"},
		{"second end", head + "red pass\nend\nend\n", 5, KeyAfterEnd, "end"},
		{"garbage after end", head + "end\n  @@@ \n", 4, KeyAfterEnd, "@@@"},
		{"bad utf8 in comment", head + "red pass # \xc3\x28\n", 3, KeyBadUTF8, "red pass # \xc3\x28"},
		{"bad utf8 before header", "# \xff\nkarkason-record 1\n", 1, KeyBadUTF8, "# \xff"},
		{"CR inside line", head + "red\rpass\n", 3, KeyBadColour, "red\rpass"},
		{"BOM not at start", "\n\uFEFFkarkason-record 1\n", 2, KeyBadHeader, "\uFEFFkarkason-record 1"},
	}
	for _, tt := range tests {
		rec, err := ParseRecord(strings.NewReader(tt.text))
		if rec != nil {
			t.Errorf("%s: got a record with an error", tt.name)
		}
		checkErr(t, tt.name, err, tt.line, tt.key, tt.found)
	}
}

func TestParseRecordExtensions(t *testing.T) {
	crlf := strings.ReplaceAll(readExample(t), "\n", "\r\n")
	for name, text := range map[string]string{
		"CRLF":             crlf,
		"BOM":              "\uFEFF" + readExample(t),
		"BOM and CRLF":     "\uFEFF" + crlf,
		"no last newline":  strings.TrimSuffix(readExample(t), "\n"),
		"comments up top":  "# exported\n\n" + readExample(t),
		"tabs and spaces":  strings.ReplaceAll(readExample(t), " ", " \t "),
		"header comment":   strings.Replace(readExample(t), "karkason-record 1", "karkason-record\t1#v1", 1),
		"end and comments": readExample(t) + "end # table stopped\n\n# bye\n",
	} {
		rec, err := ParseRecord(strings.NewReader(text))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if len(rec.Setup.Players) != 2 || len(rec.Actions) < 4 || rec.Actions[3].Place != "S" {
			t.Errorf("%s: parsed %+v", name, rec)
		}
	}
}

// richRecord uses every action form, comments in every position and Cyrillic names.
const richRecord = `# exported by karkason
karkason-record 1   # format one
# setup follows
setup players=Ана:red,Богдан:blue,Віра:green,Dmitri:yellow,Eve:black expansions=farmers,abbot,river,count,king-robber,shrines,newtiles,gifts start=city followers=8  # five
# first turn
red gift two-choices
red place b-rs 1,0 90          # straight road
red deploy follower E
blue discard b-m
blue place b-c1 0,-1 180
blue deploy abbot garden  # abbot
green place kr-2cities 2,0 0
green deploy follower #f1
green city cathedral abbot
green count smithy
yellow place b-rc 3,0 270
yellow move palace 2,-1:N
yellow move cathedral 0,1:monastery abbot
red decline
black place b-m 1,1 0
black pass
red gift synod 1,1:monastery abbot
red return-abbot 1,1
blue gift road-sweeper -1,0:E
green gift change-position 0,0:NNE #f2 # lie down
yellow gift cash-out 5,5:W
black gift synod 1,1:shrine
red market 4,0:SSE
blue market 4,0:#f1

# the end
end   # stopped early
# after the end
`

func TestRoundTrip(t *testing.T) {
	for name, text := range map[string]string{"example": readExample(t), "rich": richRecord} {
		rec, err := ParseRecord(strings.NewReader(text))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var out bytes.Buffer
		if err := WriteRecord(&out, rec); err != nil {
			t.Fatalf("%s: write: %v", name, err)
		}
		back, err := ParseRecord(bytes.NewReader(out.Bytes()))
		if err != nil {
			t.Fatalf("%s: reparse: %v\n%s", name, err, out.String())
		}
		if !reflect.DeepEqual(withoutLines(back), withoutLines(rec)) {
			t.Errorf("%s: round trip differs\n got %+v\nwant %+v\n%s", name, back, rec, out.String())
		}
		var again bytes.Buffer
		if err := WriteRecord(&again, back); err != nil || again.String() != out.String() {
			t.Errorf("%s: second write differs: %v\n%s\n---\n%s", name, err, again.String(), out.String())
		}
	}
}

func TestRichRecordDetails(t *testing.T) {
	rec, err := ParseRecord(strings.NewReader(richRecord))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"exported by karkason", "format one", "setup follows", "five"}; !reflect.DeepEqual(rec.HeaderComments, want) {
		t.Errorf("header comments = %q, want %q", rec.HeaderComments, want)
	}
	if got := rec.Actions[0].CommentsBefore(); !reflect.DeepEqual(got, []string{"first turn"}) {
		t.Errorf("comments before first action = %q", got)
	}
	last := rec.Actions[len(rec.Actions)-1]
	if last.Verb != VerbEnd || last.Line != 32 || last.Comment() != "stopped early" ||
		!reflect.DeepEqual(last.CommentsBefore(), []string{"the end"}) {
		t.Errorf("last action = %+v", last)
	}
	if !reflect.DeepEqual(rec.TrailingComments, []string{"after the end"}) {
		t.Errorf("trailing comments = %q", rec.TrailingComments)
	}
	if rec.Setup.Followers != 8 || rec.Setup.Start != StartCity || len(rec.Setup.Expansions) != 8 {
		t.Errorf("setup = %+v", rec.Setup)
	}
}

func TestWriteRecordCanonical(t *testing.T) {
	first := Action{Colour: Red, Verb: VerbPlace, Tile: "b-rs", Pos: Pos{1, 0}, Rot: 90}.WithComment(" road ")
	first.SetCommentsBefore([]string{"turn 1", ""})
	rec := &Record{
		Setup: Setup{Players: []PlayerSpec{{"Ана", Red}, {"Bo", Blue}}},
		Actions: []Action{
			first,
			Action{Colour: Red, Verb: VerbDeploy, Place: "#f3"}.WithComment("farmer"),
			{Verb: VerbEnd},
		},
		HeaderComments:   []string{"hello"},
		TrailingComments: []string{"bye"},
	}
	var b bytes.Buffer
	if err := WriteRecord(&b, rec); err != nil {
		t.Fatal(err)
	}
	want := `karkason-record 1
# hello
setup players=Ана:red,Bo:blue expansions=none
# turn 1
red place b-rs 1,0 90  # road
red deploy follower #f3  # farmer
end
# bye
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestWriteRecordRefusesInvalid(t *testing.T) {
	good := Setup{Players: []PlayerSpec{{"a", Red}, {"b", Blue}}}
	tests := []struct {
		name string
		rec  Record
		key  string
	}{
		{"one player", Record{Setup: Setup{Players: []PlayerSpec{{"a", Red}}}}, KeyPlayerCount},
		{"seven players", Record{Setup: Setup{Players: []PlayerSpec{{"a", Red}, {"b", Blue}, {"c", Green}, {"d", Yellow}, {"e", Black}, {"f", Pink}, {"g", Red}}}}, KeyPlayerCount},
		{"six with a repeated colour", Record{Setup: Setup{Players: []PlayerSpec{{"a", Red}, {"b", Blue}, {"c", Green}, {"d", Yellow}, {"e", Black}, {"f", Red}}}}, KeyDuplicateColour},
		{"name with space", Record{Setup: Setup{Players: []PlayerSpec{{"a b", Red}, {"b", Blue}}}}, KeyBadName},
		{"name with comma", Record{Setup: Setup{Players: []PlayerSpec{{"a,b", Red}, {"b", Blue}}}}, KeyBadName},
		{"empty name", Record{Setup: Setup{Players: []PlayerSpec{{"", Red}, {"b", Blue}}}}, KeyBadName},
		{"bad colour", Record{Setup: Setup{Players: []PlayerSpec{{"a", "grey"}, {"b", Blue}}}}, KeyBadColour},
		{"abbot and large", Record{Setup: good, Actions: []Action{{Colour: Red, Verb: VerbDeploy, Place: "N", Abbot: true, Large: true}}}, KeyTwoFigures},
		{"large on count", Record{Setup: good, Actions: []Action{{Colour: Red, Verb: VerbCount, Quarter: "palace", Large: true}}}, KeyUnusedField},
		{"large on road-sweeper", Record{Setup: good, Actions: []Action{{Colour: Red, Verb: VerbGift, Gift: GiftRoadSweeper, Target: FeatureRef{Pos{1, 0}, "N"}, Large: true}}}, KeyUnusedField},
		{"same colour", Record{Setup: Setup{Players: []PlayerSpec{{"a", Red}, {"b", Red}}}}, KeyDuplicateColour},
		{"same name", Record{Setup: Setup{Players: []PlayerSpec{{"Ана", Red}, {"Ана", Blue}}}}, KeyDuplicateName},
		{"none as expansion", Record{Setup: Setup{Players: good.Players, Expansions: []string{"none"}}}, KeyBadExpansion},
		{"duplicate expansion", Record{Setup: Setup{Players: good.Players, Expansions: []string{"abbot", "abbot"}}}, KeyDuplicateExpansion},
		{"bad start", Record{Setup: Setup{Players: good.Players, Start: "moon"}}, KeyBadStart},
		{"bad followers", Record{Setup: Setup{Players: good.Players, Followers: 100}}, KeyBadFollowers},
		{"negative followers", Record{Setup: Setup{Players: good.Players, Followers: -1}}, KeyBadFollowers},
		{"no verb", Record{Setup: good, Actions: []Action{{Colour: Red}}}, KeyBadVerb},
		{"no colour", Record{Setup: good, Actions: []Action{{Verb: VerbPass}}}, KeyBadColour},
		{"end with colour", Record{Setup: good, Actions: []Action{{Colour: Red, Verb: VerbEnd}}}, KeyEndWithColour},
		{"upper-case tile", Record{Setup: good, Actions: []Action{{Colour: Red, Verb: VerbPlace, Tile: "B-RS"}}}, KeyBadTile},
		{"no tile", Record{Setup: good, Actions: []Action{{Colour: Red, Verb: VerbDiscard}}}, KeyBadTile},
		{"bad rotation", Record{Setup: good, Actions: []Action{{Colour: Red, Verb: VerbPlace, Tile: "b-rs", Rot: 45}}}, KeyBadRotation},
		{"rotation on deploy", Record{Setup: good, Actions: []Action{{Colour: Red, Verb: VerbDeploy, Place: "N", Rot: 90}}}, KeyUnusedField},
		{"tile on pass", Record{Setup: good, Actions: []Action{{Colour: Red, Verb: VerbPass, Tile: "b-rs"}}}, KeyUnusedField},
		{"abbot on count", Record{Setup: good, Actions: []Action{{Colour: Red, Verb: VerbCount, Quarter: "palace", Abbot: true}}}, KeyUnusedField},
		{"two-choices void", Record{Setup: good, Actions: []Action{{Colour: Red, Verb: VerbGift, Gift: GiftTwoChoices, Void: true}}}, KeyUnusedField},
		{"void with a target", Record{Setup: good, Actions: []Action{{Colour: Red, Verb: VerbGift, Gift: GiftSynod, Void: true, Target: FeatureRef{Pos: Pos{1, 0}, Place: "monastery"}}}}, KeyUnusedField},
		{"abbot on road-sweeper", Record{Setup: good, Actions: []Action{{Colour: Red, Verb: VerbGift, Gift: GiftRoadSweeper, Target: FeatureRef{Pos{1, 0}, "N"}, Abbot: true}}}, KeyUnusedField},
		{"target on two-choices", Record{Setup: good, Actions: []Action{{Colour: Red, Verb: VerbGift, Gift: GiftTwoChoices, Target: FeatureRef{Pos{1, 0}, "N"}}}}, KeyUnusedField},
		{"bad place", Record{Setup: good, Actions: []Action{{Colour: Red, Verb: VerbDeploy, Place: "north"}}}, KeyBadPlace},
		{"bad target place", Record{Setup: good, Actions: []Action{{Colour: Red, Verb: VerbMarket, Target: FeatureRef{Pos{1, 0}, ""}}}}, KeyBadPlace},
		{"synod on edge", Record{Setup: good, Actions: []Action{{Colour: Red, Verb: VerbGift, Gift: GiftSynod, Target: FeatureRef{Pos{1, 0}, "N"}}}}, KeyBadSynodPlace},
		{"bad gift", Record{Setup: good, Actions: []Action{{Colour: Red, Verb: VerbGift, Gift: "cake"}}}, KeyBadGift},
		{"no new place", Record{Setup: good, Actions: []Action{{Colour: Red, Verb: VerbGift, Gift: GiftChangePosition, Target: FeatureRef{Pos{1, 0}, "N"}}}}, KeyBadPlace},
		{"bad quarter", Record{Setup: good, Actions: []Action{{Colour: Red, Verb: VerbCity, Quarter: "tavern"}}}, KeyBadQuarter},
		{"comment with newline", Record{Setup: good, Actions: []Action{Action{Colour: Red, Verb: VerbPass}.WithComment("a\nb")}}, KeyBadComment},
		{"header comment with newline", Record{Setup: good, HeaderComments: []string{"a\nred pass"}}, KeyBadComment},
		{"action after end", Record{Setup: good, Actions: []Action{{Verb: VerbEnd}, {Colour: Red, Verb: VerbPass}}}, KeyAfterEnd},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		err := WriteRecord(&b, &tt.rec)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Key != tt.key {
			t.Errorf("%s: error %v, want key %s", tt.name, err, tt.key)
		}
		if b.Len() != 0 {
			t.Errorf("%s: wrote %q despite the error", tt.name, b.String())
		}
	}
}

func TestListsAndCheckers(t *testing.T) {
	if len(Colours()) != 5 || len(AllColours()) != 6 || len(Expansions()) != 13 || len(Quarters()) != 4 || len(Gifts()) != 5 ||
		len(Starts()) != 4 || len(Verbs()) != 19 || len(Edges()) != 4 || len(HalfEdges()) != 8 ||
		len(Centres()) != 3 || len(Rotations()) != 4 {
		t.Error("a list has the wrong length")
	}
	Colours()[0] = "grey" // the lists are copies
	if !IsColour("red") || !IsColour("pink") || IsColour("grey") || IsColour("Red") || IsColour("Pink") {
		t.Error("IsColour")
	}
	if IsExpansion(ExpansionNone) || !IsExpansion("king-robber") {
		t.Error("IsExpansion")
	}
	for _, p := range []string{"N", "E", "S", "W", "NNW", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW", "monastery", "shrine", "garden", "#f3", "#a_B-9"} {
		if !IsPlace(p) {
			t.Errorf("IsPlace(%q) = false", p)
		}
	}
	for _, p := range []string{"", "n", "NW", "#", "#f 3", "#f#3", "f3", "Garden", "#ф"} {
		if IsPlace(p) {
			t.Errorf("IsPlace(%q) = true", p)
		}
	}
	if n, ok := FeatureName("#f3"); !ok || n != "f3" {
		t.Errorf("FeatureName = %q, %v", n, ok)
	}
	if id, ok := CanonicalTileID("KR-2Cities"); !ok || id != "kr-2cities" {
		t.Errorf("CanonicalTileID = %q, %v", id, ok)
	}
	for _, bad := range []string{"", "b_rs", "b rs", "b-rś"} {
		if _, ok := CanonicalTileID(bad); ok {
			t.Errorf("CanonicalTileID(%q) ok", bad)
		}
	}
	if !IsPlayerName("Богдан") || !IsPlayerName("O'Neil") || IsPlayerName("a:b") || IsPlayerName("a\u200bb") {
		t.Error("IsPlayerName")
	}
	if p, err := ParsePos("-3,+4"); err != nil || p != (Pos{-3, 4}) {
		t.Errorf("ParsePos = %v, %v", p, err)
	}
	if _, err := ParsePos("3"); err == nil || err.Error() != `"3": expected `+expPosition {
		t.Errorf("ParsePos error = %v", err)
	}
	if f, err := ParseFeatureRef("2,-1:#c1"); err != nil || f.String() != "2,-1:#c1" {
		t.Errorf("ParseFeatureRef = %v, %v", f, err)
	}
	if _, err := ParseFeatureRef("2,-1:Q"); err == nil {
		t.Error("ParseFeatureRef accepted Q")
	}
	seen := map[string]bool{}
	for _, k := range ParseErrorKeys() {
		if seen[k] || !strings.HasPrefix(k, "record.") {
			t.Errorf("key %q duplicated or badly named", k)
		}
		seen[k] = true
	}
}

// withoutLines returns a copy of rec with every Action.Line zeroed, for comparing records that
// differ only in layout.
func withoutLines(rec *Record) *Record {
	c := *rec
	c.SetupLine = 0
	c.Actions = make([]Action, len(rec.Actions))
	for i, a := range rec.Actions {
		a.Line = 0
		c.Actions[i] = a
	}
	if rec.Position != nil {
		c.Position = make([]PositionLine, len(rec.Position))
		for i, p := range rec.Position {
			p.Line = 0
			c.Position[i] = p
		}
	}
	return &c
}

func TestMissingWord(t *testing.T) {
	for _, line := range []string{"red", "red place", "red place b-rs", "red place b-rs 0,0 # 90",
		"red deploy follower", "red deploy follower # f3", "red move palace", "red gift", "red gift change-position 0,0:N"} {
		_, _, err := ParseAction(line, 1)
		var pe *ParseError
		if !errors.As(err, &pe) || !pe.Missing {
			t.Errorf("%q: %v, want a missing word", line, err)
		}
	}
	for _, line := range []string{"red end", "red place b-rs 0,0 45", "purple pass"} {
		_, _, err := ParseAction(line, 1)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Missing {
			t.Errorf("%q: %v, want no missing word", line, err)
		}
	}
	_, err := ParseSetup("setup start=city", 1)
	if pe := (*ParseError)(nil); !errors.As(err, &pe) || !pe.Missing {
		t.Errorf("setup without players: %v", err)
	}
}

// A refused line's message data (ParseError.MessageData) are its own, with the offending text escaped for the
// terminal (Printable): a control character and a byte of invalid UTF-8 from the file never reach the screen, and
// the error keeps its text as the file has it.
func TestParseErrorMessageData(t *testing.T) {
	_, err := ParseRecord(strings.NewReader(Header + "\nsetup players=a:red,b:blue\nred pass \x1b[2J\xff\n"))
	var p *ParseError
	if !errors.As(err, &p) || p.Text != "red pass \x1b[2J\xff" {
		t.Fatalf("ParseRecord: %#v", err)
	}
	d := p.MessageData()
	if d["Text"] != `red pass \x1b[2J\xff` || d["Line"] != 3 || d["Expected"] != p.Expected || p.Data["Text"] != p.Text {
		t.Errorf("MessageData() = %v, Data %v", d, p.Data)
	}
	if d := (&ParseError{Text: "\r"}).MessageData(); len(d) != 1 || d["Text"] != `\r` {
		t.Errorf("MessageData() of an error without data = %v", d)
	}
}
