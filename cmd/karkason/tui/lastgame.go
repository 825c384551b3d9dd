package tui

// LastGame is the record of the last game played at the table (the state folder's pointer), "" if there is none or
// its file is gone: what `karkason resume` and `karkason serve` take without FILE.
func LastGame(stateDir string) string { return readLastGame(stateDir) }
