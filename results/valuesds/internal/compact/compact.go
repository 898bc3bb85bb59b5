// Package compact decodes and encodes Thrift's compact protocol (Apache
// Thrift, "Thrift Compact protocol encoding") generically, as a tree of
// fields, for the structures of a Parquet file (its footer, a page's
// header): so that a reader can check every field a file holds, including
// those its Parquet library does not look at, and a test can change one
// field of a file and write the file again.
//
// A struct is a list of fields in the order read; a field is its id, its
// type and its value. Decode refuses what the protocol does not allow
// (a type it does not know, a length beyond the input, a varint of more
// than 10 bytes, nesting deeper than MaxDepth), so that its input may be
// any bytes; Encode writes a tree back as Decode reads it (field headers
// as deltas when the ids rise by 1 to 15, as the writers of Parquet files
// do, so that it writes their structs back byte for byte).
package compact

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// Types of the compact protocol, as a field header's low nibble gives
// them (a boolean field's value is its type: True or False) and a list's
// element type.
const (
	True   = 1
	False  = 2
	Byte   = 3
	I16    = 4
	I32    = 5
	I64    = 6
	Double = 7
	Binary = 8
	List   = 9
	Set    = 10
	Map    = 11
	Struct = 12
)

// MaxDepth bounds the nesting of structs and lists Decode takes: a
// Parquet footer nests 5 deep.
const MaxDepth = 16

// Value is one value of a field or a list element; which member holds it
// follows Type: Int for True, False, Byte, I16, I32, I64, and for Double
// its IEEE 754 bits; Bytes for Binary; Elems (and Elem, their type) for List and
// Set; Fields for Struct. Maps are refused: Parquet has none.
type Value struct {
	Type   byte
	Int    int64
	Bytes  []byte
	Elem   byte
	Elems  []Value
	Fields []Field
}

// Field is a field of a struct: its id and its value.
type Field struct {
	ID int16
	Value
}

// ErrMalformed reports input that is not a compact-protocol struct.
var ErrMalformed = errors.New("not a Thrift compact-protocol struct")

// Decode reads one struct from the start of data and returns its fields
// and the number of bytes it took.
func Decode(data []byte) ([]Field, int, error) {
	d := decoder{data: data}
	fields, err := d.structFields(0)
	if err != nil {
		return nil, 0, fmt.Errorf("%w: at byte %d: %v", ErrMalformed, d.at, err)
	}
	return fields, d.at, nil
}

type decoder struct {
	data []byte
	at   int
}

func (d *decoder) byte() (byte, error) {
	if d.at >= len(d.data) {
		return 0, errors.New("the input ends")
	}
	b := d.data[d.at]
	d.at++
	return b, nil
}

func (d *decoder) uvarint() (uint64, error) {
	v, n := binary.Uvarint(d.data[d.at:])
	if n <= 0 {
		return 0, errors.New("a varint runs past the input or past 64 bits")
	}
	d.at += n
	return v, nil
}

func (d *decoder) varint() (int64, error) {
	u, err := d.uvarint()
	return int64(u>>1) ^ -int64(u&1), err // zigzag
}

// length reads a length and checks that so many units of at least size
// bytes fit the input.
func (d *decoder) length(size int) (int, error) {
	u, err := d.uvarint()
	if err != nil {
		return 0, err
	}
	if u > uint64(len(d.data)-d.at)/uint64(size) {
		return 0, fmt.Errorf("a length of %d runs past the input", u)
	}
	return int(u), nil
}

func (d *decoder) structFields(depth int) ([]Field, error) {
	if depth > MaxDepth {
		return nil, fmt.Errorf("structs nested deeper than %d", MaxDepth)
	}
	var fields []Field
	last := int16(0)
	for {
		h, err := d.byte()
		if err != nil {
			return nil, err
		}
		if h == 0 {
			return fields, nil
		}
		id := last + int16(h>>4)
		if h>>4 == 0 {
			v, err := d.varint()
			if err != nil {
				return nil, err
			}
			if v < math.MinInt16 || v > math.MaxInt16 {
				return nil, fmt.Errorf("field id %d", v)
			}
			id = int16(v)
		}
		typ := h & 0x0f
		var v Value
		if typ == True || typ == False {
			v = Value{Type: typ, Int: int64(typ & 1)}
		} else if v, err = d.value(typ, depth); err != nil {
			return nil, err
		}
		fields = append(fields, Field{ID: id, Value: v})
		last = id
	}
}

