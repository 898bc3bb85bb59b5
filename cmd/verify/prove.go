package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/grundy-lab/grundy/cmd/internal/cli"
	"github.com/grundy-lab/grundy/cmd/internal/gamefiles"
	"github.com/grundy-lab/grundy/cmd/internal/patternfiles"
	"github.com/grundy-lab/grundy/conjecture/proof"
	"github.com/grundy-lab/grundy/engine/band"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/tables"
)

// proveMode reports whether args ask for -prove or -certificate, the
// modes of prove.go, which parse their own flags, and returns args
// without a -prove=false, which asks for no mode (it used to be taken as
// -prove, its value unread). A -prove=VALUE that is no boolean is the
// proof modes' to refuse.
func proveMode(args []string) (bool, []string) {
	prove := false
	rest := make([]string, 0, len(args))
	for _, a := range args {
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch {
		case !strings.HasPrefix(a, "-"):
		case name == "certificate":
			prove = true
		case name == "prove" && hasValue:
			if on, err := strconv.ParseBool(value); err == nil && !on {
				continue
			}
			prove = true
		case name == "prove":
			prove = true
		}
		rest = append(rest, a)
	}
	return prove, rest
}

// proveOptions are the flags of the proof modes.
type proveOptions struct {
	tables      []string
	hi          int
	bound       int64
	out         string
	certificate string
	// game, if set, is the game file -certificate's certificate must be of.
	game     string
	maxCells int64
	// recheckSearch asks -certificate to run its search block's search
	// again (recheckSearch).
	recheckSearch bool
	cfg           band.Config
}

// The flags of each proof mode, for the message of a flag a mode does not use.
var (
	proveFlags       = []string{"prove", "table", "values", "prove-bound", "out", "workers"}
	certificateFlags = []string{"certificate", "game", "max-cells", "recheck-search", "workers"}
	proveFlagHome    = map[string]string{
		"table": "it goes with -prove", "values": "it goes with -prove", "prove-bound": "it goes with -prove", "out": "it goes with -prove",
		"max-cells":      "it goes with -certificate (-prove checks the certificates it has just found)",
		"recheck-search": "it goes with -certificate", "game": "it goes with -certificate (and -claims-from)",
		"prove": "it is a mode of its own", "certificate": "it is a mode of its own",
	}
)

// defaultMaxCells is -max-cells: 10¹¹ cells, about 17 minutes at
// checkNsPerCell, so that a certificate of 10⁹ rows at V = 99 is checked
// without raising it, and one that would take hours is not started by
// mistake.
const defaultMaxCells = 100_000_000_000

// checkNsPerCell is the wall time per cell of verify -certificate, for the
// estimate it prints before sweeping. The band sweep (about 4 ns of CPU a
// cell, one worker) and the independent check (about 6) run beside each
// other on two cores; on the project's 2-core AMD EPYC, shared with other
// jobs, the check of the G_P certificate of V = 38 (19.2·10⁶ cells) took
// 11.5 ns of CPU a cell in all. So 10 ns a cell of wall time leans high.
const checkNsPerCell = 10

// segmentNsPerCell is the CPU time per cell of a check in segments
// (-workers W ≥ 2), which W cores share: 15.2 ns measured (G₋₁'s V = 36
// certificate, 418,637,869 cells, 6.35 s of CPU on the 2-core AMD EPYC,
// 2026-11-27), with a margin.
const segmentNsPerCell = 16

