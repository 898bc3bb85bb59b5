package results

import (
	"crypto/sha256"
	"fmt"
	"math"
	"os"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/memory"
	"github.com/apache/arrow/go/v17/parquet"
	"github.com/apache/arrow/go/v17/parquet/file"

	"github.com/grundy-lab/grundy/engine"
)

// parquetMagic opens and closes a Parquet file.
const parquetMagic = "PAR1"

// isParquet reports whether the file at path is a regular file that begins
// as a Parquet file does; anything else goes to the Arrow reader, which
// says what is wrong with it.
func isParquet(path string) bool {
	f, err := openRegular(path, os.O_RDONLY)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, len(parquetMagic))
	_, err = f.ReadAt(head, 0)
	return err == nil && string(head) == parquetMagic
}

// openParquet opens the Parquet table file at path and reads and checks its
// columns and metadata.
func openParquet(path string) (*file.Reader, Info, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, Info{}, fmt.Errorf("read %s: %w", path, err)
	}
	// As for Arrow files: until the metadata is read nothing can be larger
	// than the file, and then no buffer larger than a column of the table.
	mem := &boundedAllocator{Allocator: memory.DefaultAllocator, limit: st.Size() + 64}
	r, err := file.OpenParquetFile(path, false, file.WithReadProps(parquet.NewReaderProperties(mem)))
	if err != nil {
		return nil, Info{}, fmt.Errorf("read %s: not a complete Parquet file (truncated, or not Parquet): %w", path, err)
	}
	info, err := infoFromSchema(parquetArrowSchema(r))
	if err != nil {
		r.Close()
		return nil, Info{}, fmt.Errorf("read %s: %w", path, err)
	}
	mem.limit = max(mem.limit, 4*int64(info.N+1)*int64(info.N+1)+64)
	return r, info, nil
}

// parquetArrowSchema describes r's columns and key-value metadata as an Arrow
// schema, so that the checks of infoFromSchema apply to both formats: a
// required INT32 column with no logical type is an Arrow int32, anything
// else a type infoFromSchema rejects.
func parquetArrowSchema(r *file.Reader) *arrow.Schema {
	sc := r.MetaData().Schema
	fields := make([]arrow.Field, sc.NumColumns())
	for i := range fields {
		col := sc.Column(i)
		fields[i] = arrow.Field{Name: col.Name(), Type: arrow.PrimitiveTypes.Int32}
		if col.PhysicalType() != parquet.Types.Int32 || col.MaxDefinitionLevel() != 0 || col.MaxRepetitionLevel() != 0 ||
			(col.LogicalType() != nil && !col.LogicalType().IsNone()) {
			fields[i].Type = arrow.BinaryTypes.Binary
		}
	}
	kv := r.MetaData().KeyValueMetadata()
	md := arrow.NewMetadata(kv.Keys(), kv.Values())
	return arrow.NewSchema(fields, &md)
}

// scanParquet is Scan for a Parquet table file: each row group is a band.
func scanParquet(path string, visit func(engine.Band) error) (Info, error) {
	r, info, err := openParquet(path)
	if err != nil {
		return Info{}, err
	}
	defer r.Close()
	width := info.N + 1
	hash := sha256.New()
	maxValue := int32(math.MinInt32)
	nextX := 0
	var cols [3][]int32
	for i := range r.NumRowGroups() {
		rg := r.RowGroup(i)
		rows := rg.NumRows()
		if rows%int64(width) != 0 || rows/int64(width) > int64(width-nextX) {
			return Info{}, fmt.Errorf("read %s: row group %d: %d rows are not whole table rows after row %d of %d",
				path, i, rows, nextX, width)
		}
		for c := range cols {
			if cols[c], err = readInt32Column(rg, c, int(rows), cols[c]); err != nil {
				return Info{}, fmt.Errorf("read %s: row group %d: %w", path, i, err)
			}
		}
		g := cols[2]
		if err := checkColumns(cols[0], cols[1], g, nextX, width); err != nil {
			return Info{}, fmt.Errorf("read %s: row group %d: %w", path, i, err)
		}
		for _, v := range g {
			maxValue = max(maxValue, v)
		}
		hash.Write(littleEndianBytes(g))
		band := engine.Band{X0: nextX, Rows: int(rows) / width, Width: width, Cells: g}
		if err := visit(band); err != nil {
			return Info{}, err
		}
		nextX += band.Rows
	}
	return info, checkTotals(path, info, nextX, maxValue, fmt.Sprintf("%x", hash.Sum(nil)))
}

// readInt32Column reads the rows values of column c of rg into buf, grown as
// needed.
func readInt32Column(rg *file.RowGroupReader, c, rows int, buf []int32) ([]int32, error) {
	cr, err := rg.Column(c)
	if err != nil {
		return nil, err
	}
	ints, ok := cr.(*file.Int32ColumnChunkReader)
	if !ok {
		return nil, fmt.Errorf("column %d is not int32", c)
	}
	if cap(buf) < rows {
		buf = make([]int32, rows)
	}
	buf = buf[:rows]
	for read := 0; read < rows; {
		_, n, err := ints.ReadBatch(int64(rows-read), buf[read:], nil, nil)
		if err != nil {
			return nil, fmt.Errorf("column %s: %w", cr.Descriptor().Name(), err)
		}
		if n == 0 {
			return nil, fmt.Errorf("column %s: %d of %d values", cr.Descriptor().Name(), read, rows)
		}
		read += n
	}
	return buf, nil
}
