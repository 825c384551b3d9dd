#!/bin/sh
# The pictures of docs/pictures (issue 22): exported games showing the tiles whose drawing was fixed (the lakes,
# the volcano, bridges, monasteries on river tiles, kr-corner2roads, kr-2cities), every tile type at rotation 0,
# and the fixed tiles in their four rotations, larger. Run from the project root.
set -e
go build -o /tmp/karkason-capture ./cmd/karkason
K=/tmp/karkason-capture
$K export testdata/golden/pos-river-full.rec --png docs/pictures/river-lake-bridges.png --lang en
$K export testdata/golden/gift-two-choices-void.rec --png docs/pictures/river2-volcano-citybridge.png --lang bg
$K export testdata/golden/newtiles-all.rec --png docs/pictures/kr-corner2roads.png --lang uk
$K export testdata/golden/newtiles-2cities-join.rec --png docs/pictures/kr-2cities.png --lang en --turn 1
KARKASON_TILE_SHEET=$PWD/docs/pictures/tiles.png go test ./cmd/karkason/picture -run TestWriteTileSheet -count=1
KARKASON_TILE_SHEET=$PWD/docs/pictures/fixed-tiles.png \
KARKASON_TILE_SHEET_IDS=r1-lakemon,r2-lakevolcano,r2-lakecity,r1-spring,r1-cityroad,r1-monroad,r2-citybridge,r2-mon,kr-corner2roads,kr-2cities,sh-cityroad,b-cc2a \
	go test ./cmd/karkason/picture -run TestWriteTileSheet -count=1
KARKASON_TILE_SHEET=$PWD/docs/pictures/ic-tiles.png \
KARKASON_TILE_SHEET_IDS=ic-innbend,ic-innstraightg,ic-inn3,ic-cathedral,ic-cornerinnbend,ic-capinnbend,ic-cornerinnroad,ic-2caps2roads,r2-innroad \
	go test ./cmd/karkason/picture -run TestWriteTileSheet -count=1
KARKASON_TILE_SHEET=$PWD/docs/pictures/tb-tiles.png \
KARKASON_TILE_SHEET_IDS=tb-bridge,tb-capbridge,tb-bandcap-cloth,tb-bandcap-wine,tb-corner2roads-wineg,tb-band-wine,tb-corner-grain,tb-cornerroad-clothg \
	go test ./cmd/karkason/picture -run TestWriteTileSheet -count=1
$K export testdata/export/city-river.rec --png docs/export-example.png --lang en
