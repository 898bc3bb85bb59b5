package results

import (
	"encoding/binary"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/apache/arrow/go/v17/arrow"

	"github.com/grundy-lab/grundy/engine"
)

// A values file holds the positions of the cells whose value lies in a
// range LO … HI: columns v, x, y (int32), one row per such cell, ordered by
// x, then y, in record batches of whole x-rows. It carries the metadata of
// a table file, its g_sha256 and max_value those of the whole table (so a
// run that writes no table can be compared with one that does), plus
// KeyValues. At n = 10⁶ it is what a pattern search needs of a table that
// would take a terabyte.

// KeyValues is the metadata key of a values file's range, "LO-HI".
const KeyValues = "values"

// ValuesLayout is the value of KeyLayout in a values file.
const ValuesLayout = "positions of the cells with LO <= g <= HI (see the key values): columns v, x, y; " +
	"ordered by x, then y; record batches hold whole x-rows of the table"

// ValuesFileName is the name of the values file of table id at size n:
// "<id>_n<n>.values.arrow".
func ValuesFileName(id string, n int) string { return fmt.Sprintf("%s_n%d.values.arrow", id, n) }

// ValueRange is an inclusive range of Grundy values, Lo ≤ Hi.
type ValueRange struct{ Lo, Hi int32 }

// String is the range as KeyValues and the -values flags spell it.
func (r ValueRange) String() string { return fmt.Sprintf("%d-%d", r.Lo, r.Hi) }

// ParseValueRange reads "LO-HI" or a single value "V", 0 ≤ LO ≤ HI ≤ limit.
func ParseValueRange(s string, limit int) (ValueRange, error) {
	lo, hi, isRange := strings.Cut(strings.TrimSpace(s), "-")
	if !isRange {
		hi = lo
	}
	a, errLo := strconv.Atoi(strings.TrimSpace(lo))
	b, errHi := strconv.Atoi(strings.TrimSpace(hi))
	switch {
	case errLo != nil || errHi != nil || a < 0:
		return ValueRange{}, fmt.Errorf("%q is not a value or a range lo-hi of values ≥ 0, such as 0-40", s)
	case a > b:
		return ValueRange{}, fmt.Errorf("%q is an empty range", s)
	case b > limit:
		return ValueRange{}, fmt.Errorf("%q goes beyond %d", s, limit)
	}
	return ValueRange{int32(a), int32(b)}, nil
}

// ValuesWriter streams the values file of one table: WriteBand takes every
// band of the table, in order, keeps the cells of the range and accounts
// every cell for g_sha256 and max_value. Like TableWriter it writes a hidden
// partial file and renames it in Commit. Use it from one goroutine.
//
// compute no longer writes values files: its runs write values datasets
// (package results/valuesds), and the readers of values files stay for the
// files users have. This writer is kept for the tests of those readers
// (conjecture/pattern's among them), which make their files with it; it
// cannot resume.
type ValuesWriter struct {
	path, partial string
	file          *os.File
	sink          *messageSink
	encoder       *batchEncoder
	schema        *arrow.Schema
	info          Info
	values        ValueRange
	nextX         int
	sum           *TableSum
	kept          int64   // rows written
	vs, xs, ys    []int32 // reusable columns of a band's kept cells
	started       time.Time
}

// CreateValues starts the values file of info's table at path, replacing any
// partial file of an earlier run. The directory must exist.
func CreateValues(path string, info Info, values ValueRange) (*ValuesWriter, error) {
	if info.N < 0 || values.Lo < 0 || values.Lo > values.Hi {
		return nil, fmt.Errorf("create %s: n = %d, values %s: want n ≥ 0 and 0 ≤ LO ≤ HI", path, info.N, values)
	}
	f, err := os.OpenFile(PartialName(path), os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return nil, fmt.Errorf("create %s: %w", path, err)
	}
	w := newValuesWriter(path, f, info, values, &messageSink{w: f})
	if _, err := w.sink.Write([]byte(arrowMagic + "\x00\x00")); err != nil {
		w.Abort()
		return nil, fmt.Errorf("create %s: %w", path, err)
	}
	if err := writeSchemaMessage(w.sink, w.schema); err != nil {
		w.Abort()
		return nil, fmt.Errorf("create %s: %w", path, err)
	}
	return w, nil
}

// newValuesWriter sets up a writer on the open partial file f.
func newValuesWriter(path string, f *os.File, info Info, values ValueRange, sink *messageSink) *ValuesWriter {
	w := &ValuesWriter{
		path:    path,
		partial: f.Name(),
		file:    f,
		sink:    sink,
		schema:  valuesSchema(info, values, placeholderSHA256, placeholderMaxValue, placeholderSeconds, placeholderWorkers),
		info:    info,
		values:  values,
		sum:     NewTableSum(),
		started: time.Now(),
	}
	w.encoder = newBatchEncoder(info.Compression)
	return w
}

