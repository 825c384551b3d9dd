package main

type exportFlags struct {
	svg, png string
	turn     int
}
