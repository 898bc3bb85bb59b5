package main

import (
	"github.com/grundy-lab/grundy/engine/band"
	"github.com/grundy-lab/grundy/results/valuesds"
)

// The CPU time of a band row, by what it does: its fixed costs (the hand-
// overs, the copy of its left cells, the digest's own), its visited cells
// (about (V+1)/2 on one side of the diagonal, in the assembly loop; V+1 on
// both, in the Go loop), and the bytes of its encoding that cells_sha256
// hashes (V+9 while the values fit a dense row, 4(V+1)+4 beyond). Fitted to
// G₋₁ at n = 10⁶ with one worker (AMD EPYC, 2 cores, 2026-11-28:
// testdata/band_runs.txt), whose rows cost about a fifth more than those
// of n = 10⁷: the margin of a long run. The collector's share, which the
// workers do not split: taking the rows in order and hashing 32 bytes a
// row, about 40 ns a row at V = 200 (two workers took 0.52–0.56 of one
// worker's time at n = 10⁷: about the two shares spread over 2 CPUs).
const (
	bandRowNanos              = 180
	bandOneSidedVisitNanos    = 6.1
	bandTwoSidedVisitNanos    = 12
	bandChecksumByteNanos     = 1.35
	bandCollectorNanosPerCell = 0.2
)

// bandSweepRowNanos is the CPU time one worker spends on a row of the band
// of the values 0 … v of a rook table (all of them symmetric).
func bandSweepRowNanos(v int32) float64 {
	cells := float64(v) + 1
	visits := cells/2*bandOneSidedVisitNanos + bandRowNanos
	if v > band.OneSidedMaxCap {
		visits = cells*bandTwoSidedVisitNanos + bandRowNanos
	}
	hashed := cells + 8
	if v > valuesds.DenseMaxValue {
		hashed = 4*cells + 4
	}
	return visits + hashed*bandChecksumByteNanos
}

// bandRowNanosWall is the wall time a row of the band of the values 0 … v
// takes with workers workers (at least one) on cpus CPUs: the longest of
// the collector's share, one worker's share of the sweep, and all of the
// work spread over the CPUs.
func bandRowNanosWall(v int32, workers, cpus int) float64 {
	sweep := bandSweepRowNanos(v)
	collector := bandCollectorNanosPerCell * (float64(v) + 1)
	return max(collector, sweep/float64(max(workers, 1)), (sweep+collector)/float64(max(cpus, 1)))
}
