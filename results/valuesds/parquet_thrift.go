package valuesds

import "encoding/binary"

// Thrift's compact protocol, as Parquet's headers and footer use it
// (Apache Thrift, "Thrift Compact protocol encoding"): only what a part
// needs. A field is a header — the difference from the previous field id
// of its struct in the high nibble (ids here rise by 1 to 15) and its type
// in the low one — then its value: integers as zigzag varints, strings as
// a varint length and the bytes, a list as its size (high nibble, when
// under 15) and element type, then its elements; a struct ends with 0.
const (
	thriftI16    = 4
	thriftI32    = 5
	thriftI64    = 6
	thriftBinary = 8
	thriftList   = 9
	thriftStruct = 12
)

// thriftWriter appends a compact-protocol encoding to buf.
type thriftWriter struct {
	buf     []byte
	lastIDs []int16 // the last field id of each struct open, innermost last
	lastID  int16   // the last field id of the struct being written
}

// field appends the header of field id of type typ.
func (t *thriftWriter) field(id int16, typ byte) {
	if delta := id - t.lastID; delta > 0 && delta <= 15 {
		t.buf = append(t.buf, byte(delta)<<4|typ)
	} else {
		t.buf = append(t.buf, typ)
		t.buf = binary.AppendVarint(t.buf, int64(id))
	}
	t.lastID = id
}

func (t *thriftWriter) i16(id int16, v int16) {
	t.field(id, thriftI16)
	t.buf = binary.AppendVarint(t.buf, int64(v))
}

func (t *thriftWriter) i32(id int16, v int32) {
	t.field(id, thriftI32)
	t.buf = binary.AppendVarint(t.buf, int64(v))
}

func (t *thriftWriter) i64(id int16, v int64) {
	t.field(id, thriftI64)
	t.buf = binary.AppendVarint(t.buf, v)
}

func (t *thriftWriter) binary(id int16, v []byte) {
	t.field(id, thriftBinary)
	t.string(string(v))
}

// string appends a string value (a field's, after field, or a list element).
func (t *thriftWriter) string(v string) {
	t.buf = binary.AppendUvarint(t.buf, uint64(len(v)))
	t.buf = append(t.buf, v...)
}

// list appends the header of field id, a list of n elements of type elem;
// the caller appends the elements.
func (t *thriftWriter) list(id int16, elem byte, n int) {
	t.field(id, thriftList)
	if n < 15 {
		t.buf = append(t.buf, byte(n)<<4|elem)
	} else {
		t.buf = append(t.buf, 0xf0|elem)
		t.buf = binary.AppendUvarint(t.buf, uint64(n))
	}
}

// i32Element appends an i32 element of a list.
func (t *thriftWriter) i32Element(v int32) { t.buf = binary.AppendVarint(t.buf, int64(v)) }

// structField opens field id, a struct; end closes it.
func (t *thriftWriter) structField(id int16) {
	t.field(id, thriftStruct)
	t.begin()
}

// begin opens a struct that is a list element or the top-level one.
func (t *thriftWriter) begin() {
	t.lastIDs = append(t.lastIDs, t.lastID)
	t.lastID = 0
}

// end closes the struct opened last.
func (t *thriftWriter) end() {
	t.buf = append(t.buf, 0)
	t.lastID = t.lastIDs[len(t.lastIDs)-1]
	t.lastIDs = t.lastIDs[:len(t.lastIDs)-1]
}
