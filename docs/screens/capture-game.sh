#!/bin/bash
# Captures a game of an expansion at 80x24 in tmux, on the real binary, in bg and uk, set up in the form and played
# to the final tally key by key (GAME-game-keys.txt); next to `karkason replay` of the game (demo-GAME.rec) and its
# picture (docs/pictures/GAME-game.png). GAME is
#   ic  issue 18's game: six players (the sixth pink) with farmers, abbot, inns-cathedrals, count, king-robber,
#       shrines and newtiles: the large follower offered by its own key (D and the feature's key) and placed (its
#       letter twice on the board), into the City and out of it, a tile with an inn or a cathedral laid, F3 on an inn
#       road or cathedral city scored, F9 with the stakes of an open one, the final tally;
#   tb  issue 19's game: three players with farmers, inns-cathedrals, traders-builders, count, king-robber, shrines,
#       newtiles and gifts: the builder offered by its own key (X and the feature's key) and placed (its player's
#       letter and ▲), the pig (●), a city with goods completed (the goods line under the players), the builder's
#       second tile asked for (Enter declines it) and laid, F9 with a double-turn chance, the final tally with the
#       goods bonus (TB-4);
#   am  issue 29's game: four players with farmers, abbey-mayor, count, king-robber, shrines, inns-cathedrals and
#       traders-builders: a wagon moving on (its targets' keys on the board), the barn offered at its corner and
#       scoring at once (F3), the end-of-game abbey round with an abbey closing two features (0, the hole's key;
#       F3), the final tally with the barns at the end (TestWriteAMDemo);
#   pd  issue 28's game: five players with farmers, river2, princess-dragon, count, king-robber, shrines,
#       inns-cathedrals and traders-builders: the volcano (the dragon lands), a dragon movement of six steps by the
#       players in turn (each step one key on the board), the fairy moved, its point at a turn's start and its 3
#       points with a completion (F3 on each), the princess, a figure through a magic portal, the final tally
#       (TestWritePDDemo; its captures are named pd-LANG-80x24-NAME.txt, its replay pd-LANG-replay.txt).
# The files are written by KARKASON_DEMO=docs/screens go test ./cmd/karkason/tui -run 'TestWrite(IC|TB|AM|PD)Demo', which
# plays the same keys at the table itself and checks the final scores against replay. "#cap NAME" lines say where to
# capture. The letters are sent as a player on that keyboard types them: the Bulgarian BDS layout in bg, the
# Ukrainian one in uk (edgecode.go), the answers' letters too (D: а in BDS, в in ЙЦУКЕН; X: й, ч; Z: ю, я).
set -e
# Usage, from the repository root: go build -o /tmp/karkason ./cmd/karkason && docs/screens/capture-game.sh ic|tb|am|pd
GAME=$1
case $GAME in ic|tb|am|pd) ;; *) echo "usage: $0 ic|tb|am|pd [OUT]" >&2; exit 2;; esac
OUT=${2:-docs/screens}; BIN=${BIN:-/tmp/karkason}; DEMO=${DEMO:-docs/screens}; TMP=${TMP:-/tmp/karkason-$GAME}
SESSION=${SESSION:-$GAME}
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
  CAP=$lang-80x24 REPLAY=$lang-$GAME-replay.txt
  if [ $GAME = pd ]; then CAP=pd-$lang-80x24 REPLAY=pd-$lang-replay.txt; fi
  play $DEMO/$GAME-game-keys.txt $CAP
  tmux kill-session -t $S
  HOME=$D/home LANG=$L $BIN replay $DEMO/demo-$GAME.rec > "$OUT/$REPLAY"
  if [ $lang = uk ]; then
    HOME=$D/home LANG=$L $BIN export $DEMO/demo-$GAME.rec --png docs/pictures/$GAME-game.png --lang uk > /dev/null
  fi
  rm -rf $D
done
