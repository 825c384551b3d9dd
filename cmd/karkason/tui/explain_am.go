package tui

import (
	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// amExplain is what F3 adds for Abbey & Mayor to a line of the log (explainItems): the arithmetic of a barn's
// scoring (AM-23 3, AM-25 1, AM-27 4 a completed city), the strength of each mayor in a scored city (AM-12: its
// pennants, AM-13: 0 without), and where a wagon moved from and why there (AM-16, AM-17). more are lines to add to
// the explanation; also the rules whose text to add after the line's own; large reports whether a large follower
// stood on the scored feature (else the strength that differs from the figures is a mayor's, not IC-5's).
func (u *ui) amExplain(g *referee.Game, ev referee.Event) (more, also []string, large bool) {
	if !g.S.Opts.AbbeyMayor {
		return nil, nil, true
	}
	loc := u.loc
	switch {
	case ev.Score != nil && ev.Score.Cat == engine.CatBarn:
		per := map[string]int{"AM-23": 3, "AM-25": 1, "AM-27": 4}[ev.Score.Rule]
		more = append(more, loc.T("ui.detail.am.barn", map[string]any{"Per": per, "Cities": ev.Score.Cities,
			"Points": per * ev.Score.Cities, "Rule": ev.Score.Rule}))
		return more, []string{"AM-21"}, true
	case ev.Score != nil && ev.Score.Feature >= 0 && int(ev.Score.Feature) < g.S.SegCount() &&
		g.S.SegKind(ev.Score.Feature) == engine.KCity && ev.Action >= 0:
		return u.mayorsExplained(g, ev)
	case ev.Key == "ev.am.wagon_moved" || ev.Key == "ev.am.wagon_home":
		from := ""
		for i := len(g.Events) - 1; i >= 0; i-- { // the wagon's call before this move (AM-18)
			if e := g.Events[i]; e.Key == "ev.am.wagon_go" && e.Player == ev.Player && e.Action < ev.Action {
				from, _ = e.Data()["pos"].(string)
				break
			}
		}
		key := "ui.detail.am.wagon_moved"
		if ev.Key == "ev.am.wagon_home" {
			key = "ui.detail.am.wagon_home"
		}
		return []string{loc.T(key, map[string]any{"From": from})}, []string{"AM-16"}, true
	}
	return nil, nil, true
}

// mayorsExplained finds the mayors on the city a scoring scored as the game stood before the action that scored it
// (a mayor put on the tile that completed the city is that action: its deploy), each with its strength then.
func (u *ui) mayorsExplained(g *referee.Game, ev referee.Event) (more, also []string, large bool) {
	before := g.Clone()
	before.Undo(len(before.Actions) - ev.Action)
	s := before.S
	if int(ev.Score.Feature) >= s.SegCount() {
		return nil, nil, true
	}
	root := s.Root(ev.Score.Feature)
	type mayor struct {
		player int
		seg    int32
	}
	var mayors []mayor
	for i := range s.Figures {
		f := &s.Figures[i]
		if f.Where != engine.OnBoard || s.Root(f.Seg) != root {
			continue
		}
		switch f.Kind {
		case engine.Mayor:
			mayors = append(mayors, mayor{int(f.Player), f.Seg})
		case engine.Large:
			large = true
		}
	}
	if a := g.Actions[ev.Action]; a.Verb == referee.VerbDeploy && len(s.Tiles) > 0 {
		if l, err := s.SegByPlace(len(s.Tiles)-1, a.Place); err == nil {
			if seg := s.Tiles[len(s.Tiles)-1].Seg(l); s.Root(seg) == root {
				switch a.FigureKind() {
				case engine.Mayor:
					mayors = append(mayors, mayor{g.Player(a.Colour), seg})
				case engine.Large:
					large = true
				}
			}
		}
	}
	if len(mayors) == 0 {
		return nil, nil, true
	}
	for _, m := range mayors {
		key := "ui.detail.am.mayor"
		if s.MayorStrength(m.seg) == 0 {
			key = "ui.detail.am.mayor_zero"
		}
		more = append(more, u.loc.T(key, map[string]any{"Player": g.Name(m.player),
			"Strength": s.MayorStrength(m.seg)}))
	}
	return more, []string{"AM-12"}, large
}

// amEventData puts in words what an event of Abbey & Mayor names in the record's form: the feature a wagon moved to
// ("x,y:PLACE", ev.am.wagon_moved) and the barn's corner ("NW", ev.am.barn_placed) in the user's compass letters.
func amEventData(g *referee.Game, loc translator, key string, data map[string]any) {
	switch key {
	case "ev.am.wagon_moved":
		if f, ok := data["feature"].(string); ok {
			data["feature"] = refName(g, loc, f)
		}
	case "ev.am.barn_placed":
		if c, ok := data["corner"].(string); ok {
			data["corner"] = localPlace(loc, c)
		}
	}
}
