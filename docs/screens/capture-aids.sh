#!/bin/bash
# Captures the table aids (issue 10) at 80x24 in tmux: the table with the score if the game ended now beside each
# score and the dead spots, the F9 view of what is at stake (a city highlighted), and the table with F12 (aids off).
set -e
# Usage, from the repository root: go build -o /tmp/karkason ./cmd/karkason && docs/screens/capture-aids.sh
# SESSION names the tmux session (default capaids), TMP where the private HOME and folders go (default /tmp).
OUT=${1:-docs/screens}; BIN=${BIN:-/tmp/karkason}; DEMO=${2:-docs/screens}; SESSION=${SESSION:-capaids}; TMP=${TMP:-/tmp}
mkdir -p "$TMP"
cap() { tmux capture-pane -t $SESSION -p > "$OUT/$1"; }
for lang in bg uk; do
  case $lang in bg) L=bg_BG.UTF-8;; uk) L=uk_UA.UTF-8;; esac
  D=$(mktemp -d -p "$TMP")
  mkdir -p $D/home $D/data/karkason/games
  cp $DEMO/demo-mid.rec $D/data/karkason/games/
  tmux kill-session -t $SESSION 2>/dev/null || true
  tmux new-session -d -s $SESSION -x 80 -y 24 -e HOME=$D/home -e XDG_DATA_HOME=$D/data -e XDG_STATE_HOME=$D/state \
    -e XDG_CONFIG_HOME=$D/config -e LANG=$L $BIN resume $D/data/karkason/games/demo-mid.rec
  sleep 0.8
  cap $lang-80x24-aids-table.txt
  tmux send-keys -t $SESSION F9; sleep 0.4
  tmux send-keys -t $SESSION Down Down Down Down Down Down Down; sleep 0.4
  cap $lang-80x24-aids.txt
  tmux send-keys -t $SESSION F12; sleep 0.4
  cap $lang-80x24-aids-off.txt
  tmux kill-session -t $SESSION
  rm -rf $D
done
