package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"time"

	"github.com/grundy-lab/grundy/cmd/internal/cli"
	"github.com/grundy-lab/grundy/cmd/internal/patternfiles"
	"github.com/grundy-lab/grundy/conjecture/proof"
	"github.com/grundy-lab/grundy/engine/band"
	"github.com/grundy-lab/grundy/results"
)

// defaultNightBound is -prove-bound's default with -prove. A climb sweeps
// the bound once, for the V that does not repeat, and about 2P+3·x0 rows
// more for each V that does, P and x0 growing with V (G₋₁, V = 41:
// P = 1.07·10⁹). The search runs 8·10⁶ rows a second at V = 37 (AMD EPYC,
// 2 cores, 2 workers, quiet, 2026-11-26), so 10¹⁰ rows take about 25
// minutes for the V that fails, and a climb whose last periods near the
// bound some times that: an evening, or a night on a shared machine. A
// repeat past 2³¹ rows is certified in a table of side 2⁴⁰
// (proof.SideFor), which the checker takes as well.
const defaultNightBound = 10_000_000_000

// proveSaveEvery is how often -prove saves its search for -resume.
const proveSaveEvery = 2 * time.Minute

// proveNanosPerCell is the wall time per cell of the search's sweep with
// two workers: 3.2 ns measured at V = 37 (BenchmarkSearchWorkers, 125 ns
// a row, quiet machine), with a margin for a shared one.
const proveNanosPerCell = 5

// applyProve checks the flags of a -prove run and sets opts: the search
// alone, of every V of -values, with -prove-bound rows.
func (f patternFlags) applyProve(opts *options, set map[string]bool) error {
	for _, name := range []string{"patterns", "n", "write", "rows", "claims", "format", "compress", "sets", "sweep", "tile", "checkpoint", "force"} {
		if set[name] {
			return usagef("-%s does nothing with -prove, which searches the band state alone, with no table of side n: drop -%s", name, name)
		}
	}
	bound := *f.proveBound
	if !set["prove-bound"] {
		bound = defaultNightBound
	}
	switch {
	case allBand(opts.tables) != nil:
		return usagef("-prove: %v; it proves the rook tables only", allBand(opts.tables))
	case bound < 1 || bound > proof.MaxBound:
		return usagef("-prove-bound %d: give 1 to %d rows", bound, proof.MaxBound)
	case opts.values.Lo != 0:
		return usagef("-values %s: -prove climbs from V = 0; give 0-HI", opts.values)
	case opts.values.Hi > band.MaxCap:
		return usagef("-values %s: -prove takes V up to %d", opts.values, band.MaxCap)
	}
	opts.prove, opts.proveBound = true, bound
	return nil
}

// runProve runs -prove on each table in turn.
func runProve(ctx context.Context, opts options, stdout, stderr io.Writer) error {
	for _, r := range opts.tables {
		if err := proveTable(ctx, r.ID, opts, stdout, stderr); err != nil {
			return fmt.Errorf("prove %s: %w", r.ID, err)
		}
	}
	return nil
}

