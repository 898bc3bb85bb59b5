package main

import (
	"fmt"
	"io"
	"os"

	"github.com/grundy-lab/grundy/conjecture/pattern"
	"github.com/grundy-lab/grundy/conjecture/provenance"
	"github.com/grundy-lab/grundy/results"
)

// maxPatternsFileBytes caps a -claims-from file: the patterns JSON of
// values 0…10000 at n = 10⁵ takes a few MB, and a file is decoded in
// memory a few times its size.
const maxPatternsFileBytes = 64 << 20

// maxIndexBytes caps the index of a pattern search or re-check, 4 bytes
// per row and value from 0 to the largest: 10⁴ values of a table of
// n = 5·10⁴ fit, a pattern file naming value 10⁵ against n = 2·10⁴ (8 GB)
// does not.
const maxIndexBytes = 2 << 30

// readPatternsFile reads and validates the patterns JSON at path, streaming
// it, after refusing a JSON file of another kind (a usageError saying
// where it goes), anything but a regular file (a FIFO would block, and
// /dev/zero never end) and a file above maxPatternsFileBytes, and records
// the file and its SHA-256 in from.
func readPatternsFile(path string, from *provenance.Provenance) (pattern.File, error) {
	if err := wrongKind("-claims-from", path, patternsKind); err != nil {
		return pattern.File{}, err
	}
	f, err := results.OpenRegular(path, os.O_RDONLY)
	if err != nil {
		return pattern.File{}, fmt.Errorf("-claims-from: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return pattern.File{}, fmt.Errorf("-claims-from: %w", err)
	}
	if st.Size() > maxPatternsFileBytes {
		return pattern.File{}, fmt.Errorf("-claims-from %s: %d bytes, above the limit of %d MiB for a patterns file: "+
			"is it one verify -patterns -json wrote?", path, st.Size(), maxPatternsFileBytes>>20)
	}
	file, err := pattern.Decode(io.LimitReader(f, maxPatternsFileBytes))
	if err != nil {
		return pattern.File{}, fmt.Errorf("-claims-from %s: %w", path, err)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return pattern.File{}, fmt.Errorf("-claims-from %s: %w", path, err)
	}
	if err := from.AddFile(path, io.LimitReader(f, maxPatternsFileBytes)); err != nil {
		return pattern.File{}, err
	}
	return file, nil
}

// checkIndexSize refuses, before anything is allocated, an index of the
// values lo … hi of the file at path above maxIndexBytes, reading the rows
// from its metadata (a values file whose data do not reach them is refused
// later, by pattern.ScanValuesFile), and names the -values that fit.
func checkIndexSize(path string, lo, hi int) error {
	info, err := pattern.ReadInputInfo(path)
	if err != nil {
		return err
	}
	perValue := 4 * int64(info.N+1)
	if bytes := perValue * int64(hi-lo+1); bytes > maxIndexBytes {
		fit := maxIndexBytes / perValue
		if fit == 0 {
			return fmt.Errorf("indexing one value of %s (n = %d) takes %d MiB, above the limit of %d MiB "+
				"(if n is not the table's, the file is damaged: recompute it)", path, info.N, perValue>>20, maxIndexBytes>>20)
		}
		return fmt.Errorf("indexing the values %d…%d of %s (n = %d) would take %d MiB, above the limit of %d MiB: "+
			"search at most %d values at a time, e.g. -values %d-%d, then -values %d-%d",
			lo, hi, path, info.N, bytes>>20, maxIndexBytes>>20, fit, lo, lo+int(fit)-1, lo+int(fit), min(hi, lo+2*int(fit)-1))
	}
	return nil
}
