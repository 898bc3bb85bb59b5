package results

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sync/atomic"
	"time"

	"github.com/apache/arrow/go/v17/parquet"
	"github.com/apache/arrow/go/v17/parquet/compress"
	"github.com/apache/arrow/go/v17/parquet/file"
	"github.com/apache/arrow/go/v17/parquet/schema"

	"github.com/grundy-lab/grundy/engine"
)

// ErrNotResumable is the error of Suspend on a Parquet file: its footer
// describes every row group, and the writer keeps no checkpoint to rebuild
// it from, so an interrupted Parquet file is removed rather than resumed.
var ErrNotResumable = errors.New("a Parquet file cannot be resumed (use -format arrow for runs that may be interrupted)")

// ParquetWriter streams one table into a Parquet file with the columns x, y,
// g (int32, required) and the table's metadata as the file's key-value
// metadata. Each band becomes one row group, with min/max statistics on x
// so that readers skip the row groups outside a range of x. x and y are
// DELTA_BINARY_PACKED, which stores a run of equal steps in a few bytes per
// 128 values; g is PLAIN, compressed with info's Compression. Like
// TableWriter it writes to the partial file and renames it in Commit, and
// it encodes and compresses the row groups on a goroutine of its own, which
// overlaps the engine, one band behind. Use it from one goroutine.
type ParquetWriter struct {
	path, partial string
	file          *os.File
	writer        *file.Writer
	info          Info
	nextX         int
	digest        digest
	coordinates   bandCoordinates // of the row-group goroutine
	started       time.Time

	queue   chan engine.Band // copies of the bands, for the row-group goroutine
	free    chan []int32     // cell buffers it is done with
	done    chan error       // its first error, sent when the queue is closed
	failure atomic.Value     // its first error, as soon as it happens
	closed  bool             // whether the queue is closed
}

// parquetBuffers is how many bands are in flight: one being encoded, one
// being copied.
const parquetBuffers = 2

var _ Writer = (*ParquetWriter)(nil)

// parquetCodec maps a Compression to Parquet's codec of the same name. The
// Parquet library has no LZ4 (Hadoop's LZ4 framing and plain LZ4 disagree).
var parquetCodec = map[Compression]compress.Compression{
	Zstd: compress.Codecs.Zstd, None: compress.Codecs.Uncompressed,
}

// CreateParquet starts the Parquet file of info's table at path, replacing
// any partial file of an earlier run; info.SHA256, MaxValue and Seconds are
// ignored (Commit writes them into the footer). The directory must exist.
func CreateParquet(path string, info Info) (*ParquetWriter, error) {
	if info.N < 0 {
		return nil, fmt.Errorf("create %s: n = %d is negative", path, info.N)
	}
	codec, ok := parquetCodec[info.Compression]
	if !ok {
		return nil, fmt.Errorf("create %s: compression %q is not offered for Parquet (valid: zstd, none)", path, info.Compression)
	}
	partial := PartialName(path)
	f, err := os.OpenFile(partial, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return nil, fmt.Errorf("create %s: %w", path, err)
	}
	root, err := schema.NewGroupNode("schema", parquet.Repetitions.Required, schema.FieldList{
		schema.NewInt32Node("x", parquet.Repetitions.Required, -1),
		schema.NewInt32Node("y", parquet.Repetitions.Required, -1),
		schema.NewInt32Node("g", parquet.Repetitions.Required, -1),
	}, -1)
	if err != nil {
		panic(err) // a fixed, valid schema
	}
	props := parquet.NewWriterProperties(
		parquet.WithVersion(parquet.V2_6),
		parquet.WithCreatedBy("grundy "+Version),
		parquet.WithDictionaryDefault(false),
		parquet.WithStats(false),
		parquet.WithStatsFor("x", true),
		parquet.WithEncodingFor("x", parquet.Encodings.DeltaBinaryPacked),
		parquet.WithEncodingFor("y", parquet.Encodings.DeltaBinaryPacked),
		parquet.WithEncodingFor("g", parquet.Encodings.Plain),
		parquet.WithCompression(codec),
		parquet.WithCompressionLevel(1), // zstd's fastest: g costs most of the write
		parquet.WithDataPageSize(8<<20), // a band's column chunk in one page
		parquet.WithMaxRowGroupLength(int64(info.N+1)*int64(info.N+1)+1),
	)
	w := &ParquetWriter{
		path: path, partial: partial, file: f, info: info,
		digest: newDigest(), started: time.Now(),
		queue: make(chan engine.Band, parquetBuffers), free: make(chan []int32, parquetBuffers), done: make(chan error, 1),
	}
	for range parquetBuffers {
		w.free <- nil
	}
	err = catchPanic(func() {
		w.writer = file.NewParquetWriter(noCloseWriter{f}, root, file.WithWriterProps(props))
	})
	if err != nil {
		w.closed = true
		w.Abort()
		return nil, fmt.Errorf("create %s: %w", path, err)
	}
	go w.writeRowGroups()
	return w, nil
}

