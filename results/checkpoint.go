package results

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"syscall"
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
// that prefix, checks the checkpoint's own checksum and every field against
// the partial file (checkpoint_validate.go), checks the rows against the
// checkpoint's checksum of their values, and cuts off whatever was written
// after it.

// checkpointVersion changes when the checkpoint format does. Version 2
// wraps the content with its SHA-256.
const checkpointVersion = 2

// checkpointFile is the content of a checkpoint file: the checkpoint's JSON
// and the SHA-256 of exactly those bytes, so that a damaged checkpoint is
// refused rather than trusted.
type checkpointFile struct {
	Version    int             `json:"version"`
	SHA256     string          `json:"sha256_of_checkpoint"`
	Checkpoint json.RawMessage `json:"checkpoint"`
}

// fileProgress is where a partial table file stands when it is synced:
// what a resume needs to reopen it and cut off whatever was written later.
type fileProgress struct {
	Info Info `json:"info"`
	// Rows of the table are accounted for in the partial file, in Offset bytes.
	Rows   int   `json:"rows"`
	Offset int64 `json:"offset"`
	// SchemaEnd is where the schema message ends and the batches begin.
	SchemaEnd int64   `json:"schema_end"`
	Blocks    []block `json:"blocks"`
	// Placeholders are the offsets of the values Commit fills in.
	Placeholders map[string]int64 `json:"placeholders"`
	// Seconds of compute and write so far.
	Seconds float64 `json:"seconds"`
}

// progress is the fileProgress of a file written through s, with rows rows
// of table info accounted for.
func (s *messageSink) progress(info Info, rows int, seconds float64) fileProgress {
	return fileProgress{Info: info, Rows: rows, Offset: s.pos, SchemaEnd: s.schemaEnd,
		Blocks: s.blocks, Placeholders: s.placeholders, Seconds: seconds}
}

// checkpoint records the rows of a partial table file that are safely on disk.
type checkpoint struct {
	fileProgress
	// SHA256 is the checksum of the g column of the Rows rows.
	SHA256   string `json:"g_sha256_of_rows"`
	MaxValue int32  `json:"max_value_of_rows"`
}

// checkpointName is the checkpoint file of a partial file.
func checkpointName(partial string) string { return partial + ".checkpoint" }

// encodeCheckpoint renders c as the bytes of a checkpoint file.
func encodeCheckpoint(c checkpoint) ([]byte, error) {
	body, err := json.Marshal(c)
	if err != nil {
		return nil, err
	}
	return json.Marshal(checkpointFile{Version: checkpointVersion, SHA256: sha256Hex(body), Checkpoint: body})
}

// decodeCheckpoint parses the bytes of a checkpoint file and checks its
// checksum; it says what is wrong, not how to fix it.
func decodeCheckpoint(data []byte) (checkpoint, error) {
	var file checkpointFile
	if err := json.Unmarshal(data, &file); err != nil {
		return checkpoint{}, fmt.Errorf("not a checkpoint file: %v", err)
	}
	if file.Version != checkpointVersion {
		return checkpoint{}, fmt.Errorf("checkpoint format version %d, this program reads version %d", file.Version, checkpointVersion)
	}
	if sha256Hex(file.Checkpoint) != file.SHA256 {
		return checkpoint{}, errors.New("its content does not match its checksum (damaged or altered)")
	}
	var c checkpoint
	if err := json.Unmarshal(file.Checkpoint, &c); err != nil {
		return checkpoint{}, fmt.Errorf("unreadable content: %v", err)
	}
	return c, nil
}

// checkpoint syncs the rows written so far and records them. On failure the
// checkpoint on disk is the previous one, still valid.
func (w *TableWriter) checkpoint() error {
	if err := w.file.Sync(); err != nil {
		return fmt.Errorf("checkpoint %s: %w", w.partial, err)
	}
	data, err := encodeCheckpoint(checkpoint{
		fileProgress: w.sink.progress(w.info, w.nextX, w.seconds()),
		SHA256:       hex.EncodeToString(w.hash.Sum(nil)),
		MaxValue:     w.max,
	})
	if err != nil {
		return fmt.Errorf("checkpoint %s: %w", w.partial, err)
	}
	name := checkpointName(w.partial)
	tmp := name + ".tmp"
	if err := writeSynced(tmp, data); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("checkpoint %s: %w", w.partial, err)
	}
	if err := os.Rename(tmp, name); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("checkpoint %s: %w", w.partial, err)
	}
	syncDir(filepath.Dir(name))
	w.lastCheckpoint = time.Now()
	w.savedRows = w.nextX
	return nil
}

