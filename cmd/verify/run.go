package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/conjecture/papers"
	"github.com/grundy-lab/grundy/conjecture/pattern"
)

// usageError is a mistake in the command line: exit status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

// errFails reports that some checked claim has a counterexample: exit
// status 3.
var errFails = errors.New("counterexamples found")

// options are the parsed flags.
type options struct {
	in     string
	n      int // the size of the tables to read; -1: the largest of each
	claims []conjecture.Claim
	json   string
	list   bool
	opts   conjecture.Options
	// The pattern modes: -patterns searches, -claims-from re-checks.
	patterns   bool
	values     valueRange
	maxPeriod  int
	markdown   string
	claimsFrom string
}

// parseFlags reads args into options; every error is a usageError that
// names the flag.
func parseFlags(args []string, stderr io.Writer) (options, error) {
	fs := flag.NewFlagSet("verify", flag.ContinueOnError)
	fs.SetOutput(stderr)
	in := fs.String("in", "out", "directory of the table files <table>_n<N>.arrow that cmd/compute writes")
	exactN := fs.Int("n", -1, "read the table files of this n only (default: the largest n of each table in -in)")
	claimList := fs.String("claims", "*", "comma-separated claim ids or patterns (goishi.*, pass.lem4?); see -list")
	bound := fs.Int("bound", 0, "solver bound for every claim that has one; 0 keeps each claim's default (see -list). "+
		"Solver time grows as a power of the bound: raise it one claim at a time")
	limit := fs.Int("cap", conjecture.DefaultCap, "counterexamples kept per claim in the report")
	jsonPath := fs.String("json", "", "also write the report as JSON to this file")
	list := fs.Bool("list", false, "list the selected claims and exit")
	search := fs.Bool("patterns", false, "search the table file -in for periodic patterns of its values instead of checking claims")
	values := fs.String("values", "0-40", "with -patterns: the values to search, lo-hi or one value")
	maxPeriod := fs.Int("max-period", pattern.DefaultMaxPeriod, "with -patterns: the largest period tried")
	markdown := fs.String("markdown", "", "with -patterns: also write the patterns as statements in the papers' style to this file")
	claimsFrom := fs.String("claims-from", "", "re-check the patterns of this patterns JSON (from -patterns -json) as claims against -in")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: verify [-in DIR] [-claims LIST] [-bound B] [-cap N] [-json FILE] [-list]\n"+
			"       verify -patterns -in FILE [-values LO-HI] [-max-period P] [-json FILE] [-markdown FILE]\n"+
			"       verify -claims-from PATTERNS.json -in FILE|DIR [-cap N] [-json FILE]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return options{}, err
		}
		return options{}, usageError{err.Error()}
	}
	if fs.NArg() > 0 {
		return options{}, usagef("unexpected argument %q (all options are flags; see -h)", fs.Arg(0))
	}
	if *bound < 0 {
		return options{}, usagef("-bound %d: give a positive bound, or 0 for each claim's default", *bound)
	}
	if *limit < 1 {
		return options{}, usagef("-cap %d: need at least 1", *limit)
	}
	idPatterns, err := conjecture.ParsePatterns(*claimList)
	if err != nil {
		return options{}, usagef("-claims: %v", err)
	}
	claims, err := conjecture.Select(papers.All(), idPatterns)
	if err != nil {
		return options{}, usagef("-claims: %v (see -list for the ids)", err)
	}
	if *exactN < -1 {
		return options{}, usagef("-n %d: give n ≥ 0, or leave it out for the largest n of each table", *exactN)
	}
	opts := options{
		in: *in, n: *exactN, claims: claims, json: *jsonPath, list: *list,
		opts:     conjecture.Options{Bound: *bound, Cap: *limit},
		patterns: *search, maxPeriod: *maxPeriod, markdown: *markdown, claimsFrom: *claimsFrom,
	}
	if opts.values, err = parseValueRange(*values); err != nil {
		return options{}, usagef("-values: %v", err)
	}
	if *maxPeriod < 1 || *maxPeriod > pattern.MaxPeriodLimit {
		return options{}, usagef("-max-period %d: give 1 to %d", *maxPeriod, pattern.MaxPeriodLimit)
	}
	if opts.patterns && opts.claimsFrom != "" {
		return options{}, usagef("-patterns and -claims-from do not go together: search first, re-check in a second run")
	}
	if opts.markdown != "" && !opts.patterns {
		return options{}, usagef("-markdown goes with -patterns")
	}
	return opts, nil
}

// run is the whole command: parse, find the table files, check the
// claims, and report.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if isProveMode(args) {
		return runProve(ctx, args, stdout, stderr)
	}
	opts, err := parseFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	switch {
	case opts.list:
		return writeList(stdout, opts.claims)
	case opts.patterns:
		return runPatterns(ctx, opts, stdout, stderr)
	case opts.claimsFrom != "":
		return runPatternClaims(ctx, opts, stdout, stderr)
	}
	inputs, err := findTablesAt(opts.in, tablesOf(opts.claims), opts.n)
	if err != nil {
		return err
	}
	start := time.Now()
	reports, err := conjecture.Run(ctx, opts.claims, inputs.sources(), opts.opts)
	if err != nil {
		return err
	}
	return finishReport(opts, inputs, reports, time.Since(start), stdout, stderr)
}

// finishReport prints the reports, writes -json if set, and returns
// errFails if a claim fails.
func finishReport(opts options, inputs inputSet, reports []conjecture.Report, elapsed time.Duration, stdout, stderr io.Writer) error {
	if err := writeText(stdout, inputs, reports, corrections(papers.All())); err != nil {
		return err
	}
	if opts.json != "" {
		if err := writeJSON(opts.json, inputs, reports); err != nil {
			return err
		}
	}
	fmt.Fprintf(stderr, "verify: %d claims in %.1fs\n", len(reports), elapsed.Seconds())
	failed, checked := 0, 0
	for _, r := range reports {
		switch r.Status {
		case conjecture.Fails:
			failed++
			checked++
		case conjecture.Holds:
			checked++
		}
	}
	if failed > 0 {
		return fmt.Errorf("%w: %d of %d claims fail", errFails, failed, len(reports))
	}
	if checked == 0 {
		return noneChecked(opts, inputs, reports)
	}
	return nil
}

// noneChecked is the error of a run in which no claim could be checked:
// every table it needs is missing from -in, or every range was empty.
func noneChecked(opts options, inputs inputSet, reports []conjecture.Report) error {
	if len(inputs.found) == 0 && len(inputs.missing) > 0 {
		return fmt.Errorf("no claim could be checked: -in %s holds none of the tables they read (%s); "+
			"compute them with go run ./cmd/compute -table %s -out %s", opts.in, strings.Join(inputs.missing, ", "),
			strings.Join(inputs.missing, ","), opts.in)
	}
	return fmt.Errorf("no claim could be checked: of %d claims, none holds or fails (each is skipped for a missing table or "+
		"vacuous on a table too small for it; see the report above)", len(reports))
}

// tablesOf lists the tables the claims read, each once, in claim order.
func tablesOf(claims []conjecture.Claim) []string {
	var ids []string
	seen := make(map[string]bool)
	for _, c := range claims {
		if c.Table != "" && !seen[c.Table] {
			seen[c.Table] = true
			ids = append(ids, c.Table)
		}
	}
	return ids
}