// writeRowGroups writes each queued band as a row group until the queue is
// closed, then sends its first error on done. After an error it only
// returns the buffers.
func (w *ParquetWriter) writeRowGroups() {
	var err error
	for b := range w.queue {
		if err == nil {
			if err = w.writeRowGroup(b); err != nil {
				w.failure.Store(err)
			}
		}
		w.free <- b.Cells
	}
	w.done <- err
}

// stop closes the queue and returns the row-group goroutine's first error.
func (w *ParquetWriter) stop() error {
	if w.closed {
		return nil
	}
	w.closed = true
	close(w.queue)
	return <-w.done
}

// noCloseWriter hides the file's Close from the Parquet writer, which closes
// its sink with the footer; the ParquetWriter syncs and closes the file itself.
type noCloseWriter struct{ w io.Writer }

func (n noCloseWriter) Write(p []byte) (int, error) { return n.w.Write(p) }

// catchPanic runs f and returns its panic as an error: the Parquet writer
// panics on a failed write of its magic and footer.
func catchPanic(f func()) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%v", p)
		}
	}()
	f()
	return nil
}

// Rows returns the number of rows written.
func (w *ParquetWriter) Rows() int { return w.nextX }

// CheckpointEvery does nothing: a Parquet file has no checkpoints.
func (w *ParquetWriter) CheckpointEvery(time.Duration) {}

// Replay has no rows to replay: a Parquet file is never resumed.
func (w *ParquetWriter) Replay(func(engine.Band) error) error { return nil }

// SavedRows is 0: a Parquet file keeps nothing for a resume.
func (w *ParquetWriter) SavedRows() int { return 0 }

// Keep removes the partial file, as Abort does, and returns 0: a Parquet
// file keeps nothing for a resume.
func (w *ParquetWriter) Keep() int {
	w.Abort()
	return 0
}

// Suspend removes the partial file, which cannot be resumed, and returns
// ErrNotResumable.
func (w *ParquetWriter) Suspend() (int, error) {
	w.Abort()
	return 0, fmt.Errorf("%s: %w", w.path, ErrNotResumable)
}

// WriteBand appends the rows of b, which must be the next rows of the table,
// as one row group.
func (w *ParquetWriter) WriteBand(b engine.Band) error {
	n := w.info.N
	if b.X0 != w.nextX || b.Width != n+1 || len(b.Cells) != b.Rows*b.Width || w.nextX+b.Rows > n+1 {
		return fmt.Errorf("write %s: band of rows %d..%d (width %d) does not follow row %d of a table of side %d",
			w.path, b.X0, b.X0+b.Rows-1, b.Width, w.nextX, n+1)
	}
	if err, _ := w.failure.Load().(error); err != nil {
		return err
	}
	w.digest.account(b.Cells)
	b.Cells = append((<-w.free)[:0], b.Cells...)
	w.queue <- b
	w.nextX += b.Rows
	return nil
}

// writeRowGroup writes b as one row group.
func (w *ParquetWriter) writeRowGroup(b engine.Band) error {
	xs, ys := w.coordinates.of(b)
	err := catchPanic(func() {
		rg := w.writer.AppendRowGroup()
		for _, column := range [][]int32{xs, ys, b.Cells} {
			cw, err := rg.NextColumn()
			if err == nil {
				_, err = cw.(*file.Int32ColumnChunkWriter).WriteBatch(column, nil, nil)
			}
			if err == nil {
				err = cw.Close()
			}
			if err != nil {
				panic(err)
			}
		}
		if err := rg.Close(); err != nil {
			panic(err)
		}
	})
	if err != nil {
		return fmt.Errorf("write %s: %w", w.partial, err)
	}
	return nil
}

// Commit finishes a complete table: it writes the footer with the metadata,
// the checksum, the largest value and the run time included, syncs the file
// and renames it to its final path. On error the partial file is removed.
func (w *ParquetWriter) Commit() (Summary, error) {
	n := w.info.N
	if w.nextX != n+1 {
		w.Abort()
		return Summary{}, fmt.Errorf("commit %s: only %d of %d rows written", w.path, w.nextX, n+1)
	}
	if err := w.stop(); err != nil {
		w.Abort()
		return Summary{}, fmt.Errorf("commit %s: %w", w.path, err)
	}
	sum := Summary{Path: w.path, SHA256: w.digest.sum(), MaxValue: w.digest.max, Cells: int64(n+1) * int64(n+1)}
	md := tableSchema(w.info, sum.SHA256, formatMaxValue(sum.MaxValue),
		formatSeconds(time.Since(w.started).Seconds()), formatWorkers(w.info.Workers)).Metadata()
	err := catchPanic(func() {
		for i, key := range md.Keys() {
			if err := w.writer.AppendKeyValueMetadata(key, md.Values()[i]); err != nil {
				panic(err)
			}
		}
		if err := w.writer.Close(); err != nil {
			panic(err)
		}
	})
	if err := publish(w.file, w.partial, w.path, err); err != nil {
		os.Remove(w.partial)
		return Summary{}, fmt.Errorf("commit %s: %w", w.path, err)
	}
	return sum, nil
}

// Abort abandons the table and removes the partial file; the final path is
// left as it was. It is safe to call after a failed Commit.
func (w *ParquetWriter) Abort() {
	w.stop()
	w.file.Close()
	os.Remove(w.partial)
}
