package pattern

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestCheckFastRowsAgree compares check's fast path for rows holding one
// cell with its general path, forced by an extra cell past the rows
// checked, on random columns and patterns near them: wrong offsets, absent
// rows, cells beyond n, exceptions listed, changed or omitted.
func TestCheckFastRowsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for trial := range 3000 {
		rows := 1 + rng.IntN(80)
		n := rows + rng.IntN(4) - 2
		period := 1 + rng.IntN(6)
		offsets := make([]int, period)
		for i := range offsets {
			offsets[i] = rng.IntN(5) - 2
		}
		start := rng.IntN(rows + 2)
		d := make([]int32, rows)
		for x := range d {
			d[x] = int32(offsets[x%period])
			switch k := rng.IntN(30); {
			case k == 0:
				d[x] = absent
			case k == 1:
				d[x] += 1
			case x+int(d[x]) < 0:
				d[x] = 0
			}
		}
		col := column{value: 3, n: n, d: d}
		p := Pattern{Value: 3, Period: period, Start: start, Offsets: offsets}
		for x := range min(start, rows) {
			if d[x] != absent && rng.IntN(25) > 0 {
				p.Exceptions = append(p.Exceptions, Cell{x, x + int(d[x])})
			}
			if rng.IntN(40) == 0 {
				p.Exceptions = append(p.Exceptions, Cell{x, x + 3})
			}
		}
		if rng.IntN(5) == 0 {
			p.Exceptions, p.ExceptionsOmitted = nil, start
		}
		if p.Validate() != nil {
			continue
		}
		slow := col
		slow.extra = []Cell{{rows + 5, 0}}
		fast, err1 := check(col, p, rows)
		general, err2 := check(slow, p, rows)
		if err1 != nil || err2 != nil || !reflect.DeepEqual(fast, general) {
			t.Fatalf("trial %d: d %v, pattern %+v:\nfast    %+v %v\ngeneral %+v %v", trial, d, p, fast, err1, general, err2)
		}
	}
}
