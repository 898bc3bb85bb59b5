//go:build amd64 && !purego

package valuesds

// invertRow is invertRowGo, in assembly (five instructions a cell; the
// Go loop took ten). It panics if columns is too short for t's entries.
func invertRow(columns []uint16, t, span int, row []byte) {
	if len(row) == 0 || span == 0 {
		return
	}
	columns = columns[t : placeRows*span]
	invertRowAVX2(&columns[0], span, &row[0], len(row))
}

// writeColumnsY is writeColumnsYGo, in AVX2 for a full group where the
// CPU has it: two instructions a cell fewer than one (the Go loop's, its
// eight rows' columns spilled, took nine).
func writeColumnsY(ys []int64, rows, i0 int, bases []int64, columns []uint16, span int) {
	if !hasAVX2 || len(bases) != placeRows || span == 0 {
		writeColumnsYGo(ys, rows, i0, bases, columns, span)
		return
	}
	_ = ys[(span-1)*rows+i0+placeRows-1] // the last value's line
	_ = columns[placeRows*span-1]
	writeColumnsYAVX2(&ys[i0], 8*rows, &columns[0], (*[placeRows]int64)(bases), span)
}

// noColumnLeft is noColumnLeftGo, in AVX2 where the CPU has it (the Go
// loop took a fifth of placeDenseOnce's time) for a full group.
func noColumnLeft(columns []uint16, group int) bool {
	if !hasAVX2 || group != placeRows || len(columns) == 0 {
		return noColumnLeftGo(columns, group)
	}
	return noColumnLeftAVX2(&columns[0], len(columns))
}

// noColumnLeftAVX2 is noColumnLeftGo for a full group of the n entries
// from columns, n a multiple of 8. It needs AVX2.
//
//go:noescape
func noColumnLeftAVX2(columns *uint16, n int) (ok bool)

// invertRowAVX2 is invertRowGo's loop for the n bytes from row, columns
// pointing at row t's first entry.
//
//go:noescape
func invertRowAVX2(columns *uint16, span int, row *byte, n int)

// writeColumnsYAVX2 is writeColumnsYGo for a full group of rows, ys at
// row i0 of value 0 and step bytes from a value's y to the next. It
// needs AVX2.
//
//go:noescape
func writeColumnsYAVX2(ys *int64, step int, columns *uint16, bases *[placeRows]int64, span int)
