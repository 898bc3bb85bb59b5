package pattern

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"sync"

	"github.com/klauspost/compress/zstd"
	"golang.org/x/sync/errgroup"

	"github.com/grundy-lab/grundy/tables"
)

// Defaults of BandIndexOptions.
const (
	// DefaultChunkRows is the rows of one compressed chunk.
	DefaultChunkRows = 1 << 16
	// DefaultMemoryBudget is the compressed bytes kept in memory before
	// the chunks spill to a file.
	DefaultMemoryBudget = 1 << 30
	// DefaultColumnBudget bounds the bytes of one materialised column,
	// 4·(n+1): 1.6 GB is n = 4·10⁸.
	DefaultColumnBudget = 1600 << 20
)

// absent16 marks, in a compressed chunk, a row without the value.
const absent16 = math.MinInt16

// BandIndexOptions tune a BandIndex; the zero value means the defaults.
type BandIndexOptions struct {
	// ChunkRows is the rows per compressed chunk; 0 means DefaultChunkRows.
	ChunkRows int
	// MemoryBudget is the compressed bytes kept in memory; further chunks
	// are written to a temporary file in SpillDir. 0 means
	// DefaultMemoryBudget.
	MemoryBudget int64
	// SpillDir is where chunks beyond MemoryBudget go; empty refuses
	// them instead (Row fails).
	SpillDir string
	// Journal, if set, is the file every chunk is appended to (and the
	// chunks beyond MemoryBudget read from, in place of SpillDir), so that
	// the index can be saved (StateAt) and resumed (ResumeBandIndex). It
	// is created afresh by NewBandIndex and kept by Close.
	Journal string
	// ColumnBudget bounds the 4·(n+1) bytes of one value's column while it
	// is searched; 0 means DefaultColumnBudget. NewBandIndex refuses an n
	// beyond it.
	ColumnBudget int64
}

// BandIndex is the Index of a band sweep in bounded memory: it takes the
// rows of a rook table in order (Row, as engine/band emits them), keeps for
// every value lo … hi the offset f_v(x) − x of each row as an int16 (a
// value lies within V + 1 of the diagonal in a band of cap V), compressed
// with zstd in chunks of ChunkRows rows, one chunk per value, and then
// searches value by value: Search materialises one value's column and runs
// the same search as on an Index. Most values are periodic, and their
// chunks compress to a few bytes each.
//
// A row holds each value once, except where a game file's prescribed cells
// repeat a value of their row (a cell prescribed 0 right of the 0 the mex
// gives, say): the cells beyond the first of such a row are kept aside,
// uncompressed, as they are in the corner of the prescribed cells only
// (0 ≤ x, y ≤ tables.MaxCellCoordinate), and go with the column to the
// search, which makes such rows exceptions.
//
// Row is called from one goroutine; Finish ends the rows, after which
// Search and SearchAll may run concurrently. Close removes the spill file
// (a journal stays, for ResumeBandIndex).
type BandIndex struct {
	n      int64
	lo, hi int
	opt    BandIndexOptions
	rows   int64   // rows added so far
	buf    []int16 // the open chunk, value-major: (v−lo)·ChunkRows + row
	// stage holds the last rows added, row-major: (row − its first)·values
	// + v − lo, staged of them. Row writes there, and they are moved to buf
	// stageRows at a time, so that each value's run of buf is written in one
	// piece: written row by row, buf (a few MB) would take a cache miss per
	// cell.
	stage  []int16
	staged int
	free   chan []int16 // empty chunk buffers
	full   chan filled  // chunks for the compressor
	done   chan struct{}
	mu     sync.Mutex
	err    error // the compressor's first error, under mu
	store  *chunkStore
	chunks [][]chunkRef // chunks[v−lo][k]: chunk k of value v
	stored []int64      // raw bytes per value, for Stats
	// extra[v−lo] are the cells of value v beyond the first of their row,
	// in order of row: prescribed cells of a game file, in its corner.
	extra  [][]Cell
	closed bool
}

// filled is one full chunk on its way to the compressor, or, with mark
// set, a request for the journal's mark once the chunks before it are
// stored.
type filled struct {
	rows int
	buf  []int16
	mark chan<- journalMark
}

