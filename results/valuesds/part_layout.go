package valuesds

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/grundy-lab/grundy/results/valuesds/internal/compact"
)

// A part's layout is checked from its bytes before its Parquet library
// reads it, field by field, for the readers that trust what it says
// (DuckDB, polars and pyarrow skip row groups by their statistics, size
// their buffers by the row and value counts, and follow the offsets): the
// schema of three required columns v int32, x int64, y int64; column
// chunks that follow one another from the magic to the footer with no
// byte between them, each of pages that fill it exactly, whose sizes add
// up to the chunk's compressed and uncompressed sizes and whose values to
// the chunk's num_values, which is the row group's num_rows; each row
// group's total_byte_size and total_compressed_size the sum of its chunks'
// compressed sizes (as arrow writes them), its file_offset its first
// chunk's; and statistics on every chunk, and on every data page that has
// them, with a min and max of the column's width (min_value/max_value, and
// the deprecated min/max equal to them when present), a null_count of 0
// and a distinct_count of 0 (not counted) or none. Fields a part never
// has (file paths, page and offset indexes, bloom filters, encryption,
// version-2 data pages) are refused. What the statistics say is kept in a
// partLayout, for the decoder to hold against the cells it decodes.

// partLayout is what a part's footer and page headers say of its row
// groups.
type partLayout struct{ groups []groupLayout }

// groupLayout is a row group: its rows and its three column chunks.
type groupLayout struct {
	rows int64
	cols [3]chunkLayout
}

// chunkLayout is a column chunk's statistics and its data pages, in order.
type chunkLayout struct {
	stats stats
	pages []pageLayout
}

// pageLayout is a data page: its values and its statistics, if it has any.
type pageLayout struct {
	values   int64
	stats    stats
	hasStats bool
}

// stats is a min and max, of v sign-extended to 64 bits.
type stats struct{ min, max int64 }

// partColumns are the columns of a part, in order, with their physical
// types and the widths of their values.
var partColumns = [3]struct {
	name  string
	typ   int64
	width int
}{{"v", typeInt32, 4}, {"x", typeInt64, 8}, {"y", typeInt64, 8}}

// maxFooterBytes bounds a part's footer: 201 row groups take 57 KB, and a
// part has at most a row group a cell.
const maxFooterBytes = 64 << 20

// readLayout reads and checks the layout of the part f, of size bytes.
func readLayout(f io.ReaderAt, size int64) (*partLayout, error) {
	var tail [8]byte
	var head [4]byte
	if size < 12 {
		return nil, fmt.Errorf("%d bytes, too few for a Parquet file", size)
	}
	if _, err := f.ReadAt(head[:], 0); err != nil {
		return nil, err
	}
	if _, err := f.ReadAt(tail[:], size-8); err != nil {
		return nil, err
	}
	footerLen := int64(binary.LittleEndian.Uint32(tail[:4]))
	switch {
	case string(head[:]) != parquetMagic || string(tail[4:]) != parquetMagic:
		return nil, fmt.Errorf("not a Parquet file: it does not begin and end with %q", parquetMagic)
	case footerLen > min(size-12, maxFooterBytes):
		return nil, fmt.Errorf("a footer of %d bytes in a file of %d", footerLen, size)
	}
	footerAt := size - 8 - footerLen
	footer := make([]byte, footerLen)
	if _, err := f.ReadAt(footer, footerAt); err != nil {
		return nil, err
	}
	fields, n, err := compact.Decode(footer)
	if err != nil {
		return nil, fmt.Errorf("footer: %w", err)
	}
	if int64(n) != footerLen {
		return nil, fmt.Errorf("footer: %d bytes after its end", footerLen-int64(n))
	}
	l := &partLayout{}
	if err := l.readFooter(f, fields, footerAt); err != nil {
		return nil, fmt.Errorf("footer: %w", err)
	}
	return l, nil
}

