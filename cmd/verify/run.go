package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/grundy-lab/grundy/cmd/internal/cli"
	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/conjecture/papers"
	"github.com/grundy-lab/grundy/conjecture/pattern"
	"github.com/grundy-lab/grundy/conjecture/provenance"
	"github.com/grundy-lab/grundy/results/valuesds"
)

// usageError is a mistake in the command line: exit status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

// errFails reports that some checked claim has a counterexample: exit
// status 3.
var errFails = errors.New("counterexamples found")

// maxBound caps -bound: solver memory grows as a power of the bound (the
// square of it for two heaps), and the largest default is 4096.
const maxBound = 1 << 14

// options are the parsed flags.
type options struct {
	in     string
	n      int // the size of the tables to read; -1: the largest of each
	claims []conjecture.Claim
	// claimsGiven: -claims was on the command line, not its default.
	claimsGiven bool
	json        string
	list        bool
	opts        conjecture.Options
	// The pattern modes: -patterns searches, -claims-from re-checks.
	patterns bool
	values   valueRange
	// valuesGiven: -values was on the command line, not its default
	// (-claims-from then re-checks only the patterns of those values).
	valuesGiven bool
	maxPeriod   int
	markdown    string
	claimsFrom  string
	// game, if set, is the game file -claims-from's patterns file (and a
	// values dataset -in that records a game) must be of.
	game string
	// from records the version and command line for the reports.
	from provenance.Provenance
}

// The flags of each mode, and where each flag that not all modes take
// belongs, for the message of a flag a mode does not use.
var (
	claimsFlags     = []string{"in", "n", "claims", "bound", "cap", "json"}
	listFlags       = []string{"list", "claims"}
	patternsFlags   = []string{"patterns", "in", "values", "max-period", "json", "markdown"}
	claimsFromFlags = []string{"claims-from", "in", "game", "values", "cap", "json"}
	datasetFlags    = []string{"in"}
	flagHome        = map[string]string{
		"n": "it goes with a claims run (-in DIR)", "claims": "it goes with a claims run or -list",
		"bound": "it goes with a claims run (-in DIR)", "cap": "it goes with a claims run or -claims-from",
		"values": "it goes with -patterns or -claims-from", "max-period": "it goes with -patterns", "markdown": "it goes with -patterns",
		"list": "it is a mode of its own", "patterns": "it is a mode of its own (search first, re-check in a second run)",
		"claims-from": "it is a mode of its own (search first, re-check in a second run)",
		"game":        "it goes with -claims-from (and -certificate)",
	}
	// datasetFlagHome says, for the check of a values dataset, why a flag
	// has no part in it.
	datasetFlagHome = map[string]string{
		"n":     "the dataset holds one n, the N of its name <table>_n<N>.values; -n chooses among the table files of a directory in a claims run",
		"bound": "it goes with a claims run (-in DIR)", "cap": "it goes with a claims run or -claims-from",
		"json": "the check prints its one line on stdout", "values": "the dataset holds its values, all checked; -values goes with -patterns or -claims-from",
		"max-period": "it goes with -patterns", "markdown": "it goes with -patterns",
	}
)

// usageLines is the synopsis of every mode of verify, with every flag.
const usageLines = `usage: verify [-in DIR] [-n N] [-claims LIST] [-bound B] [-cap N] [-json FILE]
       verify -in DATASET
       verify -list [-claims LIST]
       verify -patterns -in FILE [-values LO-HI] [-max-period P] [-json FILE] [-markdown FILE]
       verify -claims-from PATTERNS.json -in FILE|DIR [-game GAME.toml] [-values LO-HI] [-cap N] [-json FILE]
       verify -prove [-table LIST] [-values 0-HI] [-prove-bound ROWS] [-out DIR] [-workers N]
       verify -certificate FILE [-game GAME.toml] [-max-cells N] [-recheck-search] [-workers N]
       verify -family DIR [-workers N]
       verify -version`

// printUsage prints the synopsis and the flags of fs, the claims and
// pattern modes' FlagSet, and of the proof modes.
func printUsage(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprintln(w, usageLines)
	fmt.Fprintln(w, "\nThe flags of the claims runs, -list, -patterns and -claims-from:")
	cli.PrintDefaults(fs)
	prove, _ := newProveFlagSet(w)
	fmt.Fprintln(w, "\nThe flags of -prove and -certificate:")
	cli.PrintDefaults(prove)
}