// proveTable climbs V = 0 … HI of table id (proof.Largest), saving its
// search every proveSaveEvery, writes and checks the certificate of the
// largest V proved with the search's outcome (proof.OutcomeOf), and prints
// them: the first V that does not repeat within the bound, or that every
// V ≤ HI repeats. With -resume, a certificate whose check was interrupted
// is checked and published first (resumeClimb).
func proveTable(ctx context.Context, id string, opts options, stdout, stderr io.Writer) error {
	statePath := filepath.Join(opts.out, patternfiles.SearchStateName(id))
	path := filepath.Join(opts.out, patternfiles.CertificateName(id))
	hi, bound := int(opts.values.Hi), opts.proveBound
	var resume *proof.SearchState
	var known *proof.KnownRepeat
	if opts.resume {
		pending, err := readPending(id, path, bound)
		if err != nil || pending != nil {
			if err != nil {
				return err
			}
			fmt.Fprintf(stderr, "compute: %s: checking the certificate %s, written before its check was interrupted\n", id, patternfiles.PendingName(path))
			return publishProved(ctx, id, *pending, opts, statePath, path, 0, stdout, stderr)
		}
		if resume, known, err = resumeClimb(id, statePath, path, stderr); err != nil {
			return err
		}
		if known != nil {
			if known.V >= hi {
				_, err := fmt.Fprintf(stdout, "%-10s the certificate %s proves the values 0 … %d already: give -values 0-HI with HI above %d to climb further\n", id, path, known.V, known.V)
				return err
			}
			fmt.Fprintf(stderr, "compute: %s: no saved search %s: climbing on from the certificate %s, whose repeat of V = %d (x0 = %d, P = %d) is re-checked first\n",
				id, statePath, path, known.V, known.X0, known.P)
		}
	}
	if !opts.quiet {
		from := 0
		switch {
		case resume != nil:
			from = resume.V
		case known != nil:
			from = known.V + 1
		}
		printProveEstimate(stderr, id, from, hi, bound, opts.cfg.Workers)
	}
	var bar progress
	barV, barResweep, barRows := -1, false, int64(0)
	defer func() { bar.finish() }()
	// saved is the search this run saved last, nil before its first save.
	var saved *proof.SearchState
	o := proof.Options{
		Config:    band.Config{Workers: opts.cfg.Workers},
		Resume:    resume,
		Known:     known,
		SaveEvery: proveSaveEvery,
		Save: func(st *proof.SearchState) error {
			b, err := st.MarshalBinary()
			if err != nil {
				return err
			}
			if err := results.WriteAtomic(statePath, func(f *os.File) error { _, err := f.Write(b); return err }); err != nil {
				return err
			}
			saved = st
			return nil
		},
		Progress: func(p proof.Progress) {
			if p.V != barV || p.Resweep != barResweep {
				bar.finish()
				label := fmt.Sprintf("%s V = %d", id, p.V)
				if p.Resweep {
					label = fmt.Sprintf("%s V = %d, its repeat swept again and compared exactly", id, p.V)
				}
				bar = newProgress(stderr, opts.quiet, label, "rows", p.Limit)
				barV, barResweep, barRows = p.V, p.Resweep, 0
			}
			bar.add(p.Rows - barRows)
			barRows = p.Rows
		},
	}
	start := time.Now()
	if !opts.quiet {
		o.Proved = func(rep proof.Repeat) {
			fmt.Fprintf(stderr, "compute: %s: V = %d repeats: x0 = %d, P = %d (%v)\n", id, rep.V, rep.X0, rep.P, time.Since(start).Round(time.Second))
		}
	}
	rep, found, err := proof.Largest(ctx, id, hi, bound, o)
	bar.finish()
	if known != nil && errors.Is(err, proof.ErrSearchState) {
		return fmt.Errorf("-resume: the certificate %s does not hold: %w; move it away to start from V = 0", path, err)
	}
	if err != nil {
		if ctx.Err() != nil {
			command, _ := resumeCommand(self, opts.args)
			printInterrupted(stderr, id, statePath, path, command, saved, resume, known)
		}
		return err
	}
	if !found {
		fmt.Fprintf(stdout, "%-10s nothing proved: the band state of V = 0 does not repeat within %d rows (%v)\n", id, bound, time.Since(start).Round(time.Second))
		return removeState(statePath)
	}
	c, err := proof.NewCertificate(rep, cli.Version())
	if err != nil {
		return err
	}
	outcome := proof.OutcomeOf(rep, hi, bound)
	c.Search = &outcome
	if err := patternfiles.WritePending(c, path); err != nil {
		return err
	}
	return publishProved(ctx, id, c, opts, statePath, path, time.Since(start), stdout, stderr)
}

