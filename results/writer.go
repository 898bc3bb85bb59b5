package results

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/ipc"

	"github.com/grundy-lab/grundy/engine"
)

// FileName is the name of the Arrow file of table id at size n: "<id>_n<n>.arrow".
func FileName(id string, n int) string { return fmt.Sprintf("%s_n%d.arrow", id, n) }

// PartialName is the name of the unfinished file of path while it is being
// written: hidden, and never ending in .arrow, so that nothing mistakes it
// for a table.
func PartialName(path string) string {
	dir, base := filepath.Split(path)
	return filepath.Join(dir, "."+base+".partial")
}

// DefaultCheckpointInterval is how often a writer makes its rows durable
// and records a checkpoint, unless told otherwise.
const DefaultCheckpointInterval = time.Minute

// Summary is what a completed table file records about its contents.
type Summary struct {
	Path     string
	SHA256   string
	MaxValue int32
	Cells    int64
}

// TableWriter streams one table into an Arrow IPC file. It writes to the
// partial file beside the final path and renames it only in Commit, so the
// final name never holds a partial table; at every checkpoint it syncs the
// partial file and records in a checkpoint file how far it got, so that a
// run killed at any moment can be continued (see Resume). Use it from one
// goroutine.
type TableWriter struct {
	path, partial string
	file          *os.File
	sink          *messageSink
	encoding      *encodePipeline
	schema        *arrow.Schema
	info          Info
	nextX         int
	digest        // checksum and largest value of the rows written

	checkpointEvery time.Duration
	lastCheckpoint  time.Time
	started         time.Time
	secondsBefore   float64     // run time of earlier, interrupted runs
	resumed         *checkpoint // the checkpoint Replay must still verify
	savedRows       int         // rows the last checkpoint on disk records
}

// Create starts the file of info's table at path, replacing any partial
// file of an earlier run (a symbolic link there is replaced, never
// followed); info.SHA256, MaxValue and Seconds are ignored (Commit fills
// them in). The directory must exist.
func Create(path string, info Info) (*TableWriter, error) {
	if info.N < 0 {
		return nil, fmt.Errorf("create %s: n = %d is negative", path, info.N)
	}
	partial := PartialName(path)
	os.Remove(checkpointName(partial))
	os.Remove(partial)
	f, err := os.OpenFile(partial, os.O_RDWR|os.O_CREATE|os.O_EXCL|syscall.O_NOFOLLOW, 0o644)
	if err != nil {
		return nil, fmt.Errorf("create %s: %w", path, err)
	}
	w := newTableWriter(path, f, info, &messageSink{w: f})
	_, err = w.sink.Write([]byte(arrowMagic + "\x00\x00"))
	if err == nil {
		err = w.writeSchema()
	}
	if err != nil {
		w.Abort()
		return nil, fmt.Errorf("create %s: %w", path, err)
	}
	return w, nil
}

// newTableWriter sets up a writer on the open partial file f.
func newTableWriter(path string, f *os.File, info Info, sink *messageSink) *TableWriter {
	w := &TableWriter{
		path:            path,
		partial:         f.Name(),
		file:            f,
		sink:            sink,
		schema:          tableSchema(info, placeholderSHA256, placeholderMaxValue, placeholderSeconds, placeholderWorkers),
		info:            info,
		encoding:        newEncodePipeline(info.Compression),
		digest:          newDigest(),
		checkpointEvery: DefaultCheckpointInterval,
		started:         time.Now(),
	}
	w.lastCheckpoint = w.started
	return w
}

// writeSchema writes the schema message, with the placeholders.
func (w *TableWriter) writeSchema() error { return writeSchemaMessage(w.sink, w.schema) }

// writeSchemaMessage writes the schema message of schema to sink through
// ipc.Writer: closing a writer that has no batches writes only the schema
// (compression is a property of the batches, not of the schema message).
func writeSchemaMessage(sink *messageSink, schema *arrow.Schema) error {
	return ipc.NewWriterWithPayloadWriter(sink, ipc.WithSchema(schema)).Close()
}

// CheckpointEvery sets how often WriteBand syncs the file and records a
// checkpoint; 0 means after every band.
func (w *TableWriter) CheckpointEvery(d time.Duration) { w.checkpointEvery = d }

// Rows returns the number of rows the file holds: those written and, after
// Resume, those of the interrupted run.
func (w *TableWriter) Rows() int { return w.nextX }

// Info returns the description the file was created with.
func (w *TableWriter) Info() Info { return w.info }

// tableSchema is the x, y, g schema with info's metadata and the given
// values of the keys known only at the end.
func tableSchema(info Info, sha, maxValue, seconds, workers string) *arrow.Schema {
	md := arrow.NewMetadata(
		[]string{KeyTable, KeySymbol, KeyN, KeyDefinition, KeySource, KeyLayout,
			KeyVersion, KeyWorkers, KeyTile, KeyCompression,
			KeySHA256, KeyMaxValue, KeySeconds},
		[]string{info.Table, info.Symbol, strconv.Itoa(info.N), info.Definition, info.Source, Layout,
			Version, workers, strconv.Itoa(info.Tile), string(info.Compression),
			sha, maxValue, seconds},
	)
	return arrow.NewSchema([]arrow.Field{
		{Name: "x", Type: arrow.PrimitiveTypes.Int32},
		{Name: "y", Type: arrow.PrimitiveTypes.Int32},
		{Name: "g", Type: arrow.PrimitiveTypes.Int32},
	}, &md)
}

