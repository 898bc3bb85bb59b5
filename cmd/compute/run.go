package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/grundy-lab/grundy/cmd/internal/cli"
	"github.com/grundy-lab/grundy/cmd/internal/gamefiles"
	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/tables"
)

// usageError is a mistake in the command line: exit status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

// options are the parsed flags.
type options struct {
	tables      []tables.Ruleset
	n           int
	out         string
	cfg         engine.Config
	cpus        int // the CPUs the plan counts on; 0 means the machine's (tests give the recorded runs')
	tile        int // -tile as given, recorded in the files; cfg.Tile is at most n+1
	compression results.Compression
	format      results.Format
	list        bool
	quiet       bool
	force       bool
	resume      bool
	checkpoint  time.Duration
	// The one-sweep runs (write.go): what to write, the values file's
	// range, and the claims checked on the bands.
	write  writeList
	values results.ValueRange
	claims []conjecture.Claim
	// band says the run sweeps only the band of the values 0 … HI
	// (bandrun), rows the window of rows it keeps.
	band bool
	rows [2]int64
	// sweepNote, if set, says why -sweep auto chose the full sweep.
	sweepNote string
	// patterns searches the patterns on the band (patterns.go), proving
	// what a band state repeated within proveBound rows proves.
	patterns   bool
	proveBound int64
	// prove runs the repeat search alone (prove.go).
	prove bool
	// args is the command line, recorded in the files' provenance.
	args []string
	// version asks for the program's version alone.
	version bool
}

// maxN keeps every value, at most 2n+1, and every coordinate inside int32.
const maxN = (math.MaxInt32 - 1) / 2

// parseFlags reads args into options; every error is a usageError that names
// the flag.
func parseFlags(args []string, stderr io.Writer) (options, error) {
	fs := flag.NewFlagSet("compute", flag.ContinueOnError)
	fs.SetOutput(stderr)
	tableList := fs.String("table", "gneg1,gstarneg1,passnim", "comma-separated table ids or game files (a path ending in .toml, docs/games.md), or all: "+tables.ValidIDs())
	n := fs.Int("n", 10000, "compute 0 ≤ x, y ≤ n")
	out := fs.String("out", "out", "directory for the result files (created if missing)")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "worker goroutines (a band run of several tables shares them out among the tables, swept side by side)")
	tile := fs.Int("tile", engine.DefaultTile, "tile side in cells (changes speed, never values; above n+1 it is n+1)")
	compress := fs.String("compress", "zstd", "compression: zstd, lz4 (Arrow only) or none")
	format := fs.String("format", "arrow", "file format: arrow (resumable) or parquet (also read by DuckDB and Spark)")
	list := fs.Bool("list", false, "list every table with its description, and exit")
	quiet := fs.Bool("quiet", false, "no progress bar")
	force := fs.Bool("force", false, "run even if the memory estimate exceeds this machine's memory")
	resume := fs.Bool("resume", false, "continue the interrupted runs of these tables from their last checkpoint, "+
		"and skip the tables already complete; give the same -n, -tile and -compress")
	version := fs.Bool("version", false, "print the program's version and exit")
	checkpoint := fs.Duration("checkpoint", results.DefaultCheckpointInterval,
		"how often the rows written are synced and recorded for -resume (0: after every band)")
	stream := addStreamFlags(fs)
	patterns := addPatternFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: compute [-table ids,game.toml|all] [-n N] [-out DIR] [-workers K] [-tile T] [-format arrow|parquet] [-compress zstd|lz4|none] [-quiet] [-force] [-resume] [-checkpoint D]\n"+
			"               [-write table,values|none] [-values LO-HI] [-sweep band|full|auto] [-rows A-B] [-claims PATTERNS] [-sets auto|dense|sparse] [-patterns [-prove-bound ROWS]]\n"+
			"       compute -prove [-table ids] [-values 0-HI] [-prove-bound ROWS] [-out DIR] [-workers K] [-resume]\n"+
			"       compute -list | compute -version")
		cli.PrintDefaults(fs)
	}
	if err := cli.Parse(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return options{}, err
		}
		return options{}, usageError{err.Error()}
	}
	if *version {
		if err := cli.Unused(fs, "-version", []string{"version"}, nil); err != nil {
			return options{}, usageError{err.Error()}
		}
		return options{version: true}, nil
	}
	if fs.NArg() > 0 {
		return options{}, usagef("unexpected argument %q (all options are flags; see -h)", fs.Arg(0))
	}
	opts := options{n: *n, out: *out, cfg: engine.Config{Workers: *workers, Tile: *tile}, quiet: *quiet, force: *force,
		resume: *resume, checkpoint: *checkpoint, list: *list, args: args}
	var err error
	if opts.tables, err = parseTables(*tableList); err != nil {
		return options{}, err
	}
	if *n < 0 || *n > maxBandN {
		return options{}, usagef("-n %d is out of range: give 0 ≤ n ≤ %d", *n, maxBandN)
	}
	if *workers < 1 || *workers > results.MaxWorkers {
		return options{}, usagef("-workers %d: give 1 to %d", *workers, results.MaxWorkers)
	}
	if *checkpoint < 0 {
		return options{}, usagef("-checkpoint %v: give a duration ≥ 0", *checkpoint)
	}
	if *tile < 1 {
		return options{}, usagef("-tile %d: need at least 1", *tile)
	}
	// A tile taller than the table is the whole table; values never change.
	opts.tile, opts.cfg.Tile = *tile, min(*tile, *n+1)
	if opts.compression, err = results.ParseCompression(*compress); err != nil {
		return options{}, usagef("-compress: %v", err)
	}
	if opts.format, err = results.ParseFormat(*format); err != nil {
		return options{}, usagef("-format: %v", err)
	}
	if opts.format == results.Parquet && opts.compression == results.LZ4 {
		return options{}, usagef("-compress lz4 is not offered for -format parquet: use zstd or none")
	}
	if opts.format == results.Parquet && opts.resume {
		return options{}, usagef("-resume works only with -format arrow: a Parquet file is written in one go, " +
			"and an interrupted one is removed; rerun without -resume")
	}
	if err := stream.apply(&opts); err != nil {
		return options{}, err
	}
	if *patterns.prove {
		return opts, patterns.applyProve(&opts, given(fs))
	}
	if err := stream.applySweep(&opts, given(fs)); err != nil {
		return options{}, err
	}
	if err := patterns.apply(&opts, given(fs)); err != nil {
		return options{}, err
	}
	return opts, nil
}

