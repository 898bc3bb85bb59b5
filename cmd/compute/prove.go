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
// V ≤ HI repeats.
func proveTable(ctx context.Context, id string, opts options, stdout, stderr io.Writer) error {
	statePath := filepath.Join(opts.out, patternfiles.SearchStateName(id))
	path := filepath.Join(opts.out, patternfiles.CertificateName(id))
	hi, bound := int(opts.values.Hi), opts.proveBound
	var resume *proof.SearchState
	var known *proof.KnownRepeat
	if opts.resume {
		var err error
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
			return results.WriteAtomic(statePath, func(f *os.File) error { _, err := f.Write(b); return err })
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
			fmt.Fprintf(stderr, "compute: %s: the search is saved in %s (as of its last save, every %v): rerun with -resume and the same -prove-bound to go on\n",
				id, statePath, proveSaveEvery)
		}
		return err
	}
	elapsed := time.Since(start).Round(time.Second)
	if !found {
		fmt.Fprintf(stdout, "%-10s nothing proved: the band state of V = 0 does not repeat within %d rows (%v)\n", id, bound, elapsed)
		return removeState(statePath)
	}
	outcome := proof.OutcomeOf(rep, hi, bound)
	written := time.Now()
	bar.finish()
	bar = newProgress(stderr, opts.quiet, fmt.Sprintf("%s V = %d, its certificate checked independently", id, rep.V), "rows", rep.X0+rep.P)
	checkedRows := int64(0)
	err = patternfiles.WriteCertificate(ctx, rep, outcome, path, band.Config{Workers: opts.cfg.Workers}, func(rows int64) {
		bar.add(rows - checkedRows)
		checkedRows = rows
	})
	bar.finish()
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%-10s proved for all x, y: the values 0 … %d repeat with period P = %d from row x0 = %d (search %v); certificate %s, checked (%v)\n",
		id, rep.V, rep.P, rep.X0, elapsed, path, time.Since(written).Round(time.Second))
	fmt.Fprintf(stdout, "%-10s searched, recorded in the certificate: %s\n", id, outcome.Describe(rep.V))
	if outcome.FirstUnrepeatedV == 0 {
		// rep.V is above hi when a saved search that had passed hi is
		// resumed with it: its repeat is certified all the same.
		fmt.Fprintf(stdout, "%-10s no V above %d was searched (-values' HI is %d): give a HI above %d to climb further (-resume climbs on from this certificate)\n",
			id, rep.V, hi, rep.V)
	}
	return removeState(statePath)
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
	st, err := readSearchState(statePath)
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

// readSearchState reads a saved search.
func readSearchState(path string) (*proof.SearchState, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var st proof.SearchState
	if err := st.UnmarshalBinary(b); err != nil {
		return nil, fmt.Errorf("-resume: %s: %w; delete it to start over", path, err)
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
