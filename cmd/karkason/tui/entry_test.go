package tui

import (
	"errors"
	"math/rand"
	"strconv"
	"testing"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// Every answer the move entry offers is one the referee accepts: random games with every expansion are played
// through the entry alone (tiles from its list, places, figures, the City, the Count, the moving-out and market
// rounds, gifts), and each offered action is first checked on a copy of the game.
func TestEntryOffersOnlyLegalActions(t *testing.T) {
	seen := map[string]int{}
	defer func() { t.Logf("decisions entered: %v", seen) }()
	for seed := int64(1); seed <= 6; seed++ {
		o := testOptions(t, "en")
		o.Config.DataDir = "" // no record file
		setup := referee.Setup{Players: []referee.PlayerSpec{{Name: "Ана", Colour: referee.Red},
			{Name: "Богдан", Colour: referee.Blue}, {Name: "Віра", Colour: referee.Green}},
			Expansions: []string{"farmers", "abbot", "river", "count", "king-robber", "shrines", "newtiles", "gifts"},
			Start:      referee.StartCity, Followers: 4}
		u := newUI(o)
		sess, err := referee.NewSession(setup, u.cat, "")
		if err != nil {
			t.Fatal(err)
		}
		u.startTable(sess)
		r := rand.New(rand.NewSource(seed))
		tb := u.table
		for step := 0; step < 600 && tb.view().Phase != referee.PhaseEnded; step++ {
			e := tb.entry
			seen[tb.view().Phase.String()]++
			before := len(sess.Game.Actions)
			switch {
			case e.step == stepPlace:
				seen["place"]++
				i := r.Intn(len(e.spots))
				e.spots[i].rot = r.Intn(len(e.spots[i].rots))
				e.cur = i
				id := e.tile.ID
				e.placeSpot()
				if len(u.sess.Game.Actions) == before { // +1, or +2 with "no figure" the only answer (figureStep)
					t.Fatalf("seed %d: placing %s refused: %s", seed, id, tb.status.GetText(true))
				}
				continue
			case len(e.choices) == 0:
				t.Fatalf("seed %d step %d: nothing offered in phase %v", seed, step, tb.view().Phase)
			}
			var live []int
			for i, c := range e.choices {
				if c.why != nil { // greyed: the referee's refusal with its rule; choosing it says why, changes nothing
					var r *referee.Refusal
					if !errors.As(c.why, &r) || r.Rule == "" || c.act != nil || c.next != nil {
						t.Fatalf("seed %d: greyed %q: %v", seed, c.label, c.why)
					}
					e.pick(i)
					if len(u.sess.Game.Actions) != before || tb.lastErr != c.why || tb.entry.step != e.step {
						t.Fatalf("seed %d: choosing the greyed %q changed something", seed, c.label)
					}
					continue
				}
				if c.muted || c.warn != "" { // a void gift asks first (giftvoid_test.go)
					continue
				}
				live = append(live, i)
				if c.act == nil {
					continue
				}
				a := *c.act
				a.Colour = tb.colourFor(a)
				if err := u.sess.Game.Clone().Apply(a); err != nil {
					t.Fatalf("seed %d: offered %q (%s) is refused: %v", seed, c.label, a, err)
				}
			}
			i := live[r.Intn(len(live))]
			c := e.choices[i]
			if e.step == stepGift || e.step == stepGiftTarget {
				seen["gift"]++
			}
			e.pick(i)
			if c.act != nil && len(u.sess.Game.Actions) != before+1 {
				t.Fatalf("seed %d: %q not recorded: %s", seed, c.label, tb.status.GetText(true))
			}
			if c.act == nil && c.next == nil {
				t.Fatalf("seed %d: choice %q does nothing", seed, c.label)
			}
		}
		g := tb.view()
		for p := 0; p < g.Players(); p++ {
			if got := tb.players.GetCell(p+1, 2).Text; got != strconv.Itoa(g.S.Scores[p]) {
				t.Errorf("seed %d: player %d shows %s, referee %d", seed, p, got, g.S.Scores[p])
			}
		}
		u.close()
	}
}

// The edge code reads Latin letters, digits, and the Cyrillic letters the same keys give in the Bulgarian (BDS,
// phonetic) and Ukrainian layouts; the user's language decides a letter two layouts put on different keys.
func TestParseEdgeCode(t *testing.T) {
	F, R, C, W := engine.Field, engine.Road, engine.City, engine.River
	for _, c := range []struct {
		lang, in string
		edges    []engine.Terrain
		marks    engine.Marks
		ok       bool
	}{
		{"en", "C R F R", []engine.Terrain{C, R, F, R}, engine.Marks{}, true},
		{"en", "crfr", []engine.Terrain{C, R, F, R}, engine.Marks{}, true},
		{"bg", "3212", []engine.Terrain{C, R, F, R}, engine.Marks{}, true},
		{"bg", "ffffm", []engine.Terrain{F, F, F, F}, engine.Marks{Centre: engine.KMonastery}, true},
		{"bg", "cwfwe", []engine.Terrain{C, W, F, W}, engine.Marks{Pennant: true}, true},
		// Bulgarian BDS: C=ъ R=и F=о W=у M=п S=я G=ж E=е
		{"bg", "ъиои", []engine.Terrain{C, R, F, R}, engine.Marks{}, true},
		{"bg", "ооооп", []engine.Terrain{F, F, F, F}, engine.Marks{Centre: engine.KMonastery}, true},
		{"bg", "уоуоя", []engine.Terrain{W, F, W, F}, engine.Marks{Centre: engine.KShrine}, true},
		// Bulgarian phonetic: C=ц R=р F=ф W=в M=м S=с G=г E=е
		{"bg", "црфр", []engine.Terrain{C, R, F, R}, engine.Marks{}, true},
		{"bg", "ффффс", []engine.Terrain{F, F, F, F}, engine.Marks{Centre: engine.KShrine}, true},
		{"bg", "ццффе", []engine.Terrain{C, C, F, F}, engine.Marks{Pennant: true}, true},
		{"bg", "рфрфг", []engine.Terrain{R, F, R, F}, engine.Marks{Centre: engine.KGarden}, true},
		// Ukrainian ЙЦУКЕН: C=с R=к F=а W=ц M=ь S=і G=п E=у
		{"uk", "СКАК", []engine.Terrain{C, R, F, R}, engine.Marks{}, true},
		{"uk", "ааааь", []engine.Terrain{F, F, F, F}, engine.Marks{Centre: engine.KMonastery}, true},
		{"uk", "цацаі", []engine.Terrain{W, F, W, F}, engine.Marks{Centre: engine.KShrine}, true},
		{"uk", "ссаау", []engine.Terrain{C, C, F, F}, engine.Marks{Pennant: true}, true},
		{"uk", "кака п", []engine.Terrain{R, F, R, F}, engine.Marks{Centre: engine.KGarden}, true},
		// Not an edge code: a tile id, five edges.
		{"en", "b-rs", nil, engine.Marks{}, false},
		{"en", "ccccc", nil, engine.Marks{}, false},
	} {
		code, ok := parseEdgeCode(c.lang, c.in)
		if ok != c.ok {
			t.Errorf("%s %q: ok %v, want %v", c.lang, c.in, ok, c.ok)
			continue
		}
		if !ok {
			continue
		}
		if string(terrains(code.edges)) != string(terrains(c.edges)) || code.marks != c.marks {
			t.Errorf("%s %q: %v %+v, want %v %+v", c.lang, c.in, code.edges, code.marks, c.edges, c.marks)
		}
	}
}

func terrains(ts []engine.Terrain) []byte {
	var b []byte
	for _, t := range ts {
		b = append(b, "FRCW-"[t])
	}
	return b
}

// A tile's code, typed back, finds the tile in that rotation (every tile of every set, every distinct rotation).
func TestCodeOfRoundTrip(t *testing.T) {
	cat := engine.Standard()
	for _, tt := range cat.Types {
		if tt.Piece != nil || tt.Abbey { // the abbey is never typed by its edges: it goes into a hole (AM-4)
			continue
		}
		for rot := 0; rot < 4; rot++ {
			if !tt.DistinctRotation(rot) {
				continue
			}
			code, ok := parseEdgeCode("en", codeOf(tt, rot))
			if !ok || !code.complete() {
				t.Fatalf("%s rot %d: code %q does not parse", tt.ID, rot, codeOf(tt, rot))
			}
			found := false
			for _, m := range cat.MatchTiles(code.edges4(), code.marks, nil) {
				found = found || (m.Type == tt && m.Rot == rot)
			}
			if !found {
				t.Errorf("%s rot %d: %q does not find it", tt.ID, rot, codeOf(tt, rot))
			}
		}
	}
}

// Every garden copy of the base game ("= <id> + centre garden") is the twin of its tile and of no other; a tile
// with a garden drawn its own way (the river's r1-bendg) is nobody's twin.
func TestGardenTwins(t *testing.T) {
	cat := engine.Standard()
	copies := 0
	for _, a := range cat.Types {
		for _, b := range cat.Types {
			want := (a.Set == "base" || a.Set == "pd") && a.ID == b.ID+"g" && a.Centre >= 0 && a.Segs[a.Centre].Kind == engine.KGarden
			if got := gardenTwin(a, b); got != want {
				t.Errorf("gardenTwin(%s, %s) = %v", a.ID, b.ID, got)
			}
			if want {
				copies++
			}
		}
	}
	if copies < 8 {
		t.Errorf("%d garden copies found, want the base game's", copies)
	}
}
