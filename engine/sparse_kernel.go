package engine

// The per-cell loops of the sparse value sets (sparse.go): the same
// recurrence as mexRun and queenRun, with the row, column and diagonal sets
// sparse. Rules with split or Josephus moves always use the dense sets.

// sparseRun fills out[ya:yb] of band row r, whose dense value set is row,
// by the mex rule, with sparse column sets. excluded[i] belongs to column
// y0+i. This is the per-cell loop: no interface calls, no locks, and
// allocation only when a column set outgrows its capacity (sparseSet.add).
func (s *sweep) sparseRun(st *bandState, r int, row []uint64, out, excluded []int32, y0, ya, yb int) {
	if s.rules.Diagonal {
		s.sparseQueenRun(st, r, row, out, ya, yb)
		return
	}
	words := s.words
	rowMex := int(st.rowMex[r])
	for y := ya; y < yb; y++ {
		col := &s.colSparse[y]
		v, colAt := mexOfRowAndSparse(row, words, col, max(rowMex, int(col.mex)), int(excluded[y-y0]))
		out[y] = int32(v)
		addValue(row, words, v)
		if v == rowMex {
			rowMex = nextMex(row, rowMex)
		}
		if !col.addToMixed(v, colAt) {
			col.addAtSlow(v, colAt)
		}
	}
	st.rowMex[r] = int32(rowMex)
}

// sparseQueenRun is sparseRun with the diagonal moves (Rules.Diagonal).
func (s *sweep) sparseQueenRun(st *bandState, r int, row []uint64, out []int32, ya, yb int) {
	words := s.words
	x := st.x0 + r
	rowMex := int(st.rowMex[r])
	for y := ya; y < yb; y++ {
		col := &s.colSparse[y]
		diag := &s.diagSparse[s.diagonal(x, y)]
		v, colAt, diagAt := mexOfRowAndSparse2(row, words, col, diag, max(rowMex, int(col.mex), int(diag.mex)))
		out[y] = int32(v)
		addValue(row, words, v)
		if v == rowMex {
			rowMex = nextMex(row, rowMex)
		}
		if !col.addToMixed(v, colAt) {
			col.addAtSlow(v, colAt)
		}
		if !diag.addToMixed(v, diagAt) {
			diag.addAtSlow(v, diagAt)
		}
	}
	st.rowMex[r] = int32(rowMex)
}

// placeSparse adds a base value v ≥ 0 at (x, y) to the sparse column and
// diagonal sets.
func (s *sweep) placeSparse(x, y, v int) {
	s.colSparse[y].add(v)
	if s.rules.Diagonal {
		s.diagSparse[s.diagonal(x, y)].add(v)
	}
}

// seedSparse adds the values of the known rows of b to the sparse column
// and diagonal sets.
func (s *sweep) seedSparse(b Band) {
	for i, v := range b.Cells {
		if v < 0 {
			continue
		}
		y := i % s.width
		s.colSparse[y].add(int(v))
		if s.rules.Diagonal {
			s.diagSparse[s.diagonal(b.X0+i/s.width, y)].add(int(v))
		}
	}
}