// WriteBand appends the rows of b, which must be the next rows of the table,
// as one record batch, and records a checkpoint when one is due.
func (w *TableWriter) WriteBand(b engine.Band) error {
	n := w.info.N
	if b.X0 != w.nextX || b.Width != n+1 || len(b.Cells) != b.Rows*b.Width || w.nextX+b.Rows > n+1 {
		return fmt.Errorf("write %s: band of rows %d..%d (width %d) does not follow row %d of a table of side %d",
			w.path, b.X0, b.X0+b.Rows-1, b.Width, w.nextX, n+1)
	}
	w.account(b.Cells)
	if w.encoding.full() {
		if _, err := w.encoding.next(w.writeBatch); err != nil {
			return err
		}
	}
	w.encoding.start(b)
	w.nextX += b.Rows
	if time.Since(w.lastCheckpoint) >= w.checkpointEvery {
		if err := w.flush(); err != nil {
			return err
		}
		return w.checkpoint()
	}
	return nil
}

// writeBatch appends one encoded record batch to the file.
func (w *TableWriter) writeBatch(batch encodedBatch) error {
	if err := w.sink.writeBatch(batch); err != nil {
		return fmt.Errorf("write %s: %w", w.partial, err)
	}
	return nil
}

// flush writes every band still being compressed, so that the file holds
// all the rows accounted for.
func (w *TableWriter) flush() error {
	for {
		more, err := w.encoding.next(w.writeBatch)
		if err != nil || !more {
			return err
		}
	}
}

// seconds is the run time of this table so far, earlier runs included.
func (w *TableWriter) seconds() float64 {
	return w.secondsBefore + time.Since(w.started).Seconds()
}

// Commit finishes a complete table: it writes the footer with the checksum,
// the largest value and the run time, fills them into the schema at the
// start of the file, syncs it and renames it to its final path. On error the
// partial file and its last checkpoint are kept for Resume if that saved any
// rows (see SavedRows), and removed otherwise.
func (w *TableWriter) Commit() (Summary, error) {
	n := w.info.N
	if w.nextX != n+1 {
		w.Abort()
		return Summary{}, fmt.Errorf("commit %s: only %d of %d rows written", w.path, w.nextX, n+1)
	}
	if err := w.flush(); err != nil {
		w.encoding.wait()
		w.Keep()
		return Summary{}, fmt.Errorf("commit %s: %w", w.path, err)
	}
	sum := Summary{
		Path:     w.path,
		SHA256:   w.digest.sum(),
		MaxValue: w.max,
		Cells:    int64(n+1) * int64(n+1),
	}
	final := map[string]string{
		placeholderSHA256:   sum.SHA256,
		placeholderMaxValue: formatMaxValue(sum.MaxValue),
		placeholderSeconds:  formatSeconds(w.seconds()),
		placeholderWorkers:  formatWorkers(w.info.Workers),
	}
	footer := encodeFooter(tableSchema(w.info, sum.SHA256, final[placeholderMaxValue], final[placeholderSeconds], final[placeholderWorkers]).Metadata(), w.sink.blocks)
	var trailer [4]byte
	binary.LittleEndian.PutUint32(trailer[:], uint32(len(footer)))
	_, err := w.sink.Write(footer)
	if err == nil {
		_, err = w.sink.Write(append(trailer[:], arrowMagic...))
	}
	if err == nil {
		err = patchMetadata(w.file, w.sink.placeholders, final)
	}
	if err = publish(w.file, w.partial, w.path, err); err != nil {
		w.Keep()
		return Summary{}, fmt.Errorf("commit %s: %w", w.path, err)
	}
	os.Remove(checkpointName(w.partial))
	return sum, nil
}

// publish ends the writing of the partial file f, whose last writes gave
// err: if err is nil it syncs f, closes it and renames it to path, durably;
// otherwise, or if that fails, it only closes f and returns the error.
func publish(f *os.File, partial, path string, err error) error {
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(partial, path)
	}
	if err == nil {
		syncDir(filepath.Dir(path))
	}
	return err
}

// Suspend stops writing but keeps what was written: it records a final
// checkpoint and closes the file, so that Resume can continue from the
// last row written. It returns the rows saved: those written, or if the
// final checkpoint failed, those of the last one that did not.
func (w *TableWriter) Suspend() (rows int, err error) {
	err = w.flush()
	if err == nil {
		err = w.checkpoint()
	}
	w.encoding.wait()
	if cerr := w.file.Close(); err == nil {
		err = cerr
	}
	return w.savedRows, err
}

// Abort abandons the table and removes the partial file and its checkpoint;
// the final path is left as it was. It is safe to call after a failed Commit.
func (w *TableWriter) Abort() {
	w.encoding.wait()
	w.file.Close()
	os.Remove(w.partial)
	os.Remove(checkpointName(w.partial))
}

// syncDir makes a rename in dir durable; where directories cannot be synced
// the rename is still atomic, only its durability is not guaranteed.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
