package valuesds

import (
	"bufio"
	"crypto/sha256"
	"fmt"
	"github.com/grundy-lab/grundy/tables"
	"io"
	"os"
	"path/filepath"

	"github.com/grundy-lab/grundy/engine/band"
	"github.com/grundy-lab/grundy/results"
)

// Meta says what a dataset holds: the table, its size, the range of values
// kept, the sweep and the table rows written (normally 0..N).
type Meta struct {
	Table, Symbol, Definition, Source string
	// Game is the table's game with its identity, for a rook table or a
	// game file; nil for the tables written in code.
	Game   *tables.GameRecord
	N      int64
	Values results.ValueRange
	Sweep  Sweep
	Rows   RowRange
}

// check validates m as Create and Resume need it.
func (m Meta) check() error {
	switch {
	case checkTable(m.Table, m.Game) != nil:
		return checkTable(m.Table, m.Game)
	case m.Symbol == "":
		return fmt.Errorf("no symbol")
	case m.N < 0 || m.N > MaxN:
		return fmt.Errorf("n = %d is outside 0..%d", m.N, int64(MaxN))
	case m.Values.Lo < 0 || m.Values.Lo > m.Values.Hi:
		return fmt.Errorf("values %s: want 0 ≤ LO ≤ HI", m.Values)
	case m.Sweep != SweepBand && m.Sweep != SweepFull:
		return fmt.Errorf("sweep %q, want %q or %q", m.Sweep, SweepBand, SweepFull)
	}
	return checkRows(m.Rows, m.N)
}

// Options tunes a Writer.
type Options struct {
	// BlockRows is the number of table rows of a part; 0 means
	// DefaultBlockRows.
	BlockRows int64

	// WrapPart, if set, wraps the writer of each part file: tests of the
	// callers inject failures there, such as a full disk.
	WrapPart func(io.Writer) io.Writer
}

// blockRows is the block size of o, or an error for a negative one.
func (o Options) blockRows() (int64, error) {
	switch {
	case o.BlockRows < 0:
		return 0, fmt.Errorf("block of %d rows: want ≥ 1 (0 for the default %d)", o.BlockRows, DefaultBlockRows)
	case o.BlockRows == 0:
		return DefaultBlockRows, nil
	}
	return o.BlockRows, nil
}

// Writer writes one values dataset from the rows of the table in order
// (WriteRows, or WritePacked from a band's dense rows or packed cells): it
// copies each block's cells in range, packed, 8 bytes a cell (or a band's
// dense rows as their bytes, when it keeps every cell of them), and hands
// them a chunk of rows at a time to goroutines that sum them and order
// them by value side by side as the block fills (partJob), and
// writes each finished block as a part on a goroutine of its own while the
// next block fills; up to partsInFlight parts are written at once, and
// taken in order. Use it from one goroutine. Between calls a Writer holds
// no open file but the parts it may be writing: dropping it after
// Progress, Commit or Abort keeps the partial directory for Resume; Abort
// removes it.
type Writer struct {
	dir, partial string
	meta         Meta
	opts         Options
	blockRows    int64
	next         int64              // the next row of the window to take: rows before are in parts, written or being written, or in job
	blockFirst   int64              // first row of the block being filled
	job          *partJob           // its rows taken so far; nil before its first row
	chunk        *chunk             // its rows not yet handed to job
	chunks       chan *chunk        // the chunks no job holds
	writing      []chan writtenPart // the parts being written, oldest first
	parts        []Part             // the parts finished and taken, in order
	partsEnd     int64              // the first row after them
	sum          *CellSum           // of their rows
	spareRows    []summedRow        // the digests of a part taken, for the next job
	err          error              // a part write that failed: the writer takes nothing more
}

// partsInFlight is the most parts a Writer writes at once, besides the
// block it fills: as many as the cores of the machine it was measured on
// (two). A part being written holds its cells ordered and encoded, about
// a byte and a half a cell.
const partsInFlight = 2

// summedRow is a row's digest of cells_sha256 and its number of cells.
type summedRow struct {
	digest [sha256.Size]byte
	cells  int
}

// writtenPart is the outcome of writing a part in the background, with
// its rows' digests.
type writtenPart struct {
	part Part
	rows []summedRow
	err  error
}

