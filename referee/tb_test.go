package referee

import (
	"errors"
	"slices"
	"testing"

	"github.com/karkason/karkason/engine"
)

// tbRoad is the record of a double turn due: red's thief and builder on the road 0,0 .. 2,0, and red's tile 3,0
// extends it in the first part (TB-7); the second part is open.
const tbRoad = "karkason-record 1\nsetup players=a:red,b:blue expansions=traders-builders\n" +
	"red place b-rs 1,0 90\nred deploy follower E\nblue place b-c1 0,-1 180\nblue pass\n" +
	"red place b-rs 2,0 90\nred deploy builder E\nblue place b-m 0,1 0\nblue pass\nred place b-rs 3,0 90\nred pass\n"

func played(t *testing.T, text string) *Game {
	t.Helper()
	g, rec := setUp(t, text)
	for _, a := range rec.Actions {
		if err := g.Apply(a); err != nil {
			t.Fatalf("%q: %v", a, err)
		}
	}
	return g
}

// The second part of a double turn is a tile step of its own (DEF-12, SEQ-7a): Legal lists the tiles, the gifts and,
// last, builder-pass (TB-9); the decision is optional and AfterDecline is the next player's turn. No position is taken
// between the parts (POS-12).
func TestSecondPartDecision(t *testing.T) {
	g := played(t, tbRoad)
	d := g.Legal()
	if d.Phase != PhaseTile || d.Part != 2 || d.Player != 0 || !d.Optional || g.Part() != 2 {
		t.Fatalf("decision %v part %d player %d optional %v, want red's optional tile step of part 2", d.Phase, d.Part,
			d.Player, d.Optional)
	}
	last := d.Actions[len(d.Actions)-1]
	if last.String() != "red builder-pass" || !slices.ContainsFunc(d.Actions, func(a Action) bool {
		return a.String() == "red place b-rs 4,0 90"
	}) {
		t.Errorf("actions end with %q; want red's placements and builder-pass last", last)
	}
	if _, err := g.PositionLines(); !errors.Is(err, ErrNotBetweenTurns) {
		t.Errorf("a position between the parts: %v, want ErrNotBetweenTurns (POS-12)", err)
	}
	c := g.AfterDecline()
	if c == nil || c.Phase != PhaseTile || c.Active != 1 || c.Part() != 1 {
		t.Fatalf("after declining: %v", c)
	}
	if _, err := c.PositionLines(); err != nil {
		t.Errorf("a position after the declined part: %v", err)
	}
	// Once the second tile lies, builder-pass is refused and Legal offers none.
	if err := g.Apply(Action{Colour: Red, Verb: VerbPlace, Tile: "b-rs", Pos: Pos{4, 0}, Rot: 90}); err != nil {
		t.Fatal(err)
	}
	if slices.ContainsFunc(g.Legal().Actions, func(a Action) bool { return a.Verb == VerbBuilderPass }) {
		t.Error("builder-pass listed in the figure step of part 2")
	}
}

// The figure step lists the builder and the pig where they may go (TB-5, TB-12): the builder on the road with red's
// thief, not on the field; the pig beside red's farmer.
func TestDeployOptionsBuilderPig(t *testing.T) {
	g := played(t, "karkason-record 1\nsetup players=a:red,b:blue expansions=farmers,traders-builders\n"+
		"red place b-rs 1,0 90\nred deploy follower E\nblue place b-c1 0,-1 180\nblue pass\nred place b-rs 2,0 90\n")
	var got []string
	for _, a := range g.Legal().Actions {
		if a.Builder || a.Pig {
			got = append(got, a.String())
		}
	}
	if !slices.Equal(got, []string{"red deploy builder E"}) {
		t.Errorf("builder and pig deploys %v, want only the builder on the road (no farmer of red's for the pig)", got)
	}
	g = played(t, "karkason-record 1\nsetup players=a:red,b:blue expansions=farmers,traders-builders\n"+
		"red place b-rs 1,0 90\nred deploy follower NNW\nblue place b-c1 0,-1 180\nblue pass\nred place b-rs 2,0 90\n")
	got = got[:0]
	for _, a := range g.Legal().Actions {
		if a.Builder || a.Pig {
			got = append(got, a.String())
		}
	}
	if !slices.Equal(got, []string{"red deploy pig N"}) {
		t.Errorf("builder and pig deploys %v, want only the pig beside red's farmer", got)
	}
}

