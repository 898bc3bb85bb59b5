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
	st, err := os.Stat(dir)
	switch {
	case err != nil:
		return set, missingIn(dir, ids, n, err)
	case !st.IsDir():
		return set, fileForDirectory(dir)
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

// fileForDirectory is the usage error of a claims run given a file as -in:
// it says how to pass that file, by its directory and its n, and which
// modes take a file itself.
func fileForDirectory(path string) error {
	name, ok := parseResultName(filepath.Base(path))
	if !ok {
		return usagef("-in %s is a file, and a claims run reads a directory of table files <table>_n<N>.arrow or .parquet: "+
			"give the directory that holds the tables (-in DIR, and -n N for one size); "+
			"a table file, values file or values dataset goes with -patterns -in FILE or -claims-from PATTERNS.json -in FILE", path)
	}
	return usagef("-in %s is a file, and a claims run reads a directory of table files: to check the claims of %s on it, give its "+
		"directory and its n: verify -in %s -n %d; to search its patterns: verify -patterns -in %s; "+
		"to re-check a patterns file on it: verify -claims-from PATTERNS.json -in %s",
		path, name.table, filepath.Dir(path), name.n, path, path)
}

// resultName is what the name of a result cmd/compute writes says:
// <table>_n<N>.<kind>, kind arrow, parquet or values.
type resultName struct {
	table string
	n     int64
	kind  string
}

// parseResultName reads a base name cmd/compute gives a table file, a
// values file or a values dataset.
func parseResultName(base string) (resultName, bool) {
	stem, kind, ok := strings.Cut(base, ".")
	if !ok || kind != string(results.Arrow) && kind != string(results.Parquet) && kind != "values" {
		return resultName{}, false
	}
	i := strings.LastIndex(stem, "_n")
	if i <= 0 {
		return resultName{}, false
	}
	n, err := strconv.ParseInt(stem[i+2:], 10, 64)
	if err != nil || n < 0 || strconv.FormatInt(n, 10) != stem[i+2:] {
		return resultName{}, false
	}
	return resultName{table: stem[:i], n: n, kind: kind}, true
}

// unfinishedRun is the usage error of -in naming the hidden partial file
// or directory of a run not yet done (.<table>_n<N>.<kind>.partial), or
// nil for any other name: it says how to finish the run and what to
// verify then.
func unfinishedRun(in string) error {
	dir, base := filepath.Dir(filepath.Clean(in)), filepath.Base(filepath.Clean(in))
	final, ok := strings.CutSuffix(strings.TrimPrefix(base, "."), ".partial")
	if !ok || !strings.HasPrefix(base, ".") {
		return nil
	}
	done := filepath.Join(dir, final)
	name, ok := parseResultName(final)
	switch {
	case !ok:
		return usagef("-in %s is the partial result of an unfinished run of cmd/compute, renamed to %s when the run is done: "+
			"finish the run (compute … -resume -out %s, with its flags), then verify -in %s", in, done, dir, done)
	case name.kind == string(results.Parquet):
		return usagef("-in %s is the partial result of an unfinished run of cmd/compute, which a Parquet file cannot resume: "+
			"run it again (compute -table %s -n %d -format parquet -out %s), then verify -in %s", in, name.table, name.n, dir, done)
	case name.kind == "values":
		return usagef("-in %s is the partial values dataset of an unfinished run of cmd/compute: finish it with "+
			"compute -table %s -n %d -write values -values LO-HI -out %s -resume (the -values and other flags of the interrupted run), then verify -in %s",
			in, name.table, name.n, dir, done)
	}
	return usagef("-in %s is the partial table file of an unfinished run of cmd/compute: finish it with "+
		"compute -table %s -n %d -out %s -resume (with the other flags of the interrupted run), then verify -in %s", in, name.table, name.n, dir, done)
}

// inputKind is what -in takes, for the message of a JSON file given to it.
var inputKind = jsonKind{name: "a table file, values file or values dataset"}

// checkIn refuses an -in that is the partial result of an unfinished run
// or a JSON file that goes to another flag, each with what to do instead.
func checkIn(in string) error {
	if err := unfinishedRun(in); err != nil {
		return err
	}
	return wrongKind("-in", in, inputKind)
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
