package tui

import "github.com/karkason/karkason/referee"

// asideStep: a dragon tile drawn while the dragon is not in play is set aside, and the player draws again (The
// Princess & the Dragon, PD-5); it comes back into the stack with the first volcano. The answers: set it aside, or
// back to the tile (a tile mistyped).
type asideStep struct{ tileOffStep }

func (s *asideStep) kind() step { return stepAside }

func (s *asideStep) show() { s.offerOff(referee.VerbAside, "ui.ask.pd_aside", "ui.opt.pd_aside") }