// The entry of a board as it lies offers the builder only where its owner has a follower and the pig only beside its
// owner's farmer (POS-3 amended), and shows the goods sums (POS-11).
func TestDraftBuilderPigGoods(t *testing.T) {
	d, err := NewDraft(Setup{Players: []PlayerSpec{{Name: "a", Colour: Red}, {Name: "b", Colour: Blue}},
		Expansions: []string{ExpansionFarmers, ExpansionTradersBuilders}, Start: StartNone}, engine.Standard())
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []PositionLine{
		{Kind: PosTile, Tile: "b-c1rs", Pos: Pos{0, 0}},
		{Kind: PosTile, Tile: "tb-bandcap-wine", Pos: Pos{0, -1}, Rot: 90},
		{Kind: PosTile, Tile: "b-rs", Pos: Pos{1, 0}, Rot: 90},
		{Kind: PosFollower, Colour: Red, Target: FeatureRef{Pos{1, 0}, "E"}},
	} {
		if err := d.Add(l); err != nil {
			t.Fatalf("%v: %v", l, err)
		}
	}
	// places lists where one more figure of that kind of that colour may stand, the tiles in the order entered.
	places := func(c Colour, kind engine.FigureKind) []string {
		var out []string
		for _, l := range d.Lines() {
			if l.Kind != PosTile {
				continue
			}
			for _, f := range d.TileFeatures(l.Pos) {
				if d.StandRefusal(c, kind, f.Seg) == nil {
					out = append(out, f.Ref.String()+" "+f.Kind.String())
				}
			}
		}
		return out
	}
	if roads := places(Red, engine.Builder); !slices.Equal(roads, []string{"0,0:E road", "1,0:E road"}) {
		t.Errorf("builder places %v, want the road with red's thief", roads)
	}
	if n := len(places(Blue, engine.Builder)) + len(places(Red, engine.Pig)); n != 0 {
		t.Errorf("%d places for blue's builder and red's pig, want none", n)
	}
	if err := d.Add(PositionLine{Kind: PosBuilder, Colour: Red, Target: FeatureRef{Pos{0, 0}, "W"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Set(PositionLine{Kind: PosWine, Colour: Blue, N: 1}); err != nil {
		t.Fatal(err)
	}
	if gs := d.Goods(); gs.Held != (engine.Goods{engine.Wine: 1}) || gs.Printed != (engine.Goods{}) {
		t.Errorf("goods %+v, want 1 wine held and none printed (the wine city is open)", gs)
	}
	if _, err := d.Finish(); err == nil || err.(*Refusal).Rule != "POS-11" {
		t.Errorf("finishing with a wine token and no completed wine city: %v, want POS-11", err)
	}
}

// The aids mark the builder's road as a double-turn chance for the player who draws next (TB-7), and give the goods
// at stake (TB-3, TB-4).
func TestAidsBuilderGoods(t *testing.T) {
	g := played(t, "karkason-record 1\nsetup players=a:red,b:blue expansions=traders-builders\n"+
		"position tile b-rs 1,0 90\nposition tile b-rs 2,0 90\nposition tile tb-band-wine 2,1 0\nposition red follower 1,0:E\n"+
		"position red builder 0,0:E\n")
	a := g.Aids()
	if len(a.Features) != 1 || a.Features[0].Builders != 1 || !a.Features[0].DoubleTurn {
		t.Fatalf("features %+v, want red's road with red's builder, a double-turn chance for red", a.Features)
	}
	if a.Goods == nil || len(a.Goods.Cities) != 1 || a.Goods.Cities[0].Goods != (engine.Goods{engine.Wine: 1}) ||
		a.Goods.Cities[0].IfNext[engine.Wine] != 1 || a.Goods.Supply[engine.Wine] != 9 {
		t.Errorf("goods aid %+v", a.Goods)
	}
	// Blue draws next after red's tile: red's builder is no chance for blue.
	if err := g.Apply(Action{Colour: Red, Verb: VerbPlace, Tile: "b-m", Pos: Pos{0, 1}}); err != nil {
		t.Fatal(err)
	}
	if a := g.Aids(); a.NextPlayer != 1 || a.Features[0].DoubleTurn {
		t.Errorf("next %d double turn %v, want blue next and no chance", a.NextPlayer, a.Features[0].DoubleTurn)
	}
}

// A gift line of the active player right after the first part's tile, when a second part is due, passes the first
// part's figure step and opens the second part's window (COMBO-20(b), record format: the next gift, place or discard
// line of the player is the second part); without a second part due it is refused (GIFT-5(a)).
func TestGiftOpensSecondPart(t *testing.T) {
	const head = "karkason-record 1\nsetup players=a:red,b:blue expansions=gifts,traders-builders\n" +
		"position tile b-rs 1,0 90\nposition red follower 1,0:E\nposition red builder 0,0:E\nposition red gifts 1\n"
	g := played(t, head+"red place b-rs 2,0 90\nred gift two-choices\n")
	if g.Phase != PhaseTile || g.Part() != 2 || g.S.Gift.Hands[0] != 0 {
		t.Errorf("phase %v part %d hands %d, want part 2's tile step with the gift opened", g.Phase, g.Part(),
			g.S.Gift.Hands[0])
	}
	g = played(t, head+"red place b-m 0,1 0\n")
	err := g.Apply(Action{Colour: Red, Verb: VerbGift, Gift: GiftTwoChoices})
	if r, ok := err.(*Refusal); !ok || r.Rule != "GIFT-5(a)" {
		t.Errorf("a gift after a tile that earned nothing: %v, want GIFT-5(a)", err)
	}
}
