package results

import (
	"bytes"
	"encoding/binary"
	"fmt"

	flatbuffers "github.com/google/flatbuffers/go"
	"github.com/klauspost/compress/zstd"
	"github.com/pierrec/lz4/v4"
)

// The writer encodes its record batch messages itself rather than through
// ipc.Writer, for speed: ipc.Writer compresses with zstd at its default level
// (no option sets it) and compresses every column of every batch, though y is
// the same in every band of equal height. batchEncoder compresses y once per
// band height, g at zstd's fastest level, and x (constant along each row) as
// it is; the messages are those of Arrow's Message.fbs, as ipc.Writer would
// frame them, so every Arrow reader reads them unchanged.

// bufferCodec compresses one Arrow buffer body.
type bufferCodec interface {
	// compress appends src, compressed, to dst.
	compress(dst, src []byte) ([]byte, error)
	// id is the BodyCompression codec of Message.fbs.
	id() int8
}

// Message.fbs constants used here.
const (
	messageHeaderRecordBatch = 3
	compressionLZ4Frame      = 0
	compressionZstd          = 1
	bufferAlignment          = 8
)

type zstdCodec struct{ enc *zstd.Encoder }

func (c zstdCodec) compress(dst, src []byte) ([]byte, error) { return c.enc.EncodeAll(src, dst), nil }
func (zstdCodec) id() int8                                   { return compressionZstd }

// lz4Codec writes LZ4 frames as Arrow C++ does: 64 KiB blocks, no checksum.
type lz4Codec struct {
	w   *lz4.Writer
	buf bytes.Buffer
}

func (c *lz4Codec) compress(dst, src []byte) ([]byte, error) {
	c.buf.Reset()
	c.w.Reset(&c.buf)
	if _, err := c.w.Write(src); err != nil {
		return dst, err
	}
	if err := c.w.Close(); err != nil {
		return dst, err
	}
	return append(dst, c.buf.Bytes()...), nil
}
func (*lz4Codec) id() int8 { return compressionLZ4Frame }

// newBufferCodec returns the codec of c, or nil for None.
func newBufferCodec(c Compression) bufferCodec {
	switch c {
	case Zstd:
		enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest), zstd.WithEncoderConcurrency(1))
		if err != nil {
			panic(err) // fixed, valid options
		}
		return zstdCodec{enc}
	case LZ4:
		w := lz4.NewWriter(nil)
		if err := w.Apply(lz4.ChecksumOption(false), lz4.BlockSizeOption(lz4.Block64Kb)); err != nil {
			panic(err)
		}
		return &lz4Codec{w: w}
	}
	return nil
}

// batchEncoder builds record batch messages of x, y, g columns.
type batchEncoder struct {
	codec bufferCodec
	// yBodies caches the encoded y buffer by cell count.
	yBodies map[int][]byte
}

func newBatchEncoder(c Compression) *batchEncoder {
	return &batchEncoder{codec: newBufferCodec(c), yBodies: make(map[int][]byte)}
}

// encodedBatch is one record batch message: its flatbuffer metadata and the
// three data buffers of its body, each already compressed; the body is the
// buffers, each padded to the buffer alignment.
type encodedBatch struct {
	meta    []byte
	buffers [3][]byte
}

// encode builds the message of a batch with the columns xs, ys, g, encoding
// x into x[:0] and g into gOut[:0] (buffers reused from batch to batch); ys
// must depend only on len(ys), as it does in a table. y's encoded buffer is
// shared by every batch of that length and must not be changed.
func (e *batchEncoder) encode(xs, ys, g []int32, x, gOut []byte) (encodedBatch, error) {
	var b encodedBatch
	var err error
	if b.buffers[0], err = e.buffer(x[:0], xs); err != nil {
		return b, err
	}
	y, ok := e.yBodies[len(ys)]
	if !ok {
		if y, err = e.buffer(nil, ys); err != nil {
			return b, err
		}
		e.yBodies[len(ys)] = y
	}
	b.buffers[1] = y
	if b.buffers[2], err = e.buffer(gOut[:0], g); err != nil {
		return b, err
	}
	b.meta = e.metadata(int64(len(g)), b.buffers)
	return b, nil
}

// buffer appends the body of one int32 buffer to dst: the values as they
// are without compression, else their uncompressed length (int64) and the
// compressed bytes.
func (e *batchEncoder) buffer(dst []byte, values []int32) ([]byte, error) {
	raw := littleEndianBytes(values)
	if e.codec == nil {
		dst = append(dst, raw...)
	} else {
		dst = binary.LittleEndian.AppendUint64(dst, uint64(len(raw)))
		var err error
		if dst, err = e.codec.compress(dst, raw); err != nil {
			return dst, fmt.Errorf("compress: %w", err)
		}
	}
	return dst, nil
}

// metadata builds the Message flatbuffer of a record batch of rows rows
// whose data buffers are bodies (each column also has an empty validity
// buffer: no nulls).
func (e *batchEncoder) metadata(rows int64, bodies [3][]byte) []byte {
	b := flatbuffers.NewBuilder(256)
	var compression flatbuffers.UOffsetT
	if e.codec != nil {
		b.StartObject(2) // BodyCompression
		b.PrependInt8Slot(0, e.codec.id(), 0)
		b.PrependInt8Slot(1, 0, 0) // BUFFER
		compression = b.EndObject()
	}
	// Buffers: validity and data of each column, offsets within the body.
	type span struct{ offset, length int64 }
	var spans []span
	offset := int64(0)
	for _, body := range bodies {
		spans = append(spans, span{offset, 0}, span{offset, int64(len(body))})
		offset += int64(len(body) + padding(len(body)))
	}
	b.StartVector(16, len(spans), 8)
	for i := len(spans) - 1; i >= 0; i-- {
		b.Prep(8, 16)
		b.PrependInt64(spans[i].length)
		b.PrependInt64(spans[i].offset)
	}
	buffers := b.EndVector(len(spans))
	b.StartVector(16, len(bodies), 8)
	for range bodies { // FieldNode: length, null count 0
		b.Prep(8, 16)
		b.PrependInt64(0)
		b.PrependInt64(rows)
	}
	nodes := b.EndVector(len(bodies))
	b.StartObject(5) // RecordBatch
	b.PrependInt64Slot(0, rows, 0)
	b.PrependUOffsetTSlot(1, nodes, 0)
	b.PrependUOffsetTSlot(2, buffers, 0)
	if e.codec != nil {
		b.PrependUOffsetTSlot(3, compression, 0)
	}
	batch := b.EndObject()
	b.StartObject(5) // Message
	b.PrependInt16Slot(0, metadataV5, 0)
	b.PrependByteSlot(1, messageHeaderRecordBatch, 0)
	b.PrependUOffsetTSlot(2, batch, 0)
	b.PrependInt64Slot(3, offset, 0)
	b.Finish(b.EndObject())
	return b.FinishedBytes()
}

// padding is the number of zero bytes that follow a buffer of length bytes
// in a message body.
func padding(length int) int { return (bufferAlignment - length%bufferAlignment) % bufferAlignment }

// zeros pads buffers.
var zeros [bufferAlignment]byte
