package engine

// The per-cell loops of the sparse value sets (sparse.go): the same
// recurrence as mexRun and queenRun, with the row, column and diagonal sets
// sparse. Rules with split or Josephus moves always use the dense sets.

// sparseRun fills out[ya:yb] of band row r by the mex rule, with sparse
// sets. excluded[i] belongs to column y0+i. This is the per-cell loop: no
// interface calls, no locks, and allocation only when a set outgrows its
// capacity (sparseSet.add).
func (s *sweep) sparseRun(st *bandState, r int, out, excluded []int32, y0, ya, yb int) {
	if s.rules.Diagonal {
		s.sparseQueenRun(st, r, out, ya, yb)
		return
	}
	row := &st.rowSparse[r]
	for y := ya; y < yb; y++ {
		col := &s.colSparse[y]
		v, rowAt, colAt := mexOfSparseUnion(row, col, int(max(row.mex, col.mex)), int(excluded[y-y0]))
		out[y] = int32(v)
		if !row.addToMixed(v, rowAt) {
			row.addAtSlow(v, rowAt)
		}
		if !col.addToMixed(v, colAt) {
			col.addAtSlow(v, colAt)
		}
	}
}

// sparseQueenRun is sparseRun with the diagonal moves (Rules.Diagonal).
func (s *sweep) sparseQueenRun(st *bandState, r int, out []int32, ya, yb int) {
	x := st.x0 + r
	row := &st.rowSparse[r]
	for y := ya; y < yb; y++ {
		col := &s.colSparse[y]
		diag := &s.diagSparse[s.diagonal(x, y)]
		v, rowAt, colAt, diagAt := mexOfSparseUnion3(row, col, diag, int(max(row.mex, col.mex, diag.mex)))
		out[y] = int32(v)
		if !row.addToMixed(v, rowAt) {
			row.addAtSlow(v, rowAt)
		}
		if !col.addToMixed(v, colAt) {
			col.addAtSlow(v, colAt)
		}
		if !diag.addToMixed(v, diagAt) {
			diag.addAtSlow(v, diagAt)
		}
	}
}

// placeSparse stores a base value at (x0+r, y) and, unless it is negative,
// adds it to the sparse row, column and diagonal sets.
func (s *sweep) placeSparse(st *bandState, r int, out []int32, y, v int) {
	out[y] = int32(v)
	if v < 0 {
		return
	}
	st.rowSparse[r].add(v)
	s.colSparse[y].add(v)
	if s.rules.Diagonal {
		s.diagSparse[s.diagonal(st.x0+r, y)].add(v)
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
