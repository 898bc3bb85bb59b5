package results

import "fmt"

// Compression is the compression of a table file: of the Arrow IPC
// buffers, or of the Parquet column chunks.
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
