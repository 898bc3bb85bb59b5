package results

import (
	"encoding/binary"

	"github.com/apache/arrow/go/v17/arrow"
)

// littleEndianBytes returns values as little-endian bytes: a view of the
// same memory on little-endian machines, a converted copy elsewhere.
func littleEndianBytes(values []int32) []byte {
	if hostIsLittleEndian {
		return arrow.Int32Traits.CastToBytes(values)
	}
	b := make([]byte, 0, 4*len(values))
	for _, v := range values {
		b = binary.LittleEndian.AppendUint32(b, uint32(v))
	}
	return b
}

var hostIsLittleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1