// printInterrupted says what a climb stopped by ctx leaves for -resume:
// the search it saved last, or, before its first save, the saved search
// or certificate it was resumed from, or nothing.
// command is the command that goes on (resumeCommand).
func printInterrupted(stderr io.Writer, id, statePath, certPath, command string, saved, resumed *proof.SearchState, known *proof.KnownRepeat) {
	again := "rerun with -resume and the same -prove-bound to go on: " + command
	switch {
	case saved != nil:
		fmt.Fprintf(stderr, "compute: %s: the search of V = %d is saved in %s as of row %d (saved every %v): %s\n",
			id, saved.V, statePath, saved.Sweep.Next, proveSaveEvery, again)
	case resumed != nil:
		fmt.Fprintf(stderr, "compute: %s: stopped before its first save: %s still holds the search of V = %d as of row %d: %s\n",
			id, statePath, resumed.V, resumed.Sweep.Next, again)
	case known != nil:
		fmt.Fprintf(stderr, "compute: %s: stopped before its first save: %s to climb on from the certificate %s (V = %d) again\n",
			id, again, certPath, known.V)
	default:
		fmt.Fprintf(stderr, "compute: %s: stopped before its first save (after its first chunk of rows): this run saved nothing; "+
			"-resume takes what an earlier run left in -out (a saved search, or a certificate to climb on from), else starts from V = 0\n", id)
	}
}

// publishProved checks the certificate c waiting at the pending name of
// path and publishes it at path (patternfiles.CheckPending), prints what
// it proves and what its search found (searched: the time the climb
// took, 0 for a climb of an earlier run), and removes the saved search.
// A check stopped by ctx keeps the certificate and the saved search, and
// says how to go on.
func publishProved(ctx context.Context, id string, c proof.Certificate, opts options, statePath, path string, searched time.Duration, stdout, stderr io.Writer) error {
	rows := c.X0 + c.P
	bar := newProgress(stderr, opts.quiet, fmt.Sprintf("%s V = %d, its certificate checked independently", id, c.V), "rows", rows)
	checkedRows := int64(0)
	start := time.Now()
	err := patternfiles.CheckPending(ctx, path, band.Config{Workers: opts.cfg.Workers}, func(rows int64) {
		bar.add(rows - checkedRows)
		checkedRows = rows
	})
	bar.finish()
	if errors.Is(err, patternfiles.ErrCheckInterrupted) {
		command, _ := resumeCommand(self, opts.args)
		fmt.Fprintf(stderr, "compute: %s: the certificate of V = %d awaits its check at %s: rerun with -resume and the same -prove-bound to check and publish it as %s: %s\n",
			id, c.V, patternfiles.PendingName(path), path, command)
	}
	if err != nil {
		return err
	}
	search := ""
	if searched > 0 {
		search = fmt.Sprintf(" (search %v)", searched.Round(time.Second))
	}
	fmt.Fprintf(stdout, "%-10s proved for all x, y: the values 0 … %d repeat with period P = %d from row x0 = %d%s; certificate %s, checked (%v)\n",
		id, c.V, c.P, c.X0, search, path, time.Since(start).Round(time.Second))
	outcome := *c.Search
	fmt.Fprintf(stdout, "%-10s searched, recorded in the certificate: %s\n", id, outcome.Describe(c.V))
	if outcome.FirstUnrepeatedV == 0 {
		// c.V is above HI when a saved search that had passed HI is
		// resumed with it: its repeat is certified all the same.
		fmt.Fprintf(stdout, "%-10s no V above %d was searched (-values' HI is %d): give a HI above %d to climb further (-resume climbs on from this certificate)\n",
			id, c.V, opts.values.Hi, c.V)
	}
	return removeState(statePath)
}