// Create starts the dataset at dir (its final name, e.g. out/gneg1_n1000.values)
// in the partial directory beside it, removing any partial directory of an
// earlier run; a complete dataset at dir stays until Commit replaces it
// (one a stopped Commit left aside is moved back first).
// The parent directory must exist.
func Create(dir string, meta Meta, opts Options) (*Writer, error) {
	w, err := newWriter(dir, meta, opts)
	if err != nil {
		return nil, fmt.Errorf("create %s: %w", dir, err)
	}
	if err := restoreAside(w.dir); err != nil {
		return nil, fmt.Errorf("create %s: %w", dir, err)
	}
	if err := os.RemoveAll(w.partial); err != nil {
		return nil, fmt.Errorf("create %s: %w", dir, err)
	}
	if err := os.Mkdir(w.partial, 0o755); err != nil {
		return nil, fmt.Errorf("create %s: %w", dir, err)
	}
	return w, nil
}

// newWriter returns a writer at the start of meta's window.
func newWriter(dir string, meta Meta, opts Options) (*Writer, error) {
	if err := meta.check(); err != nil {
		return nil, err
	}
	b, err := opts.blockRows()
	if err != nil {
		return nil, err
	}
	return &Writer{dir: filepath.Clean(dir), partial: PartialDir(dir), meta: meta, opts: opts, blockRows: b,
		next: meta.Rows.First, blockFirst: meta.Rows.First, partsEnd: meta.Rows.First, sum: NewCellSum(meta.Rows.First)}, nil
}

// NextRow is the first table row of the window not yet taken, Rows.Last+1
// when all are.
func (w *Writer) NextRow() int64 { return w.next }

// WriteRows takes the table rows x0 .. x0+len(start)-2 in the shape of the
// band sweep: the cells of row x0+i are ys[start[i]:start[i+1]] (increasing,
// within 0..n) with values vs[start[i]:start[i+1]]. It keeps the cells with
// LO ≤ v ≤ HI of the rows of the window not taken yet; rows taken before and
// rows outside the window are dropped, so x0 may be at most NextRow (no gap)
// until the window is complete. A part is written whenever a block fills;
// after a failed part write every call returns that error.
func (w *Writer) WriteRows(x0 int64, start []int32, ys []int64, vs []int32) error {
	if w.err != nil {
		return w.err
	}
	rows := int64(len(start)) - 1
	switch {
	case rows < 0:
		return fmt.Errorf("write %s: rows from %d: start is empty, want one offset more than rows", w.dir, x0)
	case len(ys) != len(vs) || int(start[rows]) > len(ys) || start[0] < 0:
		return fmt.Errorf("write %s: rows from %d: start ends at %d, %d ys, %d values", w.dir, x0, start[rows], len(ys), len(vs))
	}
	if err := w.checkRun(x0, rows); err != nil {
		return err
	}
	for i := range rows {
		x := x0 + i
		if x != w.next || x > w.meta.Rows.Last {
			continue
		}
		a, b := start[i], start[i+1]
		if a > b {
			return fmt.Errorf("write %s: row %d: start offsets %d, %d decrease", w.dir, x, a, b)
		}
		if err := w.takeRow(x, ys[a:b], vs[a:b]); err != nil {
			return err
		}
	}
	return nil
}

// WritePacked takes the rows of p, a band's rows as its sweep keeps them
// (band.Rows.Packed), as WriteRows takes rows: the cells need not be
// unpacked first. Rows that have a dense form are read from it, a byte a
// column (with band.Config.DenseOnly they are not packed at all), the
// others copied at 8 bytes a cell. Every cell's column must lie within
// 0..n.
func (w *Writer) WritePacked(p band.Packed) error {
	if w.err != nil {
		return w.err
	}
	if err := w.checkRun(p.X0, int64(p.Len())); err != nil {
		return err
	}
	for i := range p.Len() {
		x := p.X0 + int64(i)
		if x != w.next || x > w.meta.Rows.Last {
			continue
		}
		if p.Dense.Bytes != nil {
			if err := w.takeDenseRow(x, p.Dense.Row(i), p.Dense.Left, int(p.Count[i]), p.Dense.V); err != nil {
				return err
			}
			continue
		}
		if c := int(p.Count[i]); c < 0 || c > p.Stride || i*p.Stride+c > len(p.Cells) {
			return fmt.Errorf("write %s: row %d: %d cells, in rows of %d of %d packed cells", w.dir, x, c, p.Stride, len(p.Cells))
		}
		if err := w.takePackedRow(x, p.Lo, p.Row(i)); err != nil {
			return err
		}
	}
	return nil
}

