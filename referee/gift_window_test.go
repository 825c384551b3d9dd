package referee

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/karkason/karkason/engine"
)

// TestGiftWindowOffers checks what the table offers when a player may open a gift (Legal, "open a gift" with only
// the legal targets) against the golden records of the gifts: every gift line the referee accepts in them is among
// the answers Legal lists at that moment (after declining the optional decisions the line declines), with the same
// card, figure and target feature; a gift line refused with a GIFT rule is not listed (GIFT-5(a)/(e), GIFT-4,
// GIFT-6(c), GIFT-7, GIFT-8(e), GIFT-9(d)).
func TestGiftWindowOffers(t *testing.T) {
	files, _ := filepath.Glob("../testdata/golden/gift-*.rec")
	if len(files) == 0 {
		t.Fatal("no gift records")
	}
	errRE := regexp.MustCompile(`(?m)^#\s*expect-error:\s*(\d+)\s+(\S+)`)
	checked, refused := 0, 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		refusedLine, refusedRule := -1, ""
		if m := errRE.FindStringSubmatch(string(data)); m != nil {
			refusedLine, _ = strconv.Atoi(m[1])
			refusedRule = m[2]
		}
		g, rec := setUp(t, string(data))
		for _, a := range rec.Actions {
			if a.Verb == VerbGift {
				offered := giftOffered(t, g, a)
				switch {
				case a.Line == refusedLine && strings.HasPrefix(refusedRule, "GIFT-"):
					refused++
					if offered {
						t.Errorf("%s line %d: %v is offered but refused (%s)", filepath.Base(file), a.Line, a, refusedRule)
					}
				case a.Line != refusedLine && !offered:
					t.Errorf("%s line %d: %v is accepted but not offered", filepath.Base(file), a.Line, a)
				default:
					checked++
				}
			}
			if err := g.Apply(a); err != nil {
				break
			}
		}
	}
	t.Logf("%d accepted, %d refused gift lines", checked, refused)
	if checked < 10 || refused < 5 {
		t.Errorf("only %d accepted and %d refused gift lines checked", checked, refused)
	}
}

// giftOffered reports whether the decision that gift line a answers (optional decisions before it declined) lists
// the same gift: card, abbot or not, and the same target (feature for synod, road-sweeper and cash-out; figure and
// new place for change-position).
func giftOffered(t *testing.T, g *Game, a Action) bool {
	t.Helper()
	for c := g; c != nil; c = c.AfterDecline() {
		d := c.Legal()
		if d.Phase == PhaseTile {
			for _, o := range d.Actions {
				if o.Verb == VerbGift && o.Colour == a.Colour && sameGift(c, o, a) {
					return true
				}
			}
			return false
		}
		if !d.Optional {
			return false
		}
	}
	return false
}

func sameGift(g *Game, o, a Action) bool {
	if o.Gift != a.Gift || o.Abbot != a.Abbot || o.Void != a.Void {
		return false
	}
	if a.Gift == engine.TwoChoices.String() || a.Void {
		return true
	}
	seg := func(r FeatureRef) int32 {
		s, err := g.S.FeatureAt(engine.Pos{X: r.Pos.X, Y: r.Pos.Y}, r.Place)
		if err != nil {
			return -1
		}
		return s
	}
	so, sa := seg(o.Target), seg(a.Target)
	if so < 0 || sa < 0 {
		return false
	}
	if a.Gift != engine.ChangePosition.String() {
		return g.S.Root(so) == g.S.Root(sa)
	}
	if so != sa { // the follower's own segment, on its tile
		return false
	}
	ti := g.S.TileIndex(engine.Pos{X: a.Target.Pos.X, Y: a.Target.Pos.Y})
	lo, err1 := g.S.SegByPlace(ti, o.NewPlace)
	la, err2 := g.S.SegByPlace(ti, a.NewPlace)
	return err1 == nil && err2 == nil && lo == la
}
