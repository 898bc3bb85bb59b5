package main

import (
	"flag"
	"math"
	"slices"
	"strings"

	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/conjecture/papers"
	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/tables"
)

// writeList is the parsed -write flag: which files a run writes. Its zero
// value is the default, the table file alone.
type writeList struct{ noTable, values bool }

// table reports whether the run writes the table file.
func (w writeList) table() bool { return !w.noTable }

// String is the list as -write spells it.
func (w writeList) String() string {
	var items []string
	if w.table() {
		items = append(items, "table")
	}
	if w.values {
		items = append(items, "values")
	}
	if len(items) == 0 {
		return "none"
	}
	return strings.Join(items, ",")
}

// parseWriteList reads -write: a comma-separated list of table and values,
// or none alone.
func parseWriteList(list string) (writeList, error) {
	w := writeList{noTable: true}
	items := strings.Split(list, ",")
	for i := range items {
		items[i] = strings.TrimSpace(items[i])
	}
	if slices.Contains(items, "none") {
		if len(items) > 1 {
			return writeList{}, usagef("-write %q: none goes alone", list)
		}
		return w, nil
	}
	for _, item := range items {
		switch item {
		case "table":
			w.noTable = false
		case "values":
			w.values = true
		default:
			return writeList{}, usagef("-write: unknown item %q (valid: table, values, or none)", item)
		}
	}
	return w, nil
}

// streamFlags are the flags of the one-sweep, many-consumers runs.
type streamFlags struct {
	write, values, claims, sets, sweep, rows *string
}

// addStreamFlags defines -write, -values, -claims and -sets on fs.
func addStreamFlags(fs *flag.FlagSet) streamFlags {
	return streamFlags{
		write: fs.String("write", "table", "files to write, comma-separated: table (<id>_n<N>.arrow, every cell), "+
			"values (the values dataset <id>_n<N>.values/, the cells of -values), or none"),
		values: fs.String("values", "0-40", "LO-HI: the values whose cells -write values keeps; the band sweep computes the values 0 … HI "+
			"(with -write none too), -patterns searches LO-HI and -prove climbs to HI"),
		claims: fs.String("claims", "", "check these table claims (ids or patterns, as verify -claims) on the bands as they "+
			"are computed, and report as verify does (exit status 3 on a counterexample)"),
		sets: fs.String("sets", "auto", "value sets of the engine: auto (by n), dense or sparse; changes speed and memory, never values"),
		sweep: fs.String("sweep", "auto", "band (only the cells of the values 0 … HI of -values: -write values or none), "+
			"full (every cell: needed for a table file, g_sha256 of the whole table, values above 1023, the tables the band does not serve "+
			"and the -claims it cannot check), or auto (band where it can)"),
		rows: fs.String("rows", "", "with the band sweep: keep the cells of the rows A-B only (the sweep stops after B)"),
	}
}

// apply parses the stream flags into opts.
func (f streamFlags) apply(opts *options) error {
	var err error
	if opts.write, err = parseWriteList(*f.write); err != nil {
		return err
	}
	if opts.values, err = results.ParseValueRange(*f.values, math.MaxInt32); err != nil {
		return usagef("-values: %v", err)
	}
	switch *f.sets {
	case "auto":
		opts.cfg.Sets = engine.AutoSets
	case "dense":
		opts.cfg.Sets = engine.DenseSets
	case "sparse":
		opts.cfg.Sets = engine.SparseSets
	default:
		return usagef("-sets %q: give auto, dense or sparse", *f.sets)
	}
	if *f.claims != "" {
		if opts.claims, err = tableClaims(*f.claims); err != nil {
			return err
		}
		// Only the claims about the tables of this run can be checked.
		opts.claims = slices.DeleteFunc(opts.claims, func(c conjecture.Claim) bool {
			return !slices.ContainsFunc(opts.tables, func(r tables.Ruleset) bool { return r.ID == c.Table })
		})
		if len(opts.claims) == 0 {
			return usagef("-claims %q selects no claim about the tables of -table", *f.claims)
		}
	}
	if opts.resume && len(opts.claims) > 0 && !opts.write.table() {
		return usagef("-claims with -resume needs -write to include table: a claim checker's state is not saved, " +
			"so the claims could not be checked on the rows computed before the interruption; " +
			"resume without -claims and check the claims later with verify, or rerun from scratch")
	}
	return nil
}

// streams reports whether the run is anything but today's table file
// alone: another -write list, or claims checked as the bands stream.
func (o options) streams() bool { return o.write != (writeList{}) || len(o.claims) > 0 }

// tableClaims selects the claims of -claims from the registry; every
// selected claim must read a table, as only those can be checked on the
// bands. This is the one place where compute uses the claim registry.
func tableClaims(list string) ([]conjecture.Claim, error) {
	patterns, err := conjecture.ParsePatterns(list)
	if err != nil {
		return nil, usagef("-claims: %v", err)
	}
	claims, err := conjecture.Select(papers.All(), patterns)
	if err != nil {
		return nil, usagef("-claims: %v (verify -list shows the ids)", err)
	}
	var onTables []conjecture.Claim
	for _, c := range claims {
		if c.Table != "" {
			onTables = append(onTables, c)
		}
	}
	if len(onTables) == 0 {
		return nil, usagef("-claims %q selects no claim about a table (the others are checked by verify on solvers)", list)
	}
	return onTables, nil
}
