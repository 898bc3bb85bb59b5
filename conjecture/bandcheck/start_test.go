package bandcheck

import (
	"errors"
	"fmt"
	"slices"
	"testing"
)

// rowsFrom is the rows from..n of a band as one run.
func rowsFrom(cells [][]cell, from int64) Rows {
	r := Rows{X0: from, Start: []int32{0}}
	for _, row := range cells[from:] {
		r.Y, r.Value = append(r.Y, ys(row)...), append(r.Value, vs(row)...)
		r.Start = append(r.Start, int32(len(r.Y)))
	}
	return r
}

// A checker started at the state another reached before row s goes on as
// that one does: the same states row after row, the same end, for every
// rook table (misère nim with a pass, passStart, among them), caps 0, 5
// and 37, and starts at the first row after the
// fixed positions and later.
func TestStartAtGoesOnAsTheWhole(t *testing.T) {
	const n = 300
	for _, id := range []string{"nim", "g1", "gneg1", "gstarneg1", "passnim", passStart} {
		for _, v := range []int{0, 5, 37} {
			cells := band(full(t, id), n, v)
			whole, _ := New(id, n, v)
			states := make([]State, n+2)
			for x := range int64(n + 1) {
				states[x] = whole.State()
				if err := whole.Rows(Rows{X0: x, Start: []int32{0, int32(len(cells[x]))}, Y: ys(cells[x]), Value: vs(cells[x])}); err != nil {
					t.Fatal(err)
				}
			}
			states[n+1] = whole.State()
			for _, s := range []int64{2, 3, 17, 150, n} {
				t.Run(fmt.Sprintf("%s/V=%d/from %d", id, v, s), func(t *testing.T) {
					part, _ := New(id, n, v)
					if err := part.StartAt(states[s]); err != nil {
						t.Fatal(err)
					}
					if got := part.State(); !got.Equal(states[s]) {
						t.Fatalf("state after StartAt: %v, want %v", got, states[s])
					}
					if err := part.Rows(rowsFrom(cells, s)); err != nil {
						t.Fatal(err)
					}
					if err := part.Finish(); err != nil {
						t.Fatal(err)
					}
					if got := part.State(); !got.Equal(states[n+1]) {
						t.Errorf("end state %v, want %v", got, states[n+1])
					}
				})
			}
		}
	}
}

// A seed that is not the state the rows reach (a value taken out of one
// column, or one added; with the pass, a value taken out of the state of
// the game without the pass) is caught: the checker started from it fails on a
// cell, or ends in another state than the whole check, which a caller
// comparing states at the seam sees.
func TestStartAtFromAWrongSeedIsCaught(t *testing.T) {
	const n, v, s = 300, 5, 100
	for _, id := range []string{"gneg1", "passnim", passStart} {
		cells := band(full(t, id), n, v)
		whole, _ := New(id, n, v)
		if err := whole.Rows(rowsFrom(cells[:s], 0)); err != nil {
			t.Fatal(err)
		}
		seed := whole.State()
		if err := whole.Rows(rowsFrom(cells, s)); err != nil {
			t.Fatal(err)
		}
		end := whole.State()
		wrongs := []func(State) State{
			func(st State) State { st.Columns[0].Values = st.Columns[0].Values[1:]; return st },
			func(st State) State {
				last := &st.Columns[len(st.Columns)-1]
				for u := int32(0); ; u++ {
					if !slices.Contains(last.Values, u) {
						last.Values = append(slices.Clone(last.Values), u)
						slices.Sort(last.Values)
						return st
					}
				}
			},
		}
		if seed.Passless != nil {
			// The state of the game without the pass, a value taken out.
			wrongs = append(wrongs, func(st State) State {
				inner := cloneForTest(*st.Passless)
				k := slices.IndexFunc(inner.Columns, func(c Column) bool { return len(c.Values) > 0 })
				inner.Columns[k].Values = inner.Columns[k].Values[1:]
				st.Passless = &inner
				return st
			})
		}
		for k, wrong := range wrongs {
			bad := wrong(cloneForTest(seed))
			part, _ := New(id, n, v)
			if err := part.StartAt(bad); err != nil {
				t.Fatal(err)
			}
			if err := part.Rows(rowsFrom(cells, s)); err == nil && part.State().Equal(end) {
				t.Errorf("%s, wrong seed %d: the rows pass and end in the whole check's state", id, k)
			}
		}
	}
}

// cloneForTest is s with its own copies of the columns.
func cloneForTest(s State) State {
	s.Columns = slices.Clone(s.Columns)
	for k := range s.Columns {
		s.Columns[k].Values = slices.Clone(s.Columns[k].Values)
	}
	return s
}

// StartAt refuses a checker that has rows, Wythoff's Nim, and states that
// are no state of the table.
func TestStartAtRefuses(t *testing.T) {
	const n, v = 50, 3
	good := State{Row: 10, Frontier: 3, Columns: []Column{{Offset: 0, Values: []int32{1}}, {Offset: 2, Values: nil}}}
	for _, tc := range []struct {
		name, id string
		s        State
		started  bool
	}{
		{"checked rows", "gneg1", good, true},
		{"wythoff", "wythoff", good, false},
		{"row 0", "gneg1", State{Row: 0}, false},
		{"row beyond n+1", "gneg1", State{Row: n + 2}, false},
		{"frontier beyond n", "gneg1", State{Row: n - 1, Frontier: 3}, false},
		{"value above V", "gneg1", State{Row: 10, Frontier: 1, Columns: []Column{{Offset: 0, Values: []int32{4}}}}, false},
		{"value twice", "gneg1", State{Row: 10, Frontier: 1, Columns: []Column{{Offset: 0, Values: []int32{1, 1}}}}, false},
		{"columns out of order", "gneg1", State{Row: 10, Frontier: 3, Columns: []Column{{Offset: 2}, {Offset: 0}}}, false},
		{"column beyond the frontier", "gneg1", State{Row: 10, Frontier: 1, Columns: []Column{{Offset: 0}, {Offset: 1}}}, false},
		{"column before 0", "gneg1", State{Row: 10, Frontier: 1, Columns: []Column{{Offset: -11}}}, false},
	} {
		c, err := New(tc.id, n, v)
		if err != nil {
			t.Fatal(err)
		}
		if tc.started {
			cells := band(full(t, tc.id), n, v)
			if err := c.Rows(Rows{X0: 0, Start: []int32{0, int32(len(cells[0]))}, Y: ys(cells[0]), Value: vs(cells[0])}); err != nil {
				t.Fatal(err)
			}
		}
		if err := c.StartAt(tc.s); !errors.Is(err, ErrStream) {
			t.Errorf("%s: %v, want an error wrapping ErrStream", tc.name, err)
		}
	}
	c, _ := New("gneg1", n, v)
	if err := c.StartAt(good); err != nil {
		t.Errorf("the good state: %v", err)
	}
}