// readFooter checks the FileMetaData fields and the pages of the chunks it
// lists, which must end at footerAt.
func (l *partLayout) readFooter(f io.ReaderAt, fields []compact.Field, footerAt int64) error {
	if err := only(fields, "FileMetaData", 1, 2, 3, 4, 5, 6, 7); err != nil {
		return err
	}
	if err := checkSchema(fields); err != nil {
		return err
	}
	rows, err := integer(fields, 3, "num_rows")
	if err != nil {
		return err
	}
	groups, err := list(fields, 4, "row_groups", compact.Struct)
	if err != nil {
		return err
	}
	at, total := int64(len(parquetMagic)), int64(0)
	for g, rg := range groups {
		gl, err := l.readGroup(f, rg.Fields, g, &at)
		if err != nil {
			return fmt.Errorf("row group %d: %w", g, err)
		}
		if gl.rows <= 0 || gl.rows > rows-total {
			return fmt.Errorf("row group %d: num_rows %d, after %d of the file's %d", g, gl.rows, total, rows)
		}
		total += gl.rows
		l.groups = append(l.groups, gl)
	}
	switch {
	case total != rows:
		return fmt.Errorf("num_rows %d, but the row groups hold %d", rows, total)
	case at != footerAt:
		return fmt.Errorf("the column chunks end at byte %d, the footer begins at %d", at, footerAt)
	}
	return nil
}

// checkSchema checks that the schema is a root of three required columns
// v int32, x int64, y int64.
func checkSchema(fields []compact.Field) error {
	schema, err := list(fields, 2, "schema", compact.Struct)
	if err != nil {
		return err
	}
	if len(schema) != 1+len(partColumns) {
		return fmt.Errorf("a schema of %d elements, want a root and v, x, y", len(schema))
	}
	root := schema[0].Fields
	if err := only(root, "the schema's root", 3, 4, 5); err != nil {
		return err
	}
	if k, err := integer(root, 5, "the root's num_children"); err != nil || k != int64(len(partColumns)) {
		return fmt.Errorf("the schema's root has num_children %d, want %d (v, x, y)", k, len(partColumns))
	}
	if name, err := binaryField(root, 4, "the root's name"); err == nil && !utf8.Valid(name) {
		return fmt.Errorf("the name of schema element 0 is not UTF-8")
	}
	for i, want := range partColumns {
		el := schema[1+i].Fields
		typ, terr := integer(el, 1, "type")
		rep, rerr := integer(el, 3, "repetition_type")
		name, nerr := binaryField(el, 4, "name")
		if err := errors.Join(only(el, "a schema element", 1, 3, 4), terr, rerr, nerr); err != nil {
			return fmt.Errorf("schema column %d: %w", i, err)
		}
		if typ != want.typ || rep != repetitionRequired || string(name) != want.name {
			return fmt.Errorf("schema column %d is %q of type %d, repetition %d: want the required %s of type %d", i, name, typ, rep, want.name, want.typ)
		}
	}
	return nil
}

// readGroup checks the row group rg, number g, whose first chunk must
// begin at *at, and moves *at past its chunks.
func (l *partLayout) readGroup(f io.ReaderAt, rg []compact.Field, g int, at *int64) (groupLayout, error) {
	var gl groupLayout
	if err := only(rg, "RowGroup", 1, 2, 3, 5, 6, 7); err != nil {
		return gl, err
	}
	rows, err := integer(rg, 3, "num_rows")
	if err != nil {
		return gl, err
	}
	gl.rows = rows
	chunks, err := list(rg, 1, "columns", compact.Struct)
	if err != nil {
		return gl, err
	}
	if len(chunks) != len(partColumns) {
		return gl, fmt.Errorf("%d column chunks, want %d", len(chunks), len(partColumns))
	}
	first, size := *at, int64(0)
	for i := range chunks {
		compressed, err := gl.cols[i].read(f, chunks[i].Fields, i, rows, at)
		if err != nil {
			return gl, fmt.Errorf("column %s: %w", partColumns[i].name, err)
		}
		size += compressed
	}
	for _, want := range []struct {
		id    int16
		name  string
		value int64
		must  bool
	}{{2, "total_byte_size", size, true}, {5, "file_offset", first, false}, {6, "total_compressed_size", size, false}, {7, "ordinal", int64(g), false}} {
		got, err := integer(rg, want.id, want.name)
		if err != nil && (want.must || !errors.Is(err, errAbsent)) {
			return gl, err
		}
		if err == nil && got != want.value {
			return gl, fmt.Errorf("%s %d, but its column chunks say %d", want.name, got, want.value)
		}
	}
	return gl, nil
}

