package proof

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/engine/band"
)

// TestTrackerFollowsTheState sweeps with a cursor, whose key the band's
// workers hash row by row, and compares it at every stop with the key
// made afresh from the band state there: the sum the rows keep must be
// the sum the definition gives, for every served table and for games
// whose prescribed cells repeat a value in a column, from the first row
// past the base cells, where a fresh cursor's tracker starts.
func TestTrackerFollowsTheState(t *testing.T) {
	ctx := context.Background()
	for _, table := range append(slices.Clone(servedTables), repeatTables(t)...) {
		for _, v := range []int{0, 3, 40} {
			s, err := newSearcher(table, v, 100000, Options{Config: band.Config{Workers: 2, Segment: 300}})
			if err != nil {
				t.Fatal(err)
			}
			c, err := s.cursorAt(ctx, band.State{})
			if err != nil {
				t.Fatal(err)
			}
			for _, stop := range []int64{s.first, s.first + 1, 5, 300, 301, 1000, 4097, 20000} {
				if stop < c.tr.next {
					continue
				}
				if err := c.run(ctx, stop, nil); err != nil {
					t.Fatal(err)
				}
				fresh, err := trackerAt(c.sw.State(), s.hasher)
				if err != nil {
					t.Fatal(err)
				}
				if c.tr.next != stop || c.tr.key() != fresh.key() {
					t.Fatalf("%s V=%d before row %d: the rows' key %x, the state's %x", table, v, stop, c.tr.key(), fresh.key())
				}
			}
		}
	}
}

// TestTrackerRefusesFarCells: a cell or a state column trackReach or more
// from the diagonal is an error, not a key that misses it.
func TestTrackerRefusesFarCells(t *testing.T) {
	h := newHasher(3, nil)
	var hashes [1]uint64
	cell := func(y int64) band.Packed {
		return band.Packed{X0: 100, Lo: y - 5, Stride: 1, Count: []int32{1}, Cells: []uint64{5<<32 | 1}}
	}
	for _, y := range []int64{100 + trackReach, 100 - trackReach} {
		if err := h.rows(cell(y), hashes[:]); err == nil {
			t.Errorf("a cell at (100, %d) was hashed", y)
		}
	}
	for _, y := range []int64{100 + trackReach - 1, 100 - trackReach + 1} {
		if err := h.rows(cell(y), hashes[:]); err != nil {
			t.Errorf("a cell within reach: %v", err)
		}
	}
	// The far cell of a row is named, wherever it lies in the row.
	row := band.Packed{X0: 100, Lo: 90, Stride: 3, Count: []int32{3},
		Cells: []uint64{10<<32 | 0, uint64(10+trackReach)<<32 | 1, uint64(11+trackReach)<<32 | 2}}
	if err := h.rows(row, hashes[:]); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("cell (100, %d)", 100+trackReach)) {
		t.Errorf("a row whose second cell is out of reach: %v", err)
	}
	st := band.State{Next: 10, Lo: 10 + trackReach, V: 3, Words: 4, Sets: make([]uint64, 4)}
	if _, err := trackerAt(st, h); err == nil {
		t.Error("a state column beyond reach was taken")
	}
}
