package valuesds

import (
	"errors"
	"fmt"
	"math"
	"os"
	"runtime"

	"github.com/apache/arrow/go/v17/arrow/memory"
	"github.com/apache/arrow/go/v17/parquet"
	"github.com/apache/arrow/go/v17/parquet/file"
	"github.com/apache/arrow/go/v17/parquet/metadata"

	"github.com/grundy-lab/grundy/results"
)

// selection is the cells a scan wants: values and rows, both inclusive.
type selection struct {
	lo, hi      int32
	first, last int64
	rook        bool
}

// partCheck is what the cells of one part must satisfy as they are read,
// and how it is read: by two goroutines if it holds more than splitAbove
// cells.
type partCheck struct {
	m          *Manifest
	values     results.ValueRange // m's, parsed once
	part       Part
	path       string
	splitAbove int64
	layout     *partLayout // what its footer and page headers say, checked
}

// decodeBatch is how many values of a column are read at a time, so that
// memory follows the cells actually decoded, not a count the file claims.
const decodeBatch = 1 << 16

// maxAllocation bounds each allocation of the Parquet reader: a page of a
// part is at most a few MiB, so a larger request comes from a length field
// of a damaged file.
const maxAllocation = 64 << 20

// decodePart reads the cells of the part at path that sel wants into
// first and second, in the part's (v, x, y) order, first's cells before
// second's, checking the part's columns and metadata and the cells'
// invariants (each row group read is checked whole, wanted or not). Row
// groups whose statistics show no wanted cell are skipped. A part of more
// than c.splitAbove cells is read by two goroutines, the first half of its
// row groups into first and the rest into second (empty otherwise). The
// part's sha256 must have been checked already.
func decodePart(c partCheck, sel selection, first, second *cells) error {
	first.reset()
	second.reset()
	f, err := openRegular(c.path)
	if err != nil {
		return &DamageError{File: c.path, Err: err}
	}
	defer f.Close()
	if perr := catchPanic(func() { err = c.decode(f, sel, first, second) }); perr != nil {
		err = fmt.Errorf("the Parquet library failed on it (damage the checks before it do not name): %w", perr)
	}
	if err != nil {
		if _, ok := err.(*DamageError); !ok {
			err = &DamageError{File: c.path, Err: err}
		}
	}
	return err
}

// splitCells is the most cells of a part read by one goroutine on a
// machine of several CPUs: a Scan reads parts of up to 2²³ cells two
// ahead, on two goroutines, and larger ones one ahead, each on two.
func splitCells() int64 {
	if runtime.GOMAXPROCS(0) < 2 {
		return math.MaxInt64
	}
	return readAheadCells / maxReadAhead
}

// decode is decodePart on the open file f; the Parquet library may panic.
func (c partCheck) decode(f *os.File, sel selection, first, second *cells) error {
	st, err := f.Stat()
	if err != nil {
		return err
	}
	if c.layout, err = readLayout(f, st.Size()); err != nil {
		return err
	}
	r, err := newPartReader(f)
	if err != nil {
		return err
	}
	defer r.Close()
	if err := c.checkFileMetadata(r.MetaData()); err != nil {
		return err
	}
	groups := r.NumRowGroups()
	if r.NumRows() <= c.splitAbove || groups < 2 {
		_, err := c.decodeGroups(r, 0, groups, sel, firstKey, first, nil)
		return err
	}
	// The second half's checks start from the least key, and its first
	// cell or skipped row group is checked against the first half's last
	// cell afterwards: each check looks only at the cell before, so the
	// two halves check what one pass would, and report its first error.
	split := groups / 2
	var rest halfOpening
	done := make(chan error, 1)
	go func() {
		var err error
		if perr := catchPanic(func() { err = c.decodeFile(split, groups, sel, second, &rest) }); perr != nil {
			err = perr
		}
		done <- err
	}()
	last, err := c.decodeGroups(r, 0, split, sel, firstKey, first, nil)
	restErr := <-done
	if err != nil {
		return err
	}
	if err := rest.follows(c, last, sel.rook); err != nil {
		return err
	}
	return restErr
}

// firstKey is the key the first cell of a part is checked against.
var firstKey = cellKey{v: -1}

