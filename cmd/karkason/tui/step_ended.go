package tui

// endedStep: the game is over; nothing is asked.
type endedStep struct{ answers }

func (s *endedStep) kind() step { return stepEnded }

func (s *endedStep) show() {
	s.e.ask("ui.phase.ended", nil)
	s.e.offer(nil)
}
