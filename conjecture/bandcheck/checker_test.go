package bandcheck

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/grundy-lab/grundy/conjecture/moves"
)

// checked are the tables the checker accepts.
var checked = []string{"nim", "g1", "gneg1", "gstarneg1", "passnim", "wythoff"}

// fullN is the side of the plain mex tables the tests compare with.
const fullN = 300

var (
	fullMu     sync.Mutex
	fullTables = map[string][][]int32{}
)

// full returns table id over 0 ≤ x, y ≤ fullN, every cell the plain mex
// of its options as package moves lists them: no cap, no skipping. The
// game of a game file with the pass, passStart, is registered on its first
// use.
func full(t *testing.T, id string) [][]int32 {
	t.Helper()
	fullMu.Lock()
	defer fullMu.Unlock()
	if tab, ok := fullTables[id]; ok {
		return tab
	}
	if id == passStart {
		registerPassGame(t, passStart, []moves.Fixed{{X: 0, Y: 0, Value: -1}})
	}
	g, ok := moves.Lookup(id)
	if !ok {
		t.Fatalf("no game %s", id)
	}
	fullTables[id] = g.Table(fullN)
	return fullTables[id]
}

// cell is a cell of a stream.
type cell struct {
	y int64
	v int32
}

// band returns the cells of values 0 … v of rows 0 … n of tab (n ≤ fullN),
// one slice per row, as a band run streams them: a forbidden cell (−1) is
// no value and is left out.
func band(tab [][]int32, n int64, v int) [][]cell {
	rows := make([][]cell, n+1)
	for x := range rows {
		for y, g := range tab[x][:n+1] {
			if g >= 0 && int(g) <= v {
				rows[x] = append(rows[x], cell{int64(y), g})
			}
		}
	}
	return rows
}

// feed streams rows to a new checker in runs of per rows and returns the
// first error, from Rows or Finish.
func feed(t *testing.T, id string, n int64, v int, rows [][]cell, per int) (*Checker, error) {
	t.Helper()
	return feedTo(t, id, n, v, rows, per, false)
}

// feedTo is feed, with every row checked by the general loop if general.
func feedTo(t *testing.T, id string, n int64, v int, rows [][]cell, per int, general bool) (*Checker, error) {
	t.Helper()
	c, err := New(id, n, v)
	if err != nil {
		t.Fatal(err)
	}
	c.general = general
	for x0 := 0; x0 < len(rows); x0 += per {
		r := Rows{X0: int64(x0), Start: []int32{0}}
		for _, row := range rows[x0:min(x0+per, len(rows))] {
			for _, cl := range row {
				r.Y, r.Value = append(r.Y, cl.y), append(r.Value, cl.v)
			}
			r.Start = append(r.Start, int32(len(r.Y)))
		}
		if err := c.Rows(r); err != nil {
			return c, err
		}
	}
	return c, c.Finish()
}

// The cells ≤ V of the plain mex table pass, for every table the checker
// takes, on a sample of sides and caps, n = 0, 1, 2 among them, in runs
// of one row and of seven.
func TestFullTablesPass(t *testing.T) {
	cases := []struct {
		n int64
		v int
	}{
		{0, 0}, {0, 5}, {1, 0}, {1, 1}, {1, 64}, {2, 0}, {2, 1}, {2, 3}, {2, 64},
		{40, 0}, {40, 1}, {63, 2}, {64, 7}, {100, 13}, {130, 31}, {257, 32}, {300, 0},
		{300, 1}, {300, 5}, {300, 20}, {300, 63}, {300, 64},
	}
	for _, id := range checked {
		tab := full(t, id)
		for _, tc := range cases {
			rows := band(tab, tc.n, tc.v)
			for _, per := range []int{1, 7} {
				if _, err := feed(t, id, tc.n, tc.v, rows, per); err != nil {
					t.Errorf("%s n = %d V = %d, runs of %d rows: %v", id, tc.n, tc.v, per, err)
				}
			}
		}
	}
}

