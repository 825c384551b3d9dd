//go:build tools

// Package tools pins the modules the project builds on, before every package imports them.
package tools

import (
	_ "github.com/BurntSushi/toml"
	_ "github.com/gdamore/tcell/v2"
	_ "github.com/nicksnyder/go-i18n/v2/i18n"
	_ "github.com/rivo/tview"
	_ "github.com/spf13/viper"
	_ "golang.org/x/image/vector"
	_ "golang.org/x/sys/unix"
	_ "golang.org/x/text/language"
)
