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
mkdir -p "$TMP"
cap() { tmux capture-pane -t $S -p > "$OUT/$1"; }
# play FILE PREFIX: sends the keys of FILE, capturing at its "#cap" lines as PREFIX-NAME.txt.
play() {
  while read -r k; do
    case $k in
      "#cap "*) sleep 0.5; cap "$2-${k#\#cap }.txt";;
      Escape) tmux send-keys -t $S Escape; sleep 0.3;; # alone: not the start of an Alt key
      Enter|Tab|DC|Left|Right|Up|Down|C-g|F[0-9]*) tmux send-keys -t $S "$k";;
      *) for m in $MAP; do [ "${m%%:*}" = "$k" ] && k=${m#*:}; done; tmux send-keys -t $S -l "$k";;
    esac
    sleep 0.03
  done < "$1"
}
for lang in bg uk; do
  case $lang in
    bg) L=bg_BG.UTF-8; MAP="F:о R:и C:ъ W:у M:п S:я G:ж E:е";; # BDS
    uk) L=uk_UA.UTF-8; MAP="F:а R:к C:с W:ц M:ь S:і G:п E:у";; # ЙЦУКЕН
  esac
  S=$SESSION-$lang
  D=$(mktemp -d -p "$TMP")
  mkdir -p $D/home $D/data/karkason/games
  run() {
    tmux kill-session -t $S 2>/dev/null || true
    tmux new-session -d -s $S -x 80 -y 24 -e HOME=$D/home -e XDG_DATA_HOME=$D/data -e XDG_STATE_HOME=$D/state \
      -e XDG_CONFIG_HOME=$D/config -e LANG=$L -e RUNEWIDTH_EASTASIAN=0 "$@"
    sleep 0.8
  }
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
