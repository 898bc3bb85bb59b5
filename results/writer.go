package results

import (
	"crypto/sha256"
	"fmt"
	"hash"
	"math"
	"os"
	"path/filepath"
	"strconv"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
	"github.com/apache/arrow/go/v17/arrow/ipc"
	"github.com/apache/arrow/go/v17/arrow/memory"

	"github.com/grundy-lab/grundy/engine"
)

// FileName is the name of the file of table id at size n: "<id>_n<n>.arrow".
func FileName(id string, n int) string { return fmt.Sprintf("%s_n%d.arrow", id, n) }

// Summary is what a completed table file records about its contents.
type Summary struct {
	Path     string
	SHA256   string
	MaxValue int32
	Cells    int64
}

// TableWriter streams one table into an Arrow IPC file. It writes to a
// temporary file beside the final path and renames it only in Commit, so the
// final name never holds a partial table. Use it from one goroutine.
type TableWriter struct {
	path   string
	tmp    *os.File
	ipc    *ipc.FileWriter
	schema *arrow.Schema
	n      int
	nextX  int
	hash   hash.Hash
	max    int32
	xs, ys []int32 // reusable x and y columns of a band
}

// Create starts the file of info's table at path; info.SHA256, MaxValue and
// Seconds are ignored (they are filled in by Commit). The directory must exist.
func Create(path string, info Info) (*TableWriter, error) {
	if info.N < 0 {
		return nil, fmt.Errorf("create %s: n = %d is negative", path, info.N)
	}
	dir, base := filepath.Split(path)
	tmp, err := os.CreateTemp(dir, "."+base+".*.partial")
	if err != nil {
		return nil, fmt.Errorf("create %s: %w", path, err)
	}
	w := &TableWriter{
		path:   path,
		tmp:    tmp,
		schema: tableSchema(info),
		n:      info.N,
		hash:   sha256.New(),
		max:    math.MinInt32,
	}
	opts := append([]ipc.Option{ipc.WithSchema(w.schema)}, info.Compression.ipcOptions(3)...)
	w.ipc, err = ipc.NewFileWriter(tmp, opts...)
	if err != nil {
		w.Abort()
		return nil, fmt.Errorf("create %s: %w", path, err)
	}
	return w, nil
}

// tableSchema is the x, y, g schema with info's metadata and placeholders
// for the values Commit writes.
func tableSchema(info Info) *arrow.Schema {
	md := arrow.NewMetadata(
		[]string{KeyTable, KeySymbol, KeyN, KeyDefinition, KeySource, KeyLayout,
			KeyVersion, KeyWorkers, KeyTile, KeyCompression,
			KeySHA256, KeyMaxValue, KeySeconds},
		[]string{info.Table, info.Symbol, strconv.Itoa(info.N), info.Definition, info.Source, Layout,
			Version, strconv.Itoa(info.Workers), strconv.Itoa(info.Tile), string(info.Compression),
			placeholderSHA256, placeholderMaxValue, placeholderSeconds},
	)
	return arrow.NewSchema([]arrow.Field{
		{Name: "x", Type: arrow.PrimitiveTypes.Int32},
		{Name: "y", Type: arrow.PrimitiveTypes.Int32},
		{Name: "g", Type: arrow.PrimitiveTypes.Int32},
	}, &md)
}

// WriteBand appends the rows of b, which must be the next rows of the table,
// as one record batch.
func (w *TableWriter) WriteBand(b engine.Band) error {
	if b.X0 != w.nextX || b.Width != w.n+1 || len(b.Cells) != b.Rows*b.Width || w.nextX+b.Rows > w.n+1 {
		return fmt.Errorf("write %s: band of rows %d..%d (width %d) does not follow row %d of a table of side %d",
			w.path, b.X0, b.X0+b.Rows-1, b.Width, w.nextX, w.n+1)
	}
	cells := len(b.Cells)
	if len(w.ys) < cells {
		// y runs 0..n in every row; fill it once for the largest band.
		w.xs = make([]int32, cells)
		w.ys = make([]int32, cells)
		for i := range w.ys {
			w.ys[i] = int32(i % b.Width)
		}
	}
	xs, ys := w.xs[:cells], w.ys[:cells]
	for r := range b.Rows {
		row := xs[r*b.Width : (r+1)*b.Width]
		for i := range row {
			row[i] = int32(b.X0 + r)
		}
	}
	for _, v := range b.Cells {
		w.max = max(w.max, v)
	}
	w.hash.Write(littleEndianBytes(b.Cells))

	cols := []arrow.Array{int32Array(xs), int32Array(ys), int32Array(b.Cells)}
	rec := array.NewRecord(w.schema, cols, int64(cells))
	err := w.ipc.Write(rec)
	rec.Release()
	for _, c := range cols {
		c.Release()
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", w.path, err)
	}
	w.nextX += b.Rows
	return nil
}

// int32Array wraps values as an Arrow array without copying them.
func int32Array(values []int32) arrow.Array {
	data := array.NewData(arrow.PrimitiveTypes.Int32, len(values),
		[]*memory.Buffer{nil, memory.NewBufferBytes(arrow.Int32Traits.CastToBytes(values))}, nil, 0, 0)
	defer data.Release()
	return array.NewInt32Data(data)
}

// Commit finishes a complete table: it writes the footer, records the
// checksum, the largest value and seconds in the metadata, syncs the file and
// renames it to its final path. On error the temporary file is removed.
func (w *TableWriter) Commit(seconds float64) (Summary, error) {
	if w.nextX != w.n+1 {
		w.Abort()
		return Summary{}, fmt.Errorf("commit %s: only %d of %d rows written", w.path, w.nextX, w.n+1)
	}
	sum := Summary{
		Path:     w.path,
		SHA256:   fmt.Sprintf("%x", w.hash.Sum(nil)),
		MaxValue: w.max,
		Cells:    int64(w.n+1) * int64(w.n+1),
	}
	err := w.ipc.Close()
	if err == nil {
		err = patchMetadata(w.tmp, map[string]string{
			placeholderSHA256:   sum.SHA256,
			placeholderMaxValue: formatMaxValue(sum.MaxValue),
			placeholderSeconds:  formatSeconds(seconds),
		})
	}
	if err == nil {
		// CreateTemp makes the file private; a result is for every reader.
		err = w.tmp.Chmod(0o644)
	}
	if err == nil {
		err = w.tmp.Sync()
	}
	if cerr := w.tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(w.tmp.Name(), w.path)
	}
	if err != nil {
		os.Remove(w.tmp.Name())
		return Summary{}, fmt.Errorf("commit %s: %w", w.path, err)
	}
	syncDir(filepath.Dir(w.path))
	return sum, nil
}

// Abort abandons the table and removes the temporary file; the final path is
// left as it was. It is safe to call after a failed Commit.
func (w *TableWriter) Abort() {
	w.tmp.Close()
	os.Remove(w.tmp.Name())
}

// syncDir makes a rename in dir durable; where directories cannot be synced
// the rename is still atomic, only its durability is not guaranteed.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
