package valuesds

import (
	"bytes"
	"testing"
)

// TestThriftWriter compares the compact encoding of a struct with its
// bytes worked out by hand from the protocol's description: short and long
// field headers, zigzag varints, short and long lists, nested structs.
func TestThriftWriter(t *testing.T) {
	var w thriftWriter
	w.begin()
	w.i32(1, -1)              // 0x15: delta 1, i32; zigzag(−1) = 1
	w.i64(20, 300)            // delta 19 > 15: 0x06, zigzag i16 20 = 40; zigzag(300) = 600 = 0xd8 0x04
	w.structField(21)         // 0x1c: delta 1, struct
	w.i16(3, 2)               // 0x34: delta 3, i16; zigzag(2) = 4
	w.end()                   // 0x00
	w.list(22, thriftI32, 15) // 0x19: delta 1, list; 15 elements: 0xf5 0x0f
	for range 15 {
		w.i32Element(-64) // zigzag(−64) = 127 = 0x7f
	}
	w.list(23, thriftBinary, 1) // 0x19; 0x18: one binary
	w.string("ab")              // 0x02 'a' 'b'
	w.binary(2, []byte{7})      // delta −21: 0x08, zigzag i16 2 = 4; 0x01 0x07
	w.end()                     // 0x00
	want := []byte{0x15, 0x01, 0x06, 0x28, 0xd8, 0x04, 0x1c, 0x34, 0x04, 0x00, 0x19, 0xf5, 0x0f}
	want = append(want, bytes.Repeat([]byte{0x7f}, 15)...)
	want = append(want, 0x19, 0x18, 0x02, 'a', 'b', 0x08, 0x04, 0x01, 0x07, 0x00)
	if !bytes.Equal(w.buf, want) {
		t.Fatalf("got  %x\nwant %x", w.buf, want)
	}
}