// valuesSchema is the v, x, y schema with info's metadata, the range and
// the given values of the keys known only at the end.
func valuesSchema(info Info, values ValueRange, sha, maxValue, seconds, workers string) *arrow.Schema {
	md := arrow.NewMetadata(
		[]string{KeyTable, KeySymbol, KeyN, KeyDefinition, KeySource, KeyLayout,
			KeyVersion, KeyWorkers, KeyTile, KeyCompression, KeyValues,
			KeySHA256, KeyMaxValue, KeySeconds},
		[]string{info.Table, info.Symbol, strconv.Itoa(info.N), info.Definition, info.Source, ValuesLayout,
			Version, workers, strconv.Itoa(info.Tile), string(info.Compression), values.String(),
			sha, maxValue, seconds},
	)
	return arrow.NewSchema([]arrow.Field{
		{Name: "v", Type: arrow.PrimitiveTypes.Int32},
		{Name: "x", Type: arrow.PrimitiveTypes.Int32},
		{Name: "y", Type: arrow.PrimitiveTypes.Int32},
	}, &md)
}

// Rows returns the number of table rows accounted so far.
func (w *ValuesWriter) Rows() int { return w.nextX }

// WriteBand accounts the rows of b, which must be the next rows of the
// table, and writes the cells of the range as one record batch (none when
// the band holds no such cell).
func (w *ValuesWriter) WriteBand(b engine.Band) error {
	n := w.info.N
	if b.X0 != w.nextX || b.Width != n+1 || len(b.Cells) != b.Rows*b.Width || w.nextX+b.Rows > n+1 {
		return fmt.Errorf("write %s: band of rows %d..%d (width %d) does not follow row %d of a table of side %d",
			w.path, b.X0, b.X0+b.Rows-1, b.Width, w.nextX, n+1)
	}
	w.sum.Add(b.Cells)
	vs, xs, ys := w.vs[:0], w.xs[:0], w.ys[:0]
	lo, span := w.values.Lo, uint32(w.values.Hi-w.values.Lo)
	for r := range b.Rows {
		for y, v := range b.Cells[r*b.Width : (r+1)*b.Width] {
			if uint32(v-lo) <= span {
				vs, xs, ys = append(vs, v), append(xs, int32(b.X0+r)), append(ys, int32(y))
			}
		}
	}
	w.vs, w.xs, w.ys = vs, xs, ys
	w.nextX += b.Rows
	if len(vs) == 0 {
		return nil
	}
	return w.writeBatch(vs, xs, ys)
}

// writeBatch writes the columns v, x, y as one record batch.
func (w *ValuesWriter) writeBatch(vs, xs, ys []int32) error {
	var batch encodedBatch
	for i, col := range [3][]int32{vs, xs, ys} {
		var err error
		if batch.buffers[i], err = w.encoder.buffer(nil, col); err != nil {
			return fmt.Errorf("write %s: %w", w.partial, err)
		}
	}
	batch.meta = w.encoder.metadata(int64(len(vs)), batch.buffers)
	if err := w.sink.writeBatch(batch); err != nil {
		return fmt.Errorf("write %s: %w", w.partial, err)
	}
	w.kept += int64(len(vs))
	return nil
}

// Commit finishes the values file of a complete table, as TableWriter.Commit
// does: footer, final metadata, sync, rename. The Summary's Cells counts the
// table's cells, all of which are in g_sha256. On error the partial file is
// removed.
func (w *ValuesWriter) Commit() (Summary, error) {
	n := w.info.N
	if w.nextX != n+1 {
		w.Abort()
		return Summary{}, fmt.Errorf("commit %s: only %d of %d rows accounted", w.path, w.nextX, n+1)
	}
	sum := Summary{Path: w.path, SHA256: w.sum.SHA256(), MaxValue: w.sum.MaxValue(), Cells: int64(n+1) * int64(n+1)}
	final := map[string]string{
		placeholderSHA256:   sum.SHA256,
		placeholderMaxValue: formatMaxValue(sum.MaxValue),
		placeholderSeconds:  formatSeconds(time.Since(w.started).Seconds()),
		placeholderWorkers:  formatWorkers(w.info.Workers),
	}
	schema := valuesSchema(w.info, w.values, sum.SHA256, final[placeholderMaxValue], final[placeholderSeconds], final[placeholderWorkers])
	footer := encodeInt32Footer([3]string{"v", "x", "y"}, schema.Metadata(), w.sink.blocks)
	if err := finishFile(w.file, w.sink, footer, final, w.partial, w.path); err != nil {
		return Summary{}, err
	}
	return sum, nil
}

// finishFile completes an Arrow file written through sink to the open
// partial file f: it appends footer and the trailer, writes the final
// metadata values over their placeholders and publishes the file under
// path. On error the partial file is removed.
func finishFile(f *os.File, sink *messageSink, footer []byte, final map[string]string, partial, path string) error {
	var trailer [4]byte
	binary.LittleEndian.PutUint32(trailer[:], uint32(len(footer)))
	_, err := sink.Write(footer)
	if err == nil {
		_, err = sink.Write(append(trailer[:], arrowMagic...))
	}
	if err == nil {
		err = patchMetadata(f, sink.placeholders, final)
	}
	if err = publish(f, partial, path, err); err != nil {
		os.Remove(partial)
		return fmt.Errorf("commit %s: %w", path, err)
	}
	return nil
}

// Abort abandons the values file and removes its partial file.
func (w *ValuesWriter) Abort() {
	w.file.Close()
	os.Remove(w.partial)
}
