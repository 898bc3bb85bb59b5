package results

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"time"

	"github.com/apache/arrow/go/v17/arrow/ipc"
	"github.com/apache/arrow/go/v17/arrow/memory"

	"github.com/grundy-lab/grundy/engine"
)

// A run's rows are a valid checkpoint by themselves: every cell depends only
// on the cells above it and to its left, so the engine can rebuild its state
// from the rows written. What the rows cannot say is how many of them are
// safely on disk, and where the next batch starts. The checkpoint file says
// it. It is written after the partial file is synced, atomically (temporary
// file, sync, rename), so after a crash at any moment the checkpoint on disk
// describes a prefix of the partial file that is on disk too. Resume keeps
// that prefix, checks it against the checkpoint's checksum, and cuts off
// whatever was written after it.

// checkpointVersion changes when the checkpoint format does.
const checkpointVersion = 1

// checkpoint is the content of a checkpoint file.
type checkpoint struct {
	Version int  `json:"version"`
	Info    Info `json:"info"`
	// Rows of the table are in the partial file, in Offset bytes.
	Rows   int   `json:"rows"`
	Offset int64 `json:"offset"`
	// SchemaEnd is where the schema message ends and the batches begin.
	SchemaEnd int64   `json:"schema_end"`
	Blocks    []block `json:"blocks"`
	// Placeholders are the offsets of the values Commit fills in.
	Placeholders map[string]int64 `json:"placeholders"`
	// SHA256 is the checksum of the g column of the Rows rows.
	SHA256   string  `json:"g_sha256_of_rows"`
	MaxValue int32   `json:"max_value_of_rows"`
	Seconds  float64 `json:"seconds"`
}

// checkpointName is the checkpoint file of a partial file.
func checkpointName(partial string) string { return partial + ".checkpoint" }

// checkpoint syncs the rows written so far and records them.
func (w *TableWriter) checkpoint() error {
	if err := w.file.Sync(); err != nil {
		return fmt.Errorf("checkpoint %s: %w", w.partial, err)
	}
	c := checkpoint{
		Version:      checkpointVersion,
		Info:         w.info,
		Rows:         w.nextX,
		Offset:       w.sink.pos,
		SchemaEnd:    w.sink.schemaEnd,
		Blocks:       w.sink.blocks,
		Placeholders: w.sink.placeholders,
		SHA256:       fmt.Sprintf("%x", w.hash.Sum(nil)),
		MaxValue:     w.max,
		Seconds:      w.seconds(),
	}
	data, err := json.Marshal(c)
	if err != nil {
		return fmt.Errorf("checkpoint %s: %w", w.partial, err)
	}
	name := checkpointName(w.partial)
	tmp := name + ".tmp"
	if err := writeSynced(tmp, data); err != nil {
		return fmt.Errorf("checkpoint %s: %w", w.partial, err)
	}
	if err := os.Rename(tmp, name); err != nil {
		return fmt.Errorf("checkpoint %s: %w", w.partial, err)
	}
	syncDir(filepath.Dir(name))
	w.lastCheckpoint = time.Now()
	return nil
}

// writeSynced writes data to a new file at name and syncs it.
func writeSynced(name string, data []byte) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// ErrNoCheckpoint is returned by Resume when there is nothing to resume.
var ErrNoCheckpoint = errors.New("no checkpoint to resume from")