// read checks the column chunk cc of column i of a row group of rows rows,
// which must begin at *at, and its pages; it moves *at past the chunk and
// returns its compressed size.
func (c *chunkLayout) read(f io.ReaderAt, cc []compact.Field, i int, rows int64, at *int64) (int64, error) {
	if err := only(cc, "ColumnChunk", 2, 3); err != nil {
		return 0, err
	}
	mf, ok := compact.Get(cc, 3)
	if !ok || mf.Type != compact.Struct {
		return 0, fmt.Errorf("no meta_data")
	}
	md := mf.Fields
	if err := only(md, "ColumnMetaData", 1, 2, 3, 4, 5, 6, 7, 9, 11, 12, 13); err != nil {
		return 0, err
	}
	var v [6]int64
	for k, f := range []struct {
		id   int16
		name string
	}{{1, "type"}, {5, "num_values"}, {6, "total_uncompressed_size"}, {7, "total_compressed_size"}, {9, "data_page_offset"}, {11, "dictionary_page_offset"}} {
		var err error
		if v[k], err = integer(md, f.id, f.name); err != nil && !(f.id == 11 && errors.Is(err, errAbsent)) {
			return 0, err
		} else if err != nil {
			v[k] = -1
		}
	}
	typ, values, uncompressed, compressed, dataAt, dictAt := v[0], v[1], v[2], v[3], v[4], v[5]
	path, err := list(md, 3, "path_in_schema", compact.Binary)
	if err != nil {
		return 0, err
	}
	start := dataAt
	if dictAt >= 0 {
		start = dictAt
	}
	switch {
	case typ != partColumns[i].typ || len(path) != 1 || string(path[0].Bytes) != partColumns[i].name:
		return 0, fmt.Errorf("type %d, path %d elements: want %s of type %d", typ, len(path), partColumns[i].name, partColumns[i].typ)
	case values != rows:
		return 0, fmt.Errorf("num_values %d, but the row group has %d rows", values, rows)
	case start != *at || dictAt >= 0 && dictAt >= dataAt:
		return 0, fmt.Errorf("the chunk begins at byte %d (data pages at %d), want %d, where the one before ends", start, dataAt, *at)
	case compressed <= 0 || uncompressed <= 0:
		return 0, fmt.Errorf("total_compressed_size %d, total_uncompressed_size %d", compressed, uncompressed)
	}
	if err := checkEncodingStats(md); err != nil {
		return 0, err
	}
	sf, ok := compact.Get(md, 12)
	if !ok || sf.Type != compact.Struct {
		return 0, fmt.Errorf("no statistics")
	}
	if c.stats, err = readStats(sf.Fields, partColumns[i].width); err != nil {
		return 0, fmt.Errorf("statistics: %w", err)
	}
	if err := c.readPages(f, *at, compressed, uncompressed, values, dataAt, i); err != nil {
		return 0, err
	}
	*at += compressed
	return compressed, nil
}

// maxPageHeader bounds a page header: with statistics a hundred bytes.
const maxPageHeader = 1 << 16