// newProveFlagSet defines the flags of -prove and -certificate on a new
// FlagSet and returns it with a function that reads them once parsed.
func newProveFlagSet(stderr io.Writer) (*flag.FlagSet, func() (proveOptions, error)) {
	fs := flag.NewFlagSet("verify", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Bool("prove", false, "prove the periodicity of the values 0 … V from a repeated band state, for the largest V ≤ HI, and write certificates")
	certificate := fs.String("certificate", "", "re-check this proof certificate (<table>_V<v>.proof.json) on its own")
	tableList := fs.String("table", "gneg1,gstarneg1,passnim", "with -prove: comma-separated rook tables (nim, g1, gneg1, gstarneg1, passnim) or game files (docs/games.md)")
	game := fs.String("game", "", "with -certificate: the game file the certificate must be of; refused, naming both identities, if it records another game")
	values := fs.String("values", "0-40", "with -prove: 0-HI, the largest cap V tried")
	bound := fs.Int64("prove-bound", 100000, "with -prove: the rows searched for a repeat, x0 + P ≤ bound (compute -prove's -prove-bound; "+
		"-bound is the solver's bound of the claims runs)")
	out := fs.String("out", "out", "with -prove: the directory the certificates are written to")
	maxCells := fs.Int64("max-cells", defaultMaxCells, fmt.Sprintf("with -certificate: refuse a certificate whose check would read more cells, (x0 + P)·(V + 1); "+
		"the default takes about %.0f min", float64(defaultMaxCells)*checkNsPerCell/60e9))
	recheck := fs.Bool("recheck-search", false, "with -certificate: also search again, as the climb did, the V its search block names as not repeating "+
		"(first_unrepeated_v) within its bound, about bound·(V + 2) cells more, counted in -max-cells; exit 1 if it repeats")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "cores to use: -prove's band sweep workers; -certificate checks as many segments of the rows at once (with 1, one sweep and the independent check side by side); 0 means one per core")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), usageLines)
		fmt.Fprintln(fs.Output(), "\nThe flags of -prove and -certificate (verify -h lists the flags of the other modes):")
		fs.PrintDefaults()
	}
	return fs, func() (proveOptions, error) {
		r, err := results.ParseValueRange(*values, band.MaxCap)
		switch {
		case err != nil:
			return proveOptions{}, usagef("-values: %v", err)
		case r.Lo != 0:
			return proveOptions{}, usagef("-values %s: a proof covers the values 0 … V; give 0-HI", *values)
		case *bound < 1 || *bound > proof.Infinity:
			return proveOptions{}, usagef("-prove-bound %d: give 1 to %d rows", *bound, int64(proof.Infinity))
		case *workers < 0:
			return proveOptions{}, usagef("-workers %d: give 0 (one per core) or more", *workers)
		case *maxCells < 1:
			return proveOptions{}, usagef("-max-cells %d: give a positive number of cells", *maxCells)
		}
		var ids []string
		for _, entry := range strings.Split(*tableList, ",") {
			t, err := tables.Resolve(strings.TrimSpace(entry))
			if err == nil {
				err = gamefiles.Register(t)
			}
			if err != nil {
				return proveOptions{}, usagef("-table: %v", err)
			}
			ids = append(ids, t.ID)
		}
		return proveOptions{tables: ids, hi: int(r.Hi), bound: *bound, out: *out, game: *game,
			certificate: *certificate, maxCells: *maxCells, recheckSearch: *recheck, cfg: band.Config{Workers: *workers}}, nil
	}
}

// parseProveFlags reads the flags of -prove and -certificate; a flag the
// mode does not use is a usageError naming it.
func parseProveFlags(args []string, stderr io.Writer) (proveOptions, error) {
	for _, a := range args {
		if name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "="); strings.HasPrefix(a, "-") && name == "bound" {
			return proveOptions{}, usagef("-bound is the solver's bound of the claims runs; the rows -prove searches are -prove-bound (as in compute -prove)")
		}
	}
	fs, read := newProveFlagSet(stderr)
	if err := cli.Parse(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return proveOptions{}, err
		}
		return proveOptions{}, usageError{err.Error()}
	}
	if fs.NArg() > 0 {
		return proveOptions{}, usagef("unexpected argument %q (all options are flags; see -h)", fs.Arg(0))
	}
	mode, used := "-prove", proveFlags
	if isSet(fs, "certificate") {
		mode, used = "-certificate", certificateFlags
	}
	if err := cli.Unused(fs, mode, used, proveFlagHome); err != nil {
		return proveOptions{}, usageError{err.Error()}
	}
	opts, err := read()
	if err == nil && isSet(fs, "certificate") && opts.certificate == "" {
		err = usagef("-certificate: give the certificate file (<table>_V<v>.proof.json)")
	}
	return opts, err
}

