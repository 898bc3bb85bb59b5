package valuesds

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"slices"

	"github.com/grundy-lab/grundy/results"
)

// ScanOptions restricts and checks a Scan.
type ScanOptions struct {
	// Values, if set, restricts the cells to these values, which must lie
	// within the dataset's; Rows, if set, to these table rows, within the
	// dataset's. Either one skips cells_sha256, which covers all cells; each
	// part read is still checked against its sha256.
	Values *results.ValueRange
	Rows   *RowRange
	// Rook checks that every value appears at most once per row and once
	// per column, as in a rook-move table. The column check keeps a bit per
	// column and value: at most maxRookBytes.
	Rook bool
}

// maxRookBytes bounds the column bitsets of ScanOptions.Rook.
const maxRookBytes = 512 << 20

// emitRows is the most rows one call of visit gets.
const emitRows = 1 << 16

// Scan streams the cells of the dataset in (x, y) order, calling visit with
// runs of consecutive table rows in the band sweep's shape: the cells of
// row x0+i are ys[start[i]:start[i+1]] (increasing) with values
// vs[start[i]:start[i+1]], rows without a cell included; the slices are
// valid only during the call. It reads the parts opts needs, checking each
// against its sha256 before decoding it and its cells as it decodes them,
// ahead of visit on other goroutines (two parts ahead when they hold at
// most 2²³ cells, one up to 2²⁴, none beyond; a larger part on two
// goroutines), and at the end of a whole scan checks cells_sha256. Memory
// stays at a part and those read ahead.
// Damage is a DamageError naming the file (the first damaged part in the
// parts' order), unless the directory was replaced since Open
// (ErrReplaced); visit's error is returned as it is.
func (d *Dataset) Scan(ctx context.Context, visit func(x0 int64, start []int32, ys []int64, vs []int32) error, opts ScanOptions) error {
	err := d.scan(ctx, visit, opts)
	var damage *DamageError
	if errors.As(err, &damage) && d.replaced() {
		return fmt.Errorf("%w: %s is another directory now (a compute run published it anew, or it was moved): read it again",
			ErrReplaced, d.Dir)
	}
	return err
}

// scan is Scan, without telling a replaced dataset from a damaged one.
func (d *Dataset) scan(ctx context.Context, visit func(x0 int64, start []int32, ys []int64, vs []int32) error, opts ScanOptions) error {
	m := d.Manifest
	sel, whole, err := d.selection(opts)
	if err != nil {
		return fmt.Errorf("scan %s: %w", d.Dir, err)
	}
	var cols *columnSets
	if opts.Rook {
		if cols, err = newColumnSets(sel, m.N); err != nil {
			return fmt.Errorf("scan %s: %w", d.Dir, err)
		}
	}
	sum := newManifestSum(m)
	var current *CellSum // of a dataset of an earlier format, in Format
	if whole && m.Format != Format {
		current = NewCellSum(m.Rows.First)
	}
	var parts []Part
	largest := int64(0)
	for _, p := range m.Parts {
		if p.XLast >= sel.first && p.XFirst <= sel.last {
			parts = append(parts, p)
			largest = max(largest, p.Cells)
		}
	}
	var e emitter
	err = readAhead(d.Dir, m, sel, parts, partsAhead(largest), func(rp *readPart) error {
		p, merged := rp.part, &rp.merged
		if cols != nil {
			if err := cols.add(merged); err != nil {
				return &DamageError{File: rp.path, Err: err}
			}
		}
		if whole {
			forEachRow(merged, p.XFirst, p.XLast, sum.AddRow)
		}
		if current != nil {
			forEachRow(merged, p.XFirst, p.XLast, current.AddRow)
		}
		return e.emit(ctx, merged, max(p.XFirst, sel.first), min(p.XLast, sel.last), visit)
	})
	if err != nil {
		return err
	}
	if whole && (sum.Cells() != m.Cells || sum.Sum() != m.CellsSHA256) {
		return damaged(filepath.Join(d.Dir, ManifestName), "the parts hold %d cells with cells_sha256 %s, the manifest says %d with %s",
			sum.Cells(), sum.Sum(), m.Cells, m.CellsSHA256)
	}
	if current != nil {
		d.currentSum = current.Sum()
	}
	return nil
}

