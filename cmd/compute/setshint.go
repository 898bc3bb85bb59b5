package main

import (
	"fmt"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/tables"
)

// denseSetsHint is the line that tells a full sweep of Wythoff's Nim with
// -sets auto at n ≥ engine.SparseFromN, where auto chooses sparse sets,
// what -sets dense would cost instead, when that fits memory bytes of
// RAM; "" otherwise. Wythoff's sparse sets hold about n^0.85 spans (the
// rook tables' √n), so dense sets, far larger, are also far faster there:
// 2.3× at n = 4·10⁴ (docs/compute.md).
func denseSetsHint(opts options, memory int64) string {
	if opts.cfg.Sets != engine.AutoSets || !opts.cfg.Sets.Sparse(opts.n) {
		return ""
	}
	for _, r := range opts.tables {
		if !r.Rules.Diagonal || r.Rules.Limit > 0 {
			continue // a limit's sets are dense whatever -sets says
		}
		sparse := opts
		sparse.tables = []tables.Ruleset{r}
		dense := sparse
		dense.cfg.Sets = engine.DenseSets
		ps, pd := estimate(sparse), estimate(dense)
		if pd.memory > memory {
			return ""
		}
		return fmt.Sprintf("compute: %s at n=%d uses sparse sets (-sets auto from n = %d): %s and %s of memory; "+
			"-sets dense would take %s and %s, the faster choice where the memory is there",
			r.ID, opts.n, engine.SparseFromN, formatDuration(ps.seconds), formatBytes(ps.memory),
			formatDuration(pd.seconds), formatBytes(pd.memory))
	}
	return ""
}
