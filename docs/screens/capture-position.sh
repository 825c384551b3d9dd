#!/bin/bash
# Captures the entry of a board as it lies (issue 9) at 80x24 in tmux, on the real binary: the set-up form with its
# second way in (F8), a board of 35 tiles entered key by key (docs/screens/position-keys.txt, written by
# KARKASON_POS_KEYS=... go test ./cmd/karkason/tui -run TestPositionKeysForTmux: a random base game's position after
# turn 34, its figures entered with Tab as the walk passes them), the last part (points, who plays next, the tally or
# going on), then the tally (bg) or the move entry going on from the position (uk). The edge letters are sent as a
# player on that keyboard types them: the Bulgarian BDS layout in bg, the Ukrainian one in uk (edgecode.go).
set -e
# Usage, from the repository root: go build -o /tmp/karkason ./cmd/karkason && docs/screens/capture-position.sh
OUT=${1:-docs/screens}; BIN=${BIN:-/tmp/karkason}; KEYS=${KEYS:-docs/screens/position-keys.txt}
S=cappos
cap() { tmux capture-pane -t $S -p > "$OUT/$1"; }
for lang in bg uk; do
  case $lang in
    bg) L=bg_BG.UTF-8; MAP="F:о R:и C:ъ W:у M:п S:я G:ж E:е";; # BDS
    uk) L=uk_UA.UTF-8; MAP="F:а R:к C:с W:ц M:ь S:і G:п E:у";; # ЙЦУКЕН
  esac
  D=$(mktemp -d)
  tmux kill-session -t $S 2>/dev/null || true
  tmux new-session -d -s $S -x 80 -y 24 -e XDG_DATA_HOME=$D/data -e XDG_STATE_HOME=$D/state \
    -e XDG_CONFIG_HOME=$D/config -e LANG=$L -e RUNEWIDTH_EASTASIAN=0 $BIN
  sleep 0.8
  tmux send-keys -t $S -l "Ана"; tmux send-keys -t $S Tab; tmux send-keys -t $S -l "Богдан"; sleep 0.3
  cap $lang-80x24-position-setup.txt
  tmux send-keys -t $S F8; sleep 0.5
  cap $lang-80x24-position-start.txt
  n=0; total=$(wc -l < "$KEYS")
  while read -r k; do
    n=$((n+1))
    case $k in
      Enter|Tab|Escape|DC|Left|Right|Up|Down|F[0-9]*) tmux send-keys -t $S "$k";;
      *) for m in $MAP; do [ "${m%%:*}" = "$k" ] && k=${m#*:}; done; tmux send-keys -t $S -l "$k";;
    esac
    sleep 0.03
    if [ $n -eq 120 ]; then sleep 0.4; cap $lang-80x24-position-board.txt; fi
  done < "$KEYS"
  sleep 0.5
  cap $lang-80x24-position-tokens.txt
  if [ $lang = bg ]; then
    tmux send-keys -t $S 3; sleep 0.6   # the tally (end of game)
    cap $lang-80x24-position-tally.txt
  else
    tmux send-keys -t $S 4; sleep 0.6   # go on playing from here
    cap $lang-80x24-position-going-on.txt
  fi
  tmux send-keys -t $S Escape; sleep 0.2
  tmux kill-session -t $S
  rm -rf $D
done
