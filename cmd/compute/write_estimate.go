package main

import (
	"math"

	"github.com/grundy-lab/grundy/cmd/internal/fullrun"
	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/results/valuesds"
)

// Full sweeps that write no table file (-write values or none) need the
// engine and a values dataset's part, and no table writer. Their figures were
// measured with scripts/measure_sparse.sh on gneg1, -values 0-200, two
// workers, on the project's idle 2-core AMD EPYC machine (README, "Research
// runs to n = 10⁶").

// streamEstimate plans a run that writes no table file: the engine's sets
// and bands times 1.5 for the garbage collector's headroom (compute sets
// GOGC to 25) and the allocator's, plus 32 MiB for the runtime and the
// values dataset's encoder, and the CPU time per cell measured
// (streamCellSeconds). Peak RSS measured against this estimate: 42 and 63
// MiB at n = 10⁴, 373 and 462 MiB at 10⁵, 922 and 1040 MiB at 2·10⁵ (sparse
// sets); 350 and 430 MiB at 3·10⁴ (dense sets).
func streamEstimate(opts options) plan {
	cells := float64(opts.n+1) * float64(opts.n+1) * float64(len(opts.tables))
	memory := math.Inf(1)
	// engine.MemoryBytes counts in int64; where its bands alone would pass
	// an exabyte, no machine has the memory anyway.
	if float64(opts.cfg.Tile)*float64(opts.n+1)*4*float64(opts.cfg.Workers+1) < 1<<60 {
		var engineBytes int64
		for _, r := range opts.tables {
			engineBytes = max(engineBytes, engine.MemoryBytes(r.Rules, opts.n, opts.cfg))
		}
		memory = float64(engineBytes)*1.5 + 32<<20
		if opts.write.values {
			memory += valuesPartBytes(opts.values, fullrun.BlockCells)
		}
	}
	cores := min(opts.cfg.Workers, opts.planCPUs())
	seconds := 0.0
	for _, r := range opts.tables {
		seconds += float64(opts.n+1) * float64(opts.n+1) * cellSeconds(r, opts, streamCellSeconds(opts), cores)
	}
	return plan{
		cells:   saturate(cells),
		memory:  saturate(memory),
		disk:    saturate(float64(valuesFileBytes(opts)) + 4096),
		seconds: seconds,
	}
}

// streamCellSeconds is the CPU time per cell of compute, checksum and
// the old values file on an idle machine: 28 ns with dense sets (27.0 measured at
// n = 10⁴, 24.7 at 3·10⁴); with sparse ones 27 ns up to n = 5·10⁴ (26.1 to
// 27.4 measured), then 31.2 ns at n = 10⁵ growing like n^0.30, as it did
// from 10⁵ to 2·10⁵ (38.4 ns). The exponent had risen from 0.15 to 0.30
// over the sizes measured, so the estimate of larger runs may err short.
func streamCellSeconds(opts options) float64 {
	if !opts.cfg.Sets.Sparse(opts.n) {
		return 28e-9
	}
	return max(27e-9, 31.2e-9*math.Pow(float64(opts.n)/1e5, 0.30))
}

// valuesPartBytes is the memory of the writer of a values dataset of
// values in parts of about partCells cells: for the block filling and
// each of the two parts written at once, their cells ordered and encoded
// (2 bytes a cell, with a margin), or, for values wider than
// valuesds.StreamedValues, their cells held whole (20 bytes a cell, and
// as much again for the part's order by value); and the chunks a block
// comes in (4 MiB). Measured: a band run of gneg1, values 0–200,
// n = 3·10⁶, peaked at 105 MB in parts of 2²⁴ cells and 57 MB in parts
// of 2²² (395 MB when each block was held whole until its part was
// written).
func valuesPartBytes(values results.ValueRange, partCells float64) float64 {
	perCell := 2.0
	if int64(values.Hi)-int64(values.Lo)+1 > valuesds.StreamedValues {
		perCell = 40
	}
	return 3*partCells*perCell + 4<<20
}

// fullValuesBytesPerCell is the size of a full sweep's values dataset per
// cell kept: 0.43 measured for gneg1, values 0–200, at n = 10⁴ (856 KiB
// for 2,005,138 cells in parts of 6656 rows), with a margin. (A band run's
// dataset of the same cells, in one part, took 0.36.)
const fullValuesBytesPerCell = 0.5

// valuesFileBytes bounds the values datasets of the run: in these tables a
// value occurs at most once per row, so a dataset holds at most
// (HI − LO + 1)·(n + 1) cells.
func valuesFileBytes(opts options) int64 {
	if !opts.write.values {
		return 0
	}
	cells := valueCount(opts.values) * float64(opts.n+1) * float64(len(opts.tables))
	return saturate(cells*fullValuesBytesPerCell + 64<<10)
}