// manifestSum is a cells_sha256 being recomputed, by the definition of
// a manifest's format.
type manifestSum interface {
	AddRow(x int64, ys []int64, vs []int32)
	Cells() int64
	Sum() string
}

// newManifestSum starts the cells_sha256 of m's format over its rows.
func newManifestSum(m *Manifest) manifestSum {
	switch m.Format {
	case Format1:
		return newLegacyCellSum(m.Rows.First)
	case Format2:
		return newCellSum2(m.Rows.First)
	}
	return NewCellSum(m.Rows.First)
}

// selection turns opts into the cells to read, and says whether they are
// all the dataset's.
func (d *Dataset) selection(opts ScanOptions) (selection, bool, error) {
	m := d.Manifest
	r := m.ValueRange()
	sel := selection{lo: r.Lo, hi: r.Hi, first: m.Rows.First, last: m.Rows.Last, rook: opts.Rook}
	if v := opts.Values; v != nil {
		if v.Lo > v.Hi || v.Lo < r.Lo || v.Hi > r.Hi {
			return sel, false, fmt.Errorf("values %s are not within the dataset's %s", v, m.Values)
		}
		sel.lo, sel.hi = v.Lo, v.Hi
	}
	if w := opts.Rows; w != nil {
		if w.First > w.Last || w.First < m.Rows.First || w.Last > m.Rows.Last {
			return sel, false, fmt.Errorf("rows %d..%d are not within the dataset's %d..%d", w.First, w.Last, m.Rows.First, m.Rows.Last)
		}
		sel.first, sel.last = w.First, w.Last
	}
	whole := sel.lo == r.Lo && sel.hi == r.Hi && sel.first == m.Rows.First && sel.last == m.Rows.Last
	return sel, whole, nil
}

// checkPartSum checks the part p at path against the sha256 that source
// (the manifest, the checkpoint) gives it, after its size against what
// p's cells can take in a dataset of span values (maxPartBytes): a file
// larger than that, whatever it holds, is refused by its size before a
// byte of it is read.
func checkPartSum(path string, p Part, span int64, source string) error {
	f, err := openRegular(path)
	if err != nil {
		return &DamageError{File: path, Err: err}
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return &DamageError{File: path, Err: err}
	}
	if limit := maxPartBytes(p.Cells, span); st.Size() > limit {
		return damaged(path, "%d bytes, more than a part of %d cells may take (%d: 1 MiB, 32 bytes a cell and 4 KiB a value): "+
			"it was not read", st.Size(), p.Cells, limit)
	}
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return &DamageError{File: path, Err: err}
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != p.SHA256 {
		return damaged(path, "sha256 %s, %s says %s", got, source, p.SHA256)
	}
	return nil
}

// maxPartBytes bounds the size of a part of cells cells in a dataset of
// span values: 1 MiB (the magic, the footer's fixed part and key-value
// metadata), 32 bytes a cell (v takes 4 bytes PLAIN, x and y at most 8
// and a bit each DELTA_BINARY_PACKED, and zstd adds less than 1% to
// bytes it cannot compress) and 4 KiB a row group (a value present:
// three column chunks in the footer and their page headers, under 1 KiB).
func maxPartBytes(cells, span int64) int64 {
	return 1<<20 + 32*cells + 4096*min(cells, span)
}

// rowCells is a part's cells in (x, y) order, held by row: row first+i's
// cells are ys and vs [start[i], start[i+1]) (a run of rows from the
// part's least x to its greatest); a row outside them has none. 12 bytes
// a cell, where x, y and v took 20, and a row's cells found without a
// look at the cells.
type rowCells struct {
	first int64
	start []int
	ys    []int64
	vs    []int32
}

