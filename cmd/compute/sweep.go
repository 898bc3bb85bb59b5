package main

import (
	"flag"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/grundy-lab/grundy/cmd/internal/bandrun"
	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/engine/band"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/results/valuesds"
	"github.com/grundy-lab/grundy/tables"
)

// maxBandN bounds -n: the rows a values dataset's part names spell.
const maxBandN = valuesds.MaxN

// given returns the names of the flags set on the command line.
func given(fs *flag.FlagSet) map[string]bool {
	set := make(map[string]bool)
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return set
}

// applySweep resolves -sweep and -rows: the band sweep where no table file
// is written and every table is a rook table, unless -sweep full; and the
// flags that one sweep does not use are usage errors.
func (f streamFlags) applySweep(opts *options, set map[string]bool) error {
	switch *f.sweep {
	case "auto":
		if bandClaims(*opts) == nil {
			if err := mixedSweeps(*opts); err != nil {
				return err
			}
		}
		opts.band = !opts.write.table() && allBand(opts.tables) == nil && bandClaims(*opts) == nil
		if !opts.write.table() && !opts.band {
			why := allBand(opts.tables)
			if why == nil {
				why = bandClaims(*opts)
			}
			opts.sweepNote = fmt.Sprintf("%s; so a full sweep computes every cell instead (give -sweep full to say so)", notBand(why))
		}
	case "band":
		if opts.write.table() {
			return usagef("-sweep band writes no table file: give -write values or -write none (the default -write is table), or -sweep full")
		}
		if err := allBand(opts.tables); err != nil {
			return usagef("-sweep band: %v; use -sweep full for it", err)
		}
		if err := bandClaims(*opts); err != nil {
			return usagef("-claims with -sweep band: %v; use -sweep full for it", err)
		}
		opts.band = true
	case "full":
	default:
		return usagef("-sweep %q: give band, full or auto", *f.sweep)
	}
	if set["format"] && !opts.write.table() {
		return usagef("-format chooses the table file's format, and -write %s writes no table file: drop -format", opts.write)
	}
	if opts.band {
		for _, name := range []string{"sets", "compress"} {
			if set[name] {
				return usagef("-%s does nothing in a band sweep (its values dataset is Parquet with zstd, its sets capped at "+
					"-values' HI+1 bits): drop it, or give -sweep full", name)
			}
		}
		if opts.values.Hi > band.MaxCap {
			return usagef("-values %s: the band sweep keeps values up to %d (its sets have HI+1 bits): "+
				"give -sweep full for higher values, or a lower HI", opts.values, band.MaxCap)
		}
		// A band taller than the table is the whole table.
		opts.tile = min(opts.tile, opts.n+1)
		if !set["tile"] {
			opts.tile = 0 // the band's own default band height
		}
	} else {
		if set["rows"] {
			return usagef("-rows works with the band sweep only (-write values or none, rook tables)")
		}
		if opts.n > maxN {
			return usagef("-n %d is beyond %d, the largest a full sweep takes; the band sweep (-write values or none, "+
				"rook tables) goes to %d", opts.n, maxN, maxBandN)
		}
		if !opts.write.values && set["values"] && (opts.write.table() || *f.sweep == "full") {
			return usagef("-values keeps the cells of a values dataset: give -write values (or -write table,values), or drop -values")
		}
		if set["compress"] && !opts.write.table() {
			return usagef("-compress chooses the table file's compression, and -write %s writes no table file "+
				"(a values dataset is Parquet with zstd): drop -compress", opts.write)
		}
	}
	opts.rows = [2]int64{0, int64(opts.n)}
	if *f.rows != "" {
		a, b, err := parseRows(*f.rows, int64(opts.n))
		if err != nil {
			return usagef("-rows: %v", err)
		}
		opts.rows = [2]int64{a, b}
	}
	return nil
}

// bandClaims returns why one of the run's claims cannot be checked on a
// band run of the values 0 … HI of -values, or nil.
func bandClaims(opts options) error {
	for _, c := range opts.claims {
		if err := conjecture.BandCheckable(c, c.Table, opts.values.Hi); err != nil {
			return err
		}
	}
	return nil
}

// allBand returns why the band sweep cannot compute one of rs, or nil.
func allBand(rs []tables.Ruleset) error {
	for _, r := range rs {
		if _, err := r.BandRules(); err != nil {
			return err
		}
	}
	return nil
}

// parseRows reads "A-B", 0 ≤ A ≤ B ≤ n.
func parseRows(s string, n int64) (int64, int64, error) {
	lo, hi, ok := strings.Cut(s, "-")
	a, errA := strconv.ParseInt(strings.TrimSpace(lo), 10, 64)
	b, errB := strconv.ParseInt(strings.TrimSpace(hi), 10, 64)
	switch {
	case !ok || errA != nil || errB != nil:
		return 0, 0, fmt.Errorf("%q is not a range of rows A-B, such as 900000-1000000", s)
	case a < 0 || a > b || b > n:
		return 0, 0, fmt.Errorf("%q: give 0 ≤ A ≤ B ≤ n = %d", s, n)
	}
	return a, b, nil
}

