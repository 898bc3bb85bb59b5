package pattern_test

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/grundy-lab/grundy/conjecture/pattern"
	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/tables"
	"github.com/grundy-lab/grundy/tables/solver"
)

// repeatGame is a game file whose prescribed cells put a value twice (or
// more) in a row, and where: the rows and values that do.
type repeatGame struct {
	name    string
	toml    string
	repeats []repeatRow
}

// repeatRow says that row x holds value v in the columns ys.
type repeatRow struct {
	x, v int
	ys   []int
}

// repeatGames are the game files of the tests: a value twice in a row
// both prescribed, prescribed right of the mex's cell of the same value,
// in row 0 and in row 3, three times in a row, symmetric and not, with
// and without the pass.
var repeatGames = []repeatGame{
	{"both prescribed, row 0", `
id = "rep-both-row0"
cells = [{ x = 0, y = 0, value = 1 }, { x = 0, y = 1, value = 1 }, { x = 1, y = 0, value = 1 }]`,
		[]repeatRow{{0, 1, []int{0, 1}}}},
	{"prescribed after the mex's, row 0", `
id = "rep-mex-row0"
cells = [{ x = 0, y = 1, value = 0 }, { x = 1, y = 0, value = 0 }]`,
		[]repeatRow{{0, 0, []int{0, 1}}}},
	{"prescribed after the mex's, row 3, not symmetric", `
id = "rep-mex-row3"
cells = [{ x = 3, y = 5, value = 0 }, { x = 3, y = 4, value = 2 }]`,
		[]repeatRow{{3, 0, []int{3, 5}}, {3, 2, []int{1, 4}}}},
	{"both prescribed, row 3", `
id = "rep-both-row3"
cells = [{ x = 3, y = 5, value = 4 }, { x = 3, y = 6, value = 4 }, { x = 5, y = 3, value = 4 }, { x = 6, y = 3, value = 4 }]`,
		[]repeatRow{{3, 4, []int{5, 6}}}},
	{"both prescribed in row 0, and row 4 after the mex's", `
id = "rep-row0-row4"
cells = [{ x = 0, y = 0, value = 1 }, { x = 0, y = 1, value = 1 }, { x = 1, y = 0, value = 1 }, { x = 4, y = 4, value = 1 }]`,
		[]repeatRow{{0, 1, []int{0, 1}}, {4, 1, []int{3, 4}}}},
	{"three times in a row, with the pass", `
id = "rep-three-pass"
pass = true
cells = [{ x = 0, y = 2, value = 0 }, { x = 0, y = 3, value = 0 }]`,
		[]repeatRow{{0, 0, []int{0, 2, 3}}}},
}

// repeatN and repeatHi are the side and the largest value the tests search:
// the solver takes O(n³).
const repeatN, repeatHi = 160, 5

// loadRepeatGame parses the game, registers it for the band sweep and
// returns its table by the solver, which plays the game as the file states
// it and shares nothing with the engines or the index.
func loadRepeatGame(t *testing.T, g repeatGame) (id string, ref [][]int32) {
	t.Helper()
	game, err := tables.ParseGame(g.name+".toml", []byte(g.toml))
	if err != nil {
		t.Fatal(err)
	}
	if err := tables.Register(game.Ruleset()); err != nil {
		t.Fatal(err)
	}
	s := solver.RookFile{Pass: game.Pass, Prescribed: map[[2]int]int32{}}
	for _, c := range game.Cells {
		s.Prescribed[[2]int{c.X, c.Y}] = c.Value
	}
	ref = s.Grundy(repeatN)
	for _, r := range g.repeats { // the test's own premise
		var ys []int
		for y, v := range ref[r.x] {
			if int(v) == r.v {
				ys = append(ys, y)
			}
		}
		if !slices.Equal(ys, r.ys) {
			t.Fatalf("%s: row %d holds %d in the columns %v, the test says %v", g.name, r.x, r.v, ys, r.ys)
		}
	}
	return game.ID, ref
}

// indexOf indexes the values 0 … repeatHi of a table given whole, as its
// rows, the cells drop set to −1 (a planted fault).
func indexOf(t *testing.T, ref [][]int32, drop ...pattern.Cell) *pattern.Index {
	t.Helper()
	idx := pattern.NewIndex(len(ref)-1, repeatHi)
	for x, row := range ref {
		row = slices.Clone(row)
		for _, c := range drop {
			if c.X == x {
				row[c.Y] = -1
			}
		}
		if err := idx.AddBand(engine.Band{X0: x, Rows: 1, Width: len(row), Cells: row}); err != nil {
			t.Fatal(err)
		}
	}
	return idx
}

