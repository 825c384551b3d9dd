package engine

import "testing"

// TestBuilderAndPigKinds: DEF-4, DEF-6, DEF-11, TB-6, TB-13: strength 0, never occupying, not followers; one of each per
// player with the module (CFG-2), none without (TB-2).
func TestBuilderAndPigKinds(t *testing.T) {
	for _, k := range []FigureKind{Builder, Pig} {
		if k.Strength() != 0 || k.Occupies() || k.IsFollower() || !k.IsSpecial() {
			t.Errorf("%v: strength %d occupies %v follower %v", k, k.Strength(), k.Occupies(), k.IsFollower())
		}
		if w, ok := ParseFigureKind(k.String()); !ok || w != k {
			t.Errorf("ParseFigureKind(%q) = %v, %v", k.String(), w, ok)
		}
	}
	s := New(Standard(), Options{Players: 3, TradersBuilders: true})
	for p := 0; p < 3; p++ {
		if s.InSupplyCount(p, Builder) != 1 || s.InSupplyCount(p, Pig) != 1 {
			t.Errorf("player %d: %d builders, %d pigs, want one of each (CFG-2)", p, s.InSupplyCount(p, Builder),
				s.InSupplyCount(p, Pig))
		}
	}
	if n := New(Standard(), Options{Players: 2}).Supplied(Builder); n != 0 {
		t.Errorf("without the module %d builders, want 0", n)
	}
	if err := New(Standard(), Options{Players: 2}).CanDeploy(0, Builder, 0, 0); ruleOf(err) != "TB-2" {
		t.Errorf("a builder without the module: %v, want TB-2", err)
	}
}

// TestBuilderDoesNotCount: a builder next to its owner's follower adds nothing to the majority nor to the figures
// counted (DEF-11, TB-6; Cash Out's N, COMBO-23), and the feature stays occupied by the follower only (DEF-6).
func TestBuilderDoesNotCount(t *testing.T) {
	s, place := icBoard(t, Options{TradersBuilders: true})
	a := place("b-rs", Pos{1, 0}, 1)
	if _, err := s.Deploy(0, Follower, a, 0); err != nil {
		t.Fatal(err)
	}
	b := place("b-rs", Pos{2, 0}, 1)
	if _, err := s.Deploy(1, Builder, b, 0); ruleOf(err) != "TB-5(a)" {
		t.Fatalf("blue's builder beside red's follower only: %v, want TB-5(a)", err)
	}
	if _, err := s.Deploy(0, Builder, b, 0); err != nil {
		t.Fatal(err)
	}
	seg := s.Tiles[a].Seg(0)
	strength, owners, top := s.Majority(seg)
	ft := s.tallyFigures(seg)
	if strength[0] != 1 || owners != 1 || top != 1 || ft.figures[0] != 1 || s.Occupied(seg) != 1 {
		t.Errorf("strength %v owners %b top %d figures %v occupied %d, want red 1, one figure", strength, owners, top,
			ft.figures, s.Occupied(seg))
	}
}

// TestExtendsBuilder: TB-7 (the active player's own builder, on the feature before the tile, DEF-13), TB-7(c) (another
// player's builder does nothing), TB-7(e) (a lake never, even one with a city, as written).
func TestExtendsBuilder(t *testing.T) {
	s, place := icBoard(t, Options{TradersBuilders: true})
	a := place("b-c2os", Pos{0, -1}, 1) // a city band N-S on the start tile's cap, open at 0,-2
	if _, err := s.Deploy(0, Follower, a, 0); err != nil {
		t.Fatal(err)
	}
	place("b-rs", Pos{1, 0}, 1)
	s.putOnBoard(s.fromSupply(0, Builder), s.Tiles[a].Seg(0)) // red's builder on the city
	cat := Standard()
	for _, tc := range []struct {
		tile   string
		rot    int
		player int
		want   bool
	}{
		{"b-c1", 2, 0, true},         // a cap facing S extends (and completes) red's city
		{"b-c1", 2, 1, false},        // blue's tile: red's builder does nothing for blue (TB-7(c))
		{"r2-lakecity", 1, 0, false}, // its city faces S, but it is a lake (TB-7(e))
		{"b-m", 0, 0, false},         // no city edge there: it extends nothing (DEF-13)
	} {
		c := s.Clone()
		i := c.placeRaw(cat.Tile(tc.tile), Pos{0, -2}, tc.rot) // laid where it lies, the edge match aside
		if got := c.ExtendsBuilder(tc.player, i); got != tc.want {
			t.Errorf("%s rot %d by player %d: extends the builder's city %v, want %v", tc.tile, 90*tc.rot, tc.player, got,
				tc.want)
		}
	}
}

