//go:build !amd64 || purego

package valuesds

// invertRow is invertRowGo.
func invertRow(columns []uint16, t, span int, row []byte) { invertRowGo(columns, t, span, row) }

// writeColumns16 is writeColumns16Go.
func writeColumns16(offs []uint16, rows, i0 int, shifts []uint16, columns []uint16, span int) {
	writeColumns16Go(offs, rows, i0, shifts, columns, span)
}

// noColumnLeft is noColumnLeftGo.
func noColumnLeft(columns []uint16, group int) bool { return noColumnLeftGo(columns, group) }
