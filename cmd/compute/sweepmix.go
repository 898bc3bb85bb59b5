package main

import (
	"strings"

	"github.com/grundy-lab/grundy/engine/band"
)

// One run sweeps all its tables one way. A -table list that mixes tables the
// band sweep serves with tables only the full sweep computes would take the
// full sweep for all of them, at a cost that grows as n² where the band's
// grows as n: -sweep auto refuses such a list and prints the two runs
// that take each table its own way.

// mixedSweeps is the usage error of a run without a table file, under
// -sweep auto, whose tables the band sweep serves only in part; nil for
// any other run.
func mixedSweeps(opts options) error {
	if opts.write.table() {
		return nil
	}
	var served, full []string
	var why error
	for _, r := range opts.tables {
		if _, err := r.BandRules(); err != nil {
			full = append(full, r.ID)
			why = err
			continue
		}
		served = append(served, r.ID)
	}
	if len(served) == 0 || len(full) == 0 {
		return nil
	}
	return usagef("-table %s: the band sweep serves %s, not %s (%s), and one run sweeps all its tables one way, "+
		"so the full sweep would compute every cell of %s too; run them apart: %s, then %s; "+
		"or give -sweep full to sweep them all in full",
		strings.Join(append(served, full...), ","), strings.Join(served, ", "), strings.Join(full, ", "), notBand(why),
		strings.Join(served, ", "), commandWithTables(self, opts.args, served), commandWithTables(self, opts.args, full, "-sweep", "full"))
}

// notBand is why the band sweep cannot compute a table (an error of
// tables.Ruleset.BandRules) without the "band: invalid" of its error: said
// where the run goes on another way, it is no refusal.
func notBand(err error) string {
	return strings.TrimPrefix(err.Error(), band.ErrInvalid.Error()+": ")
}

// commandWithTables is the command line program args with the tables ids
// as its -table, and extra after; words a shell would split are quoted.
func commandWithTables(program string, args []string, ids []string, extra ...string) string {
	list := strings.Join(ids, ",")
	words := []string{shellQuote(program), "-table", list}
	for i := 0; i < len(args); i++ {
		name, _, hasValue := strings.Cut(strings.TrimLeft(args[i], "-"), "=")
		if strings.HasPrefix(args[i], "-") && name == "table" {
			if !hasValue {
				i++ // its value is the next argument
			}
			continue
		}
		words = append(words, shellQuote(args[i]))
	}
	for _, w := range extra {
		words = append(words, shellQuote(w))
	}
	return strings.Join(words, " ")
}