// NewBandIndex returns an empty index of the values lo … hi of a table over
// 0 ≤ x, y ≤ n. It fails if the range is empty, if one column, 4·(n+1)
// bytes, exceeds the column budget, or if the journal cannot be created.
func NewBandIndex(n int64, lo, hi int, opt BandIndexOptions) (*BandIndex, error) {
	b, err := newBandIndex(n, lo, hi, opt)
	if err != nil {
		return nil, err
	}
	if opt.Journal != "" {
		if b.store.journal, err = createJournal(opt.Journal); err != nil {
			return nil, err
		}
		b.store.file = b.store.journal.file
	}
	return b, b.start()
}

// newBandIndex returns an empty index, its compressor not started.
func newBandIndex(n int64, lo, hi int, opt BandIndexOptions) (*BandIndex, error) {
	opt = opt.withDefaults()
	switch {
	case n < 0 || n >= maxCoord:
		return nil, fmt.Errorf("pattern: band index for n = %d: give 0 ≤ n < %d", n, maxCoord)
	case lo < 0 || hi < lo:
		return nil, fmt.Errorf("pattern: band index of the values %d…%d: an empty range", lo, hi)
	case opt.ChunkRows < 1 || opt.MemoryBudget < 0:
		return nil, fmt.Errorf("pattern: band index with %d rows per chunk and a budget of %d bytes", opt.ChunkRows, opt.MemoryBudget)
	case 4*(n+1) > opt.ColumnBudget:
		return nil, fmt.Errorf("pattern: a column of n = %d takes %d bytes, beyond the budget of %d: search a smaller n", n, 4*(n+1), opt.ColumnBudget)
	}
	values := hi - lo + 1
	b := &BandIndex{n: n, lo: lo, hi: hi, opt: opt, free: make(chan []int16, 2), full: make(chan filled, 1),
		done: make(chan struct{}), store: &chunkStore{budget: opt.MemoryBudget, dir: opt.SpillDir},
		chunks: make([][]chunkRef, values), stored: make([]int64, values), extra: make([][]Cell, values)}
	b.free <- make([]int16, values*opt.ChunkRows)
	b.free <- make([]int16, values*opt.ChunkRows)
	b.stage = make([]int16, values*stageRows)
	for i := range b.stage {
		b.stage[i] = absent16
	}
	return b, nil
}

// withDefaults replaces the zero options by their defaults.
func (opt BandIndexOptions) withDefaults() BandIndexOptions {
	if opt.ChunkRows == 0 {
		opt.ChunkRows = DefaultChunkRows
	}
	if opt.MemoryBudget == 0 {
		opt.MemoryBudget = DefaultMemoryBudget
	}
	if opt.ColumnBudget == 0 {
		opt.ColumnBudget = DefaultColumnBudget
	}
	return opt
}

// start starts the compressor.
func (b *BandIndex) start() error {
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest), zstd.WithEncoderConcurrency(1))
	if err != nil {
		b.store.close()
		return fmt.Errorf("pattern: band index: %w", err)
	}
	go b.compress(enc)
	return nil
}

// Lo and Hi return the range of values the index keeps.
func (b *BandIndex) Lo() int { return b.lo }

// Hi returns the largest value the index keeps.
func (b *BandIndex) Hi() int { return b.hi }

// N returns the table's n.
func (b *BandIndex) N() int64 { return b.n }

// Rows returns how many rows have been added.
func (b *BandIndex) Rows() int64 { return b.rows }

// fail records the compressor's first error.
func (b *BandIndex) fail(err error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.err == nil {
		b.err = err
	}
}

// failed returns the compressor's first error.
func (b *BandIndex) failed() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.err
}

// compress compresses the full chunks, value by value, until full closes,
// and answers the requests for the journal's mark.
func (b *BandIndex) compress(enc *zstd.Encoder) {
	defer close(b.done)
	raw := make([]byte, 2*b.opt.ChunkRows)
	var out []byte
	for c := range b.full {
		if c.mark != nil {
			c.mark <- b.journalMark()
			continue
		}
		if b.failed() == nil {
			for i := range b.chunks {
				column := c.buf[i*b.opt.ChunkRows : i*b.opt.ChunkRows+c.rows]
				for r, d := range column {
					binary.LittleEndian.PutUint16(raw[2*r:], uint16(d))
				}
				out = enc.EncodeAll(raw[:2*c.rows], out[:0])
				ref, err := b.store.put(out)
				if err != nil {
					b.fail(err)
					break
				}
				b.chunks[i] = append(b.chunks[i], ref)
				b.stored[i] += int64(len(out))
			}
		}
		b.free <- c.buf
	}
	if err := b.store.flush(); err != nil {
		b.fail(err)
	}
}

