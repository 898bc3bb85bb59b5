package pattern

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/klauspost/compress/zstd"

	"github.com/grundy-lab/grundy/tables"
)

// BandIndexState is where a BandIndex with a journal stood at a row, for
// ResumeBandIndex: the index it belongs to, the prefix of the journal that
// holds its full chunks (length and SHA-256), and the rows of its open
// chunk, compressed, with the cells kept aside (a value's cells beyond the
// first of their row, a game file's prescribed cells). It takes
// O(values · ChunkRows) bytes at most, and the cells aside, never O(rows):
// the rows before the open chunk are in the journal.
type BandIndexState struct {
	N         int64 `json:"n"`
	Lo        int   `json:"lo"`
	Hi        int   `json:"hi"`
	ChunkRows int   `json:"chunk_rows"`
	// Rows is the rows 0 … Rows−1 the state holds.
	Rows int64 `json:"rows"`
	// JournalBytes and JournalSHA256 are the journal's prefix.
	JournalBytes  int64  `json:"journal_bytes"`
	JournalSHA256 string `json:"journal_sha256"`
	// Open is the open chunk's rows, Rows mod ChunkRows of them, value by
	// value, as little-endian int16 offsets compressed by zstd.
	Open []byte `json:"open_chunk"`
	// Extra are the cells of the rows 0 … Rows−1 beyond the first of
	// their value in their row, by value, then in order of row: none in
	// a rook table, the prescribed cells that repeat a value of their row
	// in a game file's. Absent from the states of earlier versions, which
	// refused such rows.
	Extra []ExtraCell `json:"extra,omitempty"`
}

// ExtraCell is a cell of value Value beyond the first of that value in
// its row X.
type ExtraCell struct {
	Value int `json:"value"`
	X     int `json:"x"`
	Y     int `json:"y"`
}

// journalMark is, on the compressor's goroutine, the journal's mark once
// the chunks before it are stored, or the compressor's error.
func (b *BandIndex) journalMark() journalMark {
	if err := b.failed(); err != nil {
		return journalMark{err: err}
	}
	return b.store.journal.mark()
}

// StateAt returns the index's state at row row, with the journal synced
// to disk: row must be at most the rows added and in the open chunk (no
// chunk flushed since), the rows after it are left out. It fails on an
// index without a journal, or finished.
func (b *BandIndex) StateAt(row int64) (BandIndexState, error) {
	chunk := int64(b.opt.ChunkRows)
	switch {
	case b.store.journal == nil:
		return BandIndexState{}, errors.New("pattern: band index: no journal, so no state to save")
	case b.closed:
		return BandIndexState{}, errors.New("pattern: band index: a state after Finish")
	case row < 0 || row > b.rows || row/chunk != b.rows/chunk:
		return BandIndexState{}, fmt.Errorf("pattern: band index: a state at row %d, not in the open chunk of rows %d … %d",
			row, b.rows/chunk*chunk, b.rows)
	}
	if b.staged > 0 {
		b.unstage(int(b.rows % chunk))
	}
	reply := make(chan journalMark, 1)
	b.full <- filled{mark: reply}
	m := <-reply
	if m.err != nil {
		return BandIndexState{}, m.err
	}
	open, err := b.encodeOpen(int(row % chunk))
	if err != nil {
		return BandIndexState{}, err
	}
	var extra []ExtraCell
	for i, cells := range b.extra {
		for _, c := range cells {
			if int64(c.X) < row {
				extra = append(extra, ExtraCell{Value: b.lo + i, X: c.X, Y: c.Y})
			}
		}
	}
	return BandIndexState{N: b.n, Lo: b.lo, Hi: b.hi, ChunkRows: b.opt.ChunkRows, Rows: row,
		JournalBytes: m.size, JournalSHA256: m.sum, Open: open, Extra: extra}, nil
}

// encodeOpen compresses the first rows rows of the open chunk.
func (b *BandIndex) encodeOpen(rows int) ([]byte, error) {
	raw := make([]byte, 0, 2*rows*(b.hi-b.lo+1))
	for i := range b.hi - b.lo + 1 {
		if rows == 0 {
			break // no open chunk, and buf may be nil
		}
		for _, d := range b.buf[i*b.opt.ChunkRows:][:rows] {
			raw = binary.LittleEndian.AppendUint16(raw, uint16(d))
		}
	}
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest), zstd.WithEncoderConcurrency(1))
	if err != nil {
		return nil, fmt.Errorf("pattern: band index: %w", err)
	}
	defer enc.Close()
	return enc.EncodeAll(raw, nil), nil
}