// newPartReader opens the Parquet file f with reads bounded as a damaged
// file needs.
func newPartReader(f *os.File) (*file.Reader, error) {
	props := parquet.NewReaderProperties(&boundedAllocator{Allocator: memory.DefaultAllocator})
	props.BufferedStreamEnabled = true // else a column chunk's claimed size is allocated at once
	r, err := file.NewParquetReader(f, file.WithReadProps(props))
	if err != nil {
		return nil, fmt.Errorf("not a complete Parquet file: %w", err)
	}
	return r, nil
}

// decodeFile is decodeGroups of row groups from … to−1 of the part, on a
// file of its own, noting in opening how they begin.
func (c partCheck) decodeFile(from, to int, sel selection, out *cells, opening *halfOpening) error {
	f, err := openRegular(c.path)
	if err != nil {
		return err
	}
	defer f.Close()
	r, err := newPartReader(f)
	if err != nil {
		return err
	}
	defer r.Close()
	_, err = c.decodeGroups(r, from, to, sel, cellKey{v: math.MinInt32, x: math.MinInt64, y: math.MinInt64}, out, opening)
	return err
}

// decodeGroups checks row groups from … to−1 of r, the first against
// last, appends the cells sel wants to out, and returns the last cell; if
// opening is set, it notes there the first cell or skipped row group.
func (c partCheck) decodeGroups(r *file.Reader, from, to int, sel selection, last cellKey, out *cells, opening *halfOpening) (cellKey, error) {
	var err error
	for g := from; g < to; g++ {
		rg := r.RowGroup(g)
		if !mayHold(rg.MetaData(), sel) {
			if opening != nil && !opening.seen {
				*opening = halfOpening{seen: true, group: g, skipped: rg.MetaData()}
			}
			if last, err = c.skipped(rg.MetaData(), last); err != nil {
				return last, fmt.Errorf("row group %d: %w", g, err)
			}
			continue
		}
		if last, err = c.decodeRowGroup(rg, sel, last, out, opening, g); err != nil {
			return last, fmt.Errorf("row group %d: %w", g, err)
		}
	}
	return last, nil
}

// halfOpening is how the second half of a part's row groups begins: with
// row group group, skipped (its metadata) or its first cell.
type halfOpening struct {
	seen    bool
	group   int
	skipped *metadata.RowGroupMetaData
	cell    cellKey
}

// follows checks the opening of the second half against last, the first
// half's last cell, as one pass over the part would have.
func (h *halfOpening) follows(c partCheck, last cellKey, rook bool) error {
	var err error
	switch {
	case !h.seen:
		return nil
	case h.skipped != nil:
		_, err = c.skipped(h.skipped, last)
	default:
		err = c.checkCell(h.cell, last, rook)
	}
	if err != nil {
		return fmt.Errorf("row group %d: %w", h.group, err)
	}
	return nil
}

// partCells is the number of cells of the part file at path, from its
// footer, whose layout it checks (readLayout).
func partCells(path string) (int64, error) {
	f, err := openRegular(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return 0, err
	}
	l, err := readLayout(f, st.Size())
	if err != nil {
		return 0, err
	}
	cells := int64(0)
	for _, g := range l.groups {
		cells += g.rows
	}
	return cells, nil
}

// checkFileMetadata checks a part's schema, its key-value metadata against
// the manifest, and its row count and row groups against the manifest and
// its checked layout.
func (c partCheck) checkFileMetadata(md *metadata.FileMetaData) error {
	sc := md.Schema
	want := []struct {
		name string
		typ  parquet.Type
	}{{"v", parquet.Types.Int32}, {"x", parquet.Types.Int64}, {"y", parquet.Types.Int64}}
	if sc.NumColumns() != len(want) {
		return fmt.Errorf("%d columns, want v, x, y", sc.NumColumns())
	}
	for i, w := range want {
		col := sc.Column(i)
		if col.Name() != w.name || col.PhysicalType() != w.typ || col.MaxDefinitionLevel() != 0 || col.MaxRepetitionLevel() != 0 {
			return fmt.Errorf("column %d is %s %s, want a required %s %s", i, col.Name(), col.PhysicalType(), w.typ, w.name)
		}
	}
	kv := md.KeyValueMetadata()
	for key, value := range map[string]string{
		"table": c.m.Table, "n": formatInt(c.m.N), "values": c.m.Values, "sweep": string(c.m.Sweep),
		"x_first": formatInt(c.part.XFirst), "x_last": formatInt(c.part.XLast),
	} {
		if got := kv.FindValue(key); got == nil || *got != value {
			return fmt.Errorf("metadata %q is %s, the manifest says %q", key, quoteOrAbsent(got), value)
		}
	}
	if md.NumRows != c.part.Cells || len(md.RowGroups) != len(c.layout.groups) {
		return fmt.Errorf("%d rows in %d row groups, the manifest says %d cells (and the footer %d row groups)",
			md.NumRows, len(md.RowGroups), c.part.Cells, len(c.layout.groups))
	}
	return nil // the row groups' rows add up to NumRows: readLayout checked them
}

