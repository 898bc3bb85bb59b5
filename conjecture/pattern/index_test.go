package pattern_test

import (
	"testing"

	"github.com/grundy-lab/grundy/conjecture/pattern"
	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/tables"
)

// TestIndexMatchesReference: for every table, value and row, Where gives the
// column of the value in the slow reference table, or false where the row
// lacks it.
func TestIndexMatchesReference(t *testing.T) {
	const n, maxValue = 60, 70
	for _, r := range tables.All() {
		ref := tables.Reference(r.Rules, n)
		idx := computeIndex(t, r.ID, n, maxValue, nil)
		for v := 0; v <= maxValue; v++ {
			for x := 0; x <= n; x++ {
				want := -1
				for y, g := range ref[x] {
					if int(g) == v {
						want = y
						break
					}
				}
				if y, ok := idx.Where(v, x); ok != (want >= 0) || ok && y != want {
					t.Fatalf("%s: Where(%d, %d) = %d, %v; reference has y = %d", r.ID, v, x, y, ok, want)
				}
			}
		}
	}
}

// TestAddBandRejects: bands that do not continue the index are refused and
// leave it as it was.
func TestAddBandRejects(t *testing.T) {
	idx := pattern.NewIndex(3, 5)
	row := func(rows int) []int32 { return make([]int32, 4*rows) }
	if err := idx.AddBand(engine.Band{X0: 0, Rows: 1, Width: 4, Cells: row(1)}); err != nil {
		t.Fatal(err)
	}
	for name, b := range map[string]engine.Band{
		"wrong width":    {X0: 1, Rows: 1, Width: 5, Cells: make([]int32, 5)},
		"gap":            {X0: 2, Rows: 1, Width: 4, Cells: row(1)},
		"repeat":         {X0: 0, Rows: 1, Width: 4, Cells: row(1)},
		"past n":         {X0: 1, Rows: 4, Width: 4, Cells: row(4)},
		"negative rows":  {X0: 1, Rows: -1, Width: 4},
		"too few cells":  {X0: 1, Rows: 2, Width: 4, Cells: row(1)},
		"too many cells": {X0: 1, Rows: 1, Width: 4, Cells: row(2)},
	} {
		if err := idx.AddBand(b); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if idx.Rows() != 1 {
		t.Errorf("Rows() = %d after refused bands, want 1", idx.Rows())
	}
}

// TestWhereOutside: values and rows outside the index have no column.
func TestWhereOutside(t *testing.T) {
	idx := syntheticIndex(t, 5, func(x int) int { return x })
	for _, c := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 6}} {
		if y, ok := idx.Where(c[0], c[1]); ok {
			t.Errorf("Where(%d, %d) = %d, true", c[0], c[1], y)
		}
	}
	if y, ok := idx.Where(0, 5); !ok || y != 5 {
		t.Errorf("Where(0, 5) = %d, %v; want 5, true", y, ok)
	}
}

// TestNewIndexPanics on a negative size.
func TestNewIndexPanics(t *testing.T) {
	for _, c := range [][2]int{{-1, 0}, {0, -1}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("NewIndex(%d, %d) did not panic", c[0], c[1])
				}
			}()
			pattern.NewIndex(c[0], c[1])
		}()
	}
}