// planted is a change to one cell of a stream.
type planted struct {
	name   string
	change func(rows [][]cell, tab [][]int32, rng *rand.Rand, v int) (x, y int64, want CellError)
}

// pick returns a random cell of tab with x, y ≤ 120 whose value satisfies ok.
func pick(tab [][]int32, rng *rand.Rand, ok func(int32) bool) (int, int) {
	for {
		x, y := rng.IntN(121), rng.IntN(121)
		if ok(tab[x][y]) {
			return x, y
		}
	}
}

// index returns the position of column y in a row's cells.
func index(row []cell, y int64) int {
	for i, cl := range row {
		if cl.y >= y {
			return i
		}
	}
	return len(row)
}

var plants = []planted{
	{"changed", func(rows [][]cell, tab [][]int32, rng *rand.Rand, v int) (int64, int64, CellError) {
		x, y := pick(tab, rng, func(g int32) bool { return g >= 0 && int(g) <= v })
		i := index(rows[x], int64(y))
		old := rows[x][i].v
		rows[x][i].v = (old + 1 + rng.Int32N(int32(v))) % int32(v+1)
		return int64(x), int64(y), CellError{X: int64(x), Y: int64(y), Value: rows[x][i].v, InStream: true, Want: old, V: v}
	}},
	{"removed", func(rows [][]cell, tab [][]int32, rng *rand.Rand, v int) (int64, int64, CellError) {
		x, y := pick(tab, rng, func(g int32) bool { return g >= 0 && int(g) <= v })
		i := index(rows[x], int64(y))
		rows[x] = append(rows[x][:i:i], rows[x][i+1:]...)
		return int64(x), int64(y), CellError{X: int64(x), Y: int64(y), Want: tab[x][y], V: v}
	}},
	{"added", func(rows [][]cell, tab [][]int32, rng *rand.Rand, v int) (int64, int64, CellError) {
		x, y := pick(tab, rng, func(g int32) bool { return int(g) > v })
		i := index(rows[x], int64(y))
		added := rng.Int32N(int32(v + 1))
		rows[x] = append(rows[x][:i:i], append([]cell{{int64(y), added}}, rows[x][i:]...)...)
		return int64(x), int64(y), CellError{X: int64(x), Y: int64(y), Value: added, InStream: true, Want: int32(v + 1), V: v}
	}},
}

// One cell changed, removed or added anywhere in the first 121 rows and
// columns is caught, and the error names that cell, the stream's value
// and the definition's.
func TestPlantedCellsAreNamed(t *testing.T) {
	const n = 150
	rng := rand.New(rand.NewPCG(21, 6))
	for _, id := range checked {
		tab := full(t, id)
		for _, p := range plants {
			for trial := range 8 {
				v := []int{1, 4, 10, 33}[trial%4]
				rows := band(tab, n, v)
				_, _, want := p.change(rows, tab, rng, v)
				_, err := feed(t, id, n, v, rows, 1+trial%3)
				var got *CellError
				if !errors.As(err, &got) || *got != want {
					t.Errorf("%s, %s cell, V = %d: got %v, want %v", id, p.name, v, err, &want)
				}
			}
		}
	}
}