// exactness compares the statement r makes about value r.Value with the
// reference table: every cell of the value in a row below x₀ is an
// exception and every exception such a cell; every row from x₀ on holds
// the value exactly at the cell the rule puts there, if inside the table,
// and nowhere else. It returns the first difference, or "".
func exactness(r pattern.Result, ref [][]int32) string {
	v := int32(r.Value)
	var below []pattern.Cell
	for x := range min(r.Start, len(ref)) {
		for y, g := range ref[x] {
			if g == v {
				below = append(below, pattern.Cell{X: x, Y: y})
			}
		}
	}
	if !slices.Equal(below, r.Exceptions) {
		return fmt.Sprintf("v = %d: exceptions %v, the cells of the rows x < %d are %v", v, r.Exceptions, r.Start, below)
	}
	for x := r.Start; x < len(ref); x++ {
		want := x + r.Offsets[x%r.Period]
		for y, g := range ref[x] {
			if (g == v) != (y == want) {
				return fmt.Sprintf("v = %d, row %d: G(%d, %d) = %d, the rule puts %d at column %d", v, x, x, y, g, v, want)
			}
		}
	}
	return ""
}

// TestRepeatedValues: for game files putting a value twice in a row, the
// search on the band index (the band sweep's rows) and on an index of the
// solver's table agree, find a pattern for every value whose rows repeat,
// with x₀ past those rows, and every statement found covers every cell of
// its value in the table exactly: the rows below x₀ as exceptions, all
// their cells, the others by the rule. Check re-checks each statement
// without a violation, and names one when an exception is left out. A
// planted fault, an index that drops a repeated row's second cell (or
// first), makes a statement that the comparison with the reference
// refutes.
func TestRepeatedValues(t *testing.T) {
	for _, g := range repeatGames {
		t.Run(g.name, func(t *testing.T) {
			id, ref := loadRepeatGame(t, g)
			bi, err := pattern.NewBandIndex(repeatN, 0, repeatHi, pattern.BandIndexOptions{ChunkRows: 64})
			if err != nil {
				t.Fatal(err)
			}
			defer bi.Close()
			sweepBand(t, id, repeatN, repeatHi, bi.Row)
			if err := bi.Finish(); err != nil {
				t.Fatal(err)
			}
			idx := indexOf(t, ref)
			found := 0
			for v := 0; v <= repeatHi; v++ {
				want := search(t, idx, v, pattern.Options{})
				got, err := bi.Search(v, pattern.Options{})
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("v = %d: band index\n%v\nindex of the solver's table\n%v", v, got, want)
				}
				if !want.Found {
					continue
				}
				found++
				if diff := exactness(want, ref); diff != "" {
					t.Errorf("%s", diff)
				}
				verdict, err := pattern.Check(idx, want.Pattern)
				if err != nil || len(verdict.Violations) > 0 {
					t.Errorf("v = %d: Check of the pattern found: %v %v", v, verdict.Violations, err)
				}
				for _, r := range g.repeats {
					if r.v != v {
						continue
					}
					if want.Start <= r.x {
						t.Errorf("v = %d: x₀ = %d, not past row %d, which holds it %d times", v, want.Start, r.x, len(r.ys))
					}
					// An exception left out is a violation.
					p := want.Pattern
					p.Exceptions = slices.DeleteFunc(slices.Clone(p.Exceptions), func(c pattern.Cell) bool { return c == pattern.Cell{X: r.x, Y: r.ys[1]} })
					verdict, err := pattern.Check(idx, p)
					if err != nil || !slices.Contains(verdict.Violations, pattern.Violation{Cell: pattern.Cell{X: r.x, Y: r.ys[1]}, Value: v}) {
						t.Errorf("v = %d: Check of the pattern without the exception (%d, %d): %v %v", v, r.x, r.ys[1], verdict.Violations, err)
					}
				}
			}
			for _, r := range g.repeats {
				if res := search(t, idx, r.v, pattern.Options{}); !res.Found {
					t.Errorf("v = %d, repeated in row %d: no pattern: %v", r.v, r.x, res)
				}
			}
			if found == 0 {
				t.Fatal("no pattern found: nothing was compared")
			}

			// Planted faults: an index that drops the second cell of a
			// repeated row, or its first. Its statements must be
			// refuted, and some must be made for that to mean anything.
			refuted := 0
			for _, r := range g.repeats {
				for _, k := range []int{1, 0} {
					faulty := indexOf(t, ref, pattern.Cell{X: r.x, Y: r.ys[k]})
					res := search(t, faulty, r.v, pattern.Options{})
					switch {
					case !res.Found:
					case exactness(res, ref) == "":
						t.Errorf("v = %d: an index without the cell (%d, %d) gave a statement the reference does not refute: %v", r.v, r.x, r.ys[k], res)
					default:
						refuted++
					}
				}
			}
			if refuted == 0 {
				t.Error("no planted fault made a statement: none was refuted")
			}
		})
	}
}

