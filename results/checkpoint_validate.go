package results

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
	"maps"
	"math"

	"github.com/apache/arrow/go/v17/arrow/ipc"
	"github.com/apache/arrow/go/v17/arrow/memory"
)

// MaxN is the largest table side a file can describe: every value, at most
// 2n+1, and every coordinate fit in int32.
const MaxN = (math.MaxInt32 - 1) / 2

// validateCheckpoint checks every field of checkpoint c against the partial
// file f of size bytes, so that nothing a damaged or altered checkpoint says
// can make Resume, Replay or Commit misbehave: the description of the table,
// the schema message it implies (byte for byte, but for the values Commit
// may already have filled in), the placeholder offsets, each record batch
// block against the message framing in the file, and the row count against
// the blocks. The rows' values are checked by Replay.
func validateCheckpoint(c checkpoint, f io.ReaderAt, size int64) error {
	info := c.Info
	if _, err := ParseCompression(string(info.Compression)); err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	switch {
	case info.Table == "":
		return fmt.Errorf("checkpoint names no table")
	case info.N < 0 || info.N > MaxN:
		return fmt.Errorf("checkpoint n = %d is out of range", info.N)
	case info.Tile < 1:
		return fmt.Errorf("checkpoint tile = %d is out of range", info.Tile)
	case info.Workers < 0 || info.Workers > MaxWorkers:
		return fmt.Errorf("checkpoint workers = %d is out of range", info.Workers)
	case c.Rows < 0 || c.Rows > info.N+1 || (c.Rows%info.Tile != 0 && c.Rows != info.N+1):
		return fmt.Errorf("checkpoint rows = %d is not a whole number of bands of %d rows of a table of side %d", c.Rows, info.Tile, info.N+1)
	case len(c.Blocks) != (c.Rows+info.Tile-1)/info.Tile:
		return fmt.Errorf("checkpoint lists %d record batches for %d rows in bands of %d", len(c.Blocks), c.Rows, info.Tile)
	case len(c.SHA256) != 64 || !isHex(c.SHA256):
		return fmt.Errorf("checkpoint checksum %q is not a SHA-256", c.SHA256)
	case math.IsNaN(c.Seconds) || c.Seconds < 0 || c.Seconds > 1e9:
		return fmt.Errorf("checkpoint seconds = %v is out of range", c.Seconds)
	case c.Offset < 8 || c.Offset > size:
		return fmt.Errorf("the partial file has %d bytes, its checkpoint says %d: it was damaged", size, c.Offset)
	}
	if err := validateSchemaMessage(c, f); err != nil {
		return err
	}
	return validateBlocks(c, f)
}

// validateSchemaMessage checks that the partial file begins with the magic
// and the schema message of c.Info, that the checkpoint locates its end and
// its placeholders where they are, and that the file differs from that
// message only inside the placeholders.
func validateSchemaMessage(c checkpoint, f io.ReaderAt) error {
	want, placeholders, err := schemaMessage(c.Info)
	if err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	if c.SchemaEnd != 8+int64(len(want)) || c.SchemaEnd > c.Offset || !maps.Equal(placeholders, c.Placeholders) {
		return fmt.Errorf("checkpoint: the schema message's layout does not match the table it describes")
	}
	got := make([]byte, c.SchemaEnd)
	if _, err := f.ReadAt(got, 0); err != nil {
		return fmt.Errorf("read the schema message: %w", err)
	}
	if string(got[:len(arrowMagic)]) != arrowMagic {
		return fmt.Errorf("the partial file does not begin as an Arrow file")
	}
	got = got[8:]
	for p, at := range placeholders {
		// Commit may have filled in a value before the run was killed.
		copy(got[at-8:], p)
	}
	if !bytes.Equal(got, want) {
		return fmt.Errorf("the partial file's schema is not that of table %s at n = %d as its checkpoint says", c.Info.Table, c.Info.N)
	}
	return nil
}

// schemaMessage is the schema message of a file of info as the writer
// frames it from file offset 8, with the offset of each placeholder.
func schemaMessage(info Info) ([]byte, map[string]int64, error) {
	var buf bytes.Buffer
	sink := &messageSink{w: &buf, pos: 8}
	if err := writeSchemaMessage(sink, tableSchema(info, placeholderSHA256, placeholderMaxValue, placeholderSeconds, placeholderWorkers)); err != nil {
		return nil, nil, err
	}
	return buf.Bytes(), sink.placeholders, nil
}

// validateBlocks checks that the blocks of c tile the file from the end of
// the schema to c.Offset, each one record batch message whose prefix,
// metadata length and body length are those the block records.
func validateBlocks(c checkpoint, f io.ReaderAt) error {
	at := c.SchemaEnd
	for i, b := range c.Blocks {
		if b.Offset != at || b.MetaLength < 16 || b.MetaLength%8 != 0 || b.BodyLength < 0 || b.BodyLength%8 != 0 ||
			b.BodyLength > c.Offset || c.Offset-at-int64(b.MetaLength) < b.BodyLength {
			return fmt.Errorf("checkpoint: record batch block %d does not follow the previous one inside the %d bytes saved", i, c.Offset)
		}
		if err := checkMessage(f, b); err != nil {
			return fmt.Errorf("record batch %d at offset %d: %w", i, b.Offset, err)
		}
		at += int64(b.MetaLength) + b.BodyLength
	}
	if at != c.Offset {
		return fmt.Errorf("checkpoint: its record batches end at %d, not at its offset %d", at, c.Offset)
	}
	return nil
}

// checkMessage checks that the file holds at b a record batch message with
// the metadata and body lengths of b.
func checkMessage(f io.ReaderAt, b block) (err error) {
	meta := make([]byte, b.MetaLength)
	if _, err := f.ReadAt(meta, b.Offset); err != nil {
		return err
	}
	if binary.LittleEndian.Uint32(meta) != 0xFFFFFFFF || int64(binary.LittleEndian.Uint32(meta[4:])) != int64(b.MetaLength)-8 {
		return fmt.Errorf("no message prefix of %d metadata bytes there", b.MetaLength-8)
	}
	// The flatbuffer reader indexes the bytes as they say; damaged ones
	// make it panic.
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("malformed message metadata: %v", p)
		}
	}()
	msg := ipc.NewMessage(memory.NewBufferBytes(meta[8:]), memory.NewBufferBytes(nil))
	defer msg.Release()
	if msg.Type() != ipc.MessageRecordBatch || msg.BodyLen() != b.BodyLength {
		return fmt.Errorf("the message there is a %v of %d body bytes, not a record batch of %d", msg.Type(), msg.BodyLen(), b.BodyLength)
	}
	return nil
}

// isHex reports whether s holds only hex digits.
func isHex(s string) bool {
	_, err := hex.DecodeString(s)
	return err == nil
}
