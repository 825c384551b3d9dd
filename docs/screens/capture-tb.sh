#!/bin/bash
# Captures issue 19's game at 80x24 in tmux, on the real binary, in bg and uk: three players with farmers,
# inns-cathedrals, traders-builders, count, king-robber, shrines, newtiles and gifts, set up in the form and played to
# the final tally key by key (tb-game-keys.txt): the builder offered by its own key (X and the feature's key) and
# placed (its player's letter and ▲), the pig (●), a city with goods completed (the goods line under the players),
# the builder's second tile asked for (Enter declines it) and laid, F9 with a double-turn chance, the final tally
# with the goods bonus (TB-4); next to `karkason replay` of the game (demo-tb.rec) and its picture.
# The files are written by KARKASON_DEMO=docs/screens go test ./cmd/karkason/tui -run TestWriteTBDemo, which plays
# the same keys at the table itself and checks the final scores against replay. "#cap NAME" lines say where to
# capture. The letters are sent as a player on that keyboard types them: the Bulgarian BDS layout in bg, the
# Ukrainian one in uk (edgecode.go), the answers' letters too (X: й in BDS, ч in ЙЦУКЕН; Z: ю, я).
set -e
# Usage, from the repository root: go build -o /tmp/karkason ./cmd/karkason && docs/screens/capture-tb.sh
OUT=${1:-docs/screens}; BIN=${BIN:-/tmp/karkason}; DEMO=${DEMO:-docs/screens}; TMP=${TMP:-/tmp/karkason-tb}
SESSION=${SESSION:-tb}
mkdir -p "$TMP"
cap() { tmux capture-pane -t $S -p > "$OUT/$1"; }
# play FILE PREFIX: sends the keys of FILE, capturing at its "#cap" lines as PREFIX-NAME.txt.
play() {
  while IFS= read -r k; do
    case $k in
      "#cap "*) sleep 0.6; cap "$2-${k#\#cap }.txt";;
      Escape) tmux send-keys -t $S Escape; sleep 0.3;; # alone: not the start of an Alt key
      Enter|Tab|Space|DC|Left|Right|Up|Down|PgDn|PgUp|End|Home|C-g|F[0-9]*) tmux send-keys -t $S "$k";;
      *) for m in $MAP; do [ "${m%%:*}" = "$k" ] && k=${m#*:}; done; tmux send-keys -t $S -l "$k";;
    esac
    sleep 0.04
  done < "$1"
}
for lang in bg uk; do
  case $lang in
    bg) L=bg_BG.UTF-8; MAP="F:о R:и C:ъ W:у M:п S:я G:ж E:е D:а T:ш K:н Z:ю X:й";; # BDS
    uk) L=uk_UA.UTF-8; MAP="F:а R:к C:с W:ц M:ь S:і G:п E:у D:в T:е K:л Z:я X:ч";; # ЙЦУКЕН
  esac
  S=$SESSION-$lang
  D=$(mktemp -d -p "$TMP")
  mkdir -p $D/home $D/data/karkason/games
  tmux kill-session -t $S 2>/dev/null || true
  tmux new-session -d -s $S -x 80 -y 24 -e HOME=$D/home -e XDG_DATA_HOME=$D/data -e XDG_STATE_HOME=$D/state \
    -e XDG_CONFIG_HOME=$D/config -e LANG=$L -e RUNEWIDTH_EASTASIAN=0 $BIN
  sleep 0.8
  play $DEMO/tb-game-keys.txt $lang-80x24
  tmux kill-session -t $S
  HOME=$D/home LANG=$L $BIN replay $DEMO/demo-tb.rec > "$OUT/$lang-tb-replay.txt"
  if [ $lang = uk ]; then
    HOME=$D/home LANG=$L $BIN export $DEMO/demo-tb.rec --png docs/pictures/tb-game.png --lang uk > /dev/null
  fi
  rm -rf $D
done
