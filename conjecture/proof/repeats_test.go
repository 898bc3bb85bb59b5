package proof

import (
	"context"
	"slices"
	"testing"

	"github.com/grundy-lab/grundy/tables"
	"github.com/grundy-lab/grundy/tables/solver"
)

// repeatGames are game files whose prescribed cells put a value twice in a
// row (and, but for the third, in a column): both prescribed, or right of
// the mex's cell of the value, in row 0 and in row 3, and three times with
// the pass (to the game without it, not nim).
var repeatGames = []string{`
id = "prep-both-row0"
cells = [{ x = 0, y = 0, value = 1 }, { x = 0, y = 1, value = 1 }, { x = 1, y = 0, value = 1 }]`, `
id = "prep-mex-row0"
cells = [{ x = 0, y = 1, value = 0 }, { x = 1, y = 0, value = 0 }]`, `
id = "prep-mex-row3"
cells = [{ x = 3, y = 5, value = 0 }, { x = 3, y = 4, value = 2 }]`, `
id = "prep-both-row3"
cells = [{ x = 3, y = 5, value = 4 }, { x = 3, y = 6, value = 4 }, { x = 5, y = 3, value = 4 }, { x = 6, y = 3, value = 4 }]`, `
id = "prep-three-pass"
pass = true
cells = [{ x = 0, y = 2, value = 0 }, { x = 0, y = 3, value = 0 }, { x = 2, y = 0, value = 0 }, { x = 3, y = 0, value = 0 }]`,
}

// repeatTables registers the repeat games and returns their ids.
func repeatTables(t testing.TB) []string {
	t.Helper()
	var ids []string
	for _, text := range repeatGames {
		g, err := tables.ParseGame("repeat.toml", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		if err := tables.Register(g.Ruleset()); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, g.ID)
	}
	return ids
}

// TestPatternsRepeatedValues: a game whose prescribed cells repeat a value
// in a row and a column has its band state's repeat found (the search's
// key counts a column's value once), and Patterns, held to the game's
// table as the solver plays it, makes every row holding a value more than
// once an exception (SeveralCells) below the start, and every row from
// the start on hold the value once, where the offsets put it; the start
// is the least such row, the period the least.
func TestPatternsRepeatedValues(t *testing.T) {
	ctx := context.Background()
	const side, margin = 160, 40
	for i, id := range repeatTables(t) {
		g, _ := tables.ParseGame("repeat.toml", []byte(repeatGames[i]))
		s := solver.RookFile{Pass: g.Pass, Prescribed: map[[2]int]int32{}}
		for _, c := range g.Cells {
			s.Prescribed[[2]int{c.X, c.Y}] = c.Value
		}
		ref := s.Grundy(side)
		several := 0
		for v := 0; v <= 4; v++ {
			rep, found, err := Search(ctx, id, v, 2000, Options{Config: testConfig})
			if err != nil || !found {
				t.Fatalf("%s, V = %d: no repeat (%v)", id, v, err)
			}
			if rep.X0+rep.P > side-margin {
				t.Fatalf("%s, V = %d: x0 + P = %d, beyond the reference's %d rows", id, v, rep.X0+rep.P, side-margin)
			}
			got, err := Patterns(ctx, rep, testConfig)
			if err != nil {
				t.Fatal(err)
			}
			for _, vp := range got {
				several += checkAgainstRows(t, id, ref, side-margin, vp)
			}
		}
		if several == 0 {
			t.Errorf("%s: no exception of several cells: the test compared nothing of them", id)
		}
	}
}

// checkAgainstRows holds vp to the reference table's rows 0 … rows−1 and
// returns how many of its exceptions are rows of several cells.
func checkAgainstRows(t *testing.T, id string, ref [][]int32, rows int, vp ValuePattern) (several int) {
	t.Helper()
	// offset is what a row says of the value: y − x of its one cell,
	// NoCell or SeveralCells.
	offset := func(x int) int64 {
		off := int64(NoCell)
		for y, g := range ref[x] {
			if int(g) != vp.Value {
				continue
			}
			if off != NoCell {
				return SeveralCells
			}
			off = int64(y - x)
		}
		return off
	}
	q := vp.Period
	onRule := func(x int) bool { return offset(x) == vp.Offsets[int64(x)%q] }
	var want []Exception
	for x := range rows {
		if int64(x) >= vp.Start {
			if !onRule(x) {
				t.Errorf("%s, value %d: row %d has offset %d, the period %d from %d puts it at %d", id, vp.Value, x, offset(x), q, vp.Start, vp.Offsets[int64(x)%q])
				return 0
			}
			continue
		}
		if !onRule(x) {
			want = append(want, Exception{X: int64(x), Offset: offset(x)})
		}
	}
	if vp.Start > 0 && onRule(int(vp.Start-1)) {
		t.Errorf("%s, value %d: row %d follows the rule: %d is not the least start", id, vp.Value, vp.Start-1, vp.Start)
	}
	if !slices.Equal(vp.Exceptions, want) {
		t.Errorf("%s, value %d: exceptions %v, want %v", id, vp.Value, vp.Exceptions, want)
	}
	for d := int64(1); d < q; d++ {
		if q%d != 0 {
			continue
		}
		shorter := true
		for i := range q {
			shorter = shorter && vp.Offsets[i] == vp.Offsets[(i+d)%q]
		}
		if shorter {
			t.Errorf("%s, value %d: offsets %v have period %d, less than %d", id, vp.Value, vp.Offsets, d, q)
		}
	}
	for _, e := range want {
		if e.Offset == SeveralCells {
			several++
		}
	}
	return several
}