// Resume reopens the partial file of the table file path as its last
// checkpoint left it, cutting off anything written after the checkpoint.
// The returned writer holds Rows() rows; call Replay once, before writing,
// to read them back and verify them. It returns ErrNoCheckpoint (wrapped)
// if no run of path left a checkpoint.
func Resume(path string) (*TableWriter, error) {
	partial := PartialName(path)
	c, err := readCheckpoint(path)
	if err != nil {
		return nil, err
	}
	f, err := os.OpenFile(partial, os.O_RDWR, 0)
	if err != nil {
		return nil, fmt.Errorf("resume %s: %w", path, err)
	}
	st, err := f.Stat()
	if err == nil && st.Size() < c.Offset {
		err = fmt.Errorf("the partial file has %d bytes, its checkpoint says %d: it was damaged; start afresh without -resume", st.Size(), c.Offset)
	}
	if err == nil {
		err = f.Truncate(c.Offset)
	}
	if err == nil {
		_, err = f.Seek(c.Offset, io.SeekStart)
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("resume %s: %w", path, err)
	}
	sink := &messageSink{w: f, pos: c.Offset, skipSchema: c.SchemaEnd > 0, schemaEnd: c.SchemaEnd, blocks: c.Blocks,
		placeholders: c.Placeholders}
	w := newTableWriter(path, f, c.Info, sink)
	w.secondsBefore = c.Seconds
	w.resumed = &c
	w.nextX = c.Rows
	return w, nil
}

// readCheckpoint reads the checkpoint of the partial file of path.
func readCheckpoint(path string) (checkpoint, error) {
	name := checkpointName(PartialName(path))
	data, err := os.ReadFile(name)
	if errors.Is(err, os.ErrNotExist) {
		return checkpoint{}, fmt.Errorf("resume %s: %w", path, ErrNoCheckpoint)
	}
	if err != nil {
		return checkpoint{}, fmt.Errorf("resume %s: %w", path, err)
	}
	var c checkpoint
	if err := json.Unmarshal(data, &c); err != nil || c.Version != checkpointVersion {
		return checkpoint{}, fmt.Errorf("resume %s: checkpoint %s is unreadable (%v); start afresh without -resume", path, name, err)
	}
	return c, nil
}

// CheckpointInfo returns the description and the number of rows saved of
// the interrupted run of path, without opening its partial file; the error
// wraps ErrNoCheckpoint if there is none.
func CheckpointInfo(path string) (Info, int, error) {
	c, err := readCheckpoint(path)
	return c.Info, c.Rows, err
}

// Replay reads back the rows of a resumed file in order, calling visit with
// each batch as a band, and checks them against the checkpoint: their
// number, their layout and their checksum. A fresh writer has no rows and
// Replay calls nothing. Call it once, before WriteBand.
func (w *TableWriter) Replay(visit func(engine.Band) error) error {
	c := w.resumed
	if c == nil {
		return nil
	}
	w.resumed = nil
	if c.Rows == 0 {
		return nil
	}
	// Nothing read back is larger than the file or, decompressed, than a
	// column of all the saved rows.
	width := w.info.N + 1
	mem := &boundedAllocator{Allocator: memory.DefaultAllocator, limit: max(c.Offset, 4*int64(c.Rows)*int64(width)) + 64}
	r, err := ipc.NewReader(io.NewSectionReader(w.file, 8, c.Offset-8), ipc.WithAllocator(mem))
	if err != nil {
		return fmt.Errorf("replay %s: %w", w.partial, err)
	}
	defer r.Release()
	w.max = math.MinInt32
	rows := 0
	for r.Next() {
		g, err := checkBatch(r.Record(), rows, width)
		if err != nil {
			return fmt.Errorf("replay %s: %w", w.partial, err)
		}
		w.account(g)
		band := engine.Band{X0: rows, Rows: len(g) / width, Width: width, Cells: g}
		if err := visit(band); err != nil {
			return err
		}
		rows += band.Rows
	}
	if err := r.Err(); err != nil {
		return fmt.Errorf("replay %s: %w", w.partial, err)
	}
	if rows != c.Rows || fmt.Sprintf("%x", w.hash.Sum(nil)) != c.SHA256 || (rows > 0 && w.max != c.MaxValue) {
		return fmt.Errorf("replay %s: the %d rows read back do not match the checkpoint (%d rows, checksum %.12s…): "+
			"the file was damaged; start afresh without -resume", w.partial, rows, c.Rows, c.SHA256)
	}
	return nil
}