// checkRun checks that rows x0 … x0+rows−1 may be written: within the
// table, and leaving no gap after the rows taken while the window is not
// complete.
func (w *Writer) checkRun(x0, rows int64) error {
	switch {
	case x0 < 0 || x0 > w.meta.N-rows+1:
		return fmt.Errorf("write %s: rows %d..%d are outside the table 0..%d", w.dir, x0, x0+rows-1, w.meta.N)
	case x0 > w.next && w.next <= w.meta.Rows.Last:
		return fmt.Errorf("write %s: rows from %d leave a gap after row %d", w.dir, x0, w.next-1)
	}
	return nil
}

// takeRow adds the cells of row x = w.next in range to the block.
func (w *Writer) takeRow(x int64, ys []int64, vs []int32) error {
	c := &w.rowChunk(x, false).c
	before := c.len()
	if err := c.appendRow(x, ys, vs, w.meta.Values, w.meta.N); err != nil {
		return fmt.Errorf("write %s: %w", w.dir, err)
	}
	return w.tookRow(c.len() - before)
}

// takePackedRow adds the cells in range of row x = w.next, packed from
// column base as a band packs them, to the block.
func (w *Writer) takePackedRow(x, base int64, cells []uint64) error {
	c := &w.rowChunk(x, false).c
	before := c.len()
	if err := c.appendPacked(x, base, cells, w.meta.Values, w.meta.N); err != nil {
		return fmt.Errorf("write %s: %w", w.dir, err)
	}
	return w.tookRow(c.len() - before)
}

// takeDenseRow adds the cells in range of row x = w.next, a byte a
// column from left columns left of its diagonal (band.Dense), of count
// cells of values 0 … v, to the block. When the dataset keeps every one
// (LO = 0, v ≤ HI) the row's bytes are copied as they are; else its cells
// in range are packed.
func (w *Writer) takeDenseRow(x int64, row []byte, left, count, v int) error {
	if w.meta.Values.Lo != 0 || int64(v) > int64(w.meta.Values.Hi) {
		c := &w.rowChunk(x, false).c
		before := c.len()
		if err := c.appendDense(x, row, left, w.meta.Values, w.meta.N); err != nil {
			return fmt.Errorf("write %s: %w", w.dir, err)
		}
		return w.tookRow(c.len() - before)
	}
	if err := w.rowChunk(x, true).d.appendRow(x, row, left, count, w.meta.N); err != nil {
		return fmt.Errorf("write %s: %w", w.dir, err)
	}
	return w.tookRow(count)
}

// rowChunk returns the chunk that row x = w.next joins, dense or packed,
// starting the block's job and the chunk if need be: a chunk holds its
// rows one way, so a row the other way hands the chunk over first.
func (w *Writer) rowChunk(x int64, dense bool) *chunk {
	if w.job == nil {
		w.job = newPartJob(w.meta, w.spareRows)
		w.spareRows = nil
	}
	if w.chunk != nil && w.chunk.dense != dense {
		if w.chunk.rowCount() == 0 { // a refused row's
			w.chunk.reset(x, dense)
		} else {
			w.handOver()
		}
	}
	if w.chunk == nil {
		w.chunk = w.freeChunk(x, dense)
	}
	return w.chunk
}

// tookRow accounts the row w.next, which kept cells of the block, just
// taken: it hands the chunk to the block's job once it is full, and
// writes the block when it is full.
func (w *Writer) tookRow(kept int) error {
	w.job.cells += int64(kept)
	if w.job.cells > MaxPartCells {
		w.err = fmt.Errorf("write %s: the block of rows from %d holds more than %d cells: use smaller blocks", w.dir, w.blockFirst, MaxPartCells)
		return w.err
	}
	w.next++
	if w.chunkFull() {
		w.handOver()
	}
	if w.next-w.blockFirst == w.blockRows {
		return w.finishBlock()
	}
	return nil
}

// chunkFull reports whether the chunk being filled is to be handed over
// after row w.next−1: a packed chunk once it holds orderChunk cells; a
// dense chunk once it holds half as many, after the next row that ends a
// block of every value's column (a part's row 1 + k·deltaBlockSize, each
// row of a dense chunk holding each value once), so that the chunks after
// a part's first hand their y over in whole blocks, encoded from their
// offsets (deltaColumn.offsetBlocks), or at twice orderChunk all the same.
// At V = 200 that is 128 rows, 25,728 cells: chunks ended at orderChunk
// (163 rows) had two blocks in three of each value straddle two chunks,
// widened to int64 and encoded from them.
func (w *Writer) chunkFull() bool {
	cells := w.chunk.len()
	if !w.chunk.dense {
		return cells >= orderChunk
	}
	return cells >= 2*orderChunk || cells >= orderChunk/2 && (w.next-w.blockFirst)%deltaBlockSize == 1
}

