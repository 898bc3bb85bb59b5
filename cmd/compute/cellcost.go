package main

import "github.com/grundy-lab/grundy/tables"

// extraCellSeconds is the CPU a cell of table r costs at opts' n beyond
// what the time models of a full sweep assume (cellsPerCoreSecond,
// streamCellSeconds: measured on the rook tables), 0 but for Wythoff's Nim
// with sparse sets. Its values up to any bound lie along two rays, so its
// sets hold about n^0.85 spans (engine.MemoryBytes), not about √n, and a
// cell's CPU grows with them: 60.6, 87.0, 112.3 and 136.4 ns at n = 1, 2,
// 3 and 4·10⁴, about 35 + 2.55·n/1000, against the rook tables' 27
// (compute -table wythoff -sweep full -write none -sets sparse -workers 2,
// 2026-11-26, 2-core AMD EPYC, beside a niced job). With dense sets it
// took 28.6–34.0 ns at the same n.
func extraCellSeconds(r tables.Ruleset, opts options) float64 {
	if !r.Rules.Diagonal || !opts.cfg.Sets.Sparse(opts.n) {
		return 0
	}
	return max(0, 35+2.55e-3*float64(opts.n)-27) * 1e-9
}