// parseFlags reads args into options; every error is a usageError that
// names the flag.
func parseFlags(args []string, stderr io.Writer) (options, error) {
	fs := flag.NewFlagSet("verify", flag.ContinueOnError)
	fs.SetOutput(stderr)
	in := fs.String("in", "out", "directory of the table files <table>_n<N>.arrow that cmd/compute writes; "+
		"with -patterns or -claims-from also one table file, values file or values dataset directory <table>_n<N>.values")
	exactN := fs.Int("n", -1, "read the table files of this n only (default: the largest n of each table in -in)")
	claimList := fs.String("claims", "*", "comma-separated claim ids or patterns (goishi.*, pass.lem4?); see -list")
	bound := fs.Int("bound", 0, fmt.Sprintf("solver bound for every claim that has one, at most %d; 0 keeps each claim's default (see -list). "+
		"Solver time grows as a power of the bound: raise it one claim at a time", maxBound))
	limit := fs.Int("cap", conjecture.DefaultCap, "counterexamples kept per claim in the report")
	jsonPath := fs.String("json", "", "also write the report as JSON to this file")
	list := fs.Bool("list", false, "list the selected claims and exit")
	search := fs.Bool("patterns", false, "search the table file -in for periodic patterns of its values instead of checking claims")
	values := fs.String("values", "0-40", "with -patterns: the values to search, lo-hi or one value (0-40 if not given); "+
		"with -claims-from: re-check only the patterns of these values (every pattern of the file if not given)")
	maxPeriod := fs.Int("max-period", pattern.DefaultMaxPeriod, "with -patterns: the largest period tried")
	markdown := fs.String("markdown", "", "with -patterns: also write the patterns as statements in the papers' style to this file")
	claimsFrom := fs.String("claims-from", "", fmt.Sprintf("re-check the patterns of this patterns JSON (from -patterns -json, at most %d MiB) as claims against -in", maxPatternsFileBytes>>20))
	game := fs.String("game", "", "with -claims-from: the game file the patterns file, and a values dataset -in that records a game, must be of; "+
		"refused, naming both identities, if either records another game")
	version := fs.Bool("version", false, "print the program's version and exit")
	fs.Usage = func() { printUsage(fs.Output(), fs) }
	if err := cli.Parse(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return options{}, err
		}
		return options{}, usageError{err.Error()}
	}
	if fs.NArg() > 0 {
		return options{}, usagef("unexpected argument %q (all options are flags; see -h)", fs.Arg(0))
	}
	if *version {
		if err := cli.Unused(fs, "-version", []string{"version"}, nil); err != nil {
			return options{}, usageError{err.Error()}
		}
		return options{}, errVersion
	}
	dataset := !*list && !*search && *claimsFrom == "" && !isSet(fs, "claims") && valuesds.IsDataset(*in)
	if err := unusedFlags(fs, *list, *search, *claimsFrom != "", dataset); err != nil {
		return options{}, err
	}
	if *bound < 0 || *bound > maxBound {
		return options{}, usagef("-bound %d: give a bound from 1 to %d, or 0 for each claim's default", *bound, maxBound)
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
		in: *in, n: *exactN, claims: claims, claimsGiven: isSet(fs, "claims"), json: *jsonPath, list: *list,
		opts:     conjecture.Options{Bound: *bound, Cap: *limit},
		patterns: *search, valuesGiven: isSet(fs, "values"), maxPeriod: *maxPeriod, markdown: *markdown, claimsFrom: *claimsFrom,
		game: *game, from: provenance.New("verify", programVersion(), args),
	}
	if opts.values, err = parseValueRange(*values); err != nil {
		return options{}, usagef("-values: %v", err)
	}
	if *maxPeriod < 1 || *maxPeriod > pattern.MaxPeriodLimit {
		return options{}, usagef("-max-period %d: give 1 to %d", *maxPeriod, pattern.MaxPeriodLimit)
	}
	return opts, nil
}