func (d *decoder) value(typ byte, depth int) (Value, error) {
	v := Value{Type: typ}
	var err error
	switch typ {
	case True, False: // a list element: one byte, 1 true, 2 false
		var b byte
		b, err = d.byte()
		if err == nil && b != True && b != False {
			err = fmt.Errorf("a boolean element of %d", b)
		}
		v.Int = int64(b & 1)
	case Byte:
		var b byte
		b, err = d.byte()
		v.Int = int64(int8(b))
	case I16, I32, I64:
		v.Int, err = d.varint()
		limit := map[byte]int64{I16: math.MaxInt16, I32: math.MaxInt32, I64: math.MaxInt64}[typ]
		if err == nil && (v.Int > limit || v.Int < -limit-1) {
			err = fmt.Errorf("%d does not fit its type %d", v.Int, typ)
		}
	case Double:
		if d.at+8 > len(d.data) {
			return v, errors.New("the input ends in a double")
		}
		v.Int = int64(binary.LittleEndian.Uint64(d.data[d.at:]))
		d.at += 8
	case Binary:
		var n int
		if n, err = d.length(1); err == nil {
			v.Bytes = d.data[d.at : d.at+n : d.at+n]
			d.at += n
		}
	case List, Set:
		err = d.list(&v, depth)
	case Struct:
		v.Fields, err = d.structFields(depth + 1)
	default:
		err = fmt.Errorf("type %d", typ)
	}
	return v, err
}

func (d *decoder) list(v *Value, depth int) error {
	if depth > MaxDepth {
		return fmt.Errorf("lists nested deeper than %d", MaxDepth)
	}
	h, err := d.byte()
	if err != nil {
		return err
	}
	v.Elem = h & 0x0f
	n := int(h >> 4)
	if n == 15 {
		if n, err = d.length(1); err != nil { // every element takes a byte at least
			return err
		}
	} else if n > len(d.data)-d.at {
		return fmt.Errorf("a list of %d runs past the input", n)
	}
	if v.Elem == Map || v.Elem == 0 {
		return fmt.Errorf("a list of type %d", v.Elem)
	}
	v.Elems = make([]Value, 0, n)
	for range n {
		e, err := d.value(v.Elem, depth+1)
		if err != nil {
			return err
		}
		v.Elems = append(v.Elems, e)
	}
	return nil
}

// Encode appends the encoding of the struct of fields to buf.
func Encode(buf []byte, fields []Field) []byte {
	last := int16(0)
	for _, f := range fields {
		typ := f.Type
		if typ == True || typ == False {
			typ = False - byte(f.Int&1) // 1 true, 2 false
		}
		if delta := int32(f.ID) - int32(last); delta > 0 && delta <= 15 {
			buf = append(buf, byte(delta)<<4|typ)
		} else {
			buf = append(buf, typ)
			buf = binary.AppendVarint(buf, int64(f.ID))
		}
		last = f.ID
		if typ != True && typ != False {
			buf = encodeValue(buf, f.Value)
		}
	}
	return append(buf, 0)
}

func encodeValue(buf []byte, v Value) []byte {
	switch v.Type {
	case True, False:
		return append(buf, False-byte(v.Int&1))
	case Byte:
		return append(buf, byte(v.Int))
	case I16, I32, I64:
		return binary.AppendVarint(buf, v.Int)
	case Double:
		return binary.LittleEndian.AppendUint64(buf, uint64(v.Int))
	case Binary:
		buf = binary.AppendUvarint(buf, uint64(len(v.Bytes)))
		return append(buf, v.Bytes...)
	case List, Set:
		if n := len(v.Elems); n < 15 {
			buf = append(buf, byte(n)<<4|v.Elem)
		} else {
			buf = append(buf, 0xf0|v.Elem)
			buf = binary.AppendUvarint(buf, uint64(n))
		}
		for _, e := range v.Elems {
			buf = encodeValue(buf, e)
		}
		return buf
	case Struct:
		return Encode(buf, v.Fields)
	}
	panic(fmt.Sprintf("compact: cannot encode type %d", v.Type))
}

// Get returns the field id of fields, and whether it is there.
func Get(fields []Field, id int16) (*Field, bool) {
	for i := range fields {
		if fields[i].ID == id {
			return &fields[i], true
		}
	}
	return nil, false
}
