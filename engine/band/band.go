package band

// Rows is a run of consecutive table rows handed to the caller: rows
// X0 … X0+len(Start)−2. The cells of row X0+i with value at most V are
// Y[Start[i]:Start[i+1]], in increasing column, with values
// Value[Start[i]:Start[i+1]]. Every other cell of those rows has a value
// above V. With Config.HashOnly, Y and Value are empty (Start still
// counts the cells). The slices are only valid during the call that
// receives them.
type Rows struct {
	X0    int64
	Start []int32
	Y     []int64
	Value []int32
	// Hash holds Config.RowHash's Config.HashWords values of each row;
	// nil without it.
	Hash []uint64
	// Packed is the same cells packed, with or without Config.HashOnly
	// (and, with Config.DenseOnly, in Packed.Dense instead for the rows
	// that have a dense form): a caller that copies them does so at 8
	// bytes a cell, or a byte, and need not have them unpacked.
	Packed Packed
}

// Len is the number of rows.
func (r Rows) Len() int { return len(r.Start) - 1 }

// Packed is a band of rows as the sweep keeps them, which Config.RowHash
// reads: rows X0 … X0+len(Count)−1 of Count[i] cells each. Row i's cells of
// value at most V are in Cells[i·Stride : i·Stride+Count[i]] (Row), in
// increasing column, each packed as its column less Lo in the high 32 bits
// and its value in the low 32 (Cell); and, in the rows of a one-sided
// sweep, in Dense as well, a byte a column. With Config.DenseOnly the
// rows that have a dense form are not packed: Cells holds nothing of them.
// Reading them so spares a caller (Config.HashOnly) the unpacking of every
// cell into Rows' columns. Its slices are only valid during the RowHash
// call, or the call that receives the Rows.
type Packed struct {
	X0, Lo int64
	Stride int
	Count  []int32
	Cells  []uint64
	Dense  Dense
}

// Len is the number of rows.
func (p Packed) Len() int { return len(p.Count) }

// Row is the packed cells of row X0+i.
func (p Packed) Row(i int) []uint64 { return p.Cells[i*p.Stride : i*p.Stride+int(p.Count[i])] }

// Cell is the column and value of a packed cell.
func (p Packed) Cell(cell uint64) (y int64, v int32) {
	return p.Lo + int64(cell>>32), int32(uint32(cell))
}

// bandState is one band of rows in flight: the row value sets and the cells
// found so far, cellCap per row, each packed in a uint64 as its column
// less lo (the window's first column, which stays put while bands are in
// flight) in the high half and its value in the low half, one store per
// cell in the two-sided kernel, unpacked once per band by gather. A
// one-sided band's rows are written as dense rows when it is done
// (fillDense), and packed from them only for a caller that reads them so
// (packDense).
type bandState struct {
	x0      int64
	lo      int64
	rows    int
	open    int   // rows not yet full
	visits  int64 // cells whose mex was taken
	tooFar  bool  // a cell lay beyond a one-sided sweep's span
	words   int
	rowSets []uint64
	done    []bool
	cellCap int
	cellN   []int32
	cells   []uint64
	// dense is the band's dense rows once a one-sided sweep has written
	// them, in denseBuf (densePad bytes in front); Bytes nil otherwise.
	dense    Dense
	denseBuf []byte
	out      Rows
	// rowHash is Config.RowHash, hashWords Config.HashWords, hashes its
	// values, hashErr its error; hashOnly is Config.HashOnly, denseOnly
	// Config.DenseOnly.
	rowHash   func(Packed, []uint64) error
	hashWords int
	hashes    []uint64
	hashErr   error
	hashOnly  bool
	denseOnly bool
}

// packCell is the cell of window column c and value m as bandState keeps it.
func packCell(c, m int) uint64 { return uint64(c)<<32 | uint64(uint32(m)) }

// newBandState allocates a band of up to tile rows, with room for dense
// rows of a one-sided sweep of the given span (0: none).
func newBandState(tile, words, cellCap, span int, cfg Config) *bandState {
	var denseBuf []byte
	if span > 0 {
		_, _, stride := denseLayout(span)
		denseBuf = make([]byte, densePad+tile*stride)
	}
	return &bandState{
		rowHash:   cfg.RowHash,
		hashWords: cfg.HashWords,
		hashOnly:  cfg.HashOnly || cfg.DenseOnly,
		denseOnly: cfg.DenseOnly,
		denseBuf:  denseBuf,
		hashes:    make([]uint64, tile*cfg.HashWords),
		words:     words,
		rowSets:   make([]uint64, tile*words),
		done:      make([]bool, tile),
		cellCap:   cellCap,
		cellN:     make([]int32, tile),
		cells:     make([]uint64, tile*cellCap),
		out: Rows{
			Start: make([]int32, 0, tile+1),
			Y:     make([]int64, 0, tile*cellCap),
			Value: make([]int32, 0, tile*cellCap),
		},
	}
}

// reset starts the band of rows x0 … x0+rows−1 in a window starting at
// column lo.
func (st *bandState) reset(x0, lo int64, rows int) {
	st.x0, st.lo, st.rows, st.open = x0, lo, rows, rows
	clear(st.rowSets[:rows*st.words])
	clear(st.done[:rows])
	clear(st.cellN[:rows])
	st.visits, st.tooFar, st.dense = 0, false, Dense{}
}

// addCell records the cell (x0+i, lo+c) of value m.
func (st *bandState) addCell(i, c, m int) {
	st.cells[i*st.cellCap+int(st.cellN[i])] = packCell(c, m)
	st.cellN[i]++
}

// finish marks row i done: full, or walked to its end.
func (st *bandState) finish(i int) {
	st.done[i] = true
	st.open--
}

// gather puts the band's packed cells (packed from its dense rows, unless
// Config.DenseOnly), the rows' hashes with Config.RowHash, read from them,
// and the cells unpacked row after row, unless Config.HashOnly, into
// st.out.
func (st *bandState) gather() {
	if st.dense.Bytes != nil && !st.denseOnly {
		st.packDense()
	}
	out := &st.out
	out.X0 = st.x0
	start := out.Start[:st.rows+1]
	start[0] = 0
	for i, n := range st.cellN[:st.rows] {
		start[i+1] = start[i] + n
	}
	out.Start = start
	out.Packed = Packed{X0: st.x0, Lo: st.lo, Stride: st.cellCap, Count: st.cellN[:st.rows], Cells: st.cells, Dense: st.dense}
	if st.rowHash != nil {
		out.Hash = st.hashes[:st.rows*st.hashWords]
		st.hashErr = st.rowHash(out.Packed, out.Hash)
	}
	if st.hashOnly {
		out.Y, out.Value = out.Y[:0], out.Value[:0]
		return
	}
	// Local slices, written by index: appends through out would reload
	// its slice headers after every store.
	total := int(start[st.rows])
	ys, values, lo := out.Y[:total], out.Value[:total], st.lo
	for i := range st.rows {
		unpackCells(ys[start[i]:start[i+1]], values[start[i]:start[i+1]], st.cells[i*st.cellCap:], lo)
	}
	out.Y, out.Value = ys, values
}

// unpackCells writes the columns (plus lo) and values of the first
// len(ys) packed cells to ys and values. It is a function of its own so
// that its loop has the registers to itself.
//
//go:noinline
func unpackCells(ys []int64, values []int32, cells []uint64, lo int64) {
	cells, values = cells[:len(ys)], values[:len(ys)]
	for j, cell := range cells {
		ys[j] = lo + int64(cell>>32)
		values[j] = int32(uint32(cell))
	}
}
