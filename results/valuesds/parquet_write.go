package valuesds

import (
	"encoding/binary"
	"io"
	"sync"

	"github.com/klauspost/compress/zstd"

	"github.com/grundy-lab/grundy/results"
)

// A part's Parquet file (Apache Parquet, "File Format"), byte for byte the
// file arrow-go v17's writer made of it (format 2.6, no dictionary, v
// PLAIN, x and y DELTA_BINARY_PACKED, zstd, statistics), which the tests
// check; written here because that writer spent most of its time reading
// each value through reflection:
//
//	"PAR1"
//	row group 1: column chunk v, column chunk x, column chunk y
//	…
//	footer: FileMetaData (Thrift compact), its length (uint32 LE), "PAR1"
//
// A column chunk is its data pages (v1: a PageHeader with the page's
// statistics, then the page's values compressed by zstd; the columns are
// required, so the pages hold no levels). Pages hold about pageLimit bytes
// of encoded values at most: as in arrow, the encoder's size is checked
// after every batchValues values, and the page ends at the first check
// that finds pageLimit bytes or more.
const (
	parquetMagic = "PAR1"
	pageLimit    = 1 << 20 // arrow's default data page size
	batchValues  = 1024    // arrow's default write batch size
)

// Parquet's enumerations, as parquet.thrift numbers them.
const (
	typeInt32            = 1
	typeInt64            = 2
	encodingPlain        = 0
	encodingRLE          = 3
	encodingDeltaBinary  = 5
	codecZstd            = 6
	pageData             = 0
	repetitionRequired   = 0
	fileMetaDataVersion2 = 2 // arrow's for every format version after 1.0
)

// partZstd is the compressor of every page: zstd at its default level, as
// arrow's codec at compress.DefaultCompressionLevel; EncodeAll may be
// called from several goroutines at once.
var partZstd = sync.OnceValue(func() *zstd.Encoder {
	enc, err := zstd.NewWriter(nil, zstd.WithZeroFrames(true), zstd.WithEncoderLevel(zstd.SpeedDefault))
	if err != nil {
		panic("valuesds: zstd encoder: " + err.Error()) // only for options this code never gives
	}
	return enc
})

// chunkMeta is what the footer says of one column chunk.
type chunkMeta struct {
	physicalType int32
	encoding     int32
	name         string
	values       int64
	uncompressed int64 // page headers and pages before compression
	compressed   int64 // page headers and pages as written
	firstPage    int64 // the offset of the first page
	pages        int32
	min, max     []byte // statistics, PLAIN encoded
}

// partFile writes a part's Parquet file to w, streaming: a row group at a
// time, the footer at the end. The first write error stops it and is
// returned by every later call.
type partFile struct {
	w         io.Writer
	offset    int64
	err       error
	rowGroups [][3]chunkMeta
	// buffers reused from page to page and, through partFiles, from part
	// to part
	plain, compressed []byte
	thrift            thriftWriter
	streams           []valueStream // encodeSorted's: empty ones, as writeRowGroup resets them
}

// partFiles keeps the partFiles of the parts written, for their buffers:
// as many as a Writer has parts in flight.
var partFiles = newSpares[partFile](partsInFlight)

// newPartFile starts a part's file on w; put it back in partFiles after
// close.
func newPartFile(w io.Writer) *partFile {
	f := partFiles.get()
	f.w, f.offset, f.err, f.rowGroups = w, 0, nil, f.rowGroups[:0]
	f.write([]byte(parquetMagic))
	return f
}

// valueStreams returns span empty streams.
func (f *partFile) valueStreams(span int) []valueStream {
	if span > len(f.streams) {
		f.streams = make([]valueStream, span)
	}
	return f.streams[:span]
}

// write appends p to the file unless a write failed before.
func (f *partFile) write(p []byte) {
	if f.err != nil {
		return
	}
	n, err := f.w.Write(p)
	f.offset += int64(n)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	f.err = err
}

// writeRowGroup writes the row group of the cells of value v, s.cells ≥ 1
// of them, whose y s holds and whose x x holds (s's own, or a column that
// the part's values share, which writeRowGroup leaves as it is), and
// resets s.
func (f *partFile) writeRowGroup(v int32, s *valueStream, x *deltaColumn) {
	var chunks [3]chunkMeta
	chunks[0] = f.writeValueChunk(v, s.cells)
	chunks[1] = f.writeDeltaChunk("x", x)
	chunks[2] = f.writeDeltaChunk("y", &s.y)
	f.rowGroups = append(f.rowGroups, chunks)
	s.reset()
}

