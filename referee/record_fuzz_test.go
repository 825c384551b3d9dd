package referee

import (
	"bytes"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
)

// FuzzParseRecord feeds arbitrary text to ParseRecord, whole and streamed (the two reads must agree). It must never
// panic; a refusal must be a *ParseError with a line inside the text and a message; and a record that parses must
// write back (WriteRecord) to text that parses to the same record (Action.Line aside) and writes back to the same
// text. Plain `go test` runs only the seeds below and those in
// testdata/fuzz/FuzzParseRecord.
func FuzzParseRecord(f *testing.F) {
	example, err := os.ReadFile("testdata/record-example.txt")
	if err != nil {
		f.Fatal(err)
	}
	const head = "karkason-record 1\nsetup players=a:red,b:blue\n"
	for _, seed := range []string{
		string(example),
		richRecord,
		"",
		head,
		head + "end\n",
		head + "end\nend\n",
		head + "red deploy follower #f3#x\n",
		head + "red deploy follower # f3\n",
		head + "red move palace 1,0:#c1 abbot # x\n",
		head + "red gift change-position 0,0:N #f1 #f2\n",
		head + "red place B-RS +01,-0 270\r\n",
		"\uFEFFkarkason-record 1\r\nsetup players=Ана:red,Богдан:blue,Віра:green expansions=none followers=07\r\n",
		"karkason-record 1\nsetup players=a:red,a:blue start=city # c\n#\n# x\nblue pass#y\n\n#z",
		"karkason-record 1\nsetup players=a:red,b:red\n",
		"karkason-record 2\n",
		head + "red place b-rs 99999999999,0 0\n",
		head + "red pass \xff\n",
		// Position lines (record format "Positions"): every form, comments, start=none, and the refusals.
		"karkason-record 1\nsetup players=a:red,b:blue expansions=farmers,count,abbot,king-robber,gifts start=none\n" +
			"# the board\nposition tile b-rs 1,0 90 # a road\nposition tile B-C1 0,-1 180\n" +
			"position red follower 1,0:E\nposition blue follower 0,0:#f3\nposition red abbot 2,0:monastery\n" +
			"position red follower smithy\nposition blue abbot cathedral\nposition count market\n" +
			"position red king 0,-1:S\nposition blue robber 1,0:W\nposition red gifts 2\nposition blue score -3\n" +
			"position turn blue\nend\n",
		head + "position red score 007\nposition turn red\n",
		head + "red pass\nposition tile b-rs 1,0 90\n",
		head + "position\n",
		head + "position red\nposition red follower\n",
		head + "position red follower 1,0\n",
		head + "position red gifts x\n",
		head + "position tile b-rs 1,0 45\n",
		head + "position count\nposition turn\n",
		head + "position blue king 0,0:#c1#x\n",
		// Inns & Cathedrals: pink, six players, the large follower in every line that may name it, and wrong words.
		"karkason-record 1\nsetup players=a:red,b:blue,c:green,d:yellow,e:black,f:pink expansions=inns-cathedrals,count,farmers,gifts start=city\n" +
			"position pink large 1,0:E\nposition red large market\n" +
			"red deploy large E\nred city market large\nred move smithy 1,0:#r1 large # x\nred market 1,0:NNW large\n" +
			"pink gift synod 1,1:monastery large\nred gift cash-out 5,5:W large\nred gift change-position 0,0:N S large\n",
		head + "red deploy large\nred city palace large abbot\n",
		head + "red market 1,0:N abbot\nred deploy huge E\n",
		"karkason-record 1\nsetup players=a:red,b:blue,c:green,d:yellow,e:black,f:pink,g:red\n",
		// Traders & Builders: the builder and the pig, builder-pass, goods positions, and wrong words.
		"karkason-record 1\nsetup players=a:red,b:blue expansions=traders-builders,farmers,count,gifts start=city\n" +
			"position red builder 1,0:E\nposition blue pig 1,0:NNW\nposition red wine 2\nposition blue grain 0\n" +
			"position red cloth 007\nred deploy builder E\nred builder-pass # declined\nblue deploy pig SSW\n" +
			"red city palace builder\nred move smithy 1,0:#r1 pig\nred market 1,0:NNW builder\n" +
			"red gift cash-out 1,0:E builder\nred gift change-position 0,0:N S pig\nred gift synod 1,1:monastery pig\n",
		head + "red builder-pass now\nred deploy builders E\nposition red wine\nposition red beer 2\n",
		head + "red deploy pig\nred city palace builder pig\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		rec, err := ParseRecord(strings.NewReader(text))
		// A record in memory is read whole, a streamed one through a buffer (lineReader): both reads give the
		// same record or the same refusal at the same line (a reader that hands out a few bytes at a time
		// crosses every buffer boundary the streamed read has).
		streamed, serr := ParseRecord(iotest.HalfReader(strings.NewReader(text)))
		if (err == nil) != (serr == nil) || err != nil && err.Error() != serr.Error() {
			t.Fatalf("whole text: %v; streamed: %v", err, serr)
		}
		if err == nil && !reflect.DeepEqual(rec, streamed) {
			t.Fatalf("whole text and streamed differ\n got %#v\nwant %#v", streamed, rec)
		}
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is %T, not *ParseError", err, err)
			}
			if lines := strings.Count(text, "\n") + 1; pe.Line < 1 || pe.Line > lines {
				t.Fatalf("error line %d outside 1..%d: %v", pe.Line, lines, err)
			}
			if pe.Key == "" || pe.Expected == "" || pe.Error() == "" {
				t.Fatalf("incomplete error %#v", pe)
			}
			return
		}
		if err := rec.Validate(); err != nil {
			t.Fatalf("parsed record does not validate: %v", err)
		}
		prev := 0
		for i, a := range rec.Actions {
			if a.Line <= prev {
				t.Fatalf("action %d on line %d after line %d", i, a.Line, prev)
			}
			prev = a.Line
			if a.Verb == VerbEnd && i != len(rec.Actions)-1 {
				t.Fatalf("action after end")
			}
		}
		var out bytes.Buffer
		if err := WriteRecord(&out, rec); err != nil {
			t.Fatalf("write: %v", err)
		}
		back, err := ParseRecord(bytes.NewReader(out.Bytes()))
		if err != nil {
			t.Fatalf("written record does not parse: %v\n%s", err, out.String())
		}
		if !reflect.DeepEqual(normalised(back), normalised(rec)) {
			t.Fatalf("round trip differs\n got %#v\nwant %#v\n%s", back, rec, out.String())
		}
		var again bytes.Buffer
		if err := WriteRecord(&again, back); err != nil || !bytes.Equal(again.Bytes(), out.Bytes()) {
			t.Fatalf("second write differs (%v)\n%s\n---\n%s", err, again.String(), out.String())
		}
	})
}

// normalised returns rec without line numbers and with nil for empty slices, so that records
// that differ only in layout compare equal.
func normalised(rec *Record) *Record {
	c := withoutLines(rec)
	nilEmpty := func(s []string) []string {
		if len(s) == 0 {
			return nil
		}
		return s
	}
	c.HeaderComments = nilEmpty(c.HeaderComments)
	c.TrailingComments = nilEmpty(c.TrailingComments)
	c.Setup.Expansions = nilEmpty(c.Setup.Expansions)
	for i := range c.Actions {
		c.Actions[i].SetCommentsBefore(nilEmpty(c.Actions[i].CommentsBefore()))
	}
	for i := range c.Position {
		c.Position[i].CommentsBefore = nilEmpty(c.Position[i].CommentsBefore)
	}
	if len(c.Position) == 0 {
		c.Position = nil
	}
	if len(c.Actions) == 0 {
		c.Actions = nil
	}
	return c
}
