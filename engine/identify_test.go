package engine

import "testing"

func TestMatchTiles(t *testing.T) {
	cat := Standard()
	base := cat.Set("base")
	ids := func(ms []Match) (out []string) {
		for _, m := range ms {
			out = append(out, m.Type.ID+"@"+string(rune('0'+m.Rot)))
		}
		return
	}
	tests := []struct {
		name  string
		edges [4]Terrain
		marks Marks
		want  []string
	}{
		// The start tile as it lies: city N, road E and W.
		{"D as drawn", [4]Terrain{City, Road, Field, Road}, Marks{}, []string{"b-c1rs@0"}},
		// Turned a quarter: road N and S, city E.
		{"D turned", [4]Terrain{Road, City, Road, Field}, Marks{}, []string{"b-c1rs@1"}},
		// A plain straight road: the garden copy comes after it; naming the garden keeps only the copy.
		{"straight road", [4]Terrain{Field, Road, Field, Road}, Marks{}, []string{"b-rs@1", "b-rsg@1"}},
		{"straight road + garden", [4]Terrain{Field, Road, Field, Road}, Marks{Centre: KGarden}, []string{"b-rsg@1"}},
		// Four fields: only monasteries; naming the monastery changes nothing.
		{"monastery", [4]Terrain{Field, Field, Field, Field}, Marks{Centre: KMonastery}, []string{"b-m@0"}},
		// City N and S: one city through the tile or two caps; those with an unnamed pennant or garden come last.
		{"city N+S", [4]Terrain{City, Field, City, Field}, Marks{}, []string{"b-c2o@1", "b-cc2o@0", "b-c2os@1", "b-cc2og@0"}},
		{"city N+S pennant", [4]Terrain{City, Field, City, Field}, Marks{Pennant: true}, []string{"b-c2os@1"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := ids(cat.MatchTiles(tc.edges, tc.marks, base))
			if len(got) != len(tc.want) {
				t.Fatalf("got %v, want %v", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Fatalf("got %v, want %v", got, tc.want)
				}
			}
		})
	}
}