// Row adds row x, which must be the next row, with the cells ys (columns)
// and vals (values) of a rook table: values outside lo … hi are skipped.
// A value may occur more than once in a row only within the corner where a
// game file prescribes cells, 0 ≤ x, y ≤ tables.MaxCellCoordinate (a mex
// cell is the first of its value in its row, so every further cell of the
// value is prescribed). It fails on a row out of order or past n, a second
// cell of one value in the row outside that corner, a cell outside 0 … n
// or further from the diagonal than an int16 holds, and on a compressed
// chunk that neither fits in the memory budget nor can spill.
func (b *BandIndex) Row(x int64, ys []int64, vals []int32) error {
	switch {
	case b.closed:
		return errors.New("pattern: band index: a row after Finish")
	case x != b.rows:
		return fmt.Errorf("pattern: band index: row %d, want row %d", x, b.rows)
	case x > b.n:
		return fmt.Errorf("pattern: band index: row %d past n = %d", x, b.n)
	case len(ys) != len(vals):
		return fmt.Errorf("pattern: band index: row %d with %d columns and %d values", x, len(ys), len(vals))
	}
	if err := b.failed(); err != nil {
		return err
	}
	if b.buf == nil {
		b.buf = <-b.free // unstage writes each of its rows before it is compressed
	}
	r := int(x % int64(b.opt.ChunkRows))
	row := b.stage[b.staged*(b.hi-b.lo+1):][:b.hi-b.lo+1]
	if err := b.stageRow(row, x, ys, vals); err != nil {
		for i := range row {
			row[i] = absent16
		}
		return err
	}
	b.rows++
	b.staged++
	if b.staged == stageRows || r == b.opt.ChunkRows-1 {
		b.unstage(r + 1)
	}
	if r == b.opt.ChunkRows-1 {
		b.flush(r + 1)
	}
	return nil
}

// stageRow writes the offsets of row x's first cells of the values lo …
// hi to row, its place in the stage, and the further cells of a value to
// extra. On an error it adds nothing to extra.
func (b *BandIndex) stageRow(row []int16, x int64, ys []int64, vals []int32) error {
	var further []valueCell // the cells beyond the first of their value
	for k, v := range vals {
		if int(v) < b.lo || int(v) > b.hi {
			continue
		}
		y := ys[k]
		d := y - x
		if y < 0 || y > b.n || d <= absent16 || d > math.MaxInt16 {
			return fmt.Errorf("pattern: band index: cell (%d,%d) of value %d outside the table or too far from the diagonal", x, y, v)
		}
		at := int(v) - b.lo
		if row[at] == absent16 {
			row[at] = int16(d)
			continue
		}
		first := x + int64(row[at])
		if x > tables.MaxCellCoordinate || max(first, y) > tables.MaxCellCoordinate {
			return fmt.Errorf("pattern: band index: value %d twice in row %d (columns %d and %d), outside the corner "+
				"0 ≤ x, y ≤ %d of a game file's prescribed cells: not a rook table", v, x, first, y, tables.MaxCellCoordinate)
		}
		if y < first { // the row's first cell of v is staged, the others go aside
			row[at], y = int16(d), first
		}
		further = append(further, valueCell{v: at, cell: Cell{int(x), int(y)}})
	}
	for _, c := range further {
		b.extra[c.v] = append(b.extra[c.v], c.cell)
	}
	return nil
}

// valueCell is a cell of the value lo + v.
type valueCell struct {
	v    int
	cell Cell
}

// stageRows is the rows the stage holds: 201 values of 64 rows are 25 KB,
// which stay in the cache, and each value's run of buf is 128 bytes.
const stageRows = 64

// unstage moves the staged rows, which end before row end of the open
// chunk, to buf and empties the stage.
func (b *BandIndex) unstage(end int) {
	values, stage := b.hi-b.lo+1, b.stage
	first := end - b.staged
	for i := range values {
		run := b.buf[i*b.opt.ChunkRows+first:][:b.staged]
		for k := range run {
			run[k] = stage[k*values+i]
		}
	}
	for i := range stage[:b.staged*values] {
		stage[i] = absent16
	}
	b.staged = 0
}

// flush hands the open chunk of rows rows to the compressor.
func (b *BandIndex) flush(rows int) {
	b.full <- filled{rows: rows, buf: b.buf}
	b.buf = nil
}