// TestGoodsScoring: TB-3 (the active player takes every completed city's goods, occupied or not), TB-4 (10 points to
// each player with the most of a kind, ties all, a kind nobody holds nothing), CFG-6 (the supply).
func TestGoodsScoring(t *testing.T) {
	s := New(Standard(), Options{Players: 3, TradersBuilders: true})
	s.Goods[0] = Goods{Wine: 2, Grain: 1}
	s.Goods[1] = Goods{Wine: 2}
	s.Goods[2] = Goods{Grain: 0, Cloth: 0}
	log := s.scoreGoods(nil)
	if len(log) != 2 || log[0].Goods != Wine || log[0].Owners != 0b011 || log[0].Points != 10 || log[0].Cities != 2 ||
		log[1].Goods != Grain || log[1].Owners != 0b001 || log[0].Rule != "TB-4" || log[0].Cat != CatGoods {
		t.Errorf("goods scoring %+v", log)
	}
	if s.Scores != [MaxPlayers]int{20, 10, 0} {
		t.Errorf("scores %v, want red 20 (wine, grain), blue 10 (wine)", s.Scores)
	}
	if left := s.GoodsLeft(); left != (Goods{Wine: 5, Grain: 5, Cloth: 5}) {
		t.Errorf("supply %v, want 5 wine, 5 grain, 5 cloth", left)
	}
	if l, _ := s.GoodsLeadersIf(2, Goods{Cloth: 1}); l[Cloth] != 0b100 || l[Wine] != 0b011 {
		t.Errorf("leaders if green took a cloth: %v", l)
	}
}

// TestPigBonus: TB-14 (+1 per city to an owner whose pig is on the field; a pig of a non-owner nothing) and
// Score.PointsFor.
func TestPigBonus(t *testing.T) {
	sc := Score{Points: 6, Owners: 0b011, Cities: 2, Bonuses: [2]Bonus{{Rule: "TB-14", Owners: 0b001, Points: 2},
		{Rule: "COMBO-12", Owners: 0b011, Points: 2}}}
	if sc.PointsFor(0) != 10 || sc.PointsFor(1) != 8 || sc.PointsFor(2) != 0 {
		t.Errorf("PointsFor = %d %d %d, want 10 8 0 (EX-C1)", sc.PointsFor(0), sc.PointsFor(1), sc.PointsFor(2))
	}
}

// TestGoodsFirst: First names the kind of goods held, the first in wine, grain, cloth order, none for no goods (a
// segment prints at most one symbol, TB-1, as TestGoods checks).
func TestGoodsFirst(t *testing.T) {
	for _, c := range []struct {
		g    Goods
		want GoodsKind
		ok   bool
	}{
		{Goods{}, 0, false},
		{Goods{Wine: 1}, Wine, true},
		{Goods{Grain: 1}, Grain, true},
		{Goods{Cloth: 2}, Cloth, true},
		{Goods{Grain: 1, Cloth: 1}, Grain, true},
	} {
		if k, ok := c.g.First(); k != c.want || ok != c.ok {
			t.Errorf("%v.First() = %v, %v, want %v, %v", c.g, k, ok, c.want, c.ok)
		}
	}
}