// readPages walks the pages of a chunk from at, compressed bytes
// (uncompressed before compression), values values, its data pages from
// dataAt: the pages must fill it exactly and hold its values.
func (c *chunkLayout) readPages(f io.ReaderAt, at, compressed, uncompressed, values, dataAt int64, col int) error {
	end, sizes, count := at+compressed, int64(0), int64(0)
	buf := make([]byte, 256)
	for p := at; p < end; {
		buf = buf[:min(int64(cap(buf)), end-p)]
		n, err := f.ReadAt(buf, p)
		if err != nil && !(err == io.EOF && n == len(buf)) {
			return err
		}
		header, used, err := compact.Decode(buf)
		if err != nil {
			if len(buf) < maxPageHeader && int64(len(buf)) < end-p { // a longer header: read more
				buf = make([]byte, 2*len(buf))
				continue
			}
			return fmt.Errorf("page at byte %d: header: %w", p, err)
		}
		pl, size, stored, err := readPageHeader(header, col, p == at && p < dataAt)
		if err != nil {
			return fmt.Errorf("page at byte %d: %w", p, err)
		}
		if p == at && p < dataAt && p+int64(used)+stored != dataAt {
			return fmt.Errorf("the dictionary page ends at byte %d, the data pages begin at %d", p+int64(used)+stored, dataAt)
		}
		if stored > end-p-int64(used) {
			return fmt.Errorf("page at byte %d: compressed_page_size %d runs past the chunk's end at %d", p, stored, end)
		}
		p += int64(used) + stored
		sizes += int64(used) + size
		if pl.values > 0 {
			count += pl.values
			c.pages = append(c.pages, pl)
		}
	}
	switch {
	case sizes != uncompressed:
		return fmt.Errorf("total_uncompressed_size %d, but the pages take %d", uncompressed, sizes)
	case count != values:
		return fmt.Errorf("num_values %d, but the data pages hold %d", values, count)
	}
	return nil
}

// readPageHeader checks a page header, of a dictionary page if dict, and
// returns the page and its sizes, uncompressed and stored.
func readPageHeader(h []compact.Field, col int, dict bool) (pageLayout, int64, int64, error) {
	var pl pageLayout
	if err := only(h, "PageHeader", 1, 2, 3, 5, 7); err != nil {
		return pl, 0, 0, err
	}
	typ, terr := integer(h, 1, "type")
	size, uerr := integer(h, 2, "uncompressed_page_size")
	stored, cerr := integer(h, 3, "compressed_page_size")
	if err := errors.Join(terr, uerr, cerr); err != nil {
		return pl, 0, 0, err
	}
	if size < 0 || stored < 0 || size > maxAllocation || stored > maxAllocation {
		return pl, 0, 0, fmt.Errorf("page sizes %d (uncompressed) and %d (compressed), not 0 … %d", size, stored, maxAllocation)
	}
	const pageDictionary = 2
	if dict {
		df, ok := compact.Get(h, 7)
		if typ != pageDictionary || !ok || df.Type != compact.Struct {
			return pl, 0, 0, fmt.Errorf("type %d before the data pages, want a dictionary page", typ)
		}
		return pl, size, stored, only(df.Fields, "DictionaryPageHeader", 1, 2, 3)
	}
	df, ok := compact.Get(h, 5)
	if typ != pageData || !ok || df.Type != compact.Struct {
		return pl, 0, 0, fmt.Errorf("type %d among the data pages, want a data page (version 1)", typ)
	}
	dh := df.Fields
	if err := only(dh, "DataPageHeader", 1, 2, 3, 4, 5); err != nil {
		return pl, 0, 0, err
	}
	values, err := integer(dh, 1, "num_values")
	if err != nil {
		return pl, 0, 0, err
	}
	if values <= 0 {
		return pl, 0, 0, fmt.Errorf("num_values %d", values)
	}
	pl.values = values
	if sf, ok := compact.Get(dh, 5); ok {
		if sf.Type != compact.Struct {
			return pl, 0, 0, fmt.Errorf("statistics of type %d", sf.Type)
		}
		if pl.stats, err = readStats(sf.Fields, partColumns[col].width); err != nil {
			return pl, 0, 0, fmt.Errorf("statistics: %w", err)
		}
		pl.hasStats = true
	}
	return pl, size, stored, nil
}

