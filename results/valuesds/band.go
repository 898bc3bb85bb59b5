package valuesds

import (
	"fmt"
	"math"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
)

// Rows is a run of consecutive table rows X0 .. X0+len(Start)-2 in the band
// sweep's shape, what WriteRows takes: the cells of row X0+i are
// Y[Start[i]:Start[i+1]] (increasing) with values Value[Start[i]:Start[i+1]].
type Rows struct {
	X0    int64
	Start []int32
	Y     []int64
	Value []int32
}

// FromBand sets r to the cells of the full-table band b (row-major, Width
// n+1) whose value lies in values, reusing r's slices. It fails if the band
// keeps more cells than an int32 offset counts.
func (r *Rows) FromBand(b engine.Band, values results.ValueRange) error {
	if len(b.Cells) != b.Rows*b.Width {
		return fmt.Errorf("band of rows %d..%d: %d cells, want %d rows of %d", b.X0, b.X0+b.Rows-1, len(b.Cells), b.Rows, b.Width)
	}
	r.X0 = int64(b.X0)
	r.Start, r.Y, r.Value = append(r.Start[:0], 0), r.Y[:0], r.Value[:0]
	lo, span := values.Lo, uint32(values.Hi-values.Lo)
	for i := range b.Rows {
		for y, v := range b.Cells[i*b.Width : (i+1)*b.Width] {
			if uint32(v-lo) <= span {
				r.Y, r.Value = append(r.Y, int64(y)), append(r.Value, v)
			}
		}
		if len(r.Y) > math.MaxInt32 {
			return fmt.Errorf("band of rows %d..%d: more than %d cells in range %s", b.X0, b.X0+b.Rows-1, math.MaxInt32, values)
		}
		r.Start = append(r.Start, int32(len(r.Y)))
	}
	return nil
}

// WriteBand writes the cells in range of the full-table band b, the next
// rows of the table (engine.Compute's emit), through scratch: FromBand,
// then WriteRows.
func (w *Writer) WriteBand(b engine.Band, scratch *Rows) error {
	if err := scratch.FromBand(b, w.meta.Values); err != nil {
		return fmt.Errorf("write %s: %w", w.dir, err)
	}
	return w.WriteRows(scratch.X0, scratch.Start, scratch.Y, scratch.Value)
}
