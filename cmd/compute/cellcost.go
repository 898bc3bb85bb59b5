package main

import "github.com/grundy-lab/grundy/tables"

// The time models of a full sweep (cellsPerCoreSecond for a table file,
// streamCellSeconds without one) were measured on the rook tables, whose
// CPU a cell hardly grows with n and which two workers share. Two tables
// depart from them (compute -table T -sweep full -write none, 2026-11-26,
// 2-core AMD EPYC, beside a job at nice 19):
//
//   - Wythoff's Nim with sparse sets: its values up to any bound lie along
//     two rays, so its sets hold about n^0.85 spans (engine.MemoryBytes),
//     not about √n, and a cell's CPU grows with them: 60.6, 87.0, 112.3
//     and 136.4 ns at n = 1, 2, 3 and 4·10⁴ (-sets sparse, 2 workers),
//     about 35 + 2.55·n/1000, against the rook tables' 27.
//   - Wythoff's Nim with dense sets (-sets dense, or auto below n = 32768):
//     22.0, 25.3, 25.5 and 26.6 ns of wall time a cell at n = 1, 2, 3 and
//     4·10⁴ with two workers, about 20 + 0.17·n/1000, and 38.6 with one at
//     4·10⁴ (61.8 s against 42.6): a CPU time a cell of about 28 + 0.3·n/1000
//     ns, which two workers do not halve. The rook model planned 14 ns.
//   - Josephus Nim: a second worker hardly helps (82.0 s with one worker,
//     74.0 with two at 4·10⁴), and its column rings (2n² bytes) make it
//     fault pages in: 2.83, 12.8, 37.1 and 74.0 s of wall time at n = 1, 2,
//     3 and 4·10⁴ (2 workers), 28, 32, 41 and 46 ns a cell, about
//     23 + 0.6·n/1000 whatever the workers.

// cellSeconds is the wall time a cell of table r takes at opts' n on cores
// cores, base being the CPU time a cell of the model in use.
func cellSeconds(r tables.Ruleset, opts options, base float64, cores int) float64 {
	n := float64(opts.n)
	switch {
	case r.Rules.Limit > 0:
		// A subtraction limit keeps dense sets of a few words whatever
		// -sets says (engine/limit.go): about the rook model, with or
		// without the diagonal (BenchmarkLimit: 0.6–0.8 times nim's cells
		// a second at n = 3000, one worker).
		return base / float64(cores)
	case r.Rules.Diagonal && opts.cfg.Sets.Sparse(opts.n):
		return (base + max(0, 35+2.55e-3*n-27)*1e-9) / float64(cores)
	case r.Rules.Diagonal:
		return max((base+0.3e-12*n)/float64(cores), (20+0.17e-3*n)*1e-9)
	case r.Rules.Josephus:
		return max(base/float64(cores), (23+0.6e-3*n)*1e-9)
	}
	return base / float64(cores)
}
