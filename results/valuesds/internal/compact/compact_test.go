package compact

import (
	"bytes"
	"math"
	"reflect"
	"testing"
)

// sample is a struct of every type Decode takes, nested.
var sample = []Field{
	{ID: 1, Value: Value{Type: I32, Int: -7}},
	{ID: 2, Value: Value{Type: True, Int: 1}},
	{ID: 3, Value: Value{Type: False}},
	{ID: 4, Value: Value{Type: Binary, Bytes: []byte("schema")}},
	{ID: 20, Value: Value{Type: I64, Int: 1 << 40}},
	{ID: 21, Value: Value{Type: Byte, Int: -3}},
	{ID: 22, Value: Value{Type: I16, Int: 300}},
	{ID: 23, Value: Value{Type: Double, Int: int64(math.Float64bits(2.5))}},
	{ID: 24, Value: Value{Type: List, Elem: Struct, Elems: []Value{
		{Type: Struct, Fields: []Field{{ID: 1, Value: Value{Type: I64, Int: 5}}}},
		{Type: Struct, Fields: []Field{}},
	}}},
	{ID: 25, Value: Value{Type: List, Elem: I32, Elems: make([]Value, 20)}},
	{ID: 26, Value: Value{Type: Set, Elem: True, Elems: []Value{{Type: True, Int: 1}, {Type: True}}}},
}

func init() {
	for i := range sample[9].Elems {
		sample[9].Elems[i] = Value{Type: I32, Int: int64(i * 1000)}
	}
}

func TestRoundTrip(t *testing.T) {
	data := Encode(nil, sample)
	got, n, err := Decode(append(data, 0xff)) // a byte after the struct is left
	if err != nil {
		t.Fatal(err)
	}
	if n != len(data) {
		t.Errorf("Decode took %d bytes, want %d", n, len(data))
	}
	if again := Encode(nil, got); !bytes.Equal(again, data) {
		t.Errorf("encoded again:\n%x\nwant\n%x", again, data)
	}
	if got[3].Bytes == nil || string(got[3].Bytes) != "schema" || got[8].Elems[0].Fields[0].Int != 5 || got[9].Elems[19].Int != 19000 {
		t.Errorf("decoded %+v", got)
	}
}

func TestRefusesMalformed(t *testing.T) {
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"no stop", []byte{0x15, 0x02}},
		{"binary past the input", []byte{0x18, 0x10, 'a'}},
		{"list past the input", []byte{0x19, 0xf5, 0xff, 0xff, 0xff, 0x0f, 0x00}},
		{"unknown type", []byte{0x1e, 0x00}},
		{"map", []byte{0x1b, 0x00, 0x00}},
		{"i32 too big", []byte{0x15, 0xff, 0xff, 0xff, 0xff, 0x7f, 0x00}},
		{"varint of 11 bytes", []byte{0x16, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01, 0x00}},
		{"boolean element 3", []byte{0x19, 0x11, 0x03, 0x00}},
		{"too deep", bytes.Repeat([]byte{0x1c}, MaxDepth+2)},
	} {
		if _, _, err := Decode(tc.data); err == nil {
			t.Errorf("%s: Decode(%x) took it", tc.name, tc.data)
		}
	}
}

func TestGet(t *testing.T) {
	if f, ok := Get(sample, 20); !ok || f.Int != 1<<40 {
		t.Errorf("Get(20) = %v, %v", f, ok)
	}
	if _, ok := Get(sample, 5); ok {
		t.Error("Get(5) found a field that is not there")
	}
}

// FuzzDecode checks that Decode never panics and that what it takes
// encodes to bytes it decodes to the same tree.
func FuzzDecode(f *testing.F) {
	f.Add(Encode(nil, sample))
	f.Add([]byte{0x15, 0x02, 0x00})
	f.Fuzz(func(t *testing.T, data []byte) {
		fields, n, err := Decode(data)
		if err != nil {
			return
		}
		if n > len(data) {
			t.Fatalf("took %d of %d bytes", n, len(data))
		}
		again, m, err := Decode(Encode(nil, fields))
		if err != nil {
			t.Fatalf("its own encoding: %v", err)
		}
		if m == 0 || !reflect.DeepEqual(normal(again), normal(fields)) {
			t.Fatalf("decoded again %+v, want %+v", again, fields)
		}
	})
}

// normal makes empty and nil slices alike, for DeepEqual.
func normal(fields []Field) []Field {
	out := make([]Field, len(fields))
	for i, f := range fields {
		out[i] = Field{ID: f.ID, Value: normalValue(f.Value)}
	}
	return out
}

func normalValue(v Value) Value {
	if len(v.Bytes) == 0 {
		v.Bytes = nil
	}
	if len(v.Fields) == 0 {
		v.Fields = nil
	} else {
		v.Fields = normal(v.Fields)
	}
	if len(v.Elems) == 0 {
		v.Elems = nil
	} else {
		elems := make([]Value, len(v.Elems))
		for i, e := range v.Elems {
			elems[i] = normalValue(e)
		}
		v.Elems = elems
	}
	return v
}
