package valuesds

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"

	"github.com/grundy-lab/grundy/results"
)

// TestPlaceDenseOnceAsPlaceOnce: the dense rows of a chunk are placed by
// value (placeDenseOnce, in assembly where the CPU has it) exactly when
// the same rows packed are (placeOnce, the loop written from the
// definition), and then in the same places, for spans of 1 to 255 values
// and more, chunks of whole groups of rows and not, rows with columns
// without a cell between their cells, and rows that hold a value twice,
// miss one, hold one above the span or more cells than the span; rows
// that reach 2¹⁶ columns beyond the chunk's least, which placeDenseOnce
// leaves to placeOnce, are placed by neither or, alone, by both.
func TestPlaceDenseOnceAsPlaceOnce(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	faults := []string{"none", "twice", "missing", "above", "long", "far"}
	for _, span := range []int{1, 2, 7, 16, 17, 200, 254, 255, 256, 300} {
		for _, rows := range []int{1, 7, 8, 9, 64, 163} {
			for _, fault := range faults {
				name := fmt.Sprintf("span=%d/rows=%d/%s", span, rows, fault)
				var d denseRows
				var p packedRows
				d.reset(1000)
				p.reset(1000)
				bad := rng.Intn(rows)
				for i := range rows {
					x := int64(1000 + i)
					values := rng.Perm(span)
					if i == bad {
						switch fault {
						case "twice":
							if span > 1 {
								at := rng.Intn(span)
								values[at] = values[(at+1+rng.Intn(span-1))%span]
							}
						case "missing":
							values = values[:span-1]
						case "above":
							values[rng.Intn(span)] = span
						case "long":
							values = append(values, values[0])
						}
					}
					left := 0 // the row's bytes from column x on
					if i == bad && fault == "far" {
						left = -(1 << 16) // from column x + 2¹⁶ on
					}
					row := make([]byte, 0, 2*span+2)
					var ys []int64
					var vs []int32
					for _, v := range values {
						if rng.Intn(6) == 0 {
							row = append(row, 0) // a column without a cell
						}
						ys = append(ys, x-int64(left)+int64(len(row)))
						vs = append(vs, int32(v))
						row = append(row, byte(min(v+1, 255)))
					}
					if err := d.appendRow(x, row, left, len(values), 1<<40); err != nil {
						t.Fatal(err)
					}
					if err := p.appendRow(x, ys, vs, results.ValueRange{Lo: 0, Hi: 1 << 20}, 1<<40); err != nil {
						t.Fatal(err)
					}
				}
				var dense, packed valueOrder
				gotOK := dense.placeDenseOnce(&d, span)
				wantOK := false // a value above the span, which placeOnce is never given, or values a byte cannot hold
				if fault != "above" && span <= 255 {
					wantOK = packed.placeOnce(&p, 0, span)
				}
				if fault == "far" && rows > 1 && !packed.placeOnce(&p, 0, span) {
					t.Fatalf("%s: placeOnce declined", name)
				}
				if fault == "far" && rows > 1 {
					wantOK = false // offsets of 2¹⁶ and more
				}
				if gotOK != wantOK {
					t.Fatalf("%s: placeDenseOnce %t, placeOnce %t", name, gotOK, wantOK)
				}
				if got := placedY(&dense); gotOK && (!slices.Equal(got, packed.ys) || !slices.Equal(dense.start, packed.start) || dense.first != packed.first || !dense.once) {
					t.Fatalf("%s: placeDenseOnce placed %v from %v, placeOnce %v from %v", name, got, dense.start, packed.ys, packed.start)
				}
			}
		}
	}
}

// TestPlaceDenseOnceLongRow: a row of noColumn bytes or more, whose places
// an entry of 16 bits cannot hold, is left to placeOnce.
func TestPlaceDenseOnceLongRow(t *testing.T) {
	row := make([]byte, noColumn+3)
	row[0], row[len(row)-1] = 1, 2 // values 0 and 1, 2¹⁶+2 columns apart
	var d denseRows
	d.reset(0)
	if err := d.appendRow(0, row, 0, 2, 1<<40); err != nil {
		t.Fatal(err)
	}
	var o valueOrder
	if o.placeDenseOnce(&d, 2) {
		t.Fatalf("a row of %d bytes placed, at %v", len(row), placedY(&o))
	}
}

// placedY is the y of the cells o placed, in order, wherever o keeps them
// (ys, or offsets from least).
func placedY(o *valueOrder) []int64 {
	if !o.offsets {
		return o.ys
	}
	ys := make([]int64, len(o.offs))
	for i, off := range o.offs {
		ys[i] = o.least + int64(off)
	}
	return ys
}
