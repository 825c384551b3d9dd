#!/bin/bash
# Captures issue 28's game at 80x24 in tmux, on the real binary, in bg and uk: five players with farmers, river2,
# princess-dragon, count, king-robber, shrines, inns-cathedrals and traders-builders, set up in the form and played
# to the final tally key by key (pd-game-keys.txt); next to `karkason replay` of the game (demo-pd.rec). It passes
# through a dragon tile set aside, the volcano (the dragon lands), a dragon movement of six steps by the players in
# turn (each step one key on the board), the fairy moved, its point at a turn's start and its 3 points with a
# completion (F3 on each), the princess, a figure through a magic portal, and the final tally. The files are
# written by KARKASON_DEMO=docs/screens go test ./cmd/karkason/tui -run TestWritePDDemo, which plays the same keys at
# the table itself and checks the final scores against replay; "#cap NAME" lines say where to capture
# (pd-LANG-80x24-NAME.txt). The letters are sent as a player on that keyboard types them (capture-game.sh).
set -e
# Usage, from the repository root: go build -o /tmp/karkason ./cmd/karkason && docs/screens/capture-pd.sh
OUT=${1:-docs/screens}; BIN=${BIN:-/tmp/karkason}; DEMO=${DEMO:-docs/screens}; TMP=${TMP:-/tmp/karkason-pd}
SESSION=${SESSION:-pd-table}
. "$(dirname "$0")/session.sh"
mkdir -p "$TMP"
for lang in bg uk; do
  case $lang in
    bg) L=bg_BG.UTF-8; MAP="F:о R:и C:ъ W:у M:п S:я G:ж E:е D:а T:ш K:н Z:ю X:й";; # BDS
    uk) L=uk_UA.UTF-8; MAP="F:а R:к C:с W:ц M:ь S:і G:п E:у D:в T:е K:л Z:я X:ч";; # ЙЦУКЕН
  esac
  S=$SESSION-$lang
  D=$(mktemp -d -p "$TMP")
  mkdir -p $D/home $D/data/karkason/games
  run $BIN
  play $DEMO/pd-game-keys.txt pd-$lang-80x24
  tmux kill-session -t $S
  HOME=$D/home LANG=$L $BIN replay $DEMO/demo-pd.rec > "$OUT/pd-$lang-replay.txt"
  rm -rf $D
done