// unusedFlags returns a usageError naming a flag set on the command line
// that its mode does not use, the mode being the first of -list, -patterns
// and -claims-from given, the check of a values dataset (-in DATASET
// alone), or a claims run.
func unusedFlags(fs *flag.FlagSet, list, search, claimsFrom, dataset bool) error {
	mode, used, home := "a claims run", claimsFlags, flagHome
	switch {
	case dataset:
		mode, used, home = "the check of a values dataset (verify -in DATASET)", datasetFlags, datasetFlagHome
	case list:
		mode, used = "-list", listFlags
	case search:
		mode, used = "-patterns", patternsFlags
	case claimsFrom:
		mode, used = "-claims-from", claimsFromFlags
	}
	if err := cli.Unused(fs, mode, used, home); err != nil {
		return usageError{err.Error()}
	}
	return nil
}

// isSet reports whether the flag name was given on the command line.
func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// programVersion is the version -version prints and every report and
// certificate records (a variable for the test that they agree).
var programVersion = cli.Version

// errVersion asks run to print the version and stop.
var errVersion = errors.New("version asked for")

// run is the whole command: parse, find the table files, check the
// claims, and report.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if familyMode(args) {
		return runFamily(ctx, args, stdout, stderr)
	}
	prove, args := proveMode(args)
	if prove {
		return runProve(ctx, args, stdout, stderr)
	}
	opts, err := parseFlags(args, stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return nil
	case errors.Is(err, errVersion):
		_, err := fmt.Fprintln(stdout, "verify", programVersion())
		return err
	case err != nil:
		return err
	}
	if !opts.list {
		if err := checkIn(opts.in); err != nil {
			return err
		}
		if err := registerDatasetGame(opts.in); err != nil {
			return err
		}
	}
	switch {
	case opts.list:
		return writeList(stdout, opts.claims)
	case opts.patterns:
		return runPatterns(ctx, opts, stdout, stderr)
	case opts.claimsFrom != "":
		return runPatternClaims(ctx, opts, stdout, stderr)
	case valuesds.IsDataset(opts.in) && !opts.claimsGiven:
		return runBandCheck(ctx, opts.in, stdout, stderr)
	}
	inputs, err := findTablesAt(opts.in, tablesOf(opts.claims), opts.n)
	if err != nil {
		return err
	}
	if len(inputs.found) == 0 && len(inputs.missing) > 0 {
		return noTables(opts, inputs)
	}
	if err := addInputs(&opts.from, inputs); err != nil {
		return err
	}
	start := time.Now()
	stop := cli.StartProgress(stderr, progressInterval, func(elapsed time.Duration) string {
		return fmt.Sprintf("verify: still checking %d claims after %s", len(opts.claims), elapsed)
	})
	reports, err := conjecture.Run(ctx, opts.claims, inputs.sources(), opts.opts)
	stop()
	if err != nil {
		return err
	}
	return finishReport(opts, inputs, reports, time.Since(start), stdout, stderr)
}

// progressInterval is how often a long run says it is alive on a stderr
// that is not a terminal.
var progressInterval = cli.ProgressInterval

// noTables is the error of a claims run whose -in holds none of the tables
// its claims read: said before any solver claim runs, so that the papers'
// known errata are never reported as findings against missing data.
func noTables(opts options, inputs inputSet) error {
	hint := ""
	if !opts.claimsGiven {
		hint = "; to run only the claims checked by solvers, select them with -claims (see -list: those that read \"solvers\")"
	}
	return noTablesAt(opts.in, inputs.missing, opts.n, hint)
}

// finishReport prints the reports, writes -json if set, and returns
// errFails if a claim fails.
func finishReport(opts options, inputs inputSet, reports []conjecture.Report, elapsed time.Duration, stdout, stderr io.Writer) error {
	corrections := conjecture.Corrections(papers.All())
	conjecture.MarkErrata(reports, corrections)
	if err := writeText(stdout, opts.from, inputs, reports, corrections); err != nil {
		return err
	}
	if opts.json != "" {
		if err := writeJSON(opts.json, opts.from, inputs, reports); err != nil {
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
		case conjecture.Holds, conjecture.Erratum:
			checked++
		}
	}
	if failed > 0 {
		return fmt.Errorf("%w: %d of %d claims fail", errFails, failed, len(reports))
	}
	if checked == 0 {
		return noneChecked(reports)
	}
	return nil
}

// noneChecked is the error of a run in which no claim could be checked:
// every claim was skipped or vacuous.
func noneChecked(reports []conjecture.Report) error {
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
