package engine

// Josephus Nim (Rules.Josephus; 004, Definition 1.1). In ⟨x, y⟩ the total
// weight is m = x − 2y and at most ⌊m/2⌋ = ⌊x/2⌋ − y may be removed:
//
//	⟨x−t, y⟩ for 1 ≤ t ≤ ⌊x/2⌋ − y: rows ⌈x/2⌉ + y … x − 1 of column y,
//	⟨x, y−t⟩ for t ≥ max(1, ⌈(y − ⌊x/2⌋)/2⌉): columns 0 … e of row x,
//	    e = min(y − 1, ⌊(y + ⌊x/2⌋)/2⌋).
//
// Both ends of the column window rise with x, and the row prefix's end e
// rises with y, so the sets are kept by sliding, not rebuilt: a row adds
// cells to its set as e passes them, and a column adds the rows entering
// its window and deletes the rows leaving it. Deleting by clearing the bit
// is exact because the values in a column window are distinct: the cell
// at the window's last row b had every earlier row of the window in its
// own window (the window start rises), so its value differs from theirs.
// A column remembers the values of the rows that may still leave its
// window in a ring of ⌊n/2⌋ + 2 rows, which makes this table's memory
// about 2n² bytes, unlike the others'.

// josephusColumns is the sliding state of the columns; like the column sets,
// a column is touched only by the worker whose tile holds it.
type josephusColumns struct {
	lo, hi []int32 // the window's rows are lo … hi−1
	ring   []int32 // width rings of ringRows values, row x at x % ringRows
	rows   int     // ringRows
}

// newJosephusColumns allocates the column state of a table of side width.
func newJosephusColumns(width int) *josephusColumns {
	rows := (width-1)/2 + 2
	return &josephusColumns{
		lo:   make([]int32, width),
		hi:   make([]int32, width),
		ring: make([]int32, width*rows),
		rows: rows,
	}
}

// removeValue deletes v ≥ 0 from set, keeping the summary up to date.
func removeValue(set []uint64, words, v int) {
	w := v >> 6
	set[w] &^= 1 << (v & 63)
	set[words+w>>6] &^= 1 << (w & 63)
}

// slideColumn moves the window of column y to rows start … x−1 (empty when
// start ≥ x), adding and deleting the values of the rows that enter and
// leave it.
func (s *sweep) slideColumn(y, x, start int) {
	jc := s.josephus
	col := s.colSets[y*s.stride : (y+1)*s.stride]
	ring := jc.ring[y*jc.rows : (y+1)*jc.rows]
	lo, hi := int(jc.lo[y]), int(jc.hi[y])
	start = min(start, x)
	for ; lo < start && lo < hi; lo++ {
		removeValue(col, s.words, int(ring[lo%jc.rows]))
	}
	lo = max(lo, start)
	hi = max(hi, lo)
	for ; hi < x; hi++ {
		addValue(col, s.words, int(ring[hi%jc.rows]))
	}
	jc.lo[y], jc.hi[y] = int32(lo), int32(hi)
}

// josephusRun fills out[ya:yb] of band row r. The row set holds the cells
// 0 … rowEnd−1 of the row; rowEnd is kept in the band state between tiles.
func (s *sweep) josephusRun(st *bandState, r int, row []uint64, out []int32, ya, yb int) {
	x := st.x0 + r
	half := x / 2
	rowEnd := int(st.rowEnd[r])
	rowMex := int(st.rowMex[r])
	for y := ya; y < yb; y++ {
		for e := min(y-1, (y+half)/2); rowEnd <= e; rowEnd++ {
			addValue(row, s.words, int(out[rowEnd]))
			if int(out[rowEnd]) == rowMex {
				rowMex = nextMex(row, rowMex)
			}
		}
		s.slideColumn(y, x, x-half+y)
		col := s.colSets[y*s.stride : (y+1)*s.stride]
		v := mexOfUnion(row, col, s.words, rowMex, -1)
		out[y] = int32(v)
		s.josephus.ring[y*s.josephus.rows+x%s.josephus.rows] = int32(v)
	}
	st.rowEnd[r] = int32(rowEnd)
	st.rowMex[r] = int32(rowMex)
}

// seedJosephus takes in the known rows of b: their values go to the column
// rings, and every window starts empty at the first row the ring still
// holds, so that the first row computed adds the rows it needs.
func (s *sweep) seedJosephus(b Band) {
	jc := s.josephus
	for r := range b.Rows {
		x := b.X0 + r
		for y, v := range b.Cells[r*b.Width : (r+1)*b.Width] {
			jc.ring[y*jc.rows+x%jc.rows] = v
		}
	}
	first := int32(max(0, b.X0+b.Rows-(jc.rows-1)))
	for y := range jc.lo {
		jc.lo[y], jc.hi[y] = first, first
	}
}