// bandEstimate is the plan of a band run: its rows take the same time
// whatever n is (bandRowNanosWall), and it holds a window of columns and a
// few bands of rows, never a row of the table; tables side by side
// (tablesAtOnce) each take their share of the workers and CPUs, and hold
// their own window and bands at once.
func bandEstimate(opts options) plan {
	v := float64(opts.values.Hi)
	rows := float64(opts.rows[1] + 1)
	cells := rows * (v + 1) * float64(len(opts.tables))
	atOnce := tablesAtOnce(opts)
	workers, cpus := max(1, opts.cfg.Workers/atOnce), max(1, opts.planCPUs()/atOnce)
	words := math.Max(4, math.Floor(v/64)+1)
	window := 2 * (16384 + 4*(v+2) + 128) * words * 8
	bands := float64(workers+1) * float64(opts.tile) * (v + 3) * 24
	block := 0.0
	if opts.write.values {
		block = valuesPartBytes(opts.values, float64(bandrun.PartCells(opts.values)))
	}
	sweep := rows * float64(len(opts.tables)) * bandRowNanosWall(opts.values.Hi, workers, cpus) * 1e-9 / float64(atOnce)
	p := plan{
		cells:   saturate(cells),
		memory:  saturate(float64(atOnce)*(window+bands+block) + 60<<20),
		disk:    saturate(kept(opts) * valuesBytesPerCell),
		seconds: sweep + kept(opts)*valuesNanosPerCell*1e-9,
	}
	if opts.patterns {
		p = withPatterns(p, opts)
	}
	return p
}

// The pattern search's costs per row and value searched, and per row,
// measured for G₋₁, G*₋₁ and G_P, values 0–200, at n = 10⁷ and 10⁸ (2
// workers), with a margin: its index took up to 0.16 bytes (zstd chunks in
// memory up to 1 GB, and all of them in a journal on disk), indexing 7 ns of wall time on
// the sweep's collector and searching 5.6 ns (90–113 s at n = 10⁸); the two
// columns searched at once 8 bytes a row. The Go heap grows to about twice
// what is live: 4.0 GB peak at n = 10⁸, 1.18 GB at 10⁷, 201–234 MB at 10⁶
// (the proof's sweeps and the runtime about 150 MB of it). The proof
// bisects on V with about eight sweeps of -prove-bound rows.
const (
	patternIndexBytes  = 0.2
	patternIndexBudget = 1 << 30
	patternIndexNanos  = 8
	patternSearchNanos = 8
	patternBytesPerRow = 20
	patternFixedBytes  = 150 << 20
	patternProofSweeps = 8
)

// withPatterns adds the pattern search of -patterns to the plan p of a
// band run, one table at a time.
func withPatterns(p plan, opts options) plan {
	rows := float64(opts.n + 1)
	rowValues := rows * valueCount(opts.values)
	tables := float64(len(opts.tables))
	index := rowValues * patternIndexBytes
	live := math.Min(index, patternIndexBudget) + rows*patternBytesPerRow
	p.memory = saturate(float64(p.memory) + patternFixedBytes + 2*live)
	p.disk = saturate(float64(p.disk) + index) // the journal holds every chunk, for -resume
	proof := patternProofSweeps * float64(opts.proveBound) * bandRowNanosWall(opts.values.Hi, opts.cfg.Workers, opts.planCPUs()) * 1e-9
	p.seconds += tables * (rowValues*(patternIndexNanos+patternSearchNanos)*1e-9 + proof)
	return p
}

// kept is about how many cells a band run keeps: V+1 a row in the window,
// the values below LO left out.
func kept(opts options) float64 {
	if !opts.write.values {
		return 0
	}
	rows := float64(opts.rows[1] - opts.rows[0] + 1)
	return rows * valueCount(opts.values) * float64(len(opts.tables))
}

// valueCount is the number of values of r, in float64 so that no range
// overflows (0-2147483647 has 2³¹ values, one more than an int32 holds).
func valueCount(r results.ValueRange) float64 { return float64(r.Hi) - float64(r.Lo) + 1 }

// valuesBytesPerCell is the size of a values dataset per cell kept: 0.079
// measured for G₋₁, values 0–200, at n = 10⁷ (152 MiB) and 0.112 at 10⁶ in
// parts of 65536 rows (0.130 and 0.165 in the parts of 16384 rows before
// 2026-11-29), with a margin for other tables and values.
const valuesBytesPerCell = 0.2

// valuesNanosPerCell is the wall time a values dataset adds per cell kept,
// its parts being encoded two at a time: 8.1–9.0 ns measured for G₋₁,
// values 0–200, n = 10⁷, two workers (medians 20.7 and 23.4 s against 4.6
// and 5.4 s without the dataset in two sets of runs, quiet, 2026-11-28, as
// the VM's speed moved; 6.5 ns on 2026-11-27, when the sweep was
// slower, 9.4 ns on 2026-11-26, before a part's cells were ordered by a
// counting sort, and 32.5 ns before the package's own Parquet writer).
const valuesNanosPerCell = 9