// writeValueChunk writes the chunk of column v, n times the value v, PLAIN.
func (f *partFile) writeValueChunk(v int32, n int) chunkMeta {
	var plain [4]byte
	binary.LittleEndian.PutUint32(plain[:], uint32(v))
	c := chunkMeta{physicalType: typeInt32, encoding: encodingPlain, name: "v",
		firstPage: f.offset, min: plain[:], max: plain[:]}
	for done := 0; done < n; {
		count := pageLength(n-done, func(m int) int { return 4 * m })
		f.writeCompressedPage(&c, 4*count, f.valuePage(v, count), count, plain[:], plain[:])
		done += count
	}
	return c
}

// valuePage returns the page of count values v, PLAIN, compressed, from
// compressedValuePages or else compressed now and kept there.
func (f *partFile) valuePage(v int32, count int) []byte {
	key := valuePageKey{v, count}
	if page, ok := compressedValuePages.get(key); ok {
		return page
	}
	var plain [4]byte
	binary.LittleEndian.PutUint32(plain[:], uint32(v))
	f.plain = append(f.plain[:0], plain[:]...)
	for len(f.plain) < 4*count { // doubling: a few copies, not count appends
		f.plain = append(f.plain, f.plain[:min(len(f.plain), 4*count-len(f.plain))]...)
	}
	page := partZstd().EncodeAll(f.plain, nil)
	compressedValuePages.put(key, page)
	return page
}

// writeDeltaChunk writes the chunk of the int64 column name, encoded by col.
func (f *partFile) writeDeltaChunk(name string, col *deltaColumn) chunkMeta {
	c := chunkMeta{physicalType: typeInt64, encoding: encodingDeltaBinary, name: name, firstPage: f.offset}
	pages := col.finish()
	lo, hi := pages[0].lo, pages[0].hi
	for k := range pages {
		p := &pages[k]
		f.writePage(&c, p.encoded(), p.count, plainInt64(p.lo), plainInt64(p.hi))
		lo, hi = min(lo, p.lo), max(hi, p.hi)
	}
	c.min, c.max = plainInt64(lo), plainInt64(hi)
	return c
}

// pageLength is how many of n values the next page holds when m values
// encode to size(m) bytes: a page ends at the first batch whose end finds
// pageLimit bytes or more, or with the values.
func pageLength(n int, size func(m int) int) int {
	count := 0
	for {
		count = min(count+batchValues, n)
		if count == n || size(count) >= pageLimit {
			return count
		}
	}
}

// writePage compresses page, the encoding of count values of the chunk c
// whose least and greatest are lo and hi (PLAIN encoded), and writes it
// with its header.
func (f *partFile) writePage(c *chunkMeta, page []byte, count int, lo, hi []byte) {
	f.compressed = partZstd().EncodeAll(page, f.compressed[:0])
	f.writeCompressedPage(c, len(page), f.compressed, count, lo, hi)
}

// writeCompressedPage writes a page of count values of the chunk c whose
// least and greatest are lo and hi (PLAIN encoded), size bytes before
// compression, compressed, with its header.
func (f *partFile) writeCompressedPage(c *chunkMeta, size int, compressed []byte, count int, lo, hi []byte) {
	t := &f.thrift
	t.buf = t.buf[:0]
	t.begin()
	t.i32(1, pageData)
	t.i32(2, int32(size))
	t.i32(3, int32(len(compressed)))
	t.structField(5) // DataPageHeader
	t.i32(1, int32(count))
	t.i32(2, c.encoding)
	t.i32(3, encodingRLE) // of the levels, which required columns have not
	t.i32(4, encodingRLE)
	t.structField(5)
	appendStatistics(t, lo, hi, c.pages == 0)
	t.end()
	t.end()
	t.end()
	f.write(t.buf)
	f.write(compressed)
	c.values += int64(count)
	c.uncompressed += int64(len(t.buf) + size)
	c.compressed += int64(len(t.buf) + len(compressed))
	c.pages++
}

