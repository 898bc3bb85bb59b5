package results

import (
	"fmt"
	"strings"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
)

// IsValuesFileName reports whether name is that of a values file
// (ValuesFileName), not of a table file.
func IsValuesFileName(name string) bool { return strings.HasSuffix(name, ".values.arrow") }

// ReadValuesInfo returns the metadata and the range of the values file at
// path without reading its rows.
func ReadValuesInfo(path string) (info Info, values ValueRange, err error) {
	defer recoverCorrupt(path, &err)
	var r ValueRange
	t, err := openArrow(path, valuesInfoParser(&r))
	if err != nil {
		return Info{}, ValueRange{}, err
	}
	t.close()
	return t.info, r, nil
}

// ScanValues reads the values file at path batch by batch, calling visit
// with the v, x and y columns of each record batch (valid only during the
// call), and checks what the file claims of them: the schema, every v in
// the file's range, every (x, y) inside the table and the rows strictly
// ordered by x, then y. The table's g_sha256 cannot be checked, as the file
// does not hold the table. Memory stays at one record batch.
func ScanValues(path string, visit func(v, x, y []int32) error) (info Info, values ValueRange, err error) {
	defer recoverCorrupt(path, &err)
	t, err := openArrow(path, valuesInfoParser(&values))
	if err != nil {
		return Info{}, ValueRange{}, err
	}
	defer t.close()
	info = t.info
	lastX, lastY := int32(-1), int32(0)
	for i := range t.reader.NumRecords() {
		rec, err := t.reader.Record(i)
		if err != nil {
			return Info{}, ValueRange{}, fmt.Errorf("read %s: record batch %d: %w", path, i, err)
		}
		var cols [3][]int32
		for c := range cols {
			col, ok := rec.Column(c).(*array.Int32)
			if !ok || col.NullN() != 0 {
				return Info{}, ValueRange{}, fmt.Errorf("read %s: record batch %d: column %s is not a null-free int32 column", path, i, rec.ColumnName(c))
			}
			cols[c] = col.Int32Values()
		}
		vs, xs, ys := cols[0], cols[1], cols[2]
		for k := range vs {
			x, y, v := xs[k], ys[k], vs[k]
			switch {
			case v < values.Lo || v > values.Hi:
				return Info{}, ValueRange{}, fmt.Errorf("read %s: row (v=%d, x=%d, y=%d) is outside the file's values %s", path, v, x, y, values)
			case x < 0 || y < 0 || int(x) > info.N || int(y) > info.N:
				return Info{}, ValueRange{}, fmt.Errorf("read %s: row (v=%d, x=%d, y=%d) is outside the table, n = %d", path, v, x, y, info.N)
			case x < lastX || (x == lastX && y <= lastY):
				return Info{}, ValueRange{}, fmt.Errorf("read %s: row (v=%d, x=%d, y=%d) does not follow (x=%d, y=%d): not ordered by x, then y", path, v, x, y, lastX, lastY)
			}
			lastX, lastY = x, y
		}
		if err := visit(vs, xs, ys); err != nil {
			return Info{}, ValueRange{}, err
		}
	}
	return info, values, nil
}

// valuesInfoParser returns the schema parser of a values file, which
// stores the file's range in *values.
func valuesInfoParser(values *ValueRange) func(*arrow.Schema) (Info, error) {
	return func(schema *arrow.Schema) (Info, error) {
		fields := schema.Fields()
		if len(fields) != 3 || fields[0].Name != "v" || fields[1].Name != "x" || fields[2].Name != "y" {
			return Info{}, fmt.Errorf("not a Grundy values file: columns are %s, want v, x, y", fieldNames(fields))
		}
		for _, f := range fields {
			if f.Type.ID() != arrow.INT32 {
				return Info{}, fmt.Errorf("not a Grundy values file: column %s is %s, want int32", f.Name, f.Type)
			}
		}
		md := schema.Metadata()
		text, ok := md.GetValue(KeyValues)
		if !ok {
			return Info{}, fmt.Errorf("not a Grundy values file: metadata has no %q", KeyValues)
		}
		r, err := ParseValueRange(text, int(^uint32(0)>>1))
		if err != nil {
			return Info{}, fmt.Errorf("metadata %q: %w", KeyValues, err)
		}
		*values = r
		// The rest of the metadata is a table file's, read as such.
		return infoFromSchema(arrow.NewSchema(tableFields, &md))
	}
}

// tableFields are the columns of a table file.
var tableFields = []arrow.Field{
	{Name: "x", Type: arrow.PrimitiveTypes.Int32},
	{Name: "y", Type: arrow.PrimitiveTypes.Int32},
	{Name: "g", Type: arrow.PrimitiveTypes.Int32},
}
