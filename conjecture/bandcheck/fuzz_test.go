package bandcheck

import (
	"errors"
	"slices"
	"testing"
)

// FuzzRows streams a band of a small table, changed by the fuzzer's
// bytes (cells removed, added, revalued, runs cut anywhere), and requires
// that the checker never panics, and accepts the stream exactly when it
// is the true band: a stream that passes is right.
func FuzzRows(f *testing.F) {
	f.Add(uint8(0), uint8(20), uint8(3), []byte{})
	f.Add(uint8(4), uint8(30), uint8(2), []byte{1, 5, 7})
	f.Add(uint8(5), uint8(12), uint8(9), []byte{2, 40, 1, 0, 3, 9, 250})
	f.Fuzz(func(t *testing.T, table, side, cap uint8, edits []byte) {
		id := checked[int(table)%len(checked)]
		n, v := int64(side%40), int(cap%12)
		truth := band(full(t, id), n, v)
		rows := make([][]cell, len(truth))
		for x := range truth {
			rows[x] = slices.Clone(truth[x])
		}
		per := 1
		for i := 0; i+2 < len(edits); i += 3 {
			op, x, a := edits[i]%4, int(edits[i+1])%len(rows), edits[i+2]
			switch row := rows[x]; op {
			case 0: // remove a cell
				if len(row) > 0 {
					j := int(a) % len(row)
					rows[x] = slices.Delete(row, j, j+1)
				}
			case 1: // add a cell, anywhere, possibly out of order or outside
				rows[x] = append(row, cell{int64(a%64) - 4, int32(a%16) - 2})
			case 2: // change a value
				if len(row) > 0 {
					row[int(a)%len(row)].v = int32(a%16) - 2
				}
			case 3:
				per = 1 + int(a%5)
			}
		}
		_, err := feed(t, id, n, v, rows, per)
		same := slices.EqualFunc(rows, truth, func(a, b []cell) bool { return slices.Equal(a, b) })
		var cellErr *CellError
		switch {
		case same && err != nil:
			t.Fatalf("%s n = %d V = %d: the true band fails: %v", id, n, v, err)
		case !same && err == nil:
			t.Fatalf("%s n = %d V = %d: a changed band passes: %v", id, n, v, rows)
		case err != nil && !errors.As(err, &cellErr) && !errors.Is(err, ErrStream):
			t.Fatalf("an error of neither kind: %v", err)
		}
	})
}
