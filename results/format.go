package results

import (
	"fmt"
	"time"

	"github.com/grundy-lab/grundy/engine"
)

// Format is the file format of a table file.
type Format string

// The formats the writer offers. Arrow IPC files can be resumed after an
// interruption; Parquet files are read by DuckDB and Spark as well, with
// row-group skipping on x.
const (
	Arrow   Format = "arrow"
	Parquet Format = "parquet"
)

// ParseFormat returns the Format named s, or an error listing the valid names.
func ParseFormat(s string) (Format, error) {
	switch f := Format(s); f {
	case Arrow, Parquet:
		return f, nil
	}
	return "", fmt.Errorf("unknown format %q (valid: arrow, parquet)", s)
}

// FileName is the name of the file of table id at size n in format f:
// "<id>_n<n>.arrow" or "<id>_n<n>.parquet".
func (f Format) FileName(id string, n int) string { return fmt.Sprintf("%s_n%d.%s", id, n, f) }

// Writer streams one table into a file; *TableWriter writes Arrow and
// *ParquetWriter Parquet. Use it from one goroutine.
type Writer interface {
	// WriteBand appends the rows of b, the next rows of the table.
	WriteBand(b engine.Band) error
	// Commit finishes a complete table under its final name.
	Commit() (Summary, error)
	// Abort removes everything written; the final name is left as it was.
	Abort()
	// Rows returns the number of rows the file holds.
	Rows() int
	// CheckpointEvery sets how often rows are made durable for a resume.
	CheckpointEvery(d time.Duration)
	// Replay streams the rows a resumed file already holds.
	Replay(visit func(engine.Band) error) error
	// Suspend stops writing and keeps what a resume needs, returning the rows kept.
	Suspend() (rows int, err error)
	// SavedRows returns the rows a resume after a failure would continue from.
	SavedRows() int
	// Keep closes the writer after a failure, keeping what a resume needs,
	// and returns the rows kept; with none it removes everything, as Abort.
	Keep() int
}

// CreateFormat starts the file of info's table at path in format f, as
// Create does for Arrow.
func CreateFormat(f Format, path string, info Info) (Writer, error) {
	if f == Parquet {
		return CreateParquet(path, info)
	}
	return Create(path, info)
}
