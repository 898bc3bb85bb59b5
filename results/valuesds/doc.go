// Package valuesds reads and writes values datasets, format "grundy-values/3":
// the cells (v, x, y) of a Grundy table whose value v lies in a range LO..HI,
// kept as a directory of Parquet parts that DuckDB, polars, pandas and
// pyarrow read as one table, plus a _manifest.json that lists the parts with
// their checksums.
//
// The directory <out>/<id>_n<N>.values/ holds part-<x_first>.parquet, one per
// block of B consecutive table rows x_first..x_last (the last block may be
// shorter; a block without cells still has its part, with zero rows). Within
// a part the cells are ordered by v, then x, then y, one row group per value,
// so that the min/max statistics of v and x let a reader of one value in a
// few rows read one row group of one part. The manifest, written last, says
// what the dataset holds and carries cells_sha256, the checksum of the cells
// in (x, y) order that does not depend on B: two datasets hold the same
// cells exactly when their cells_sha256 agree. The formats differ only in
// that checksum's definition (CellSum): format 1's summed every cell in one
// stream, which bounded a run on two cores; format 2's summed each row's
// own SHA-256 of 4 bytes a cell; format 3's does the same with a byte a
// cell for the rows of a band. Datasets of formats 1 and 2 are still read
// and verified, each with its own (EarlierFormat).
//
// A dataset is written under the hidden name .<id>_n<N>.values.partial/ and
// renamed when complete; parts are written atomically, so an interrupted run
// resumes from its last finished part (Writer.Progress, Resume).
package valuesds

import (
	"errors"
	"fmt"
	"path/filepath"
)

// Format is the manifest's "format" of the layout this package writes;
// Format2 and Format1 are the earlier ones it still reads and verifies,
// whose cells_sha256 are defined otherwise.
const (
	Format  = "grundy-values/3"
	Format2 = "grundy-values/2"
	Format1 = "grundy-values/1"
)

// EarlierFormat reports whether format is one of the earlier formats read
// (Format2, Format1); false for Format and for any unknown format.
func EarlierFormat(format string) bool { return format == Format2 || format == Format1 }

// ManifestName is the name of the manifest file inside a dataset directory.
const ManifestName = "_manifest.json"

// DefaultBlockRows is the number of table rows per part when
// Options.BlockRows is 0.
const DefaultBlockRows = 65536

// MaxPartCells bounds the cells of one part: a reader holds one part's
// cells in memory (20 bytes a cell; a Scan holds smaller parts two or three
// at a time, up to 2²⁴ cells read ahead), and so does a writer of values
// spanning more than StreamedValues. A block that would hold more is an
// error that asks for a smaller block.
const MaxPartCells = 1 << 26

// MaxN is the largest n whose rows fit the 12 digits of a part name.
const MaxN = 999_999_999_999

// Layout describes a part's order in words, as its key-value metadata
// "layout".
const Layout = "cells (v, x, y) with LO <= v <= HI of the table rows x_first..x_last; " +
	"ordered by v, then x, then y; one row group per value present"

// DirName is the directory of the values dataset of table id at size n:
// "<id>_n<n>.values".
func DirName(id string, n int64) string { return fmt.Sprintf("%s_n%d.values", id, n) }

// PartialDir is the hidden directory a dataset at dir is written in:
// ".<base>.partial" beside it.
func PartialDir(dir string) string {
	dir = filepath.Clean(dir)
	return filepath.Join(filepath.Dir(dir), "."+filepath.Base(dir)+".partial")
}

// AsideDir is where a complete dataset at dir is moved while a new one
// replaces it, on systems that cannot swap two directories in one step.
func AsideDir(dir string) string {
	dir = filepath.Clean(dir)
	return filepath.Join(filepath.Dir(dir), "."+filepath.Base(dir)+".old")
}

// PartName is the file name of the part whose first table row is xFirst:
// "part-<xFirst as 12 digits>.parquet".
func PartName(xFirst int64) string { return fmt.Sprintf("part-%012d.parquet", xFirst) }

// ErrDamaged is matched (errors.Is) by every error that reports a damaged
// or incomplete dataset.
var ErrDamaged = errors.New("damaged values dataset")

// DamageError reports damage found in File: its text is
// "damaged values dataset: <File>: <Err>".
type DamageError struct {
	File string
	Err  error
}

func (e *DamageError) Error() string {
	return fmt.Sprintf("%s: %s: %v", ErrDamaged, e.File, e.Err)
}

// Unwrap returns ErrDamaged and the underlying cause.
func (e *DamageError) Unwrap() []error { return []error{ErrDamaged, e.Err} }

// damaged returns a DamageError for file with a formatted cause.
func damaged(file, format string, args ...any) error {
	return &DamageError{File: file, Err: fmt.Errorf(format, args...)}
}