func quoteOrAbsent(s *string) string {
	if s == nil {
		return "absent"
	}
	return fmt.Sprintf("%q", *s)
}

// cellKey is a cell in the part's order (v, x, y).
type cellKey struct {
	v    int32
	x, y int64
}

func (a cellKey) less(b cellKey) bool {
	if a.v != b.v {
		return a.v < b.v
	}
	if a.x != b.x {
		return a.x < b.x
	}
	return a.y < b.y
}

// mayHold reports whether the statistics of a row group leave room for a
// cell sel wants; without statistics it may.
func mayHold(rg *metadata.RowGroupMetaData, sel selection) bool {
	vs, vok := columnStats[*metadata.Int32Statistics](rg, 0)
	xs, xok := columnStats[*metadata.Int64Statistics](rg, 1)
	return !(vok && (vs.Max() < sel.lo || vs.Min() > sel.hi)) && !(xok && (xs.Max() < sel.first || xs.Min() > sel.last))
}

// skipped checks what the statistics of a skipped row group say against the
// order and the part's bounds, and returns its last cell as far as they tell.
func (c partCheck) skipped(rg *metadata.RowGroupMetaData, last cellKey) (cellKey, error) {
	vs, vok := columnStats[*metadata.Int32Statistics](rg, 0)
	if !vok || vs.Min() != vs.Max() {
		return last, fmt.Errorf("statistics of v are absent or span several values, though a row group holds one value")
	}
	xs, xok := columnStats[*metadata.Int64Statistics](rg, 1)
	if !xok || vs.Min() <= last.v || xs.Min() < c.part.XFirst || xs.Max() > c.part.XLast {
		return last, fmt.Errorf("statistics (v %d, x %d..%d) break the order or leave rows %d..%d", vs.Min(), xs.Min(), xs.Max(), c.part.XFirst, c.part.XLast)
	}
	return cellKey{v: vs.Max(), x: c.part.XLast + 1}, nil
}

// columnStats returns the statistics of column col of rg, and whether
// they hold a min and max.
func columnStats[S interface {
	*metadata.Int32Statistics | *metadata.Int64Statistics
	HasMinMax() bool
}](rg *metadata.RowGroupMetaData, col int) (S, bool) {
	cc, err := rg.ColumnChunk(col)
	if err != nil {
		return nil, false
	}
	st, err := cc.Statistics()
	s, ok := st.(S)
	return s, err == nil && ok && s.HasMinMax()
}

// decodeRowGroup reads the row group rg, number g, in batches, checks each
// cell after last and appends the cells sel wants to out. It returns the
// last cell; if opening is set and has seen nothing, it notes there the
// first cell.
func (c partCheck) decodeRowGroup(rg *file.RowGroupReader, sel selection, last cellKey, out *cells, opening *halfOpening, g int) (cellKey, error) {
	rows := rg.NumRows()
	readers := [3]file.ColumnChunkReader{}
	for i := range readers {
		var err error
		if readers[i], err = rg.Column(i); err != nil {
			return last, err
		}
	}
	vr, ok0 := readers[0].(*file.Int32ColumnChunkReader)
	xr, ok1 := readers[1].(*file.Int64ColumnChunkReader)
	yr, ok2 := readers[2].(*file.Int64ColumnChunkReader)
	if !ok0 || !ok1 || !ok2 {
		return last, fmt.Errorf("columns are not int32, int64, int64")
	}
	gl := &c.layout.groups[g]
	if gl.rows != rows {
		return last, fmt.Errorf("%d rows, its footer says %d", rows, gl.rows)
	}
	vstats, xstats, ystats := newStatsCheck[int32](&gl.cols[0]), newStatsCheck[int64](&gl.cols[1]), newStatsCheck[int64](&gl.cols[2])
	vs, xs, ys := make([]int32, decodeBatch), make([]int64, decodeBatch), make([]int64, decodeBatch)
	for done := int64(0); done < rows; {
		k := min(rows-done, decodeBatch)
		if err := readFull(vr.ReadBatch, k, vs, "v"); err != nil {
			return last, err
		}
		if err := readFull(xr.ReadBatch, k, xs, "x"); err != nil {
			return last, err
		}
		if err := readFull(yr.ReadBatch, k, ys, "y"); err != nil {
			return last, err
		}
		if err := errors.Join(columnErr("v", vstats.add(vs[:k])), columnErr("x", xstats.add(xs[:k])), columnErr("y", ystats.add(ys[:k]))); err != nil {
			return last, err
		}
		if opening != nil && !opening.seen && k > 0 {
			*opening = halfOpening{seen: true, group: g, cell: cellKey{vs[0], xs[0], ys[0]}}
		}
		for i := range k {
			cell := cellKey{vs[i], xs[i], ys[i]}
			if err := c.checkCell(cell, last, sel.rook); err != nil {
				return last, err
			}
			last = cell
			if cell.v >= sel.lo && cell.v <= sel.hi && cell.x >= sel.first && cell.x <= sel.last {
				out.append(cell.v, cell.x, cell.y)
			}
		}
		done += k
	}
	if err := errors.Join(columnErr("v", vstats.finish()), columnErr("x", xstats.finish()), columnErr("y", ystats.finish())); err != nil {
		return last, err
	}
	if s := gl.cols[0].stats; s.min != s.max {
		return last, fmt.Errorf("values %d … %d, though a row group holds one value", s.min, s.max)
	}
	return last, nil
}