// Finish compresses the last chunk and waits for the compressor. Every row
// 0 … n must have been added.
func (b *BandIndex) Finish() error {
	if b.closed {
		return b.failed()
	}
	b.closed = true
	if b.buf != nil {
		end := int(b.rows % int64(b.opt.ChunkRows))
		b.unstage(end)
		b.flush(end)
	}
	close(b.full)
	<-b.done
	if err := b.failed(); err != nil {
		return err
	}
	if b.rows != b.n+1 {
		return fmt.Errorf("pattern: band index: %d rows added, want the %d rows 0 … %d", b.rows, b.n+1, b.n)
	}
	return nil
}

// Close finishes the index if need be and removes its spill file.
func (b *BandIndex) Close() error {
	b.Finish() // its error was, or will be, reported by Finish or Row
	return b.store.close()
}

// BandIndexStats is the size of a finished index.
type BandIndexStats struct {
	// Raw is the bytes of the offsets as int16, 2·(n+1) per value.
	Raw int64
	// Compressed is the bytes of the compressed chunks, Spilled those of
	// them in the spill file.
	Compressed, Spilled int64
}

// Stats returns the index's sizes, once Finish has returned.
func (b *BandIndex) Stats() BandIndexStats {
	s := BandIndexStats{Raw: 2 * b.rows * int64(b.hi-b.lo+1), Spilled: b.store.spilled}
	for _, n := range b.stored {
		s.Compressed += n
	}
	return s
}

// newDecoder returns a decoder of the index's chunks, for one goroutine.
func newDecoder() (*zstd.Decoder, error) {
	dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
	if err != nil {
		return nil, fmt.Errorf("pattern: band index: %w", err)
	}
	return dec, nil
}

// column materialises value v's column with dec.
func (b *BandIndex) column(v int, dec *zstd.Decoder) (column, error) {
	if !b.closed || b.failed() != nil || b.rows != b.n+1 {
		return column{}, errors.New("pattern: band index searched before Finish succeeded")
	}
	d := make([]int32, b.rows)
	var raw, data []byte
	x := 0
	for _, ref := range b.chunks[v-b.lo] {
		var err error
		if data, err = b.store.get(ref, data); err != nil {
			return column{}, err
		}
		if raw, err = dec.DecodeAll(data, raw[:0]); err != nil {
			return column{}, fmt.Errorf("pattern: band index: decompress a chunk of value %d: %w", v, err)
		}
		for i := 0; i+1 < len(raw); i += 2 {
			o := int16(binary.LittleEndian.Uint16(raw[i:]))
			d[x] = int32(o)
			if o == absent16 {
				d[x] = absent
			}
			x++
		}
	}
	if x != len(d) {
		return column{}, fmt.Errorf("pattern: band index: value %d has %d rows stored, want %d", v, x, len(d))
	}
	return column{value: v, n: int(b.n), d: d, extra: b.extra[v-b.lo]}, nil
}

// Search is Search on the index: it materialises value v's column
// (4·(n+1) bytes), searches it and drops it. It fails if v is outside
// lo … hi or the index is not finished.
func (b *BandIndex) Search(v int, opt Options) (Result, error) {
	col, err := b.valueColumn(v)
	if err != nil {
		return Result{}, err
	}
	return searchColumn(col, opt)
}

// valueColumn materialises value v's column, v in lo … hi.
func (b *BandIndex) valueColumn(v int) (column, error) {
	if v < b.lo || v > b.hi {
		return column{}, fmt.Errorf("pattern: value %d is not in the band index (%d…%d)", v, b.lo, b.hi)
	}
	dec, err := newDecoder()
	if err != nil {
		return column{}, err
	}
	defer dec.Close()
	return b.column(v, dec)
}

// SearchAll searches every value lo … hi with workers goroutines (each
// holding one column at a time; at least 1), telling progress, if set, the
// values done after each, and returns the results in order of value. It
// stops with ctx's error when ctx ends.
func (b *BandIndex) SearchAll(ctx context.Context, opt Options, workers int, progress func(done, total int)) ([]Result, error) {
	total := b.hi - b.lo + 1
	out := make([]Result, total)
	next := make(chan int)
	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		defer close(next)
		for v := b.lo; v <= b.hi; v++ {
			select {
			case next <- v:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		return nil
	})
	var mu sync.Mutex
	done := 0
	for range max(1, workers) {
		g.Go(func() error {
			for v := range next {
				r, err := b.Search(v, opt)
				if err != nil {
					return fmt.Errorf("search value %d: %w", v, err)
				}
				out[v-b.lo] = r
				mu.Lock()
				done++
				if progress != nil {
					progress(done, total)
				}
				mu.Unlock()
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return out, nil
}
