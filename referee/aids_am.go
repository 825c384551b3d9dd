package referee

import "github.com/karkason/karkason/engine"

// The table aids of Abbey & Mayor (issue 29): each mayor's strength now (AM-12), each barn field's worth if the game
// ended now (AM-27, with the City, COMBO-45), the corners of the tile just placed where the barn could stand (AM-21,
// AM-22), the holes where an abbey could lie now (AM-4) and the abbeys still held (AM-2).

// AMAid are the aids of Abbey & Mayor (Aids.AM), nil without the module.
type AMAid struct {
	Mayors []MayorAid
	Barns  []BarnAid
	// BarnCorners are the corners of the tile just placed where the active player's barn may stand now (in the
	// figure step; none otherwise).
	BarnCorners []string
	Holes       []Pos                  // where an abbey may lie now (AM-4, SHRINE-3)
	Abbeys      [engine.MaxPlayers]int // abbeys still held, by seat (AM-2)
}

// MayorAid is a mayor on the board: its city and its strength now, the city's pennants (AM-12; 0 without, AM-13).
type MayorAid struct {
	Feature  FeatureRef
	Player   int
	Strength int
}

// BarnAid is a field with barns: who has a barn there, the completed cities it borders (the City included,
// COMBO-45) and what each barn owner would score if the game ended now (AM-27: 4 a city).
type BarnAid struct {
	Feature FeatureRef
	Owners  uint8
	Cities  int
	Worth   int
}

// AMAidJSON is AMAid in AidsJSON ("abbey_mayor").
type AMAidJSON struct {
	Mayors      []MayorAidJSON `json:"mayors"`
	Barns       []BarnAidJSON  `json:"barns"`
	BarnCorners []string       `json:"barn_corners,omitempty"`
	Holes       []string       `json:"holes"`
	Abbeys      map[Colour]int `json:"abbeys"`
}

// MayorAidJSON is one mayor in AMAidJSON.
type MayorAidJSON struct {
	Feature  string `json:"feature"`
	Colour   Colour `json:"colour"`
	Strength int    `json:"strength"`
}

// BarnAidJSON is one barn field in AMAidJSON.
type BarnAidJSON struct {
	Feature    string   `json:"feature"`
	Colours    []Colour `json:"colours"`
	Cities     int      `json:"cities"`
	IfEndedNow int      `json:"if_ended_now"`
}

// amAid works out the aids of Abbey & Mayor (AMAid); nil without the module.
func (g *Game) amAid() *AMAid {
	s := g.S
	if !s.Opts.AbbeyMayor {
		return nil
	}
	out := &AMAid{}
	seen := map[int32]bool{}
	for i := range s.Figures {
		f := &s.Figures[i]
		if f.Where != engine.OnBoard {
			continue
		}
		switch f.Kind {
		case engine.Mayor:
			out.Mayors = append(out.Mayors, MayorAid{Feature: g.segRef(f.Seg), Player: int(f.Player),
				Strength: s.MayorStrength(f.Seg)})
		case engine.Barn:
			r := s.Root(f.Seg)
			if seen[r] {
				continue
			}
			seen[r] = true
			w := s.BarnWorth(r)
			out.Barns = append(out.Barns, BarnAid{Feature: g.segRef(r), Owners: w.Owners, Cities: w.Cities, Worth: w.Points})
		}
	}
	if g.Phase == PhaseFigure && g.part.tile >= 0 {
		for _, c := range s.BarnOptions(g.Active, g.part.tile, nil) {
			out.BarnCorners = append(out.BarnCorners, engine.CornerNames[c])
		}
	}
	for _, p := range s.AbbeyHoles(nil) {
		out.Holes = append(out.Holes, Pos{p.X, p.Y})
	}
	for p := 0; p < g.Players(); p++ {
		out.Abbeys[p] = b2i(s.Abbeys[p])
	}
	return out
}

// amJSON is the JSON of AMAid.
func (a *AMAid) amJSON(g *Game) *AMAidJSON {
	if a == nil {
		return nil
	}
	out := &AMAidJSON{Mayors: []MayorAidJSON{}, Barns: []BarnAidJSON{}, BarnCorners: a.BarnCorners, Holes: []string{},
		Abbeys: map[Colour]int{}}
	for _, m := range a.Mayors {
		out.Mayors = append(out.Mayors, MayorAidJSON{Feature: m.Feature.String(), Colour: g.Colour(m.Player),
			Strength: m.Strength})
	}
	for _, b := range a.Barns {
		out.Barns = append(out.Barns, BarnAidJSON{Feature: b.Feature.String(), Colours: g.coloursOf(b.Owners),
			Cities: b.Cities, IfEndedNow: b.Worth})
	}
	for _, h := range a.Holes {
		out.Holes = append(out.Holes, h.String())
	}
	for p := 0; p < g.Players(); p++ {
		out.Abbeys[g.Colour(p)] = a.Abbeys[p]
	}
	return out
}