// handOver hands the chunk being filled to the block's job.
func (w *Writer) handOver() {
	w.job.add(w.chunk, w.chunks)
	w.chunk = nil
}

// freeChunk returns an empty chunk from row first on, dense or packed,
// once one is free: at most chunksInFlight are, so a job behind the rows
// holds the writer back rather than the memory growing.
func (w *Writer) freeChunk(first int64, dense bool) *chunk {
	if w.chunks == nil {
		w.chunks = make(chan *chunk, chunksInFlight)
		for range chunksInFlight {
			w.chunks <- new(chunk)
		}
	}
	c := <-w.chunks
	c.reset(first, dense)
	return c
}

// finishBlock hands the rest of the block of rows blockFirst..next-1 to
// its job and starts writing it as a part, once fewer than partsInFlight
// parts are being written, and starts the next block.
func (w *Writer) finishBlock() error {
	for len(w.writing) >= partsInFlight {
		if err := w.takeWritten(); err != nil {
			// No part is still being written once the caller has the
			// error: it may remove the partial directory, or resume.
			return w.wait()
		}
	}
	if w.err != nil {
		return w.err
	}
	if w.chunk != nil { // nil when the block's last row filled a chunk
		w.handOver()
	}
	job, xFirst, xLast := w.job, w.blockFirst, w.next-1
	w.job = nil
	w.blockFirst = w.next
	done := make(chan writtenPart, 1)
	w.writing = append(w.writing, done)
	go func() {
		p, err := w.writePart(xFirst, xLast, job)
		done <- writtenPart{p, job.rows, err}
	}()
	return nil
}

// takeWritten waits for the oldest part being written and takes its
// outcome: the part joins the finished ones, its rows' digests the
// checksum, in order, or its error stops the writer.
func (w *Writer) takeWritten() error {
	done := <-w.writing[0]
	w.writing = w.writing[1:]
	switch {
	case w.err != nil:
	case done.err != nil:
		w.err = fmt.Errorf("write %s: %w", w.dir, done.err)
	default:
		for _, row := range done.rows {
			w.sum.AddDigest(row.digest, row.cells)
		}
		w.spareRows = done.rows
		w.parts = append(w.parts, done.part)
		w.partsEnd = done.part.XLast + 1
	}
	return w.err
}

// wait waits for every part being written and takes their outcomes.
func (w *Writer) wait() error {
	for len(w.writing) > 0 {
		w.takeWritten()
	}
	return w.err
}

// writePart writes the block of rows xFirst..xLast, which job has ordered,
// as its part: to a temporary file, synced, then renamed, so that a part
// file under its name is always complete. On error the temporary file is
// removed. The part goes out through a buffer of partBufferSize bytes: its
// file is thousands of small writes (a header, a page of a few KB, a row
// group at a time), a system call each without it.
func (w *Writer) writePart(xFirst, xLast int64, job *partJob) (Part, error) {
	name := PartName(xFirst)
	if err := job.wait(); err != nil {
		return Part{}, fmt.Errorf("part %s: %w", name, err)
	}
	hash := sha256.New()
	buf := partBuffers.get()
	defer partBuffers.put(buf)
	err := results.WriteAtomic(filepath.Join(w.partial, name), func(f *os.File) error {
		var out io.Writer = f
		if w.opts.WrapPart != nil {
			out = w.opts.WrapPart(f)
		}
		if buf.Size() == 0 { // a new one
			*buf = *bufio.NewWriterSize(nil, partBufferSize)
		}
		buf.Reset(io.MultiWriter(out, hash))
		if err := job.enc.writeTo(buf, xFirst, xLast); err != nil {
			return err
		}
		return buf.Flush()
	})
	if err != nil {
		return Part{}, fmt.Errorf("part %s: %w", name, err)
	}
	return Part{File: name, XFirst: xFirst, XLast: xLast, Cells: job.cells, SHA256: fmt.Sprintf("%x", hash.Sum(nil))}, nil
}

// partBufferSize is the size of the buffer a part is written through.
const partBufferSize = 1 << 16

// partBuffers keeps the buffers of the parts written, one a part in flight.
var partBuffers = newSpares[bufio.Writer](partsInFlight)

// Abort abandons the dataset: it removes the partial directory, leaving a
// complete dataset at the final name as it was.
func (w *Writer) Abort() error {
	w.wait() // its error is the caller's reason to abort
	if err := os.RemoveAll(w.partial); err != nil {
		return fmt.Errorf("abort %s: %w", w.dir, err)
	}
	return nil
}