// Streams of the wrong shape are errors wrapping ErrStream, and a checker
// keeps its first failure.
func TestMalformedStreams(t *testing.T) {
	tab := full(t, "nim")
	rows := band(tab, 10, 3)
	run := func(x0 int64, cells ...cell) Rows {
		r := Rows{X0: x0, Start: []int32{0, int32(len(cells))}}
		for _, cl := range cells {
			r.Y, r.Value = append(r.Y, cl.y), append(r.Value, cl.v)
		}
		return r
	}
	for _, tc := range []struct {
		name string
		runs []Rows
	}{
		{"starts at row 1", []Rows{run(1, rows[1]...)}},
		{"no Start", []Rows{{X0: 0}}},
		{"Start past Y", []Rows{{X0: 0, Start: []int32{0, 9}, Y: []int64{0}, Value: []int32{0}}}},
		{"cells out of order", []Rows{run(0, cell{1, 1}, cell{0, 0})}},
		{"cell past n", []Rows{run(0, cell{11, 0})}},
		{"row past n", []Rows{{X0: 0, Start: make([]int32, 13)}}},
		{"ends early", []Rows{run(0, rows[0]...)}},
	} {
		c, _ := New("nim", 10, 3)
		var err error
		for _, r := range tc.runs {
			if err = c.Rows(r); err != nil {
				break
			}
		}
		if err == nil {
			err = c.Finish()
		}
		if !errors.Is(err, ErrStream) {
			t.Errorf("%s: %v, want ErrStream", tc.name, err)
		}
		if again := c.Finish(); again != err {
			t.Errorf("%s: Finish after the failure gives %v, want %v", tc.name, again, err)
		}
	}
}

// The split games, Josephus Nim, unknown tables and negative sizes are
// refused, each with its reason.
func TestRefusals(t *testing.T) {
	for _, tc := range []struct {
		table string
		n     int64
		v     int
		says  string
	}{
		{"deletenim", 10, 3, "anti-diagonals"},
		{"vdn", 10, 3, "anti-diagonals"},
		{"josephusnim", 10, 3, "window"},
		{"chomp", 10, 3, "tables: nim, g1"},
		{"nim", -1, 3, "n = -1"},
		{"nim", 10, -1, "V = -1"},
	} {
		_, err := New(tc.table, tc.n, tc.v)
		if !errors.Is(err, ErrUnsupported) || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("New(%q, %d, %d) = %v, want ErrUnsupported saying %q", tc.table, tc.n, tc.v, err, tc.says)
		}
	}
}

