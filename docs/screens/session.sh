# Sourced by capture-game.sh and capture-position.sh: one language's tmux session at 80x24 on the real binary and
# the keys sent to it. The caller sets OUT (where the captures go), S (the session), D (its private HOME and
# folders), L (LANG) and MAP (the letters as that keyboard layout types them, "F:о R:и ...").

cap() { tmux capture-pane -t $S -p > "$OUT/$1"; }

# run CMD...: (re)starts the session on CMD with the private HOME and folders.
run() {
  tmux kill-session -t $S 2>/dev/null || true
  tmux new-session -d -s $S -x 80 -y 24 -e HOME=$D/home -e XDG_DATA_HOME=$D/data -e XDG_STATE_HOME=$D/state \
    -e XDG_CONFIG_HOME=$D/config -e LANG=$L -e RUNEWIDTH_EASTASIAN=0 "$@"
  sleep 0.8
}

# play FILE PREFIX: sends the keys of FILE, one a line as tmux send-keys names them (a letter of MAP as the layout
# types it), capturing at its "#cap NAME" lines as PREFIX-NAME.txt.
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