// readPending reads the certificate of table id waiting for its check at
// the pending name of certPath, or returns nil when there is none. It must
// be of table id, found with -prove-bound bound.
func readPending(id, certPath string, bound int64) (*proof.Certificate, error) {
	pending := patternfiles.PendingName(certPath)
	c, err := patternfiles.ReadCertificate(pending)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil
	case err != nil:
		return nil, fmt.Errorf("-resume: %w; move it away to resume the search instead", err)
	case c.Table != id || c.Search == nil:
		return nil, fmt.Errorf("-resume: %s is not the certificate of a climb of table %s; move it away to resume the search instead", pending, id)
	case c.Search.Bound != bound:
		return nil, fmt.Errorf("-resume: %s was found with -prove-bound %d: give -prove-bound %d to check and publish it, or move it away", pending, c.Search.Bound, c.Search.Bound)
	}
	return &c, nil
}

// printProveEstimate prints what the climb from V = from will cost at
// most: the V that fails sweeps the bound (and the marks' spacing beyond
// it); from above hi, it says that only the repeat below from is
// re-checked and certified.
func printProveEstimate(w io.Writer, id string, from, hi int, bound int64, workers int) {
	if from > hi {
		fmt.Fprintf(w, "compute: %s: -prove searches no V above -values' HI %d: it re-checks the repeat of V = %d it resumes from and writes its certificate\n", id, hi, from-1)
		return
	}
	rows := float64(bound) * (1 + 1/float64(proof.MaxMarks))
	cells := rows * float64(hi+2)
	seconds := cells * proveNanosPerCell * 1e-9 * 2 / float64(min(max(workers, 1), 2))
	marks := math.Min(float64(bound), proof.MaxMarks)
	fmt.Fprintf(w, "compute: %s: -prove climbs V = %d … %d; the V that does not repeat sweeps %.3g rows, at V = %d about %.3g cells, %v at %d ns a cell; "+
		"each V that repeats about 2P+3·x0 rows, and the certificate x0+P rows more through the independent check; memory about %s (marks) whatever the rows\n",
		id, from, hi, rows, hi, cells, (time.Duration(seconds) * time.Second).Round(time.Second), proveNanosPerCell, formatBytes(int64(marks*proof.MarkBytes)))
}

// resumeClimb finds where -resume takes the climb of table id up: the
// search saved at statePath, or, with none, the repeat of the certificate
// at certPath, which the climb re-checks before it goes on from its V+1
// (a finished climb removes its saved search, and leaves the
// certificate). With neither, the climb starts from V = 0.
func resumeClimb(id, statePath, certPath string, stderr io.Writer) (*proof.SearchState, *proof.KnownRepeat, error) {
	st, err := readSearchState(statePath, certPath)
	switch {
	case err == nil:
		fmt.Fprintf(stderr, "compute: %s: resuming the search of V = %d at row %d from %s\n", id, st.V, st.Sweep.Next, statePath)
		return st, nil, nil
	case !errors.Is(err, fs.ErrNotExist):
		return nil, nil, err
	}
	c, err := patternfiles.ReadCertificate(certPath)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		fmt.Fprintf(stderr, "compute: %s: no saved search %s and no certificate %s to resume from: starting from V = 0\n", id, statePath, certPath)
		return nil, nil, nil
	case err != nil:
		return nil, nil, fmt.Errorf("-resume: %w; move it away to start from V = 0", err)
	case c.Table != id:
		return nil, nil, fmt.Errorf("-resume: %s is a certificate of table %s, not of %s; move it away to start from V = 0", certPath, c.Table, id)
	}
	return nil, &proof.KnownRepeat{V: c.V, X0: c.X0, P: c.P}, nil
}

// readSearchState reads a saved search, which a damaged one fails
// (proof.SearchState.UnmarshalBinary checks its checksum); the error says
// what -resume takes without it: the certificate at certPath.
func readSearchState(path, certPath string) (*proof.SearchState, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var st proof.SearchState
	if err := st.UnmarshalBinary(b); err != nil {
		return nil, fmt.Errorf("-resume: %s: %w; move it away: -resume then climbs on from the certificate %s if there is one, else from V = 0",
			path, err, certPath)
	}
	return &st, nil
}

// removeState removes a finished search's saved state, if any.
func removeState(path string) error {
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}