// ResumeBandIndex returns the index of st, reading its chunks back from
// the journal opt.Journal (kept in memory up to opt.MemoryBudget, as they
// were put) and cutting off what was appended after st: the rows from
// st.Rows on are added next. It fails if st is of another index (n,
// values or chunk rows), if its cells aside are out of order or outside
// its rows and the corner of prescribed cells, or if the journal does not
// hold st's chunks (missing, shorter, or another checksum): start afresh
// then.
func ResumeBandIndex(n int64, lo, hi int, opt BandIndexOptions, st BandIndexState) (*BandIndex, error) {
	if opt.Journal == "" {
		return nil, errors.New("pattern: band index: resume without a journal")
	}
	b, err := newBandIndex(n, lo, hi, opt)
	if err != nil {
		return nil, err
	}
	chunk := int64(b.opt.ChunkRows)
	switch {
	case st.N != n || st.Lo != lo || st.Hi != hi || st.ChunkRows != b.opt.ChunkRows:
		return nil, fmt.Errorf("pattern: band index: the state is of n = %d, values %d…%d, %d rows a chunk; this index of n = %d, values %d…%d, %d rows a chunk",
			st.N, st.Lo, st.Hi, st.ChunkRows, n, lo, hi, b.opt.ChunkRows)
	case st.Rows < 0 || st.Rows > n+1 || st.JournalBytes < 0:
		return nil, fmt.Errorf("pattern: band index: the state's %d rows or %d journal bytes are out of range", st.Rows, st.JournalBytes)
	}
	if err := b.restoreExtra(st); err != nil {
		return nil, err
	}
	values := int64(hi - lo + 1)
	var record int64
	put := func(off int64, data []byte) {
		i := record % values
		b.chunks[i] = append(b.chunks[i], b.store.keep(data, off))
		b.stored[i] += int64(len(data))
		record++
	}
	if b.store.journal, err = reopenJournal(opt.Journal, st.JournalBytes, st.JournalSHA256, st.Rows/chunk*values,
		maxJournalRecord(b.opt.ChunkRows), put); err != nil {
		return nil, err
	}
	b.store.file = b.store.journal.file
	if err := b.decodeOpen(st.Open, int(st.Rows%chunk)); err != nil {
		b.store.close()
		return nil, err
	}
	b.rows = st.Rows
	return b, b.start()
}

// restoreExtra puts the state's cells aside back into the index, which
// must have none yet.
func (b *BandIndex) restoreExtra(st BandIndexState) error {
	last := ExtraCell{Value: -1}
	for _, c := range st.Extra {
		switch {
		case c.Value < b.lo || c.Value > b.hi || c.X < 0 || int64(c.X) >= st.Rows || c.Y < 0 || int64(c.Y) > b.n ||
			c.X > tables.MaxCellCoordinate || c.Y > tables.MaxCellCoordinate:
			return fmt.Errorf("pattern: band index: the state's extra cell (%d,%d) of value %d lies outside the values %d…%d, its %d rows or the corner 0 … %d",
				c.X, c.Y, c.Value, b.lo, b.hi, st.Rows, tables.MaxCellCoordinate)
		case c.Value < last.Value || (c.Value == last.Value && c.X < last.X):
			return fmt.Errorf("pattern: band index: the state's extra cells are not in order of value and row at (%d,%d) of value %d", c.X, c.Y, c.Value)
		}
		b.extra[c.Value-b.lo] = append(b.extra[c.Value-b.lo], Cell{c.X, c.Y})
		last = c
	}
	return nil
}

// decodeOpen fills the open chunk with the rows rows of open, decoding no
// more than a chunk's bytes (and a zstd window) whatever the frame claims.
func (b *BandIndex) decodeOpen(open []byte, rows int) error {
	values := b.hi - b.lo + 1
	dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(uint64(2*b.opt.ChunkRows*values)+1<<20))
	if err != nil {
		return fmt.Errorf("pattern: band index: %w", err)
	}
	defer dec.Close()
	raw, err := dec.DecodeAll(open, nil)
	if err != nil {
		return fmt.Errorf("pattern: band index: the state's open chunk does not decompress: %w", err)
	}
	if len(raw) != 2*rows*values {
		return fmt.Errorf("pattern: band index: the state's open chunk holds %d bytes, want %d rows of %d values", len(raw), rows, values)
	}
	if rows == 0 {
		return nil
	}
	b.buf = <-b.free
	for i := range values {
		for r := range rows {
			k := i*rows + r
			b.buf[i*b.opt.ChunkRows+r] = int16(binary.LittleEndian.Uint16(raw[2*k:]))
		}
	}
	return nil
}
