#!/bin/sh
# A board as it lies with goods (issue 30), entered at 80x24 on the real binary in tmux, in Bulgarian and Ukrainian:
# three tiles closing a city with a wine symbol, the start tile turned below, Ана's follower on its road and
# Богдан's farmer, F10 (the goods are entered after the board: no POS-11 refusal), Ана's wine token, the tally;
# then `replay --final` of the same record. Run from the project root.
set -e
go build -o /tmp/karkason-goods ./cmd/karkason
K=/tmp/karkason-goods
W=$(mktemp -d)
D=docs/screens
for lang in bg uk; do
	printf 'karkason-record 1\n# karkason: a board as it lies, being entered\n# karkason: start=standard, its start tile typed where it lies (start=none until the board is finished)\nsetup players=Ана:red,Богдан:blue expansions=farmers,traders-builders start=none\n' >"$W/goods-$lang.rec"
	S=karkason-goods-$lang
	tmux new -d -s $S -x 80 -y 24 "RUNEWIDTH_EASTASIAN=0 XDG_CONFIG_HOME=$W $K --data-dir $W/data --state-dir $W/state --lang $lang resume $W/goods-$lang.rec; sleep 60"
	sleep 2
	k() { for x in "$@"; do tmux send-keys -t $S "$x"; sleep 0.3; done; }
	k f c f f f c f c 3 f f f c Enter Right f r c r Tab
	tmux capture-pane -p -t $S >$D/$lang-80x24-position-goods-figures.txt
	k 3 Tab 8 F10
	tmux capture-pane -p -t $S >$D/$lang-80x24-position-goods-rest.txt
	k 1 1 Enter Enter
	tmux capture-pane -p -t $S >$D/$lang-80x24-position-goods-entered.txt
	k 6
	sleep 1
	tmux capture-pane -p -t $S >$D/$lang-80x24-position-goods-tally.txt
	tmux kill-session -t $S
	RUNEWIDTH_EASTASIAN=0 $K --lang $lang replay --final "$W/goods-$lang.rec" >$D/$lang-position-goods-replay.txt
done
rm -rf "$W"
