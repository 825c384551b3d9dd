package referee

import (
	"strings"
	"testing"
)

// The order of the integrated turn (SEQ-2..SEQ-9) and of the final scoring (END-2), which no golden record can
// check: the golden harness asks whether an announcement was made, not in which order.

// replayText replays a record given as text (settled, not final) and fails the test on any error.
func replayText(t *testing.T, rec string, final bool) *Game {
	t.Helper()
	g, err := Replay(strings.NewReader(rec), final)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// eventsFrom returns "RULE KEY" of every announcement made from the action with record line `line` on.
func eventsFrom(g *Game, line int) []string {
	var out []string
	for _, e := range g.Events {
		if e.Action >= 0 && e.Action < len(g.Actions) && g.Actions[e.Action].Line < line {
			continue
		}
		out = append(out, e.Rule+" "+e.Key)
	}
	return out
}

// inOrder reports whether want is a subsequence of got (each want item matched by a prefix of a got item).
func inOrder(got, want []string) bool {
	i := 0
	for _, g := range got {
		if i < len(want) && strings.HasPrefix(g, want[i]) {
			i++
		}
	}
	return i == len(want)
}

// TestTurnSequence: in one turn of blue's (the record's last turn, from line 12) with the City, the King and the
// gifts: the gift window before the tile (SEQ-2), the tile (SEQ-3; its discard branch, the same player drawing
// again with an opened gift staying opened, is in TestBaseTurnFlow and gift-err-after-discard.rec), the gift it
// earns at once, before step 2 (SEQ-4, GIFT-2), the figure step (SEQ-5: passed by the round's decline), then step 3
// (SEQ-6): the moving-out round before any scoring (SEQ-6(b), COUNT-13), the scoring (SEQ-6(c)), the King's update
// (SEQ-6(f)); then the City placement (SEQ-7, COUNT-6, COUNT-10) and only then the next player's turn (SEQ-9).
func TestTurnSequence(t *testing.T) {
	const rec = `karkason-record 1
setup players=Ана:red,Богдан:blue expansions=count,king-robber,gifts start=city
red place b-c1 -1,-2 0
red deploy follower N
blue place b-c1 -1,-3 180
blue city palace
blue count smithy
red place b-c1 -2,-2 0
red deploy follower N
blue place b-c2o -2,-3 90
red place b-rs 1,-2 0
blue gift two-choices
blue place b-c1 -2,-4 180
blue decline
blue city cathedral
`
	// Line 5: blue closes red's 2-cell city: red +4, blue takes the King (KING-2), earns a gift (GIFT-2) and enters
	// the palace; the Count goes to the smithy. Line 10 extends red's new cap (a 2nd gift). Line 13 closes it:
	// 3 cells, red +6; blue keeps the King for a larger city (KING-3); blue's palace follower may move out onto it
	// (the Count is on the smithy) and blue declines; red gained, blue did not: blue may enter the City.
	g := replayText(t, rec, false)
	if g.S.Scores[0] != 10 || g.S.Scores[1] != 0 {
		t.Fatalf("scores %v, want red 10 blue 0", g.S.Scores)
	}
	got := eventsFrom(g, 12)
	for _, c := range []struct {
		name string
		want []string
	}{
		{"SEQ-2 then SEQ-4: the gift opened before the tile, the gift earned by it after it",
			[]string{"GIFT-10 ev.gift_opened", "GIFT-2 ev.gift_received"}},
		{"SEQ-4 before SEQ-6: the gift is received before the turn's scoring",
			[]string{"GIFT-2 ev.gift_received", "COUNT-13 ev.round_begins"}},
		{"SEQ-6(b) before (c): the moving-out round before the scoring",
			[]string{"COUNT-13 ev.round_begins", "COUNT-16 ev.round_go", "BASE-10(b) ev.score.city"}},
		{"SEQ-6(c) before (f): the scoring, then the King",
			[]string{"BASE-10(b) ev.score.city", "KING-3 ev.king_kept"}},
		{"SEQ-6 before SEQ-7: the City placement after every scoring (COUNT-10)",
			[]string{"KING-3 ev.king_kept", "COUNT-6 ev.city_may_enter", "COUNT-6 ev.city_entered"}},
		{"SEQ-7 before SEQ-9: the next turn after the City placement (and the Count's move, declined at the end)",
			[]string{"COUNT-6 ev.city_entered", "SEQ-1 ev.turn"}},
	} {
		if !inOrder(got, c.want) {
			t.Errorf("%s: want %q in this order; events from line 12:\n  %s", c.name, c.want,
				strings.Join(got, "\n  "))
		}
	}
}

// TestFinalScoringOrder: END-2: the market round (COUNT-19) comes before the final scoring, whose breakdown lists
// the incomplete features (END-3), then the fields (END-5, FARM-5), then the King and the Robber Baron (END-6,
// KING-7), then the gifts (END-7, GIFT-11).
func TestFinalScoringOrder(t *testing.T) {
	const rec = `karkason-record 1
setup players=Ана:red,Богдан:blue expansions=farmers,count,king-robber,gifts start=city
red place b-c1 -1,-2 0
red deploy follower N
blue place b-c1 -1,-3 180
blue city market
red place b-rs 1,-2 0
red deploy follower N
blue place b-m -2,-2 0
blue deploy follower NNW
blue market -2,-2:NNW
`
	// Line 5 closes red's cap (red +4): blue takes the King, a gift, and enters the market. Line 11 ends the play
	// of tiles with the market round: blue's market follower joins his farmer on the field north of the City.
	// Final: red's road coc-ne + 1,-2: 2 (END-3(a)); the field borders the City and the completed city: 3 x 2 = 6
	// to blue (FARM-5, COUNT-22(a)); the King: 1 completed city + the City = 2 (KING-7); blue's gift: 2 (GIFT-11).
	g := replayText(t, rec, true)
	if g.S.Scores[0] != 6 || g.S.Scores[1] != 10 {
		t.Fatalf("scores %v, want red 6 blue 10", g.S.Scores)
	}
	var rules []string
	for _, e := range g.Summary().Breakdown {
		if e.Final {
			rules = append(rules, e.Rule)
		}
	}
	if want := []string{"END-3(a)", "FARM-5", "KING-7", "GIFT-11"}; strings.Join(rules, " ") != strings.Join(want, " ") {
		t.Errorf("final breakdown %q, want %q (END-2)", rules, want)
	}
	if ev := eventsFrom(g, 0); !inOrder(ev, []string{"COUNT-19 ev.market_moved", "END-2 ev.final", "END-3(a)",
		"FARM-5", "KING-7", "GIFT-11"}) {
		t.Errorf("events not in the order of END-2:\n  %s", strings.Join(ev, "\n  "))
	}
}

// TestLastTileTwoChoices: GIFT-10(c) on the land stack, and BASE-15: red opens Two Choices for the last land tile:
// no second tile can be drawn, the action is void and the card is discarded (GIFT-5(d)); the game ends after that
// turn, and the lost card scores nothing at the end (GIFT-11).
func TestLastTileTwoChoices(t *testing.T) {
	g := newFlowGame(t, "setup players=Ана:red,Богдан:blue expansions=gifts start=standard",
		map[string]int{"b-rs": 3, "b-c1": 1})
	for i, line := range []string{
		"red place b-rs 1,0 90",    // T1 red's thief on the start road
		"red deploy follower E",    //
		"blue place b-rs 2,0 90",   // T2 extends red's road: blue receives a gift (GIFT-2)
		"red place b-rs -1,0 90",   // T3 red's own road
		"blue gift two-choices",    // T4 the last tile: b-c1 alone is left in the stack: void (GIFT-10(c))
		"blue place b-c1 0,-1 180", //    closes the start city: unoccupied, nobody scores
	} {
		if err := applyLine(t, g, line, i+1); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if line == "blue gift two-choices" {
			void := false
			for _, e := range g.Events {
				if e.Key == "ev.gift_void" && e.Rule == "GIFT-10(c)" {
					void = true
				}
			}
			if !void {
				t.Errorf("Two Choices for the last tile: no GIFT-10(c) ev.gift_void announced")
			}
		}
	}
	g.Settle()
	if g.Phase != PhaseEnded {
		t.Fatalf("phase %v after the last tile's turn, want the end (BASE-15, END-1)", g.Phase)
	}
	// Final: red's road -1,0 .. 2,0: 4 (END-3(a)); blue's gift is opened: nothing for it (GIFT-11).
	if g.S.Scores[0] != 4 || g.S.Scores[1] != 0 {
		t.Errorf("final scores %v, want red 4 blue 0", g.S.Scores)
	}
	if g.S.Gift.Hands[1] != 0 || g.S.Gift.DiscardTotal() != 1 {
		t.Errorf("blue holds %d gifts, discard pile %d: want 0 and 1 (the void card is discarded, GIFT-5(d))",
			g.S.Gift.Hands[1], g.S.Gift.DiscardTotal())
	}
}