// readStats checks Statistics fields of a column of values of width bytes.
func readStats(fields []compact.Field, width int) (stats, error) {
	if err := only(fields, "Statistics", 1, 2, 3, 4, 5, 6, 7, 8); err != nil {
		return stats{}, err
	}
	var s stats
	for _, m := range []struct {
		value, deprecated int16
		name              string
		to                *int64
	}{{6, 2, "min_value", &s.min}, {5, 1, "max_value", &s.max}} {
		b, err := binaryField(fields, m.value, m.name)
		if err != nil {
			return s, err
		}
		if len(b) != width {
			return s, fmt.Errorf("%s of %d bytes, want %d", m.name, len(b), width)
		}
		if old, ok := compact.Get(fields, m.deprecated); ok && (old.Type != compact.Binary || string(old.Bytes) != string(b)) {
			return s, fmt.Errorf("the deprecated field %d is not %s", m.deprecated, m.name)
		}
		if width == 4 {
			*m.to = int64(int32(binary.LittleEndian.Uint32(b)))
		} else {
			*m.to = int64(binary.LittleEndian.Uint64(b))
		}
	}
	nulls, err := integer(fields, 3, "null_count")
	if err != nil || nulls != 0 {
		return s, errors.Join(err, fmt.Errorf("null_count %d, in a column without nulls", nulls))
	}
	if d, err := integer(fields, 4, "distinct_count"); err == nil && d != 0 || err != nil && !errors.Is(err, errAbsent) {
		return s, errors.Join(err, fmt.Errorf("distinct_count %d, which the writers leave 0 (not counted)", d))
	}
	for _, id := range []int16{7, 8} {
		if e, ok := compact.Get(fields, id); ok && (e.Type != compact.True || e.Int != 1) {
			return s, fmt.Errorf("min or max not exact (field %d)", id)
		}
	}
	if s.min > s.max {
		return s, fmt.Errorf("min %d above max %d", s.min, s.max)
	}
	return s, nil
}

// errAbsent is the error of a field not there.
var errAbsent = errors.New("absent")

// only refuses a field of fields whose id is not one of ids, and a field
// given twice.
func only(fields []compact.Field, what string, ids ...int16) error {
	var seen [16]bool
	for _, f := range fields {
		known := false
		for _, id := range ids {
			known = known || f.ID == id
		}
		if !known {
			return fmt.Errorf("%s has a field %d, which a part does not have", what, f.ID)
		}
		if seen[f.ID] {
			return fmt.Errorf("%s has field %d twice", what, f.ID)
		}
		seen[f.ID] = true
	}
	return nil
}

// integer returns the integer field id of fields.
func integer(fields []compact.Field, id int16, name string) (int64, error) {
	f, ok := compact.Get(fields, id)
	switch {
	case !ok:
		return 0, fmt.Errorf("%s: %w", name, errAbsent)
	case f.Type != compact.I16 && f.Type != compact.I32 && f.Type != compact.I64:
		return 0, fmt.Errorf("%s is of type %d, not an integer", name, f.Type)
	}
	return f.Int, nil
}

// binaryField returns the binary field id of fields.
func binaryField(fields []compact.Field, id int16, name string) ([]byte, error) {
	f, ok := compact.Get(fields, id)
	switch {
	case !ok:
		return nil, fmt.Errorf("%s: %w", name, errAbsent)
	case f.Type != compact.Binary:
		return nil, fmt.Errorf("%s is of type %d, not binary", name, f.Type)
	}
	return f.Bytes, nil
}

// list returns the elements of the list field id of fields, of type elem.
func list(fields []compact.Field, id int16, name string, elem byte) ([]compact.Value, error) {
	f, ok := compact.Get(fields, id)
	switch {
	case !ok:
		return nil, fmt.Errorf("%s: %w", name, errAbsent)
	case f.Type != compact.List || f.Elem != elem:
		return nil, fmt.Errorf("%s is not a list of type %d", name, elem)
	}
	return f.Elems, nil
}

// checkEncodingStats refuses a column chunk's encoding statistics (field
// 13, if given) whose page type, encoding or count is negative: readers
// size by them, and no writer states such a count.
func checkEncodingStats(md []compact.Field) error {
	stats, err := list(md, 13, "encoding_stats", compact.Struct)
	if errors.Is(err, errAbsent) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, st := range stats {
		for _, id := range []int16{1, 2, 3} {
			if v, err := integer(st.Fields, id, "an encoding statistic"); err != nil || v < 0 {
				return fmt.Errorf("encoding statistics of page type, encoding and count that are not all 0 or more")
			}
		}
	}
	return nil
}