// offset is the index of row x's first cell in c, or of the first cell
// after it when it has none: 0 before c's rows, len(c.ys) after them.
func (c *rowCells) offset(x int64) int {
	i := x - c.first
	switch {
	case len(c.start) == 0 || i <= 0:
		return 0
	case i >= int64(len(c.start))-1:
		return len(c.ys)
	}
	return c.start[i]
}

// row is row x's cells, increasing in column.
func (c *rowCells) row(x int64) (ys []int64, vs []int32) {
	a, b := c.offset(x), c.offset(x+1)
	return c.ys[a:b], c.vs[a:b]
}

// byCell puts the cells of a part, in (v, x, y) order in the pieces one
// after the other, into out in (x, y) order, and reports a cell that holds
// two values (the first in row order). A part of more than splitAbove
// cells is put in order by two goroutines, half its rows each.
func byCell(out *rowCells, splitAbove int64, pieces ...*cells) error {
	out.first, out.start, out.ys, out.vs = 0, out.start[:0], out.ys[:0], out.vs[:0]
	n := 0
	lo, hi := int64(math.MaxInt64), int64(math.MinInt64)
	for _, c := range pieces {
		if c.len() > 0 {
			n += c.len()
			lo, hi = min(lo, slices.Min(c.xs)), max(hi, slices.Max(c.xs))
		}
	}
	if n == 0 {
		return nil
	}
	// A counting sort by row (a part holds a block of rows), then each
	// row, a few hundred cells in a band, sorted by column.
	start := slices.Grow(out.start, int(hi-lo+2))[:hi-lo+2]
	clear(start)
	for _, c := range pieces {
		for _, x := range c.xs {
			start[x-lo+1]++
		}
	}
	for r := 1; r < len(start); r++ {
		start[r] += start[r-1]
	}
	out.first, out.start = lo, start
	out.vs, out.ys = slices.Grow(out.vs, n)[:n], slices.Grow(out.ys, n)[:n]
	p := rowPlacer{out: out, pieces: pieces, start: start, next: slices.Clone(start), lo: lo}
	runs := valueRuns(pieces)
	if int64(len(runs))*((hi-lo)/byRowBlock+1) > int64(n) {
		// Runs too many for blocks (many values, few cells): the cells
		// in turn, the rows all at once.
		for k, c := range pieces {
			p.placeRun(k, 0, c.len(), hi+1)
		}
		return p.sortRows(lo, hi+1)
	}
	if int64(n) <= splitAbove {
		return p.placeRows(runs, lo, hi+1)
	}
	mid := lo + (hi-lo+1)/2
	upper := slices.Clone(runs)
	for k := range upper {
		r := &upper[k]
		xs := pieces[r[0]].xs[r[1]:r[2]]
		at, _ := slices.BinarySearch(xs, mid)
		r[1] += at
	}
	done := make(chan error, 1)
	go func() { done <- p.placeRows(upper, mid, hi+1) }()
	err, upperErr := p.placeRows(runs, lo, mid), <-done
	if err != nil {
		return err
	}
	return upperErr
}

// valueRuns returns the runs of one value of the pieces, in their order:
// piece, first cell, end.
func valueRuns(pieces []*cells) [][3]int {
	var runs [][3]int
	for k, c := range pieces {
		for a := 0; a < c.len(); {
			b := a + 1
			for b < c.len() && c.vs[b] == c.vs[a] {
				b++
			}
			runs = append(runs, [3]int{k, a, b})
			a = b
		}
	}
	return runs
}

// rowPlacer puts the cells of pieces in (x, y) order into out, row x's
// cells from start[x−lo] on, next[x−lo] the next place of the row.
// Goroutines placing rows of their own may share it.
type rowPlacer struct {
	out         *rowCells
	pieces      []*cells
	start, next []int
	lo          int64
}