// runProve is the proof modes: -certificate re-checks one certificate;
// -prove finds, certifies and re-checks the largest proved V of each table
// and the papers' statements.
func runProve(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	opts, err := parseProveFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	if opts.certificate != "" {
		return checkCertificateFile(ctx, opts, stdout, stderr)
	}
	if err := os.MkdirAll(opts.out, 0o755); err != nil {
		return fmt.Errorf("-out %s: %w", opts.out, err)
	}
	for _, table := range opts.tables {
		if err := proveTable(ctx, table, opts, stdout); err != nil {
			return err
		}
	}
	return nil
}

// proveTable proves the largest V ≤ HI of table within the bound, and the
// papers' V, writing and re-checking their certificates.
func proveTable(ctx context.Context, table string, opts proveOptions, stdout io.Writer) error {
	best, found, err := proof.Largest(ctx, table, opts.hi, opts.bound, proof.Options{Config: opts.cfg})
	if err != nil {
		return fmt.Errorf("-table %s: %w", table, err)
	}
	if !found {
		fmt.Fprintf(stdout, "%s: no repeat up to row %d, even for V = 0\n", table, opts.bound)
		return nil
	}
	path, err := certify(ctx, best, opts)
	if err != nil {
		return err
	}
	more := ""
	if best.V < opts.hi {
		more = fmt.Sprintf("; V = %d does not repeat up to row %d", best.V+1, opts.bound)
	}
	fmt.Fprintf(stdout, "%s: largest proved V = %d: the values 0 … %d repeat with period P = %d from row x0 = %d, for all x, y%s; %s\n",
		table, best.V, best.V, best.P, best.X0, more, path)
	if v, ok := proof.PaperV(table); ok && v <= best.V {
		rep, _, err := proof.Search(ctx, table, v, opts.bound, proof.Options{Config: opts.cfg})
		if err != nil {
			return fmt.Errorf("-table %s: %w", table, err)
		}
		path, err := certify(ctx, rep, opts)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s: the papers' statement (%s) proved for all x, y: V = %d, period %d from row %d; %s\n",
			table, strings.Join(proof.StatementsOf(table, v), ", "), v, rep.P, rep.X0, path)
	}
	return nil
}

// certify writes rep's certificate to -out once it checks from the file
// (patternfiles.Publish: until then it waits at its pending name). A
// certificate whose check is stopped is removed: verify -prove has no
// -resume to finish it.
func certify(ctx context.Context, rep proof.Repeat, opts proveOptions) (string, error) {
	c, err := proof.NewCertificate(rep, programVersion())
	if err != nil {
		return "", err
	}
	path := filepath.Join(opts.out, fmt.Sprintf("%s_V%d.proof.json", rep.Table, rep.V))
	err = patternfiles.Publish(ctx, c, path, opts.cfg, nil)
	if errors.Is(err, patternfiles.ErrCheckInterrupted) {
		err = errors.Join(err, os.Remove(patternfiles.PendingName(path)))
	}
	if err != nil {
		return "", fmt.Errorf("-out: %w", err)
	}
	return path, nil
}

