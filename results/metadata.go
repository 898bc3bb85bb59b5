// Package results reads and writes the project's result files: Grundy tables
// as Apache Arrow IPC files (Feather v2) that pyarrow, pandas and polars open
// directly, or as Parquet files that DuckDB and Spark read too, written
// atomically and checked when read back.
//
// A table file holds the columns x, y, g (all int32) of every cell 0 ≤ x, y ≤ n
// in row-major order (x outer, y inner), in record batches (Arrow) or row
// groups (Parquet) of whole x-rows, and describes itself in the schema (Arrow)
// or key-value (Parquet) metadata under the Key… names below.
package results

import (
	"fmt"
	"strconv"
)

// Version is the program version written into every result file.
const Version = "0.1.0"

// Schema metadata keys of a table file. Every value is a string; the
// numeric ones are decimal.
const (
	KeyTable       = "table"       // ruleset id, e.g. "gneg1"
	KeySymbol      = "symbol"      // the paper's name, e.g. "G₋₁"
	KeyN           = "n"           // the table covers 0 ≤ x, y ≤ n
	KeyDefinition  = "definition"  // the recurrence in words
	KeySource      = "source"      // paper and table or theorem
	KeyLayout      = "layout"      // row order and batch layout, in words
	KeySHA256      = "g_sha256"    // hex SHA-256 of g as little-endian int32, row-major
	KeyMaxValue    = "max_value"   // largest g; fixed width, see below
	KeyVersion     = "version"     // program version
	KeyWorkers     = "workers"     // worker goroutines of the run that finished the table; fixed width
	KeyTile        = "tile"        // tile side of the run
	KeyCompression = "compression" // buffer compression: zstd, lz4 or none
	KeySeconds     = "seconds"     // wall-clock seconds of compute and write; fixed width
)

// Layout is the value of KeyLayout.
const Layout = "row-major: x = 0..n outer, y = 0..n inner, one row per cell; " +
	"record batches (Arrow) or row groups (Parquet) hold whole x-rows; g = -1 marks a base cell the mex ignores"

// The values known only once the last cell is written, g_sha256, max_value
// and seconds, and workers, which a resumed run may change, are written over
// fixed-width placeholders after the data (see patch.go), so they have fixed
// widths: max_value is a zero-padded decimal of 11 characters
// ("00000000013", "-0000000001"), seconds a zero-padded decimal with three
// places in 12 characters ("00000001.234") and workers a zero-padded decimal
// of 6 ("000002"). All parse with int() and float() as they are.
const (
	maxValueWidth = 11
	secondsWidth  = 12
	workersWidth  = 6
)

// MaxWorkers is the largest worker count a file records.
const MaxWorkers = 999999

// formatWorkers renders a worker count in its fixed width; counts outside
// 0..MaxWorkers are clamped to it.
func formatWorkers(k int) string {
	return fmt.Sprintf("%0*d", workersWidth, min(max(k, 0), MaxWorkers))
}

// formatMaxValue renders a max_value in its fixed width.
func formatMaxValue(v int32) string { return fmt.Sprintf("%0*d", maxValueWidth, v) }

// formatSeconds renders seconds in its fixed width; the width holds up to
// 10⁷ seconds, about four months.
func formatSeconds(s float64) string {
	s = min(max(s, 0), 9999999.999)
	return fmt.Sprintf("%0*.3f", secondsWidth, s)
}

// Info describes a table file: what it holds and how it was made.
type Info struct {
	Table       string
	Symbol      string
	N           int
	Definition  string
	Source      string
	Compression Compression
	Workers     int
	Tile        int
	// Known when the table is complete:
	SHA256   string
	MaxValue int32
	Seconds  float64
	Version  string
}

// parseInt reads a decimal metadata value, naming the key on failure.
func parseInt(key, s string) (int, error) {
	v, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("metadata %q = %q is not an integer", key, s)
	}
	return v, nil
}