// appendStatistics appends the fields of a Statistics of a column without
// nulls whose least and greatest values are lo and hi: min_value and
// max_value, and min and max too, which readers before them use and which
// are the same for a signed order. Arrow writes a distinct_count of 0 (not
// counted) in the statistics of a chunk and of its first page only.
func appendStatistics(t *thriftWriter, lo, hi []byte, distinctCount bool) {
	t.binary(1, hi)
	t.binary(2, lo)
	t.i64(3, 0) // null_count
	if distinctCount {
		t.i64(4, 0)
	}
	t.binary(5, hi)
	t.binary(6, lo)
}

// appendColumnChunk appends the fields of the ColumnChunk of c.
func appendColumnChunk(t *thriftWriter, c *chunkMeta) {
	t.i64(2, c.firstPage+c.compressed) // file_offset: arrow's, the end of the chunk
	t.structField(3)                   // ColumnMetaData
	t.i32(1, c.physicalType)
	t.list(2, thriftI32, 2)
	t.i32Element(c.encoding)
	t.i32Element(encodingRLE)
	t.list(3, thriftBinary, 1)
	t.string(c.name)
	t.i32(4, codecZstd)
	t.i64(5, c.values)
	t.i64(6, c.uncompressed)
	t.i64(7, c.compressed)
	t.i64(9, c.firstPage)
	t.structField(12)
	appendStatistics(t, c.min, c.max, true)
	t.end()
	t.list(13, thriftStruct, 1) // PageEncodingStats
	t.begin()
	t.i32(1, pageData)
	t.i32(2, c.encoding)
	t.i32(3, c.pages)
	t.end()
	t.end()
}

// close writes the footer, with the key-value metadata kv, and returns the
// first error of any write.
func (f *partFile) close(kv [][2]string) error {
	t := &f.thrift
	t.buf = t.buf[:0]
	t.begin()
	t.i32(1, fileMetaDataVersion2)
	appendSchema(t)
	var rows int64
	for _, rg := range f.rowGroups {
		rows += rg[0].values
	}
	t.i64(3, rows)
	t.list(4, thriftStruct, len(f.rowGroups))
	for i, rg := range f.rowGroups {
		t.begin()
		t.list(1, thriftStruct, len(rg))
		var size int64
		for k := range rg {
			t.begin()
			appendColumnChunk(t, &rg[k])
			t.end()
			size += rg[k].compressed
		}
		t.i64(2, size) // total_byte_size: arrow's is the bytes written
		t.i64(3, rg[0].values)
		t.i64(5, rg[0].firstPage)
		t.i64(6, size)
		t.i16(7, int16(i))
		t.end()
	}
	t.list(5, thriftStruct, len(kv))
	for _, pair := range kv {
		t.begin()
		t.field(1, thriftBinary)
		t.string(pair[0])
		t.field(2, thriftBinary)
		t.string(pair[1])
		t.end()
	}
	t.field(6, thriftBinary)
	t.string("grundy " + results.Version)
	t.list(7, thriftStruct, 3) // ColumnOrder: TYPE_ORDER for each column
	for range 3 {
		t.begin()
		t.structField(1)
		t.end()
		t.end()
	}
	t.end()
	t.buf = binary.LittleEndian.AppendUint32(t.buf, uint32(len(t.buf)))
	t.buf = append(t.buf, parquetMagic...)
	f.write(t.buf)
	f.w = nil
	return f.err
}

// appendSchema appends the schema field of FileMetaData: a root of three
// required columns, v int32, x int64 and y int64.
func appendSchema(t *thriftWriter) {
	t.list(2, thriftStruct, 4)
	t.begin()
	t.i32(3, repetitionRequired) // arrow gives the root one too
	t.field(4, thriftBinary)
	t.string("schema")
	t.i32(5, 3)
	t.end()
	for _, col := range []struct {
		name string
		typ  int32
	}{{"v", typeInt32}, {"x", typeInt64}, {"y", typeInt64}} {
		t.begin()
		t.i32(1, col.typ)
		t.i32(3, repetitionRequired)
		t.field(4, thriftBinary)
		t.string(col.name)
		t.end()
	}
}

// plainInt64 is the PLAIN encoding of v.
func plainInt64(v int64) []byte { return binary.LittleEndian.AppendUint64(nil, uint64(v)) }
