package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/results/valuesds"
	"github.com/grundy-lab/grundy/tables"
)

// Before any table is computed, with the tables' locks held, the final
// name of each file a table's run writes is looked at: anything there but
// a regular file (a table file) or a directory (a values dataset) would
// make the rename at the end fail after all the work, so it is an error
// now; under -resume a table file there is read through and checked
// (footer, rows, metadata, g_sha256) before the table is skipped as
// complete, and a damaged one is computed again. (A values dataset is
// checked by the run itself: bandrun and fullrun skip a complete one.)

// prepareTables checks the final names of every table of opts and returns
// the tables still to compute.
func prepareTables(opts options, stdout, stderr io.Writer) ([]tables.Ruleset, error) {
	var todo []tables.Ruleset
	for _, r := range opts.tables {
		if opts.write.values {
			if err := checkDatasetName(r, opts); err != nil {
				return nil, err
			}
		}
		complete, err := prepareTable(r, opts, stdout, stderr)
		if err != nil {
			return nil, err
		}
		if complete {
			continue
		}
		if opts.resume {
			reportOtherRuns(r, opts, stderr)
		}
		todo = append(todo, r)
	}
	return todo, nil
}

// checkDatasetName refuses anything but a directory under the final name
// of table r's values dataset.
func checkDatasetName(r tables.Ruleset, opts options) error {
	dir := filepath.Join(opts.out, valuesds.DirName(r.ID, int64(opts.n)))
	st, err := os.Lstat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("%s: %w", r.ID, err)
	case !st.IsDir():
		return fmt.Errorf("%s: %s is a %s, not a values dataset: move it away, compute writes the dataset under that name",
			r.ID, dir, results.FileKind(st.Mode()))
	}
	return nil
}

// prepareTable checks the final name of table r's file, when the run
// writes one, and reports whether, under -resume, it already holds the
// complete table and the run writes nothing else.
func prepareTable(r tables.Ruleset, opts options, stdout, stderr io.Writer) (complete bool, err error) {
	if !opts.write.table() {
		return false, nil
	}
	path := tablePath(r, opts)
	st, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return false, fmt.Errorf("%s: %w", r.ID, err)
	case !st.Mode().IsRegular():
		return false, fmt.Errorf("%s: %s is a %s, not a table file: move it away, compute writes the table under that name",
			r.ID, path, results.FileKind(st.Mode()))
	case opts.resume && !opts.write.values:
		info, err := results.Scan(path, func(engine.Band) error { return nil })
		if err == nil && (info.Table != r.ID || info.N != opts.n) {
			err = fmt.Errorf("it holds table %s at n = %d", info.Table, info.N)
		}
		if err == nil {
			fmt.Fprintf(stdout, "%-10s n=%d  already complete: %s (checked: %d rows, g_sha256 %.16s)\n",
				r.ID, opts.n, path, opts.n+1, info.SHA256)
			if removed, err := results.RemoveStaleCheckpoint(path); removed {
				fmt.Fprintf(stderr, "compute: %s: removed the checkpoint left by the run that completed it\n", r.ID)
			} else if err != nil {
				return false, fmt.Errorf("%s: %w", r.ID, err)
			}
			return true, nil
		}
		fmt.Fprintf(stderr, "compute: %s: %s is not a complete table (%v): computing it again; "+
			"it is replaced when the new table is complete\n", r.ID, path, err)
	}
	return false, nil
}

// otherRunFiles are the files an interrupted run leaves in -out, by the end
// of their names after ".<id>_n<N>", with what to do about them.
var otherRunFiles = []struct{ suffix, advice string }{
	{".arrow.partial", "resume it with -n %d -resume, or delete it and its .checkpoint"},
	{".state", "resume it with -n %d, its -write list and -resume, or delete it and any .values.partial directory of that n"},
	{".parquet.partial", "a Parquet run cannot be resumed (n = %d): delete it"},
	{".band.state", "a band run (-sweep band): resume it with -n %d, its -write, -values and -rows and -resume, " +
		"or delete it and any .values.partial directory of that n"},
}

// reportOtherRuns says which interrupted runs of table r at another n are
// kept in -out: -resume continues only the run at -n, and the others' files
// (a table's partial file, a -write values or none run's state file, a
// Parquet partial file left by kill -9) stay until resumed or deleted.
func reportOtherRuns(r tables.Ruleset, opts options, stderr io.Writer) {
	prefix := "." + r.ID + "_n"
	for _, kind := range otherRunFiles {
		paths, _ := filepath.Glob(filepath.Join(opts.out, prefix+"*"+kind.suffix))
		for _, p := range paths {
			// A values dataset's partial directory has ".values" before
			// its suffix, a band run's state ".band" before ".state": they
			// are not numbers, and the band's has its own entry.
			n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(filepath.Base(p), prefix), kind.suffix))
			if err != nil || n == opts.n {
				continue
			}
			size := ""
			if st, err := os.Stat(p); err == nil {
				size = ", " + formatBytes(st.Size())
			}
			fmt.Fprintf(stderr, "compute: %s: the interrupted run at n = %d is kept in %s%s: "+kind.advice+"\n",
				r.ID, n, p, size, n)
		}
	}
}

// tablePath is the final name of the file of table r, in -format.
func tablePath(r tables.Ruleset, opts options) string {
	return filepath.Join(opts.out, opts.format.FileName(r.ID, opts.n))
}
