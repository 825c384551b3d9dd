package referee_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/karkason/karkason/locales"
	"github.com/karkason/karkason/referee"
)

// TestSameTurnChallengeMessages: what the table hears, in en, bg and uk and in this order, in the turn of each
// golden record in which a shrine challenge starts in the figure step and this turn's scoring decides it
// (SHRINE-5(f)): the start, naming the side that is complete already, then the scorings and the decision
// (SHRINE-6, or SHRINE-7 when one tile completed both); and nothing of the kind when the building placed this turn
// is left unoccupied (SHRINE-10). Each event is "RULE KEY | message", the message rendered as the table renders it
// (a seated player's name as Player); "it is X's turn" is left out.
func TestSameTurnChallengeMessages(t *testing.T) {
	// The challenge decided for the shrine (completed first, SHRINE-6), the same words in the three records that
	// end so (a monk, an abbot, a full shrine); and for the monastery, with the moving-out round of the City
	// (COUNT-13) between.
	shrineFirst := map[string][]string{
		"en": {
			`SHRINE-5(f) ev.challenge_now_decided | Ана starts a challenge that this turn's scoring decides at once: the building at -1,-3:shrine is complete already and scores; the one at 0,-3:monastery is not, and its figures go back to the supply with no points.`,
			`SHRINE-6 ev.score.shrine | Shrine scored: +9.`,
			`SHRINE-6 ev.score.challenge-lost | Challenge lost: the figures go back to the supply with no points.`,
			`SHRINE-6 ev.challenge_decided | Challenge decided: the building at -1,-3:shrine was completed first and scores; the figures at 0,-3:monastery go back to the supply with no points.`,
		},
		"bg": {
			`SHRINE-5(f) ev.challenge_now_decided | Ана отправя предизвикателство, което оценяването в този ход решава веднага: обектът при -1,-3:shrine вече е завършен и носи точки; обектът при 0,-3:monastery не е завършен и фигурките от него се връщат в свитата без точки.`,
			`SHRINE-6 ev.score.shrine | Оценено светилище: +9.`,
			`SHRINE-6 ev.score.challenge-lost | Изгубено предизвикателство: фигурките се връщат в свитата без точки.`,
			`SHRINE-6 ev.challenge_decided | Предизвикателството е решено: обектът при -1,-3:shrine е завършен пръв и носи точки; фигурките при 0,-3:monastery се връщат в свитата без точки.`,
		},
		"uk": {
			`SHRINE-5(f) ev.challenge_now_decided | Ана кидає виклик, який підрахунок очок у цьому ході вирішує одразу: споруду на -1,-3:shrine вже завершено, вона приносить очки; споруду на 0,-3:monastery не завершено, і фігурки з неї повертаються в запас без очок.`,
			`SHRINE-6 ev.score.shrine | Очки за святилище: +9.`,
			`SHRINE-6 ev.score.challenge-lost | Виклик програно: фігурки повертаються в запас без очок.`,
			`SHRINE-6 ev.challenge_decided | Виклик вирішено: споруду на -1,-3:shrine завершено першою, вона приносить очки; фігурки на 0,-3:monastery повертаються в запас без очок.`,
		},
	}
	monasteryFirst := map[string][]string{
		"en": {
			`SHRINE-5(f) ev.challenge_now_decided | Ана starts a challenge that this turn's scoring decides at once: the building at 0,-3:monastery is complete already and scores; the one at -1,-3:shrine is not, and its figures go back to the supply with no points.`,
			`COUNT-13 ev.round_begins | Moving-out round: from the left neighbour on, each player may move figures from the City of Carcassonne onto the features just completed.`,
			`SHRINE-6 ev.score.monastery | Monastery scored: +9.`,
			`SHRINE-6 ev.score.challenge-lost | Challenge lost: the figures go back to the supply with no points.`,
			`SHRINE-6 ev.challenge_decided | Challenge decided: the building at 0,-3:monastery was completed first and scores; the figures at -1,-3:shrine go back to the supply with no points.`,
		},
		"bg": {
			`SHRINE-5(f) ev.challenge_now_decided | Ана отправя предизвикателство, което оценяването в този ход решава веднага: обектът при 0,-3:monastery вече е завършен и носи точки; обектът при -1,-3:shrine не е завършен и фигурките от него се връщат в свитата без точки.`,
			`COUNT-13 ev.round_begins | Ред за прехвърляне: от левия съсед нататък всеки играч може да прехвърли фигурки от града Каркасон върху току-що завършените обекти.`,
			`SHRINE-6 ev.score.monastery | Оценен манастир: +9.`,
			`SHRINE-6 ev.score.challenge-lost | Изгубено предизвикателство: фигурките се връщат в свитата без точки.`,
			`SHRINE-6 ev.challenge_decided | Предизвикателството е решено: обектът при 0,-3:monastery е завършен пръв и носи точки; фигурките при -1,-3:shrine се връщат в свитата без точки.`,
		},
		"uk": {
			`SHRINE-5(f) ev.challenge_now_decided | Ана кидає виклик, який підрахунок очок у цьому ході вирішує одразу: споруду на 0,-3:monastery вже завершено, вона приносить очки; споруду на -1,-3:shrine не завершено, і фігурки з неї повертаються в запас без очок.`,
			`COUNT-13 ev.round_begins | Черга переміщення: починаючи із сусіда ліворуч, кожен гравець може перемістити фігурки з міста Каркасон на щойно завершені об'єкти.`,
			`SHRINE-6 ev.score.monastery | Очки за монастир: +9.`,
			`SHRINE-6 ev.score.challenge-lost | Виклик програно: фігурки повертаються в запас без очок.`,
			`SHRINE-6 ev.challenge_decided | Виклик вирішено: споруду на 0,-3:monastery завершено першою, вона приносить очки; фігурки на -1,-3:shrine повертаються в запас без очок.`,
		},
	}
	// The placed tile completes the monastery and its player may then enter the City (COUNT-6).
	placedCompletes := map[string][]string{}
	for lang, extra := range map[string][]string{
		"en": {
			`COUNT-6 ev.city_may_enter | Ана may put a figure from the supply into a quarter of the City of Carcassonne, or decline.`,
			`COUNT-6 ev.city_entered | Ана puts a figure into the palace quarter and may now move the Count.`,
		},
		"bg": {
			`COUNT-6 ev.city_may_enter | Ана може да постави фигурка от свитата си в зона на града Каркасон или да се откаже.`,
			`COUNT-6 ev.city_entered | Ана поставя фигурка в зона „дворец“ и сега може да премести графа.`,
		},
		"uk": {
			`COUNT-6 ev.city_may_enter | Ана може поставити фігурку із запасу в квартал міста Каркасон або відмовитися.`,
			`COUNT-6 ev.city_entered | Ана ставить фігурку в квартал «палац» і тепер може перемістити графа.`,
		},
	} {
		placedCompletes[lang] = append(slices.Clone(monasteryFirst[lang]), extra...)
	}
	for _, c := range []struct {
		file string
		turn int
		want map[string][]string
	}{
		{"shrine-now-monk.rec", 9, shrineFirst},
		{"shrine-now-abbot.rec", 9, shrineFirst},
		{"shrine-monastery-completes.rec", 9, monasteryFirst},
		{"shrine-placed-completes.rec", 9, placedCompletes},
		{"shrine-now-shrine-full.rec", 9, shrineFirst},
		{"shrine-now-both.rec", 12, map[string][]string{
			"en": {
				`SHRINE-5(f) ev.challenge_now_both | Богдан starts a challenge between the shrine at -1,-3:shrine and the monastery at 0,-3:monastery, both complete already: this turn's scoring decides it at once, and both score in full.`,
				`SHRINE-7 ev.score.monastery | Monastery scored: +9.`,
				`SHRINE-7 ev.score.shrine | Shrine scored: +9.`,
				`SHRINE-7 ev.challenge_both | The shrine at -1,-3:shrine and the monastery at 0,-3:monastery were completed by the same tile: both score in full.`,
			},
			"bg": {
				`SHRINE-5(f) ev.challenge_now_both | Богдан отправя предизвикателство между светилището при -1,-3:shrine и манастира при 0,-3:monastery, но и двата вече са завършени: оценяването в този ход го решава веднага и двата носят пълния брой точки.`,
				`SHRINE-7 ev.score.monastery | Оценен манастир: +9.`,
				`SHRINE-7 ev.score.shrine | Оценено светилище: +9.`,
				`SHRINE-7 ev.challenge_both | Светилището при -1,-3:shrine и манастирът при 0,-3:monastery са завършени с една и съща плочка: и двата носят пълния брой точки.`,
			},
			"uk": {
				`SHRINE-5(f) ev.challenge_now_both | Богдан кидає виклик між святилищем на -1,-3:shrine і монастирем на 0,-3:monastery, але обидві споруди вже завершено: підрахунок очок у цьому ході вирішує його одразу, і обидві приносять повні очки.`,
				`SHRINE-7 ev.score.monastery | Очки за монастир: +9.`,
				`SHRINE-7 ev.score.shrine | Очки за святилище: +9.`,
				`SHRINE-7 ev.challenge_both | Святилище на -1,-3:shrine і монастир на 0,-3:monastery завершено однією плиткою: обидва приносять повні очки.`,
			},
		}},
		{"shrine-now-unoccupied.rec", 9, map[string][]string{"en": nil, "bg": nil, "uk": nil}},
		// The abbot taken back from the shrine in the turn whose tile completes the monastery: the challenge ends
		// without a result before the scoring step judges the completion (SHRINE-5(c), SHRINE-5(f), ABBOT-7).
		{"shrine-abbot-return-partner-completes.rec", 9, map[string][]string{
			"en": {
				`ABBOT-6 ev.score.abbot-return | Abbot taken back early: +6.`,
				`SHRINE-5(c) ev.challenge_ended | The challenge between the shrine at -1,-3:shrine and the monastery at 0,-3:monastery ends without a result: one of them has no figure any more. A new challenge may start if both are occupied again before either is complete.`,
				`BASE-10(c) ev.score.monastery | Monastery scored: +9.`,
			},
			"bg": {
				`ABBOT-6 ev.score.abbot-return | Абатът е върнат по-рано: +6.`,
				`SHRINE-5(c) ev.challenge_ended | Предизвикателството между светилището при -1,-3:shrine и манастира при 0,-3:monastery приключва без резултат: върху единия от тях вече няма фигурка. Ново предизвикателство може да започне, ако и двата бъдат заети отново, преди някой от тях да е завършен.`,
				`BASE-10(c) ev.score.monastery | Оценен манастир: +9.`,
			},
			"uk": {
				`ABBOT-6 ev.score.abbot-return | Абата повернуто достроково: +6.`,
				`SHRINE-5(c) ev.challenge_ended | Виклик між святилищем на -1,-3:shrine і монастирем на 0,-3:monastery закінчується без результату: на одній зі споруд більше немає фігурки. Новий виклик може початися, якщо обидві знову будуть зайняті, поки жодну не завершено.`,
				`BASE-10(c) ev.score.monastery | Очки за монастир: +9.`,
			},
		}},
	} {
		t.Run(c.file, func(t *testing.T) {
			f, err := os.Open(filepath.Join("..", "testdata", "golden", c.file))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			g, err := referee.Replay(f, false)
			if err != nil {
				t.Fatal(err)
			}
			for _, lang := range locales.Languages() {
				l := locales.New(lang)
				var got []string
				for _, e := range g.Events {
					if e.Turn != c.turn || e.Key == "ev.turn" {
						continue
					}
					data := map[string]any{}
					for k, v := range e.Data() {
						data[k] = v
					}
					if e.Player >= 0 {
						data["Player"] = g.Name(e.Player)
					}
					got = append(got, e.Rule+" "+e.Key+" | "+l.T(e.Key, data))
				}
				want, ok := c.want[lang]
				if !ok {
					t.Fatalf("no expectation in %s", lang)
				}
				if !slices.Equal(got, want) {
					t.Errorf("%s, turn %d:\n got %q\nwant %q", lang, c.turn, got, want)
				}
			}
		})
	}
}