// placeRows places the cells of rows r0 … r1−1 and sorts each row by
// column. runs are the pieces' runs of one value, each in increasing x,
// from their first cell at row r0 or beyond; they are placed side by side,
// byRowBlock rows at a time: a run placed whole writes its cells a row
// (a few hundred cells of a band part) apart, all over out (many times a
// core's caches), where a block of rows is written within them.
func (p *rowPlacer) placeRows(runs [][3]int, r0, r1 int64) error {
	for end := min(r0+byRowBlock, r1); ; end = min(end+byRowBlock, r1) {
		for k := range runs {
			r := &runs[k]
			r[1] = p.placeRun(r[0], r[1], r[2], end)
		}
		if end == r1 {
			break
		}
	}
	return p.sortRows(r0, r1)
}

// byRowBlock is the rows placeRows places at a time: 256 rows of a band
// part of values 0–200 take 1 MB. BenchmarkByCell (16384 rows, values
// 0–200, two rounds): 22–27 ns a cell, against 28–33 with 64 rows and
// 34–41 placed in turn.
const byRowBlock = 256

// placeRun places the cells a … b−1 of piece k, in increasing x, up to
// the first at row end or beyond, and returns where it stopped.
func (p *rowPlacer) placeRun(k, a, b int, end int64) int {
	c, out, next, lo := p.pieces[k], p.out, p.next, p.lo
	xs := c.xs[:b]
	for ; a < b && xs[a] < end; a++ {
		x := xs[a]
		i := next[x-lo]
		next[x-lo]++
		out.vs[i], out.ys[i] = c.vs[a], c.ys[a]
	}
	return a
}

