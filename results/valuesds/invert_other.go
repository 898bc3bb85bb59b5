//go:build !amd64 || purego

package valuesds

// invertRow is invertRowGo.
func invertRow(columns []uint16, t, span int, row []byte) { invertRowGo(columns, t, span, row) }

// writeColumnsY is writeColumnsYGo.
func writeColumnsY(ys []int64, rows, i0 int, bases []int64, columns []uint16, span int) {
	writeColumnsYGo(ys, rows, i0, bases, columns, span)
}

// noColumnLeft is noColumnLeftGo.
func noColumnLeft(columns []uint16, group int) bool { return noColumnLeftGo(columns, group) }
