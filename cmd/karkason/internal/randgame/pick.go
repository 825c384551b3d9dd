package randgame

import (
	"math/rand/v2"

	"github.com/karkason/karkason/referee"
)

// Pick is the next action Play would choose for g (a legal one, or "end" when nothing is legal), for a caller that
// applies the actions itself (a table's Session, the second screen's tests).
func Pick(g *referee.Game, rng *rand.Rand) referee.Action { return pick(g, rng) }
