package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/grundy-lab/grundy/cmd/internal/bandrun"
	"github.com/grundy-lab/grundy/cmd/internal/cli"
	"github.com/grundy-lab/grundy/cmd/internal/patternfiles"
	"github.com/grundy-lab/grundy/conjecture/pattern"
	"github.com/grundy-lab/grundy/conjecture/proof"
	"github.com/grundy-lab/grundy/conjecture/provenance"
	"github.com/grundy-lab/grundy/engine/band"
	"github.com/grundy-lab/grundy/tables"
)

// defaultProveBound is -prove-bound's largest default: 10⁶ rows.
const defaultProveBound = 1_000_000

// maxListedExceptions bounds the exceptions a pattern of compute -patterns
// lists in the file; beyond, they are summarised (pattern.Options): a
// start near 10⁶ would list 10⁶ cells per value.
const maxListedExceptions = 10000

// patternFlags are -patterns, -prove and -prove-bound.
type patternFlags struct {
	patterns, prove *bool
	proveBound      *int64
}

// addPatternFlags defines -patterns, -prove and -prove-bound on fs.
func addPatternFlags(fs *flag.FlagSet) patternFlags {
	return patternFlags{
		patterns: fs.Bool("patterns", false, "with the band sweep: search the pattern of every value of -values on every row as it is swept, "+
			"prove the values 0 … V of the largest V whose band state repeats, and write <id>_n<N>.patterns.json, .md and .proof.json"),
		prove: fs.Bool("prove", false, "search the repeated band states alone (no sweep to n, no -n): climb V = 0 … HI of -values, "+
			"write the certificate <id>.proof.json of the largest V whose state repeats within -prove-bound rows, "+
			"once it checks, and print it and the first V that does not repeat; -resume checks a certificate whose check was interrupted (<id>.proof.json.unchecked), "+
			"else continues a search saved in <id>.prove-state, else climbs on from the certificate <id>.proof.json in -out"),
		proveBound: fs.Int64("prove-bound", 0, "with -patterns: the rows searched for a repeated band state (0: min(n, 10⁶)); "+
			"with -prove: the rows searched (default 10¹⁰: on 2 cores about 25 minutes for the V that fails at V ≈ 40, "+
			"some times that for the climb below it)"),
	}
}

// apply checks the pattern flags against the sweep chosen (after
// applySweep) and sets opts.
func (f patternFlags) apply(opts *options, set map[string]bool) error {
	if !*f.patterns {
		if set["prove-bound"] {
			return usagef("-prove-bound works with -patterns or -prove only")
		}
		return nil
	}
	switch {
	case !opts.band:
		return usagef("-patterns searches the rows of the band sweep: give -sweep band (or auto) with -write none or values, and rook tables")
	case opts.rows != [2]int64{0, int64(opts.n)}:
		return usagef("-patterns searches every row 0-%d: drop -rows", opts.n)
	case *f.proveBound < 0 || *f.proveBound > proof.MaxBound:
		return usagef("-prove-bound %d: give 0 (min(n, 10⁶)) or a number of rows up to %d", *f.proveBound, proof.MaxBound)
	}
	opts.patterns = true
	opts.proveBound = *f.proveBound
	if opts.proveBound == 0 {
		opts.proveBound = min(int64(opts.n), defaultProveBound)
	}
	return nil
}

// preparePatterns proves what a repeated band state proves of table r and
// returns the pattern search of its band run.
func preparePatterns(ctx context.Context, r tables.Ruleset, opts options, stdout io.Writer) (*bandrun.PatternSearch, error) {
	cfg := band.Config{Workers: opts.cfg.Workers}
	proved, err := patternfiles.Prove(ctx, r.ID, int64(opts.n), int(opts.values.Hi), opts.proveBound, opts.out, cfg)
	unproved := errors.Is(err, proof.ErrTable)
	if unproved {
		fmt.Fprintf(stdout, "%-10s nothing proved: %v; the patterns are searched on the rows\n", r.ID, err)
		proved, err = patternfiles.Proved{}, nil
	}
	if err != nil && ctx.Err() != nil {
		return nil, fmt.Errorf("%w while proving the patterns of %s, before the sweep: nothing was saved (%v)", bandrun.ErrInterrupted, r.ID, err)
	}
	if err != nil {
		return nil, fmt.Errorf("prove the patterns of %s: %w", r.ID, err)
	}
	if proved.Found {
		rep := proved.Repeat
		fmt.Fprintf(stdout, "%-10s proved for all x, y: the values 0 … %d repeat with period P = %d from row x0 = %d; certificate %s\n",
			r.ID, rep.V, rep.P, rep.X0, proved.Path)
		fmt.Fprintf(stdout, "%-10s searched, recorded in the certificate: %s\n", r.ID, proved.Outcome.Describe(rep.V))
	} else if !unproved {
		fmt.Fprintf(stdout, "%-10s no repeated band state within %d rows, even for V = 0: nothing proved\n", r.ID, opts.proveBound)
	}
	return &bandrun.PatternSearch{Workers: min(opts.cfg.Workers, 2), Proofs: proved.Proofs,
		Options: pattern.Options{MaxExceptions: maxListedExceptions},
		Write: func(res bandrun.PatternResult) error {
			from := provenance.New("compute", cli.Version(), freshArgs(opts.args))
			_, _, err := patternfiles.Write(opts.out, r, int64(opts.n), res.Results, &from)
			return err
		}}, nil
}

// printPatterns prints the summary of the pattern search's files, written
// by the run (bandrun.PatternSearch.Write).
func printPatterns(r tables.Ruleset, opts options, res *bandrun.PatternResult, stdout io.Writer) {
	jsonName, mdName := patternfiles.Names(r.ID, int64(opts.n))
	jsonPath, mdPath := filepath.Join(opts.out, jsonName), filepath.Join(opts.out, mdName)
	count := map[pattern.Status]int{}
	for _, v := range res.Results {
		count[v.Status]++
	}
	fmt.Fprintf(stdout, "%-10s patterns of values %s: %d proved, %d stable, %d tentative, %d unstable, %d none; "+
		"index %.1f MB compressed (%.1f MB spilled) of %.1f MB; search %.1fs; %s %s\n",
		r.ID, opts.values, count[pattern.Proved], count[pattern.Stable], count[pattern.Tentative], count[pattern.Unstable], count[pattern.None],
		float64(res.Index.Compressed)/1e6, float64(res.Index.Spilled)/1e6, float64(res.Index.Raw)/1e6, res.Seconds, jsonPath, mdPath)
}

// freshArgs is args without -resume: a resumed run writes the files of a
// run from the start, and their provenance gives the command that does.
func freshArgs(args []string) []string {
	fresh := []string{}
	for _, a := range args {
		if name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "="); strings.HasPrefix(a, "-") && name == "resume" {
			continue
		}
		fresh = append(fresh, a)
	}
	return fresh
}
