package bandcheck

import (
	"errors"
	"testing"
)

// bandFrom is band without the cells below lo.
func bandFrom(tab [][]int32, n int64, lo, v int) [][]cell {
	rows := band(tab, n, v)
	for x, row := range rows {
		var kept []cell
		for _, cl := range row {
			if int(cl.v) >= lo {
				kept = append(kept, cl)
			}
		}
		rows[x] = kept
	}
	return rows
}

// feedFrom streams rows of values lo … v to a checker given SetLo(lo),
// by the general loop if general, one run of all rows.
func feedFrom(t *testing.T, id string, n int64, lo, v int, rows [][]cell, general bool) error {
	t.Helper()
	c, err := New(id, n, v)
	if err != nil {
		t.Fatal(err)
	}
	c.general = general
	if err := c.SetLo(lo); err != nil {
		t.Fatal(err)
	}
	r := Rows{Start: []int32{0}}
	for _, row := range rows {
		for _, cl := range row {
			r.Y, r.Value = append(r.Y, cl.y), append(r.Value, cl.v)
		}
		r.Start = append(r.Start, int32(len(r.Y)))
	}
	if err := c.Rows(r); err != nil {
		return err
	}
	return c.Finish()
}

// A stream of the values LO … V of a table passes with SetLo(LO), the
// values below computed on the way; a cell of value below LO left in it,
// a cell of LO … V taken out or changed, and the stream of 0 … V are each
// named as the cell where they differ.
func TestValuesFromLo(t *testing.T) {
	const n, v = 120, 12
	for _, id := range []string{"gneg1", "passnim", "wythoff", "nim"} {
		tab := full(t, id)
		for _, lo := range []int{1, 3, v} {
			for _, general := range []bool{false, true} {
				rows := bandFrom(tab, n, lo, v)
				if err := feedFrom(t, id, n, lo, v, rows, general); err != nil {
					t.Errorf("%s %d-%d: %v", id, lo, v, err)
				}
				var cellErr *CellError
				if err := feedFrom(t, id, n, lo, v, band(tab, n, v), general); !errors.As(err, &cellErr) || int(cellErr.Value) >= lo {
					t.Errorf("%s %d-%d, the cells below %d kept: %v", id, lo, v, lo, err)
				}
				x := 60
				removed := bandFrom(tab, n, lo, v)
				taken := removed[x][0]
				removed[x] = removed[x][1:]
				if err := feedFrom(t, id, n, lo, v, removed, general); !errors.As(err, &cellErr) || cellErr.X != int64(x) || cellErr.Y != taken.y || cellErr.InStream {
					t.Errorf("%s %d-%d, cell (%d, %d) taken out: %v", id, lo, v, x, taken.y, err)
				}
				changed := bandFrom(tab, n, lo, v)
				changed[x][0].v = int32(lo + (int(changed[x][0].v)-lo+1)%(v-lo+1))
				if lo == v {
					changed[x][0].v = int32(v - 1) // below LO
				}
				if err := feedFrom(t, id, n, lo, v, changed, general); !errors.As(err, &cellErr) || cellErr.X != int64(x) {
					t.Errorf("%s %d-%d, cell (%d, %d) changed: %v", id, lo, v, x, changed[x][0].y, err)
				}
			}
		}
	}
}

func TestSetLoRefusals(t *testing.T) {
	c, err := New("gneg1", 10, 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, lo := range []int{-1, 6} {
		if err := c.SetLo(lo); !errors.Is(err, ErrStream) {
			t.Errorf("SetLo(%d) = %v", lo, err)
		}
	}
	if err := c.Rows(Rows{X0: 0, Start: []int32{0, 0}}); err == nil {
		t.Fatal("row 0 without its cells passed")
	}
	if err := c.SetLo(1); !errors.Is(err, ErrStream) {
		t.Errorf("SetLo after a row = %v", err)
	}
}