// checkCertificateFile reads and checks the certificate of -certificate,
// and with -recheck-search searches its search block's V again
// (recheckSearch), after printing on stderr the work that takes and
// refusing more than -max-cells cells (a usageError naming -max-cells). A
// JSON file of another kind is a usageError saying where it goes.
func checkCertificateFile(ctx context.Context, opts proveOptions, stdout, stderr io.Writer) error {
	path, cfg, maxCells := opts.certificate, opts.cfg, opts.maxCells
	if err := wrongKind("-certificate", path, certificateKind); err != nil {
		return err
	}
	f, err := results.OpenRegular(path, os.O_RDONLY)
	if err != nil {
		return fmt.Errorf("-certificate: %w", err)
	}
	defer f.Close()
	c, err := proof.Decode(f)
	if err != nil {
		return fmt.Errorf("-certificate %s: %w", path, err)
	}
	if err := checkGameFile(opts.game, c.Table, c.Game); err != nil {
		return fmt.Errorf("-certificate %s: %w", path, err)
	}
	if c.Game != nil {
		if _, err := gamefiles.FromRecord(c.Game); err != nil {
			return fmt.Errorf("-certificate %s: %w", path, err)
		}
	}
	rows, cells := c.Work()
	searchRows, searchCells := int64(0), int64(0)
	if opts.recheckSearch {
		searchRows, searchCells = searchWork(c)
	}
	if total := min(cells, math.MaxInt64-searchCells) + searchCells; total > maxCells {
		again := ""
		if searchCells > 0 {
			again = fmt.Sprintf(", and its search again %s rows, %s cells", count(searchRows), count(searchCells))
		}
		return usagef("-certificate %s: its check reads rows 0 … x0 + P − 1 = %s, %s cells of the values 0 … %d%s, about %s; "+
			"above -max-cells %d: raise -max-cells to at least %d to check it", path, count(rows-1), count(cells), c.V, again, duration(total, cfg.Workers), maxCells, total)
	}
	fmt.Fprintf(stderr, "verify: %s: checking %s rows, %s cells of %s, V = %d; about %s\n", path, count(rows), count(cells), c.Table, c.V, duration(cells, cfg.Workers))
	start := time.Now()
	var checked atomic.Int64
	stop := cli.StartProgress(stderr, progressInterval, func(elapsed time.Duration) string {
		n := checked.Load()
		return fmt.Sprintf("verify: %s: %s of %s rows checked in %v (%.1f%%)", path, count(n), count(rows), elapsed, 100*float64(n)/float64(max(rows, 1)))
	})
	err = proof.CheckProgress(ctx, c, cfg, checked.Store)
	stop()
	if err != nil {
		return fmt.Errorf("-certificate %s: %w", path, err)
	}
	searched := false
	if opts.recheckSearch {
		if searched, err = recheckSearch(ctx, path, c, cfg, stderr); err != nil {
			return fmt.Errorf("-certificate %s: %w (its proof of the values 0 … %d holds)", path, err, c.V)
		}
	}
	fmt.Fprintf(stdout, "%s: holds: the values 0 … %d of %s repeat with period %d from row %d, for all x, y", path, c.V, c.Table, c.P, c.X0)
	if len(c.Statements) > 0 {
		fmt.Fprintf(stdout, "; proves %s", strings.Join(c.Statements, ", "))
	}
	fmt.Fprintf(stdout, "%s\n", searchVerdict(c, searched))
	fmt.Fprintf(stderr, "verify: %s checked in %.1fs\n", path, time.Since(start).Seconds())
	return nil
}

// count writes n ≥ 0 with thousands separators: 8,100,000,000.
func count(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// duration is the estimated wall time of checking cells cells with
// workers (0: one per core): 0.2s, 2m15s. In segments the cores share the
// check; on more cores than the machine has they do not go faster.
func duration(cells int64, workers int) string {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	ns := float64(checkNsPerCell)
	if w := min(workers, runtime.NumCPU()); w >= 2 {
		ns = segmentNsPerCell / float64(w)
	}
	d := time.Duration(math.MaxInt64)
	if wall := float64(cells) * ns; wall < 1<<62 {
		d = time.Duration(wall)
	}
	if d < time.Minute {
		return d.Round(100 * time.Millisecond).String()
	}
	return d.Round(time.Second).String()
}
