package results

import (
	"crypto/sha256"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
	"github.com/apache/arrow/go/v17/arrow/ipc"
	"github.com/apache/arrow/go/v17/arrow/memory"

	"github.com/grundy-lab/grundy/engine"
)

// ReadInfo returns the metadata of the table file at path without reading
// its cells. It fails on a file that is not a finished table file.
func ReadInfo(path string) (info Info, err error) {
	defer recoverCorrupt(path, &err)
	if isParquet(path) {
		r, info, err := openParquet(path)
		if err == nil {
			r.Close()
		}
		return info, err
	}
	t, err := openTable(path)
	if err != nil {
		return Info{}, err
	}
	t.close()
	return t.info, nil
}

// Scan reads the table file at path, Arrow or Parquet, band by band, calling
// visit with each record batch or row group as a band of whole rows, in order, and checks everything the
// file claims: the schema, that x and y enumerate the table in row-major
// order, the cell count, max_value and g_sha256. The Band passed to visit is
// only valid during the call. Memory stays at one record batch.
func Scan(path string, visit func(engine.Band) error) (info Info, err error) {
	defer recoverCorrupt(path, &err)
	if isParquet(path) {
		return scanParquet(path, visit)
	}
	t, err := openTable(path)
	if err != nil {
		return Info{}, err
	}
	defer t.close()
	r, info := t.reader, t.info
	width := info.N + 1
	hash := sha256.New()
	maxValue := int32(math.MinInt32)
	nextX := 0
	for i := range r.NumRecords() {
		rec, err := r.Record(i)
		if err != nil {
			return Info{}, fmt.Errorf("read %s: record batch %d: %w", path, i, err)
		}
		g, err := checkBatch(rec, nextX, width)
		if err != nil {
			return Info{}, fmt.Errorf("read %s: record batch %d: %w", path, i, err)
		}
		for _, v := range g {
			maxValue = max(maxValue, v)
		}
		hash.Write(littleEndianBytes(g))
		rows := len(g) / width
		if err := visit(engine.Band{X0: nextX, Rows: rows, Width: width, Cells: g}); err != nil {
			return Info{}, err
		}
		nextX += rows
	}
	return info, checkTotals(path, info, nextX, maxValue, fmt.Sprintf("%x", hash.Sum(nil)))
}

// checkTotals checks what a whole table file claims against what was read:
// the row count, the largest value and the checksum.
func checkTotals(path string, info Info, rows int, maxValue int32, sha string) error {
	switch {
	case rows != info.N+1:
		return fmt.Errorf("read %s: holds %d rows, but n = %d needs %d", path, rows, info.N, info.N+1)
	case maxValue != info.MaxValue:
		return fmt.Errorf("read %s: largest value is %d, metadata max_value says %d", path, maxValue, info.MaxValue)
	case sha != info.SHA256:
		return fmt.Errorf("read %s: g column does not match its g_sha256 (corrupted or altered)", path)
	}
	return nil
}

// checkBatch checks that rec holds whole rows x0, x0+1, … of a table of the
// given width, with x and y in row-major order and no nulls, and returns g.
func checkBatch(rec arrow.Record, x0, width int) ([]int32, error) {
	if rec.NumRows()%int64(width) != 0 {
		return nil, fmt.Errorf("%d rows are not whole table rows of %d cells", rec.NumRows(), width)
	}
	cols := make([][]int32, 3)
	for c := range cols {
		col, ok := rec.Column(c).(*array.Int32)
		if !ok || col.NullN() != 0 {
			return nil, fmt.Errorf("column %s is not a null-free int32 column", rec.ColumnName(c))
		}
		cols[c] = col.Int32Values()
	}
	return cols[2], checkColumns(cols[0], cols[1], cols[2], x0, width)
}

// checkColumns checks that xs, ys, g hold whole rows x0, x0+1, … of a table
// of the given width in row-major order.
func checkColumns(xs, ys, g []int32, x0, width int) error {
	if len(xs) != len(g) || len(ys) != len(g) {
		return fmt.Errorf("columns of %d, %d and %d values", len(xs), len(ys), len(g))
	}
	if x0+len(g)/width > width {
		return fmt.Errorf("rows run past x = %d", width-1)
	}
	for i := range g {
		if xs[i] != int32(x0+i/width) || ys[i] != int32(i%width) {
			return fmt.Errorf("cell %d is (x=%d, y=%d), want (%d, %d): not row-major", i, xs[i], ys[i], x0+i/width, i%width)
		}
	}
	return nil
}