// parseTables resolves a -table list; a table named twice is computed once.
func parseTables(list string) ([]tables.Ruleset, error) {
	if list == "all" {
		return tables.All(), nil
	}
	var rs []tables.Ruleset
	seen := make(map[string]bool)
	for _, entry := range strings.Split(list, ",") {
		r, err := tables.Resolve(strings.TrimSpace(entry))
		if err == nil {
			err = gamefiles.Register(r)
		}
		if err != nil {
			return nil, usagef("-table: %v", err)
		}
		if !seen[r.ID] {
			seen[r.ID] = true
			rs = append(rs, r)
		}
	}
	return rs, nil
}

// run is the whole command: parse, check the plan against the machine, then
// compute and write each table in turn (band runs side by side).
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	opts, err := parseFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	if opts.version {
		_, err := fmt.Fprintln(stdout, "compute", cli.Version())
		return err
	}
	if opts.list {
		return listTables(stdout)
	}
	if err := checkWritable(opts.out); err != nil {
		return err
	}
	if opts.prove {
		return runProve(ctx, opts, stdout, stderr)
	}
	locks, err := lockTables(opts.out, opts.tables, opts.n, describeSelf(args))
	if err != nil {
		return err
	}
	defer releaseAll(locks)
	if opts.tables, err = prepareTables(opts, stdout, stderr); err != nil || len(opts.tables) == 0 {
		return err
	}
	if opts.sweepNote != "" {
		fmt.Fprintf(stderr, "compute: %s\n", opts.sweepNote)
	}
	if err := checkPlan(estimate(opts), opts, stderr); err != nil {
		return err
	}
	if atOnce := tablesAtOnce(opts); atOnce > 1 {
		return withResumeCommand(computeSideBySide(ctx, opts, atOnce, computeBand, stdout, stderr), opts)
	}
	for _, r := range opts.tables {
		if err := computeTable(ctx, r, opts, stdout, stderr); err != nil {
			return withResumeCommand(err, opts)
		}
	}
	return nil
}

// listTables prints every table: its id, the papers' symbol and its source.
func listTables(stdout io.Writer) error {
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	for _, r := range tables.All() {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", r.ID, r.Symbol, r.Source)
	}
	return tw.Flush()
}

// checkWritable creates -out if needed and checks a file can be made in it.
func checkWritable(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return usagef("-out %s: cannot create the directory: %v", dir, err)
	}
	f, err := os.CreateTemp(dir, ".compute-probe-*")
	if err != nil {
		return usagef("-out %s: cannot write there: %v", dir, err)
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}

// formatBytes renders a byte count for people.
func formatBytes(b int64) string {
	const unit = 1 << 10
	if b < unit {
		return fmt.Sprintf("%d B", b)
	}
	v, exp := float64(b), 0
	for v >= unit && exp < 4 {
		v /= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", v, "KMGT"[exp-1])
}
