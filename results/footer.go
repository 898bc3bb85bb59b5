package results

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
)

// The Arrow reader trusts the vector lengths in a file's footer and allocates
// slices of those lengths before it checks anything, so one corrupted length
// can ask the Go runtime for terabytes, a fatal error no recover catches.
// checkFooter walks the footer's flatbuffer first, along the path the reader
// takes through the schema, and rejects any offset or vector that does not
// fit inside the footer.

// Field indices of the flatbuffer tables on that path (Arrow's File.fbs and
// Schema.fbs).
const (
	footerSchema, footerDictionaries, footerRecordBatches = 1, 2, 3
	schemaFields, schemaMetadata                          = 1, 2
	fieldName, fieldChildren, fieldMetadata               = 0, 5, 6
	keyValueKey, keyValueValue                            = 0, 1
	blockSize                                             = 24 // struct Block: offset, metaDataLength, bodyLength
	maxFieldDepth                                         = 16
)

var errBadFooter = errors.New("corrupted footer")

// checkFooter validates the footer of the Arrow file f of the given size.
func checkFooter(f *os.File, size int64) error {
	footerLen, err := footerLength(f, size)
	if err != nil {
		return err
	}
	buf := make([]byte, footerLen)
	if _, err := f.ReadAt(buf, size-10-footerLen); err != nil {
		return fmt.Errorf("read footer: %w", err)
	}
	fb := flatbuffer(buf)
	footer, err := fb.offset(0)
	if err != nil {
		return err
	}
	for _, blocks := range []int{footerDictionaries, footerRecordBatches} {
		if _, err := fb.vector(footer, blocks, blockSize); err != nil {
			return err
		}
	}
	schema, ok, err := fb.child(footer, footerSchema)
	if err != nil || !ok {
		return errors.Join(err, fmt.Errorf("%w: no schema", errBadFooter))
	}
	if err := fb.keyValues(schema, schemaMetadata); err != nil {
		return err
	}
	return fb.fields(schema, schemaFields, 0)
}

// footerLength reads the trailer of the Arrow file f of the given size, the
// footer's length and the closing magic, and checks that the footer fits
// between the opening magic and the trailer.
func footerLength(f *os.File, size int64) (int64, error) {
	if size < 26 {
		return 0, fmt.Errorf("%w: %d bytes is too short for an Arrow file", errBadFooter, size)
	}
	tail := make([]byte, 10)
	if _, err := f.ReadAt(tail, size-10); err != nil {
		return 0, fmt.Errorf("read trailer: %w", err)
	}
	footerLen := int64(binary.LittleEndian.Uint32(tail[:4]))
	if string(tail[4:]) != arrowMagic || footerLen < 4 || footerLen > size-18 {
		return 0, fmt.Errorf("%w: bad trailer", errBadFooter)
	}
	return footerLen, nil
}

// flatbuffer reads a flatbuffer with every access bounds-checked.
type flatbuffer []byte

func (fb flatbuffer) u32(at int64) (int64, error) {
	if at < 0 || at+4 > int64(len(fb)) {
		return 0, fmt.Errorf("%w: offset %d outside the footer", errBadFooter, at)
	}
	return int64(binary.LittleEndian.Uint32(fb[at:])), nil
}

func (fb flatbuffer) u16(at int64) (int64, error) {
	if at < 0 || at+2 > int64(len(fb)) {
		return 0, fmt.Errorf("%w: offset %d outside the footer", errBadFooter, at)
	}
	return int64(binary.LittleEndian.Uint16(fb[at:])), nil
}

// offset follows the uoffset stored at at.
func (fb flatbuffer) offset(at int64) (int64, error) {
	rel, err := fb.u32(at)
	return at + rel, err
}

// fieldPos returns where field i of the table at t is stored, if present.
func (fb flatbuffer) fieldPos(t int64, i int) (int64, bool, error) {
	soffset, err := fb.u32(t)
	if err != nil {
		return 0, false, err
	}
	vtable := t - int64(int32(uint32(soffset)))
	vtLen, err := fb.u16(vtable)
	if err != nil {
		return 0, false, err
	}
	if 4+2*int64(i)+2 > vtLen {
		return 0, false, nil
	}
	off, err := fb.u16(vtable + 4 + 2*int64(i))
	if err != nil || off == 0 {
		return 0, false, err
	}
	return t + off, true, nil
}

// child returns the table referenced by field i of the table at t.
func (fb flatbuffer) child(t int64, i int) (int64, bool, error) {
	pos, ok, err := fb.fieldPos(t, i)
	if err != nil || !ok {
		return 0, ok, err
	}
	target, err := fb.offset(pos)
	return target, true, err
}

// vector checks the vector in field i of the table at t, with elements of
// elemSize bytes, and returns the positions of its elements.
func (fb flatbuffer) vector(t int64, i int, elemSize int64) ([]int64, error) {
	v, ok, err := fb.child(t, i)
	if err != nil || !ok {
		return nil, err
	}
	n, err := fb.u32(v)
	if err != nil {
		return nil, err
	}
	if v+4+n*elemSize > int64(len(fb)) {
		return nil, fmt.Errorf("%w: a vector of %d elements overruns the footer", errBadFooter, n)
	}
	elems := make([]int64, n)
	for k := range elems {
		elems[k] = v + 4 + int64(k)*elemSize
	}
	return elems, nil
}

// tables checks a vector of tables and returns the tables' positions.
func (fb flatbuffer) tables(t int64, i int) ([]int64, error) {
	elems, err := fb.vector(t, i, 4)
	for k := range elems {
		if err != nil {
			break
		}
		elems[k], err = fb.offset(elems[k])
	}
	return elems, err
}

// keyValues checks a vector of KeyValue tables and their strings.
func (fb flatbuffer) keyValues(t int64, i int) error {
	kvs, err := fb.tables(t, i)
	for _, kv := range kvs {
		if err != nil {
			break
		}
		_, err = fb.vector(kv, keyValueKey, 1)
		if err == nil {
			_, err = fb.vector(kv, keyValueValue, 1)
		}
	}
	return err
}

// fields checks a vector of Field tables, recursively through children.
func (fb flatbuffer) fields(t int64, i, depth int) error {
	if depth > maxFieldDepth {
		return fmt.Errorf("%w: fields nested deeper than %d", errBadFooter, maxFieldDepth)
	}
	fields, err := fb.tables(t, i)
	for _, f := range fields {
		if err != nil {
			break
		}
		if _, err = fb.vector(f, fieldName, 1); err == nil {
			if err = fb.keyValues(f, fieldMetadata); err == nil {
				err = fb.fields(f, fieldChildren, depth+1)
			}
		}
	}
	return err
}
