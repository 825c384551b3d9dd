package randgame

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/karkason/karkason/engine"
	"github.com/karkason/karkason/referee"
)

// TestRandomBaseGamesAgreeWithKcheck plays random games of the base game with farmers (2 to 5 players; every other
// game with the abbot and its gardens too) to their end and scores each twice: by the engine (Play, the final scoring
// included: END-1..3, FARM-5, ABBOT-9) and by testdata/tools/kcheck.py, an independent model of RULES.md's base game,
// farmers and abbot in Python that shares no code with the engine (its tiles from the shared catalogue, or
// engine/data/base.tiles without it). The final scores must be equal. It skips where python3 is missing.
func TestRandomBaseGamesAgreeWithKcheck(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3: the independent checker cannot run")
	}
	script := filepath.Join("..", "..", "..", "..", "testdata", "tools", "kcheck.py")
	games := 20
	if testing.Short() {
		games = 4
	}
	names := []string{"Ана", "Богдан", "Віра", "Галя", "Дмитро"}
	colours := referee.AllColours()
	dir := t.TempDir()
	farmers, abbots, returns := 0, 0, 0
	for seed := uint64(1); seed <= uint64(games); seed++ {
		setup := referee.Setup{Expansions: []string{referee.ExpansionFarmers}, Start: referee.StartStandard, Followers: 7}
		if seed%2 == 0 {
			setup.Expansions = append(setup.Expansions, referee.ExpansionAbbot)
		}
		for i := 0; i < 2+int(seed%4); i++ {
			setup.Players = append(setup.Players, referee.PlayerSpec{Name: names[i], Colour: colours[i]})
		}
		g, err := Play(setup, seed, 0)
		if err != nil || g.Phase != referee.PhaseEnded {
			t.Fatalf("seed %d: the game did not end (%v)", seed, err)
		}
		var rec strings.Builder
		if err := referee.WriteRecord(&rec, &referee.Record{Setup: setup, Actions: g.Actions}); err != nil {
			t.Fatal(err)
		}
		farmers += countFarmers(g)
		for _, a := range g.Actions {
			switch {
			case a.Verb == referee.VerbReturnAbbot:
				returns++
			case a.Verb == referee.VerbDeploy && a.Abbot:
				abbots++
			}
		}
		path := filepath.Join(dir, fmt.Sprintf("seed-%d.rec", seed))
		if err := os.WriteFile(path, []byte(rec.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(py, script, path, "--final").CombinedOutput()
		if err != nil {
			t.Fatalf("seed %d: kcheck: %v\n%s", seed, err, out)
		}
		var want []string
		for p := range setup.Players {
			want = append(want, fmt.Sprintf("%s=%d", g.Colour(p), g.S.Scores[p]))
		}
		got := ""
		for _, line := range strings.Split(string(out), "\n") {
			if s, ok := strings.CutPrefix(line, "scores: "); ok {
				got = strings.TrimSpace(s)
			}
		}
		if got != strings.Join(want, " ") {
			t.Errorf("seed %d (%s): the engine scores %s, kcheck %q", seed, path, strings.Join(want, " "), got)
		}
	}
	t.Logf("%d games agree: %d farmers at the end, %d abbots placed, %d returned early", games, farmers, abbots, returns)
	if farmers == 0 || abbots == 0 || returns == 0 {
		t.Errorf("farmers %d, abbots placed %d, abbots returned %d: some rules are not checked", farmers, abbots, returns)
	}
}

// countFarmers is the farmers on the board at the end of g.
func countFarmers(g *referee.Game) int {
	n := 0
	for i := range g.S.Figures {
		if f := &g.S.Figures[i]; f.Where == engine.OnBoard && g.S.SegKind(f.Seg) == engine.KField {
			n++
		}
	}
	return n
}
