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

// writeColumns16 is writeColumns16Go, in SSE2 for a full group: a load,
// an add and a store for the eight rows of a value.
func writeColumns16(offs []uint16, rows, i0 int, shifts []uint16, columns []uint16, span int) {
	if len(shifts) != placeRows || span == 0 {
		writeColumns16Go(offs, rows, i0, shifts, columns, span)
		return
	}
	_ = offs[(span-1)*rows+i0+placeRows-1] // the last value's eight
	_ = columns[placeRows*span-1]
	writeColumns16SSE2(&offs[i0], 2*rows, &columns[0], (*[placeRows]uint16)(shifts), span)
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

// writeColumns16SSE2 is writeColumns16Go for a full group of rows, offs
// at row i0 of value 0 and step bytes from a value's offsets to the
// next.
//
//go:noescape
func writeColumns16SSE2(offs *uint16, step int, columns *uint16, shifts *[placeRows]uint16, span int)