// columnErr names the column of err, if there is one.
func columnErr(name string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("column %s: %w", name, err)
}

// checkCell checks one cell against the part's bounds and the cell before.
func (c partCheck) checkCell(cell, last cellKey, rook bool) error {
	lo, hi := c.values.Lo, c.values.Hi
	switch {
	case cell.v < lo || cell.v > hi:
		return fmt.Errorf("cell (x=%d, y=%d, v=%d): v is outside the values %s", cell.x, cell.y, cell.v, c.m.Values)
	case cell.x < c.part.XFirst || cell.x > c.part.XLast:
		return fmt.Errorf("cell (x=%d, y=%d, v=%d): x is outside the part's rows %d..%d", cell.x, cell.y, cell.v, c.part.XFirst, c.part.XLast)
	case cell.y < 0 || cell.y > c.m.N:
		return fmt.Errorf("cell (x=%d, y=%d, v=%d): y is outside 0..%d", cell.x, cell.y, cell.v, c.m.N)
	case cell.y-cell.x < math.MinInt32 || cell.y-cell.x > math.MaxInt32:
		return fmt.Errorf("cell (x=%d, y=%d, v=%d) lies more than 2³¹ columns from the diagonal, which cells_sha256 cannot encode", cell.x, cell.y, cell.v)
	case !last.less(cell):
		return fmt.Errorf("cell (x=%d, y=%d, v=%d) does not follow (x=%d, y=%d, v=%d) in the order v, x, y", cell.x, cell.y, cell.v, last.x, last.y, last.v)
	case rook && cell.v == last.v && cell.x == last.x:
		return fmt.Errorf("row %d holds value %d twice (columns %d and %d), which a rook table cannot", cell.x, cell.v, last.y, cell.y)
	}
	return nil
}

// readFull reads exactly k values of a column through read into buf.
func readFull[T any](read func(int64, []T, []int16, []int16) (int64, int, error), k int64, buf []T, name string) error {
	for got := int64(0); got < k; {
		_, n, err := read(k-got, buf[got:k], nil, nil)
		if err != nil {
			return fmt.Errorf("column %s: %w", name, err)
		}
		if n == 0 {
			return fmt.Errorf("column %s: %d of %d values", name, got, k)
		}
		got += int64(n)
	}
	return nil
}

// boundedAllocator refuses (panics on) any allocation larger than
// maxAllocation, which only a damaged length field asks for.
type boundedAllocator struct{ memory.Allocator }

func (a *boundedAllocator) Allocate(size int) []byte {
	checkAllocation(size)
	return a.Allocator.Allocate(size)
}

func (a *boundedAllocator) Reallocate(size int, b []byte) []byte {
	checkAllocation(size)
	return a.Allocator.Reallocate(size, b)
}

func checkAllocation(size int) {
	if size > maxAllocation {
		panic(fmt.Errorf("a length field asks for %d bytes, more than a part's page may hold (%d)", size, maxAllocation))
	}
}
