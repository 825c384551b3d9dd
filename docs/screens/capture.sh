#!/bin/bash
# Captures the setup form, a mid-game board and the final tally in tmux (capture-pane text).
set -e
# Usage, from the repository root: go build -o /tmp/karkason ./cmd/karkason && docs/screens/capture.sh
# The games are demo-mid.rec (cut after turn 30) and demo-full.rec: the game TestFullGameThroughTheTable plays
# through the table (KARKASON_DEMO=dir go test ./cmd/karkason/tui -run TestWriteDemoRecords writes them), and
# demo-late.rec (turn 41, b-c1rcl has 32 legal places; KARKASON_DEMO=dir go test ./cmd/karkason/tui -run
# TestWriteLateRecord writes it).
# SESSION names the tmux session (default cap), TMP where the private HOME and folders go (default /tmp).
OUT=${1:-docs/screens}; BIN=${BIN:-/tmp/karkason}; DEMO=${2:-docs/screens}; SESSION=${SESSION:-cap}; TMP=${TMP:-/tmp}
mkdir -p "$TMP"
cap() { tmux capture-pane -t $SESSION -p > "$OUT/$1"; }
for lang in bg uk; do
  case $lang in bg) L=bg_BG.UTF-8;; uk) L=uk_UA.UTF-8;; esac
  for size in 80x24 160x48; do
    W=${size%x*}; H=${size#*x}
    D=$(mktemp -d -p "$TMP")
    mkdir -p $D/home $D/data/karkason/games
    cp $DEMO/demo-mid.rec $DEMO/demo-full.rec $DEMO/demo-late.rec $D/data/karkason/games/
    run() { tmux kill-session -t $SESSION 2>/dev/null || true; tmux new-session -d -s $SESSION -x $W -y $H -e HOME=$D/home -e XDG_DATA_HOME=$D/data -e XDG_STATE_HOME=$D/state -e XDG_CONFIG_HOME=$D/config -e LANG=$L "$@"; sleep 0.6; }
    # the set-up form: three players, the City, King and Robber Baron, shrines, the abbot (six seats: from the third
    # name four Tabs to the followers, then Down to the expansions; Up back to the third name)
    run $BIN
    tmux send-keys -t $SESSION 'Ана' Tab 'Богдан' Tab 'Віра'; sleep 0.2
    tmux send-keys -t $SESSION F2; sleep 0.1
    tmux send-keys -t $SESSION Tab Tab Tab Tab Down Down Space Down Down Down Space Down Space Down Space; sleep 0.2
    tmux send-keys -t $SESSION Up Up Up Up Up Up Up Up Up Up Up; sleep 0.3
    cap $lang-$size-setup.txt
    # a mid-game board: turn 31, the tile typed by its edges, the legal places numbered
    run $BIN resume $D/data/karkason/games/demo-mid.rec
    tmux send-keys -t $SESSION 'ffcf'; sleep 0.3; tmux send-keys -t $SESSION Enter; sleep 0.4
    cap $lang-$size-board.txt
    # a late-game tile typed by its id: 32 places, each with its key; F5 shows them all, the first key (z, "я" on
    # the Ukrainian layout) of a far place shows its group's second keys, 4 lays the tile there
    if [ $lang-$size = uk-80x24 ]; then
      run $BIN resume $D/data/karkason/games/demo-late.rec
      tmux send-keys -t $SESSION 'b-c1rcl'; sleep 0.3; tmux send-keys -t $SESSION Enter; sleep 0.4
      cap $lang-$size-spots.txt
      tmux send-keys -t $SESSION F5; sleep 0.4; cap $lang-$size-spots-zoom.txt
      tmux send-keys -t $SESSION 'я'; sleep 0.4; cap $lang-$size-spots-first-key.txt
      tmux send-keys -t $SESSION '4'; sleep 0.4; cap $lang-$size-spots-laid.txt
    fi
    # the final tally of the whole game
    run $BIN resume $D/data/karkason/games/demo-full.rec
    cap $lang-$size-tally.txt
    tmux kill-session -t $SESSION
    rm -rf $D
  done
done
