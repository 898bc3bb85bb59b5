package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/results/valuesds"
)

// tableFile is the file found for one table.
type tableFile struct {
	ID   string `json:"id"`
	File string `json:"file"` // base name, as cmd/compute names it
	N    int    `json:"n"`
	path string
}

// inputSet is what findTables found in dir: a file for each of some
// tables, and the tables that have none.
type inputSet struct {
	dir     string
	found   []tableFile
	missing []string
}

// findTables finds in dir the file of each table of ids with the largest
// n, as findTablesAt does.
func findTables(dir string, ids []string) (inputSet, error) { return findTablesAt(dir, ids, -1) }

// findTablesAt finds in dir the file of each table of ids: the one named
// <id>_n<n>.arrow or <id>_n<n>.parquet, or if n < 0 the one with the
// largest N. It checks each chosen file's metadata, so that a truncated or
// foreign file, or one that is not a regular file, is an error naming it
// before any checking starts; a table with no file is listed as missing.
func findTablesAt(dir string, ids []string, n int) (inputSet, error) {
	set := inputSet{dir: dir}
	if len(ids) == 0 {
		return set, nil
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		if err == nil {
			err = fmt.Errorf("not a directory")
		}
		return set, fmt.Errorf("-in %s: %w (compute tables there first: go run ./cmd/compute -out %s)", dir, err, dir)
	}
	if valuesds.IsDataset(dir) {
		return set, fmt.Errorf("-in %s is a values dataset, which holds some values only: the claims read whole tables, "+
			"so give the directory of the table files; a values dataset goes with -patterns or -claims-from, "+
			"or alone: verify -in %s checks its cells against their definition", dir, dir)
	}
	for _, id := range ids {
		f, ok, err := tableFileOf(dir, id, n)
		if err != nil {
			return set, err
		}
		if !ok {
			set.missing = append(set.missing, id)
			continue
		}
		info, err := results.ReadInfo(f.path)
		if err != nil {
			return set, err
		}
		if info.Table != id || info.N != f.N {
			return set, fmt.Errorf("%s is a foreign file: it holds table %q at n = %d, but its name says %q at n = %d",
				f.path, info.Table, info.N, id, f.N)
		}
		set.found = append(set.found, f)
	}
	return set, nil
}

// tableFileOf returns the file of table id in dir at size n, or with the
// largest n if n < 0, Arrow or Parquet; of two files of the same n, the
// Arrow one.
func tableFileOf(dir, id string, n int) (tableFile, bool, error) {
	var best tableFile
	ok := false
	for _, format := range []results.Format{results.Arrow, results.Parquet} {
		paths, err := filepath.Glob(filepath.Join(dir, id+"_n*."+string(format)))
		if err != nil {
			return tableFile{}, false, fmt.Errorf("-in %s: %w", dir, err)
		}
		for _, p := range paths {
			base := filepath.Base(p)
			size, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(base, id+"_n"), "."+string(format)))
			if err != nil || size < 0 || base != format.FileName(id, size) || (n >= 0 && size != n) {
				continue // not a name cmd/compute writes, as gneg1_nold.arrow, or another n than asked
			}
			if !ok || size > best.N {
				best, ok = tableFile{ID: id, File: base, N: size, path: p}, true
			}
		}
	}
	return best, ok, nil
}

// sources returns the tables found as conjecture.Tables that stream their
// files, checking each file's checksum as they go.
func (s inputSet) sources() map[string]conjecture.Table {
	m := make(map[string]conjecture.Table, len(s.found))
	for _, f := range s.found {
		m[f.ID] = func(visit func(engine.Band) error) error {
			_, err := results.Scan(f.path, visit)
			return err
		}
	}
	return m
}
