package results

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"

	"github.com/apache/arrow/go/v17/arrow/ipc"
)

// block locates one record batch message in a file, as the Arrow footer
// lists it: the offset of the message, the length of its prefix and
// metadata, and the length of its body.
type block struct {
	Offset     int64 `json:"offset"`
	MetaLength int32 `json:"meta_length"`
	BodyLength int64 `json:"body_length"`
}

// messageSink is the ipc.PayloadWriter under a table file: it frames each
// message as the Arrow IPC format does (continuation marker, metadata length
// padded to 8 bytes, metadata, body) and records where every record batch
// went, so that the writer can build the footer itself. Writing the footer
// here rather than through ipc.FileWriter is what lets a run that was
// killed continue the same file: the blocks of the batches already written
// are in the checkpoint, and nothing has to be encoded twice.
type messageSink struct {
	w   io.Writer
	pos int64 // file offset of the next byte
	// skipSchema drops the schema message, which a resumed file already has.
	skipSchema bool
	// schemaEnd is the offset just past the schema message.
	schemaEnd  int64
	schemaSeen bool
	// placeholders holds the file offset of each placeholder in the
	// schema message, where Commit writes the final values.
	placeholders map[string]int64
	blocks       []block
	prefixBytes  [8]byte
}

var _ ipc.PayloadWriter = (*messageSink)(nil)

func (s *messageSink) Start() error { return nil }
func (s *messageSink) Close() error { return nil }

// Write counts and passes bytes on.
func (s *messageSink) Write(p []byte) (int, error) {
	n, err := s.w.Write(p)
	s.pos += int64(n)
	return n, err
}

// WritePayload writes the schema message, the only one ipc.Writer sends:
// the record batches come from batchEncoder through writeBatch.
func (s *messageSink) WritePayload(p ipc.Payload) error {
	meta := p.Meta()
	defer meta.Release()
	if s.schemaSeen {
		return fmt.Errorf("write schema: a second message from ipc.Writer")
	}
	s.schemaSeen = true
	if s.skipSchema {
		return nil
	}
	if err := s.writeFramed(meta.Bytes(), func() error { return p.SerializeBody(s) }); err != nil {
		return err
	}
	s.schemaEnd = s.pos
	return nil
}

// writeBatch writes one record batch message, its metadata and its buffers,
// each padded to 8 bytes, and records its block for the footer.
func (s *messageSink) writeBatch(batch encodedBatch) error {
	start := s.pos
	err := s.writeFramed(batch.meta, func() error {
		for _, body := range batch.buffers {
			if _, err := s.Write(body); err != nil {
				return err
			}
			if _, err := s.Write(zeros[:padding(len(body))]); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	metaLen := framedMetaLength(batch.meta)
	s.blocks = append(s.blocks, block{Offset: start, MetaLength: int32(metaLen), BodyLength: s.pos - start - metaLen})
	return nil
}

// writeFramed writes one message as the Arrow IPC format frames it: the
// continuation marker, the metadata length padded to 8 bytes, the
// metadata, its padding, and the body that writeBody writes. The
// placeholders are looked for in the first message, the schema's.
func (s *messageSink) writeFramed(meta []byte, writeBody func() error) error {
	metaLen := framedMetaLength(meta)
	binary.LittleEndian.PutUint32(s.prefixBytes[:4], 0xFFFFFFFF)
	binary.LittleEndian.PutUint32(s.prefixBytes[4:], uint32(metaLen-8))
	if _, err := s.Write(s.prefixBytes[:]); err != nil {
		return fmt.Errorf("write message prefix: %w", err)
	}
	if s.schemaEnd == 0 {
		if err := s.findPlaceholders(meta, s.pos); err != nil {
			return err
		}
	}
	if _, err := s.Write(meta); err != nil {
		return fmt.Errorf("write message metadata: %w", err)
	}
	if _, err := s.Write(make([]byte, metaLen-8-int64(len(meta)))); err != nil {
		return fmt.Errorf("write message padding: %w", err)
	}
	if err := writeBody(); err != nil {
		return fmt.Errorf("write message body: %w", err)
	}
	return nil
}

// findPlaceholders records where each placeholder of the schema metadata
// meta, to be written at offset, will lie in the file. Each must occur once.
func (s *messageSink) findPlaceholders(meta []byte, offset int64) error {
	s.placeholders = make(map[string]int64)
	for _, p := range placeholders {
		if c := bytes.Count(meta, []byte(p)); c != 1 {
			return fmt.Errorf("write schema: %d placeholders of a %d-byte value, want 1", c, len(p))
		}
		s.placeholders[p] = offset + int64(bytes.Index(meta, []byte(p)))
	}
	return nil
}

// framedMetaLength is the bytes a message's metadata takes framed: the
// 8-byte prefix (continuation marker and length) and meta, padded to 8.
func framedMetaLength(meta []byte) int64 { return (int64(len(meta)) + 8 + 7) / 8 * 8 }
