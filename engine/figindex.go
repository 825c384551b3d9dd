package engine

import "fmt"

// The figures on each feature. Every question "which figures stand on this feature" (a majority, tallyFigures;
// the figures a scoring returns, FiguresOn and returnAll; whether a builder or pig has its owner's follower beside
// it, hasFollowerOn; whose builder or pig lies there, whoseOn) is answered from a list of the figures on the
// feature, kept at its root, rather than by a scan of every figure of the game: the cost is the figures on the
// feature, not features × figures.
//
// The list of a feature holds the figures on the board (Where == OnBoard) whose segment belongs to it, builders and
// pigs too, in ascending order of figure index: the order a scan of Figures gives, so that every answer is the one
// a scan gave. It is linked through figNext: figHead[root] is its first figure, figNext[i] the figure after figure
// i, -1 ends it (figHead of a segment that is no root is -1). It is kept exact by the only functions that put a
// figure on the board or take one off (putOnBoard, toSupply) and by union, which merges the lists of the two
// features it joins; Clone copies it, Reset empties it. CheckIndex compares it with a scan (the tests).

// linkFigure adds figure fi to the list of the feature whose root is r, in order.
func (s *State) linkFigure(fi int, r int32) {
	p := &s.segs[r].figHead
	for *p >= 0 && int(*p) < fi {
		p = &s.figNext[*p]
	}
	s.figNext[fi] = *p
	*p = int32(fi)
}

// unlinkFigure takes figure fi out of the list of the feature whose root is r (it is in it).
func (s *State) unlinkFigure(fi int, r int32) {
	p := &s.segs[r].figHead
	for *p >= 0 && int(*p) != fi {
		p = &s.figNext[*p]
	}
	if *p >= 0 {
		*p = s.figNext[fi]
	}
	s.figNext[fi] = -1
}

// mergeFigures moves the figures of root rb's list into root ra's, keeping the order (union).
func (s *State) mergeFigures(ra, rb int32) {
	b := s.segs[rb].figHead
	if b < 0 {
		return
	}
	s.segs[rb].figHead = -1
	p := &s.segs[ra].figHead
	for b >= 0 {
		for *p >= 0 && *p < b {
			p = &s.figNext[*p]
		}
		nb := s.figNext[b]
		s.figNext[b] = *p
		*p = b
		p = &s.figNext[b]
		b = nb
	}
}

// firstFigure returns the first figure on the feature of seg (in index order), -1 if none; nextFigure the one after
// figure i on the same feature.
func (s *State) firstFigure(seg int32) int32 { return s.segs[s.find(seg)].figHead }

func (s *State) nextFigure(i int32) int32 { return s.figNext[i] }

// CheckIndex compares what the State keeps to answer questions without scanning the board with a scan of the
// board: the list of figures of every feature (in figure order, only on its root) and the number of figures that
// occupy it (DEF-6). It returns the first difference, nil when there is none. It is for tests: a State changed
// only through its methods never differs.
func (s *State) CheckIndex() error {
	if len(s.figNext) != len(s.Figures) {
		return fmt.Errorf("engine: index of %d figures, %d figures", len(s.figNext), len(s.Figures))
	}
	on := make([][]int32, len(s.segs))
	occ := make([]int, len(s.segs))
	for i := range s.Figures {
		f := &s.Figures[i]
		if f.Where != OnBoard {
			continue
		}
		r := s.find(f.Seg)
		on[r] = append(on[r], int32(i))
		if f.Kind.Occupies() {
			occ[r]++
		}
	}
	for seg := range s.segs {
		var list []int32
		for i := s.segs[seg].figHead; i >= 0 && len(list) <= len(s.Figures); i = s.figNext[i] {
			list = append(list, i)
		}
		if fmt.Sprint(list) != fmt.Sprint(on[seg]) && (len(list) > 0 || len(on[seg]) > 0) {
			return fmt.Errorf("engine: segment %d (root %d) lists figures %v, the board has %v", seg, s.find(int32(seg)),
				list, on[seg])
		}
		if s.segs[seg].parent == int32(seg) && int(s.segs[seg].occ) != occ[seg] {
			return fmt.Errorf("engine: feature %d counts %d figures that occupy it, the board has %d", seg, s.segs[seg].occ,
				occ[seg])
		}
	}
	return nil
}