// writeSynced writes data to a new file at name, never through a symbolic
// link, and syncs it.
func writeSynced(name string, data []byte) error {
	os.Remove(name)
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL|syscall.O_NOFOLLOW, 0o644)
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
// It checks the checkpoint's checksum and every field of it against the
// partial file first, and refuses a partial file that is a symbolic link
// or not a regular file. The returned writer holds Rows() rows; call
// Replay once, before writing, to read them back and verify them. It
// returns ErrNoCheckpoint (wrapped) if no run of path left a checkpoint.
func Resume(path string) (*TableWriter, error) {
	partial := PartialName(path)
	c, err := readCheckpoint(path)
	if err != nil {
		return nil, err
	}
	f, err := openRegular(partial, os.O_RDWR|syscall.O_NOFOLLOW)
	if err != nil {
		return nil, fmt.Errorf("resume %s: %w", path, err)
	}
	st, err := f.Stat()
	if err == nil {
		err = validateCheckpoint(c, f, st.Size())
	}
	if err == nil {
		err = f.Truncate(c.Offset)
	}
	if err == nil {
		_, err = f.Seek(c.Offset, io.SeekStart)
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("resume %s: %w; start afresh without -resume", path, err)
	}
	sink := &messageSink{w: f, pos: c.Offset, skipSchema: c.SchemaEnd > 0, schemaEnd: c.SchemaEnd, blocks: c.Blocks,
		placeholders: c.Placeholders}
	w := newTableWriter(path, f, c.Info, sink)
	w.secondsBefore = c.Seconds
	w.resumed = &c
	w.nextX = c.Rows
	w.savedRows = c.Rows
	return w, nil
}

// readCheckpoint reads the checkpoint of the partial file of path.
func readCheckpoint(path string) (checkpoint, error) {
	name := checkpointName(PartialName(path))
	f, err := openRegular(name, os.O_RDONLY|syscall.O_NOFOLLOW)
	if errors.Is(err, os.ErrNotExist) {
		return checkpoint{}, fmt.Errorf("resume %s: %w", path, ErrNoCheckpoint)
	}
	if err != nil {
		return checkpoint{}, fmt.Errorf("resume %s: %w", path, err)
	}
	defer f.Close()
	// A checkpoint lists one block per band: a few hundred bytes each.
	data, err := io.ReadAll(io.LimitReader(f, 1<<30))
	if err != nil {
		return checkpoint{}, fmt.Errorf("resume %s: %w", path, err)
	}
	c, err := decodeCheckpoint(data)
	if err != nil {
		return checkpoint{}, fmt.Errorf("resume %s: checkpoint %s: %w; start afresh without -resume", path, name, err)
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

// SavedRows returns the rows the last checkpoint on disk records: what a
// Resume after a failure now would continue from.
func (w *TableWriter) SavedRows() int { return w.savedRows }

// Keep closes the writer after a failure, keeping the partial file and its
// last checkpoint for Resume, and returns the rows that checkpoint saved.
// With no rows saved there is nothing worth keeping: it removes both, as
// Abort does, and returns 0.
func (w *TableWriter) Keep() int {
	if w.savedRows == 0 {
		w.Abort()
		return 0
	}
	w.file.Close()
	return w.savedRows
}

// Replay reads back the rows of a resumed file in order, calling visit with
// each batch as a band, and checks them against the checkpoint: their
// number, their layout and their checksum. A fresh writer has no rows and
// Replay calls nothing. Call it once, before WriteBand. Its errors but
// those of visit say that the rows are damaged and to start afresh.
func (w *TableWriter) Replay(visit func(engine.Band) error) (err error) {
	c := w.resumed
	if c == nil {
		return nil
	}
	w.resumed = nil
	if c.Rows == 0 {
		return nil
	}
	var visitErr error
	defer func() {
		if err != nil && err != visitErr {
			err = fmt.Errorf("%w; the saved rows are damaged: start afresh without -resume", err)
		}
	}()
	defer recoverCorrupt(w.partial, &err)
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
	rows, batches := 0, 0
	for r.Next() {
		g, err := checkBatch(r.Record(), rows, width)
		if err != nil {
			return fmt.Errorf("replay %s: %w", w.partial, err)
		}
		if batches >= len(c.Blocks) || len(g)/width != bandRows(batches, w.info.Tile, width) {
			return fmt.Errorf("replay %s: record batch %d has %d rows, its checkpoint another layout", w.partial, batches, len(g)/width)
		}
		w.account(g)
		band := engine.Band{X0: rows, Rows: len(g) / width, Width: width, Cells: g}
		if visitErr = visit(band); visitErr != nil {
			return visitErr
		}
		rows += band.Rows
		batches++
	}
	if err := r.Err(); err != nil {
		return fmt.Errorf("replay %s: %w", w.partial, err)
	}
	if rows != c.Rows || batches != len(c.Blocks) || hex.EncodeToString(w.hash.Sum(nil)) != c.SHA256 || w.max != c.MaxValue {
		return fmt.Errorf("replay %s: the %d rows read back do not match the checkpoint (%d rows, checksum %.12s…)",
			w.partial, rows, c.Rows, c.SHA256)
	}
	return nil
}

// bandRows is the number of rows of band i of a table of the given width
// swept in bands of tile rows: tile, except for the last band.
func bandRows(i, tile, width int) int {
	return min(tile, width-i*tile)
}

// sha256Hex is the hex SHA-256 of data.
func sha256Hex(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// RemoveStaleCheckpoint removes the checkpoint of the table file path if
// its partial file is gone, as a run killed between renaming the complete
// table into place and cleaning up leaves it, and reports whether it did.
func RemoveStaleCheckpoint(path string) (bool, error) {
	partial := PartialName(path)
	if _, err := os.Lstat(partial); !errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	err := os.Remove(checkpointName(partial))
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	return err == nil, err
}

// SetWorkers records k as the worker count of the file: that of the run
// which finishes it, for a resumed one (Create takes it from Info).
func (w *TableWriter) SetWorkers(k int) { w.info.Workers = k }