// sortRows sorts the cells of each row r0 … r1−1, placed, by column, and
// reports the first cell that holds two values.
func (p *rowPlacer) sortRows(r0, r1 int64) error {
	out := p.out
	var row []cellOfRow
	var slots []int32
	for x := r0; x < r1; x++ {
		a, b := p.start[x-p.lo], p.start[x-p.lo+1]
		if a == b {
			continue
		}
		row = row[:0]
		first, last := out.ys[a], out.ys[a]
		for k := a; k < b; k++ {
			row = append(row, cellOfRow{out.ys[k], out.vs[k]})
			first, last = min(first, out.ys[k]), max(last, out.ys[k])
		}
		var err error
		if last-first < 4*int64(len(row)) {
			slots, err = placeByColumn(x, row, first, last, out.ys[a:b], out.vs[a:b], slots)
		} else {
			err = sortByColumn(x, row, out.ys[a:b], out.vs[a:b])
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// placeByColumn writes the cells of row x, whose columns lie within
// first … last, fewer than 4·len(row) (a band's row: side by side), to ys
// and vs in increasing column, each put at its column's slot and the slots
// then read in order: linear, where a sort of a band part's rows took a
// fifth of verify -in's CPU. It returns the slots, to reuse, and an error
// for a cell that holds two values.
func placeByColumn(x int64, row []cellOfRow, first, last int64, ys []int64, vs []int32, slots []int32) ([]int32, error) {
	span := int(last-first) + 1
	slots = slices.Grow(slots[:0], span)[:span]
	clear(slots)
	for k, c := range row {
		at := &slots[c.y-first]
		if *at != 0 {
			return slots, twoValues(x, c.y, row[*at-1].v, c.v)
		}
		*at = int32(k + 1)
	}
	k := 0
	for _, at := range slots {
		if at != 0 {
			ys[k], vs[k] = row[at-1].y, row[at-1].v
			k++
		}
	}
	return slots, nil
}

// sortByColumn writes the cells of row x to ys and vs in increasing column
// by a comparison sort, and returns an error for a cell that holds two
// values.
func sortByColumn(x int64, row []cellOfRow, ys []int64, vs []int32) error {
	slices.SortFunc(row, func(p, q cellOfRow) int { return cmp.Compare(p.y, q.y) })
	for k := range row {
		if k > 0 && row[k].y == row[k-1].y {
			return twoValues(x, row[k].y, row[k-1].v, row[k].v)
		}
		ys[k], vs[k] = row[k].y, row[k].v
	}
	return nil
}

// twoValues is the error of a cell (x, y) found with the values a and b.
func twoValues(x, y int64, a, b int32) error {
	return fmt.Errorf("cell (x=%d, y=%d) holds two values, %d and %d", x, y, a, b)
}

// cellOfRow is a cell of a row being sorted by column.
type cellOfRow struct {
	y int64
	v int32
}

// forEachRow calls f for every row first … last in turn, with that row's
// cells of c: an empty row too, as cells_sha256 counts every row.
func forEachRow(c *rowCells, first, last int64, f func(x int64, ys []int64, vs []int32)) {
	for x := first; x <= last; x++ {
		ys, vs := c.row(x)
		f(x, ys, vs)
	}
}

// emitter hands the cells of rows to visit in the band sweep's shape.
type emitter struct{ start []int32 }

// emit calls visit for the rows first..last, whose cells c holds (and no
// others), in runs of at most emitRows rows.
func (e *emitter) emit(ctx context.Context, c *rowCells, first, last int64, visit func(int64, []int32, []int64, []int32) error) error {
	for x0 := first; x0 <= last; x0 += emitRows {
		if err := ctx.Err(); err != nil {
			return err
		}
		rows := min(last-x0+1, emitRows)
		from := c.offset(x0)
		e.start = append(e.start[:0], 0)
		for x := x0 + 1; x <= x0+rows; x++ {
			e.start = append(e.start, int32(c.offset(x)-from))
		}
		to := c.offset(x0 + rows)
		if err := visit(x0, e.start, c.ys[from:to], c.vs[from:to]); err != nil {
			return err
		}
	}
	return nil
}

// columnSets records, for each value of a selection, the columns where it
// was seen, for the rook check.
type columnSets struct {
	lo   int32
	n    int64
	seen [][]uint64 // seen[v-lo]: a bit per column, allocated on the value's first cell
}

func newColumnSets(sel selection, n int64) (*columnSets, error) {
	words := (n + 64) / 64
	span := int64(sel.hi) - int64(sel.lo) + 1
	if words*8 > maxRookBytes/span {
		return nil, fmt.Errorf("the rook check needs %d bytes for values %d-%d at n = %d, more than %d: check fewer values", words*8*span, sel.lo, sel.hi, n, maxRookBytes)
	}
	return &columnSets{lo: sel.lo, n: n, seen: make([][]uint64, span)}, nil
}

// add records the cells c and reports a value seen twice in a column.
func (s *columnSets) add(c *rowCells) error {
	for r := range len(c.start) - 1 {
		for i := c.start[r]; i < c.start[r+1]; i++ {
			v, y := c.vs[i], c.ys[i]
			set := s.seen[v-s.lo]
			if set == nil {
				set = make([]uint64, (s.n+64)/64)
				s.seen[v-s.lo] = set
			}
			if set[y/64]&(1<<(y%64)) != 0 {
				return fmt.Errorf("column %d holds value %d twice (again in row %d), which a rook table cannot", y, v, c.first+int64(r))
			}
			set[y/64] |= 1 << (y % 64)
		}
	}
	return nil
}

// Check reads the dataset at dir in full, as Scan does with no selection
// (every part against its SHA-256, every cell against the rows'
// invariants, cells_sha256 recomputed), and returns its manifest, or the
// first damage found.
func Check(ctx context.Context, dir string) (*Manifest, error) {
	d, err := Open(dir)
	if err != nil {
		return nil, err
	}
	if err := d.Scan(ctx, func(int64, []int32, []int64, []int32) error { return nil }, ScanOptions{}); err != nil {
		return nil, err
	}
	return d.Manifest, nil
}
