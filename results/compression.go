package results

import (
	"fmt"

	"github.com/apache/arrow/go/v17/arrow/ipc"
)

// Compression is the Arrow IPC buffer compression of a table file.
type Compression string

// The compressions the writer offers; pyarrow, pandas and polars read all three.
const (
	Zstd Compression = "zstd"
	LZ4  Compression = "lz4"
	None Compression = "none"
)

// ParseCompression returns the Compression named s, or an error listing the
// valid names.
func ParseCompression(s string) (Compression, error) {
	switch c := Compression(s); c {
	case Zstd, LZ4, None:
		return c, nil
	}
	return "", fmt.Errorf("unknown compression %q (valid: zstd, lz4, none)", s)
}

// ipcOptions returns the writer options for c; concurrency is the number of
// goroutines compressing the columns of a batch.
func (c Compression) ipcOptions(concurrency int) []ipc.Option {
	switch c {
	case Zstd:
		return []ipc.Option{ipc.WithZstd(), ipc.WithCompressConcurrency(concurrency)}
	case LZ4:
		return []ipc.Option{ipc.WithLZ4(), ipc.WithCompressConcurrency(concurrency)}
	}
	return nil
}
