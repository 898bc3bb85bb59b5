package results

import (
	"fmt"

	"github.com/grundy-lab/grundy/engine"
)

// A BatchSizer measures the bytes bands of one table add to its table
// file, without writing one: what an estimate of a file's size samples.
// It reuses its buffers from band to band; it is not safe for concurrent use.
type BatchSizer struct {
	encoder     *batchEncoder
	coordinates bandCoordinates
	x, g        []byte
}

// NewBatchSizer returns a BatchSizer for files written with compression c.
func NewBatchSizer(c Compression) *BatchSizer {
	return &BatchSizer{encoder: newBatchEncoder(c)}
}

// Bytes is the size of the record batch message TableWriter.WriteBand
// appends for b, all bands given having the width of the first, in two
// parts: values, the g column's buffer and its padding, and the rest, its
// framing, metadata and the x and y columns, which depend on b's rows and
// width alone. The file's schema and footer are in neither.
func (s *BatchSizer) Bytes(b engine.Band) (rest, values int64, err error) {
	if len(b.Cells) != b.Rows*b.Width {
		return 0, 0, fmt.Errorf("size band of rows %d..%d: %d cells, not %d×%d", b.X0, b.X0+b.Rows-1, len(b.Cells), b.Rows, b.Width)
	}
	xs, ys := s.coordinates.of(b)
	batch, err := s.encoder.encode(xs, ys, b.Cells, s.x, s.g)
	if err != nil {
		return 0, 0, fmt.Errorf("size band of rows %d..%d: %w", b.X0, b.X0+b.Rows-1, err)
	}
	s.x, s.g = batch.buffers[0], batch.buffers[2]
	rest = framedMetaLength(batch.meta)
	for _, body := range batch.buffers[:2] {
		rest += paddedLength(body)
	}
	return rest, paddedLength(batch.buffers[2]), nil
}

// paddedLength is the bytes a buffer takes in a message body.
func paddedLength(body []byte) int64 { return int64(len(body) + padding(len(body))) }
