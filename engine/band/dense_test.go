package band_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/grundy-lab/grundy/engine/band"
	"github.com/grundy-lab/grundy/tables"
)

// denseCells reads the cells of rows of a sweep of values 0 … v from
// their dense form, or from the packed cells in the rows that have none
// (base cells, two-sided sweeps); dense rows must say V = v.
func denseCells(rows band.Rows, v int) ([]cell, error) {
	var cells []cell
	d, p := rows.Packed.Dense, rows.Packed
	if d.Bytes != nil && d.Len() != rows.Len() {
		return nil, fmt.Errorf("rows from %d: %d dense rows for %d rows", rows.X0, d.Len(), rows.Len())
	}
	for i := range rows.Len() {
		x := rows.X0 + int64(i)
		n := 0
		if d.Bytes == nil {
			for _, packed := range p.Row(i) {
				y, v := p.Cell(packed)
				cells = append(cells, cell{x, y, v})
				n++
			}
		} else {
			if d.X0 != rows.X0 || d.Width != 2*d.Left+1 || d.V != v {
				return nil, fmt.Errorf("rows from %d: dense rows from %d, %d left of the diagonal, %d wide, of values to %d; want to %d", rows.X0, d.X0, d.Left, d.Width, d.V, v)
			}
			for j, b := range d.Row(i) {
				if b != 0 {
					cells = append(cells, cell{x, x - int64(d.Left) + int64(j), int32(b) - 1})
					n++
				}
			}
		}
		if n != int(p.Count[i]) {
			return nil, fmt.Errorf("row %d: %d cells, its count says %d", x, n, p.Count[i])
		}
	}
	return cells, nil
}

// TestDenseRowsHoldTheCells sweeps every served table with DenseOnly, the
// configuration of the checksum and the proof search, and reads each row's
// cells from its dense form: the same cells as a sweep that unpacks them,
// over many n, V up to 254 (and 255, which has no dense rows), worker
// counts, band heights, tile widths and segment lengths, the rows of base
// cells and the first rows of the table (the rows above row 0 read as
// empty) included.
func TestDenseRowsHoldTheCells(t *testing.T) {
	sizes := []int64{0, 1, 5, 40, 300, 1000}
	caps := []int{0, 1, 3, 15, 16, 40, 100, 200, 254, 255}
	configs := []band.Config{
		{Workers: 1},
		{Workers: 2},
		{Workers: 2, Tile: 16},
		{Workers: 3, Tile: 5, Segment: 37},
		{Workers: 2, Tile: 48, Width: 128, Segment: 100},
		band.TightConfig(2, 64, 50),
	}
	if testing.Short() {
		sizes, caps = []int64{0, 300, 1000}, []int{0, 16, 200}
	}
	for _, id := range rookIDs {
		r, _ := tables.Lookup(id)
		rules, _ := r.BandRules()
		for _, n := range sizes {
			for i, v := range caps {
				cfg := configs[(i+int(n))%len(configs)]
				want := sweepCells(t, id, n, v, cfg, 0)
				dense := cfg
				dense.DenseOnly = true
				sw, err := band.New(rules, n, v, dense)
				if err != nil {
					t.Fatal(err)
				}
				var got []cell
				err = sw.Run(context.Background(), n+1, func(rows band.Rows) error {
					cells, err := denseCells(rows, v)
					got = append(got, cells...)
					return err
				})
				if err != nil {
					t.Fatalf("%s n=%d V=%d %+v: %v", id, n, v, dense, err)
				}
				if !slices.Equal(got, want) {
					t.Fatalf("%s n=%d V=%d %+v: %s", id, n, v, dense, firstDifference(got, want))
				}
			}
		}
	}
}