// The state after a row is what the full table gives: its live columns
// are exactly the columns below the frontier whose values ≤ V so far are
// not all of 0 … V, with those values, and every column from the frontier
// on holds no value ≤ V yet.
func TestStateMatchesTheFullTable(t *testing.T) {
	const n, v = 200, 6
	for _, id := range checked {
		tab := full(t, id)
		rows := band(tab, n, v)
		c, _ := New(id, n, v)
		for x := range int64(n + 1) {
			s := c.State()
			var want []Column
			for y := range int64(n + 1) {
				var vals []int32
				seen := map[int32]bool{}
				for xp := range x {
					if g := tab[xp][y]; g >= 0 && int(g) <= v && !seen[g] {
						seen[g] = true
						vals = append(vals, g)
					}
				}
				if y >= x+s.Frontier {
					if len(vals) > 0 {
						t.Fatalf("%s row %d: column %d holds %v, beyond the frontier %d", id, x, y, vals, x+s.Frontier)
					}
					continue
				}
				if len(vals) < v+1 {
					slices.Sort(vals)
					want = append(want, Column{Offset: y - x, Values: vals})
				}
			}
			if !s.Equal(State{Row: x, Frontier: s.Frontier, Columns: want}) {
				t.Fatalf("%s row %d: state %v, want columns %v", id, x, s, want)
			}
			if err := c.Rows(Rows{X0: x, Start: []int32{0, int32(len(rows[x]))}, Y: ys(rows[x]), Value: vs(rows[x])}); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func ys(cells []cell) []int64 {
	var out []int64
	for _, c := range cells {
		out = append(out, c.y)
	}
	return out
}

func vs(cells []cell) []int32 {
	var out []int32
	for _, c := range cells {
		out = append(out, c.v)
	}
	return out
}

// In nim with V = 3 the values ≤ 3 fill the 4 × 4 blocks on the diagonal,
// so the state after rows 0 … 3 and after rows 0 … 7 are the same moved
// four rows and columns (Shifted), but not Equal; G₋₁ with its forbidden
// corner is not nim moved.
func TestShiftedStates(t *testing.T) {
	state := func(id string, rows int64) State {
		c, _ := New(id, 40, 3)
		cells := band(full(t, id), 40, 3)
		for x := range rows {
			if err := c.Rows(Rows{X0: x, Start: []int32{0, int32(len(cells[x]))}, Y: ys(cells[x]), Value: vs(cells[x])}); err != nil {
				t.Fatal(err)
			}
		}
		return c.State()
	}
	s4, s8, g4 := state("nim", 4), state("nim", 8), state("gneg1", 4)
	if !s4.Shifted(s8) || s4.Equal(s8) || !s4.Equal(s4) {
		t.Errorf("nim states after 4 and 8 rows: %v and %v; want Shifted, not Equal", s4, s8)
	}
	if s4.Shifted(g4) {
		t.Errorf("nim and gneg1 after 4 rows: %v and %v; want not Shifted", s4, g4)
	}
}

// FirstOpenRow is the first row whose cells ≤ V, within 0 … n, are not
// all of 0 … V, as the full table counts them: in a table of side n the
// rows near n run out of columns.
func TestFirstOpenRow(t *testing.T) {
	for _, id := range checked {
		tab := full(t, id)
		for _, tc := range []struct {
			n int64
			v int
		}{{0, 0}, {10, 3}, {11, 3}, {40, 5}, {120, 20}, {300, 0}} {
			want, wantOpen := int64(-1), false
			for x := range tc.n + 1 {
				seen := map[int32]bool{}
				for _, g := range tab[x][:tc.n+1] {
					if g >= 0 && int(g) <= tc.v {
						seen[g] = true
					}
				}
				if len(seen) < tc.v+1 {
					want, wantOpen = x, true
					break
				}
			}
			c, err := feed(t, id, tc.n, tc.v, band(tab, tc.n, tc.v), 5)
			if err != nil {
				t.Fatal(err)
			}
			if got, open := c.FirstOpenRow(); got != want || open != wantOpen {
				t.Errorf("%s n = %d V = %d: FirstOpenRow = %d, %v; want %d, %v", id, tc.n, tc.v, got, open, want, wantOpen)
			}
		}
	}
}

// The rows of a rook table after the first two are checked by rookRow;
// the general loop, which the fixed positions and Wythoff's diagonals
// need, gives the same verdict and the same first failure on the true
// bands and on bands with a cell changed, removed or added, over a range
// of sides and caps (one and two words of values).
func TestRookRowsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 17))
	for _, id := range checked {
		if id == "wythoff" {
			continue // every row by the general loop
		}
		tab := full(t, id)
		for trial := range 24 {
			n, v := int64(121+rng.IntN(180)), []int{0, 1, 3, 10, 33, 63, 64, 70}[trial%8]
			rows := band(tab, n, v)
			if trial%3 > 0 && v > 0 {
				plants[trial%3].change(rows, tab, rng, v)
			}
			_, fast := feedTo(t, id, n, v, rows, 1+trial%4, false)
			_, general := feedTo(t, id, n, v, rows, 1+trial%4, true)
			if fmt.Sprint(fast) != fmt.Sprint(general) {
				t.Errorf("%s n = %d V = %d (trial %d): rookRow gives %v, the general loop %v", id, n, v, trial, fast, general)
			}
		}
	}
}

// The engine's band sweep, computed from the engine's own statement of
// the rules (package tables), passes the check for every rook table on
// rows 0 … 2999, V = 0, 5, 37 (one word) and 80 (two): the two statements
// of each game agree. The other tests compare the checker with package
// moves' own plain table, so a rule stated wrongly in moves (G_P's pass
// planted as x | y) passed them; it fails here.
func TestEngineBandsPass(t *testing.T) {
	for _, id := range []string{"nim", "g1", "gneg1", "gstarneg1", "passnim"} {
		for _, v := range []int{0, 5, 37, 80} {
			c, err := New(id, math.MaxInt32, v)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range sweptRows(t, id, 3000, v) {
				if err := c.Rows(r); err != nil {
					t.Errorf("%s V = %d: %v", id, v, err)
					break
				}
			}
		}
	}
}