// TestRepeatedValuesRefutesPlantedFault: exactness, the comparison the
// test above rests on, refutes the statement of an index that dropped a
// repeated row's second cell, and accepts the true one: a planted fault
// fails the test.
func TestRepeatedValuesRefutesPlantedFault(t *testing.T) {
	g := repeatGames[1]
	_, ref := loadRepeatGame(t, g)
	r := g.repeats[0]
	good := search(t, indexOf(t, ref), r.v, pattern.Options{})
	bad := search(t, indexOf(t, ref, pattern.Cell{X: r.x, Y: r.ys[1]}), r.v, pattern.Options{})
	if !good.Found || !bad.Found {
		t.Fatalf("no pattern: %v; %v", good, bad)
	}
	if diff := exactness(good, ref); diff != "" {
		t.Errorf("the true statement: %s", diff)
	}
	if diff := exactness(bad, ref); diff == "" {
		t.Errorf("the statement of the index without (%d, %d) passes: %v", r.x, r.ys[1], bad)
	}
}

// TestBandIndexResumeRepeats saves a band index of a game repeating a
// value in its rows 0 and 3 before, between and after those rows, resumes
// it from the state and feeds the rest: the cells kept aside go with the
// state, and the search equals that of an index that took every row at
// once. A state whose cells aside lie past its rows, or out of order, is
// refused.
func TestBandIndexResumeRepeats(t *testing.T) {
	id, _ := loadRepeatGame(t, repeatGames[2])
	const lo, hi, chunk = 0, repeatHi, 64
	rows := sweptRows(t, id, repeatN, hi)
	whole, err := pattern.NewBandIndex(repeatN, lo, hi, pattern.BandIndexOptions{ChunkRows: chunk})
	if err != nil {
		t.Fatal(err)
	}
	feed(t, whole, rows, 0, repeatN+1)
	want, _ := searchedIndex(t, whole)
	whole.Close()
	for _, stop := range []int64{0, 1, 3, 4, 50} {
		opt := pattern.BandIndexOptions{ChunkRows: chunk, Journal: filepath.Join(t.TempDir(), "chunks")}
		b, err := pattern.NewBandIndex(repeatN, lo, hi, opt)
		if err != nil {
			t.Fatal(err)
		}
		feed(t, b, rows, 0, stop+5) // rows past the state, left out of it
		st, err := b.StateAt(stop)
		if err != nil {
			t.Fatal(err)
		}
		b.Close()
		if wantExtra := stop > 3; (len(st.Extra) > 0) != wantExtra {
			t.Errorf("state at row %d: cells aside %v", stop, st.Extra)
		}
		r, err := pattern.ResumeBandIndex(repeatN, lo, hi, opt, st)
		if err != nil {
			t.Fatal(err)
		}
		feed(t, r, rows, stop, repeatN+1)
		got, _ := searchedIndex(t, r)
		r.Close()
		if !reflect.DeepEqual(got, want) {
			t.Errorf("resumed at row %d: %v\nwant %v", stop, got, want)
		}
		for _, bad := range [][]pattern.ExtraCell{
			{{Value: 0, X: int(stop), Y: 5}},
			{{Value: 2, X: 3, Y: 4}, {Value: 0, X: 3, Y: 5}},
			{{Value: hi + 1, X: 0, Y: 0}},
		} {
			st := st
			st.Extra = bad
			if r, err := pattern.ResumeBandIndex(repeatN, lo, hi, opt, st); err == nil {
				r.Close()
				t.Errorf("a state at row %d with the cells aside %v was resumed", stop, bad)
			}
		}
	}
}

// TestRepeatedValuesTableInput: the path of a table file or values dataset
// (an Index of whole rows, the engine's cells) finds the same statements
// as the band index.
func TestRepeatedValuesTableInput(t *testing.T) {
	g := repeatGames[0]
	id, ref := loadRepeatGame(t, g)
	r, _ := tables.Lookup(id)
	idx := pattern.NewIndex(repeatN, repeatHi)
	if err := engine.Compute(context.Background(), r.Rules, repeatN, engine.Config{}, idx.AddBand); err != nil {
		t.Fatal(err)
	}
	solved := indexOf(t, ref)
	for v := 0; v <= repeatHi; v++ {
		if got, want := search(t, idx, v, pattern.Options{}), search(t, solved, v, pattern.Options{}); !reflect.DeepEqual(got, want) {
			t.Errorf("v = %d: the engine's table\n%v\nthe solver's\n%v", v, got, want)
		}
	}
}
