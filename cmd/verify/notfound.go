package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// A claims run whose -in is missing, or holds none of the tables its claims
// read (at -n, if given), says what is there and the one command of
// cmd/compute that makes what is missing.

// computeCmd is how the commands printed call cmd/compute: beside verify
// as it was invoked (bin/compute for bin/verify) when it is there, so that
// they run as printed; compute, as on PATH, otherwise.
var computeCmd = sibling(os.Args[0], "compute")

// sibling is the program name in the directory of program, if program
// was invoked by a path (bin/verify, ./verify) and that file exists, or
// name alone, as the shell finds it on PATH.
func sibling(program, name string) string {
	if !strings.ContainsRune(program, filepath.Separator) {
		return name
	}
	path := filepath.Dir(program) + string(filepath.Separator) + name
	if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() {
		return name
	}
	return path
}

// missingIn is the error of a claims run whose -in dir cannot be read
// (err, from os.Stat). A dir named as cmd/compute names a result
// (gneg1_n999.values, a typo for another n, say) is taken for that result,
// not for a directory of tables to fill.
func missingIn(dir string, ids []string, n int, err error) error {
	parent := filepath.Dir(filepath.Clean(dir))
	there := ""
	if held, _ := holdings(parent); held != "" {
		there = fmt.Sprintf("; %s holds %s", parent, held)
	}
	name, ok := parseResultName(filepath.Base(filepath.Clean(dir)))
	switch {
	case ok && name.kind == "values":
		return fmt.Errorf("-in %s: %w%s. Its name is that of the values dataset of %s at n = %d, which "+
			"%s -table %s -n %d -write values -values LO-HI -out %s makes (LO-HI: the values kept, such as 0-200)",
			dir, err, there, name.table, name.n, computeCmd, name.table, name.n, parent)
	case ok:
		return fmt.Errorf("-in %s: %w%s. Its name is that of the table file of %s at n = %d, which "+
			"%s -table %s -n %d -out %s makes; a claims run reads its directory: -in %s -n %d",
			dir, err, there, name.table, name.n, computeCmd, name.table, name.n, parent, parent, name.n)
	}
	return fmt.Errorf("-in %s: %w%s; compute tables there first: %s", dir, err, there, computeTables(dir, ids, n))
}

// noTablesAt is the error of a claims run whose -in dir holds no file of
// the tables ids (at n, if n ≥ 0); hint ends it.
func noTablesAt(dir string, ids []string, n int, hint string) error {
	at, there := "", ""
	if n >= 0 {
		at = fmt.Sprintf(" at n = %d", n)
	}
	if held, ns := holdings(dir); held != "" {
		there = "; it holds " + held
		if n >= 0 && len(ns) > 0 {
			there += fmt.Sprintf(" (-in %s -n %d checks those)", dir, ns[len(ns)-1])
		}
	}
	return fmt.Errorf("-in %s holds no table file of %s%s (<table>_n<N>.arrow or .parquet)%s; compute them first: %s%s",
		dir, strings.Join(ids, ", "), at, there, computeTables(dir, ids, n), hint)
}

// computeTables is the command of cmd/compute that writes the table files
// of ids, at n if n ≥ 0 (else at compute's default n), into dir.
func computeTables(dir string, ids []string, n int) string {
	size := ""
	if n >= 0 {
		size = fmt.Sprintf(" -n %d", n)
	}
	return fmt.Sprintf("%s -table %s%s -out %s", computeCmd, strings.Join(ids, ","), size, dir)
}

// holdings describes the results of cmd/compute in dir, by kind: the
// tables of its table files with their n's, and its values datasets; ""
// if it holds none (or cannot be read). ns are the n's of its table files,
// in increasing order.
func holdings(dir string) (text string, ns []int64) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", nil
	}
	tablesAt := make(map[int64][]string) // n -> tables with a table file at n
	var datasets []string
	for _, e := range entries {
		name, ok := parseResultName(e.Name())
		switch {
		case !ok:
		case name.kind == "values":
			datasets = append(datasets, e.Name())
		case !slices.Contains(tablesAt[name.n], name.table):
			tablesAt[name.n] = append(tablesAt[name.n], name.table)
		}
	}
	var parts []string
	for n := range tablesAt {
		ns = append(ns, n)
	}
	slices.Sort(ns)
	for _, n := range ns {
		parts = append(parts, fmt.Sprintf("table files of %s at n = %d", strings.Join(tablesAt[n], ", "), n))
	}
	if len(datasets) > 0 {
		parts = append(parts, "the values datasets "+strings.Join(datasets, ", "))
	}
	return strings.Join(parts, " and "), ns
}
