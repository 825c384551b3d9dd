#!/bin/sh
# Issue 30, the table as a newcomer meets it, on the real binary in tmux at 80x24, in Bulgarian and Ukrainian. Run
# from the project root; writes docs/screens/newcomer-*.
#  1. A new game with farmers, Inns & Cathedrals and Traders & Builders: Ана types rrff (the list: the plain road,
#     the inn road, the garden copy, each with its digit), then 3: the garden copy is laid (its one place) and the
#     figure step names it; the next tile's first edge (c) says "no figure" and begins Богдан's cfff; 1 lays the
#     plain city cap; ffff: Віра's monastery, whose place step shows its places (its answers) under the prompt.
#     The record then names b-rcg.
#  2. A board as it lies with goods: three tiles closing a city with a wine symbol, the start tile turned below,
#     Ана's follower on its road and Богдан's farmer, F10 (the goods after the board: no POS-11 refusal), Ана's
#     wine token, the tally; then `replay --final` of the same record.
set -e
go build -o /tmp/karkason-newcomer ./cmd/karkason
K=/tmp/karkason-newcomer
W=$(mktemp -d)
D=docs/screens
for lang in bg uk; do
	S=newcomer-$lang
	k() { for x in "$@"; do tmux send-keys -t $S "$x"; sleep 0.3; done; }
	printf 'karkason-record 1\nsetup players=Ана:red,Богдан:blue,Віра:green expansions=farmers,inns-cathedrals,traders-builders start=standard\n' >"$W/garden-$lang.rec"
	tmux new -d -s $S -x 80 -y 24 "RUNEWIDTH_EASTASIAN=0 XDG_CONFIG_HOME=$W $K --data-dir $W/data --state-dir $W/state --lang $lang resume $W/garden-$lang.rec; sleep 60"
	sleep 2
	k r r f f
	tmux capture-pane -p -t $S >$D/newcomer-$lang-80x24-garden-list.txt
	k 3
	sleep 0.5
	tmux capture-pane -p -t $S >$D/newcomer-$lang-80x24-garden-taken.txt
	k c f f f
	tmux capture-pane -p -t $S >$D/newcomer-$lang-80x24-next-tile.txt
	k 1 f f f f
	sleep 0.5
	tmux capture-pane -p -t $S >$D/newcomer-$lang-80x24-place.txt
	tmux kill-session -t $S
	grep -v '^#' "$W/garden-$lang.rec" >$D/newcomer-$lang-garden-record.txt

	printf 'karkason-record 1\n# karkason: a board as it lies, being entered\n# karkason: start=standard, its start tile typed where it lies (start=none until the board is finished)\nsetup players=Ана:red,Богдан:blue expansions=farmers,traders-builders start=none\n' >"$W/goods-$lang.rec"
	tmux new -d -s $S -x 80 -y 24 "RUNEWIDTH_EASTASIAN=0 XDG_CONFIG_HOME=$W $K --data-dir $W/data --state-dir $W/state --lang $lang resume $W/goods-$lang.rec; sleep 60"
	sleep 2
	k f c f f f c f c 3 f f f c Enter Right f r c r Tab
	tmux capture-pane -p -t $S >$D/newcomer-$lang-80x24-goods-figures.txt
	k 3 Tab 8 F10
	tmux capture-pane -p -t $S >$D/newcomer-$lang-80x24-goods-rest.txt
	k 1 1 Enter Enter
	tmux capture-pane -p -t $S >$D/newcomer-$lang-80x24-goods-entered.txt
	k 6
	sleep 1
	tmux capture-pane -p -t $S >$D/newcomer-$lang-80x24-goods-tally.txt
	tmux kill-session -t $S
	RUNEWIDTH_EASTASIAN=0 $K --lang $lang replay --final "$W/goods-$lang.rec" >$D/newcomer-$lang-goods-replay.txt
done
rm -rf "$W"