// infoFromSchema checks that schema is a finished table file's and reads its
// metadata.
func infoFromSchema(schema *arrow.Schema) (Info, error) {
	fields := schema.Fields()
	if len(fields) != 3 || fields[0].Name != "x" || fields[1].Name != "y" || fields[2].Name != "g" {
		return Info{}, fmt.Errorf("not a Grundy table file: columns are %s, want x, y, g", fieldNames(fields))
	}
	for _, f := range fields {
		if f.Type.ID() != arrow.INT32 {
			return Info{}, fmt.Errorf("not a Grundy table file: column %s is %s, want int32", f.Name, f.Type)
		}
	}
	md := schema.Metadata()
	get := func(key string) (string, error) {
		v, ok := md.GetValue(key)
		if !ok {
			return "", fmt.Errorf("not a Grundy table file: metadata has no %q", key)
		}
		if strings.ContainsAny(v, "\x01\x02\x03") {
			return "", fmt.Errorf("partial table file: metadata %q was never filled in (the run did not finish)", key)
		}
		return v, nil
	}
	var info Info
	var err error
	var nText, maxText, secondsText, workersText, tileText string
	for _, kv := range []struct {
		key string
		dst *string
	}{
		{KeyTable, &info.Table}, {KeySymbol, &info.Symbol}, {KeyN, &nText}, {KeyDefinition, &info.Definition},
		{KeySource, &info.Source}, {KeyVersion, &info.Version}, {KeySHA256, &info.SHA256},
		{KeyMaxValue, &maxText}, {KeySeconds, &secondsText}, {KeyWorkers, &workersText}, {KeyTile, &tileText},
	} {
		if *kv.dst, err = get(kv.key); err != nil {
			return Info{}, err
		}
	}
	if info.N, err = parseInt(KeyN, nText); err != nil {
		return Info{}, err
	}
	if info.N < 0 || info.N >= math.MaxInt32 {
		return Info{}, fmt.Errorf("metadata n = %d is out of range", info.N)
	}
	maxValue, err := parseInt(KeyMaxValue, maxText)
	if err != nil {
		return Info{}, err
	}
	info.MaxValue = int32(maxValue)
	if info.Workers, err = parseInt(KeyWorkers, workersText); err != nil {
		return Info{}, err
	}
	if info.Tile, err = parseInt(KeyTile, tileText); err != nil {
		return Info{}, err
	}
	if info.Seconds, err = strconv.ParseFloat(secondsText, 64); err != nil {
		return Info{}, fmt.Errorf("metadata %q = %q is not a number", KeySeconds, secondsText)
	}
	compression, _ := md.GetValue(KeyCompression)
	info.Compression = Compression(compression)
	return info, nil
}

// fieldNames lists field names for an error message.
func fieldNames(fields []arrow.Field) string {
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.Name
	}
	return strings.Join(names, ", ")
}

// startsWithMagic reports whether f begins as an Arrow IPC file does.
func startsWithMagic(f *os.File) bool {
	head := make([]byte, len(arrowMagic))
	_, err := f.ReadAt(head, 0)
	return err == nil && string(head) == arrowMagic
}

// openedTable is a table file opened for reading, its metadata checked.
type openedTable struct {
	file   *os.File
	reader *ipc.FileReader
	info   Info
}

func (t openedTable) close() {
	t.reader.Close()
	t.file.Close()
}

// openTable opens path and reads and checks its schema and metadata. It
// refuses what is not a regular file, a FIFO or a device, without waiting
// on it.
func openTable(path string) (openedTable, error) { return openArrow(path, infoFromSchema) }

// openArrow opens the Arrow IPC file path, refusing what is not a regular
// file as openTable does, and reads its schema with parse.
func openArrow(path string, parse func(*arrow.Schema) (Info, error)) (openedTable, error) {
	f, err := openRegular(path, os.O_RDONLY)
	if err != nil {
		return openedTable{}, fmt.Errorf("read %s: %w", path, err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return openedTable{}, fmt.Errorf("read %s: %w", path, err)
	}
	if err := checkFooter(f, st.Size()); err != nil {
		partial := startsWithMagic(f)
		f.Close()
		if partial {
			return openedTable{}, fmt.Errorf("read %s: incomplete table file, not a complete Arrow IPC file: it has no footer; "+
				"it was truncated, or is the partial file of a run that did not finish (continue that with compute -resume): %w", path, err)
		}
		return openedTable{}, fmt.Errorf("read %s: not a valid Arrow IPC file: %w", path, err)
	}
	// Until the metadata is read nothing can be larger than the file.
	mem := &boundedAllocator{Allocator: memory.DefaultAllocator, limit: st.Size() + 64}
	r, err := ipc.NewFileReader(f, ipc.WithAllocator(mem))
	if err != nil {
		f.Close()
		return openedTable{}, fmt.Errorf("read %s: not an Arrow IPC file: %w", path, err)
	}
	info, err := parse(r.Schema())
	if err != nil {
		r.Close()
		f.Close()
		return openedTable{}, fmt.Errorf("read %s: %w", path, err)
	}
	// A decompressed column is at most the whole table's.
	mem.limit = max(mem.limit, 4*int64(info.N+1)*int64(info.N+1)+64)
	return openedTable{file: f, reader: r, info: info}, nil
}

// boundedAllocator refuses any single allocation above limit bytes. Lengths
// in an Arrow file are trusted by the Arrow reader, so a corrupted one would
// otherwise become an allocation of any size.
type boundedAllocator struct {
	memory.Allocator
	limit int64
}

// errAllocationTooLarge is the panic value of a refused allocation.
type errAllocationTooLarge struct{ size, limit int64 }

func (e errAllocationTooLarge) Error() string {
	return fmt.Sprintf("a length field asks for %d bytes, more than the file can hold (%d)", e.size, e.limit)
}

func (a *boundedAllocator) Allocate(size int) []byte {
	a.check(size)
	return a.Allocator.Allocate(size)
}

func (a *boundedAllocator) Reallocate(size int, b []byte) []byte {
	a.check(size)
	return a.Allocator.Reallocate(size, b)
}

func (a *boundedAllocator) check(size int) {
	if int64(size) > a.limit {
		panic(errAllocationTooLarge{int64(size), a.limit})
	}
}

// recoverCorrupt turns a panic of the Arrow reader on malformed bytes into an
// error naming the file: a corrupted input is the user's problem to hear
// about, not a crash.
func recoverCorrupt(path string, err *error) {
	if p := recover(); p != nil {
		*err = fmt.Errorf("read %s: corrupted table file: %v", path, p)
	}
}
