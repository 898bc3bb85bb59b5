package valuesds

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/apache/arrow/go/v17/parquet"
	"github.com/apache/arrow/go/v17/parquet/compress"
	"github.com/apache/arrow/go/v17/parquet/file"
	"github.com/apache/arrow/go/v17/parquet/schema"

	"github.com/grundy-lab/grundy/results"
)

// partSchema is the schema of a part: v int32, x int64, y int64, required.
func partSchema() *schema.GroupNode {
	root, err := schema.NewGroupNode("schema", parquet.Repetitions.Required, schema.FieldList{
		schema.NewInt32Node("v", parquet.Repetitions.Required, -1),
		schema.NewInt64Node("x", parquet.Repetitions.Required, -1),
		schema.NewInt64Node("y", parquet.Repetitions.Required, -1),
	}, -1)
	if err != nil {
		panic(err) // a fixed, valid schema
	}
	return root
}

// partProperties are the writer properties of a part: v PLAIN (one value a row group: zstd makes it a few bytes;
// dictionary encoding cost a hash lookup a cell, a quarter of the encoding,
// for a part 0.2% larger), x and y DELTA_BINARY_PACKED, zstd,
// statistics on every column (what lets a reader skip row groups).
var partProperties = parquet.NewWriterProperties(
	parquet.WithVersion(parquet.V2_6),
	parquet.WithCreatedBy("grundy "+results.Version),
	parquet.WithDictionaryDefault(false),
	parquet.WithEncodingFor("x", parquet.Encodings.DeltaBinaryPacked),
	parquet.WithEncodingFor("y", parquet.Encodings.DeltaBinaryPacked),
	parquet.WithCompression(compress.Codecs.Zstd),
	parquet.WithStats(true),
	parquet.WithMaxRowGroupLength(MaxPartCells+1),
)

// arrowEncodePart is encodePart through arrow-go's Parquet writer, as the
// package wrote parts before it had its own writer: the reference whose
// bytes encodePart must reproduce.
func arrowEncodePart(w io.Writer, m Meta, xFirst, xLast int64, c *cells) error {
	out := &firstError{w: w}
	err := catchPanic(func() {
		pw := file.NewParquetWriter(out, partSchema(), file.WithWriterProps(partProperties))
		for a := 0; a < c.len(); {
			b := a + 1
			for b < c.len() && c.vs[b] == c.vs[a] {
				b++
			}
			arrowWriteRowGroup(pw, c.vs[a:b], c.xs[a:b], c.ys[a:b])
			a = b
		}
		for _, kv := range partMetadata(m, xFirst, xLast) {
			must(pw.AppendKeyValueMetadata(kv[0], kv[1]))
		}
		must(pw.Close())
	})
	// The Parquet writer does not always pass on the error of the file
	// under it: a full disk at its first bytes is "failed to write magic
	// number", and one in its last bytes was lost (Close returned nil over
	// a part cut short). The caller must see every failed write, as such.
	switch {
	case out.err == nil || errors.Is(err, out.err):
	case err == nil:
		err = out.err
	default:
		err = fmt.Errorf("%w: %w", err, out.err)
	}
	return err
}

// firstError passes writes on to w and keeps the first error w returned.
type firstError struct {
	w   io.Writer
	err error
}

func (f *firstError) Write(p []byte) (int, error) {
	n, err := f.w.Write(p)
	if err != nil && f.err == nil {
		f.err = err
	}
	return n, err
}

// arrowWriteRowGroup appends one row group of the columns vs, xs, ys; it panics
// on an error, which encodePart recovers.
func arrowWriteRowGroup(pw *file.Writer, vs []int32, xs, ys []int64) {
	rg := pw.AppendRowGroup()
	cw, err := rg.NextColumn()
	must(err)
	_, err = cw.(*file.Int32ColumnChunkWriter).WriteBatch(vs, nil, nil)
	must(err)
	must(cw.Close())
	for _, col := range [][]int64{xs, ys} {
		cw, err := rg.NextColumn()
		must(err)
		_, err = cw.(*file.Int64ColumnChunkWriter).WriteBatch(col, nil, nil)
		must(err)
		must(cw.Close())
	}
	must(rg.Close())
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}

// arrowDecodePart reads every cell of the Parquet file data through
// arrow-go's reader, with no check of the cells: the independent decoder
// the writer's tests compare with.
func arrowDecodePart(data []byte) (*cells, error) {
	out := &cells{}
	err := catchPanic(func() {
		r, err := file.NewParquetReader(bytes.NewReader(data))
		must(err)
		defer r.Close()
		for g := range r.NumRowGroups() {
			rg := r.RowGroup(g)
			rows := rg.NumRows()
			vs, xs, ys := make([]int32, rows), make([]int64, rows), make([]int64, rows)
			cv, err := rg.Column(0)
			must(err)
			must(readFull(cv.(*file.Int32ColumnChunkReader).ReadBatch, rows, vs, "v"))
			for i, col := range [][]int64{xs, ys} {
				cr, err := rg.Column(i + 1)
				must(err)
				must(readFull(cr.(*file.Int64ColumnChunkReader).ReadBatch, rows, col, "x or y"))
			}
			out.vs, out.xs, out.ys = append(out.vs, vs...), append(out.xs, xs...), append(out.ys, ys...)
		}
	})
	return out, err
}
