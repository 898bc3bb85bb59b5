package results

import (
	flatbuffers "github.com/google/flatbuffers/go"

	"github.com/apache/arrow/go/v17/arrow"
)

// metadataV5 is MetadataVersion.V5 of Schema.fbs, the version of every message.
const metadataV5 = 4

// encodeFooter builds the Arrow file footer of a table file: the schema
// (columns x, y, g of int32, and md as its metadata) and the record batch
// blocks.
func encodeFooter(md arrow.Metadata, blocks []block) []byte {
	return encodeInt32Footer([3]string{"x", "y", "g"}, md, blocks)
}

// encodeInt32Footer builds the Arrow file footer of a file of three int32
// columns of the given names, with md as the schema's metadata, and the
// record batch blocks. It follows Arrow's File.fbs and Schema.fbs, field by
// field, as ipc.FileWriter would write it for this schema.
func encodeInt32Footer(names [3]string, md arrow.Metadata, blocks []block) []byte {
	const typeInt = 2 // Type.Int in the union of field types
	b := flatbuffers.NewBuilder(1024)

	var fields [3]flatbuffers.UOffsetT
	for i, name := range names {
		nameOff := b.CreateString(name)
		b.StartObject(2) // Int
		b.PrependInt32Slot(0, 32, 0)
		b.PrependBoolSlot(1, true, false)
		intType := b.EndObject()
		b.StartVector(4, 0, 4)
		children := b.EndVector(0)
		b.StartObject(7) // Field
		b.PrependUOffsetTSlot(0, nameOff, 0)
		b.PrependBoolSlot(1, false, false)
		b.PrependByteSlot(2, typeInt, 0)
		b.PrependUOffsetTSlot(3, intType, 0)
		b.PrependUOffsetTSlot(5, children, 0)
		fields[i] = b.EndObject()
	}
	fieldVec := offsetVector(b, fields[:])

	keyValues := make([]flatbuffers.UOffsetT, md.Len())
	for i, k := range md.Keys() {
		key, value := b.CreateString(k), b.CreateString(md.Values()[i])
		b.StartObject(2) // KeyValue
		b.PrependUOffsetTSlot(0, key, 0)
		b.PrependUOffsetTSlot(1, value, 0)
		keyValues[i] = b.EndObject()
	}
	metadataVec := offsetVector(b, keyValues)

	b.StartObject(4)            // Schema
	b.PrependInt16Slot(0, 0, 0) // little-endian
	b.PrependUOffsetTSlot(1, fieldVec, 0)
	b.PrependUOffsetTSlot(2, metadataVec, 0)
	schema := b.EndObject()

	b.StartVector(24, 0, 8)
	dictionaries := b.EndVector(0)
	b.StartVector(24, len(blocks), 8)
	for i := len(blocks) - 1; i >= 0; i-- { // Block structs, last first
		b.Prep(8, 24)
		b.PrependInt64(blocks[i].BodyLength)
		b.Pad(4)
		b.PrependInt32(blocks[i].MetaLength)
		b.PrependInt64(blocks[i].Offset)
	}
	recordBatches := b.EndVector(len(blocks))

	b.StartObject(5) // Footer
	b.PrependInt16Slot(0, metadataV5, 0)
	b.PrependUOffsetTSlot(1, schema, 0)
	b.PrependUOffsetTSlot(2, dictionaries, 0)
	b.PrependUOffsetTSlot(3, recordBatches, 0)
	b.Finish(b.EndObject())
	return b.FinishedBytes()
}

// offsetVector writes a vector of table offsets, in order.
func offsetVector(b *flatbuffers.Builder, offs []flatbuffers.UOffsetT) flatbuffers.UOffsetT {
	b.StartVector(4, len(offs), 4)
	for i := len(offs) - 1; i >= 0; i-- {
		b.PrependUOffsetT(offs[i])
	}
	return b.EndVector(len(offs))
}
