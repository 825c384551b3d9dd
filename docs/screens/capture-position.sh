#!/bin/bash
# Captures the entry of a board as it lies (issue 20) at 80x24 in tmux, on the real binary, in bg and uk:
#   - a 72-tile end board (demo-72-game.rec, a random finished 3-player game with farmers) read row by row from its
#     top-left corner, key by key (position-72-keys.txt), one tile typed in a wrong rotation that fits where it is
#     typed: the tile below it is refused against it, the refusal names its cell (red), Ctrl-G goes there, it is
#     mended; then the points, who plays next and the tally, next to `karkason replay --final` of the game;
#   - the market round of a late game with the City of Carcassonne (demo-market.rec), each figure moved by the key
#     shown on the board (market-keys.txt).
# The files are written by KARKASON_DEMO=docs/screens go test ./cmd/karkason/tui -run TestWritePositionDemo, which
# enters the same keys at the table itself and checks the tally. "#cap NAME" lines in the key files say where to
# capture. The edge letters are sent as a player on that keyboard types them: the Bulgarian BDS layout in bg, the
# Ukrainian one in uk (edgecode.go); the answers' letters in Latin.
set -e
# Usage, from the repository root: go build -o /tmp/karkason ./cmd/karkason && docs/screens/capture-position.sh
OUT=${1:-docs/screens}; BIN=${BIN:-/tmp/karkason}; DEMO=${DEMO:-docs/screens}; TMP=${TMP:-/tmp/posentry}
SESSION=${SESSION:-posentry} # the tmux sessions: SESSION-bg, SESSION-uk
. "$(dirname "$0")/session.sh"
mkdir -p "$TMP"
for lang in bg uk; do
  case $lang in
    bg) L=bg_BG.UTF-8; MAP="F:о R:и C:ъ W:у M:п S:я G:ж E:е";; # BDS
    uk) L=uk_UA.UTF-8; MAP="F:а R:к C:с W:ц M:ь S:і G:п E:у";; # ЙЦУКЕН
  esac
  S=$SESSION-$lang
  D=$(mktemp -d -p "$TMP")
  mkdir -p $D/home $D/data/karkason/games
  # The board as it lies: the set-up form, F8, the keys.
  run $BIN
  tmux send-keys -t $S -l "Ана"; tmux send-keys -t $S Tab; tmux send-keys -t $S -l "Богдан"
  tmux send-keys -t $S Tab; tmux send-keys -t $S -l "Віра"; sleep 0.3
  cap $lang-80x24-position-setup.txt
  tmux send-keys -t $S F8; sleep 0.5
  cap $lang-80x24-position-start.txt
  play $DEMO/position-72-keys.txt $lang-80x24-position
  HOME=$D/home LANG=$L $BIN replay $DEMO/demo-72-game.rec --final > "$OUT/$lang-position-72-replay.txt"
  # The market round of a late game with the City, by the keys on the board.
  cp $DEMO/demo-market.rec $D/data/karkason/games/
  run $BIN resume $D/data/karkason/games/demo-market.rec
  play $DEMO/market-keys.txt $lang-80x24
  tmux kill-session -t $S
  rm -rf $D
done
