package main

import (
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/tables"
)

// TestDenseSetsHint: a full sweep of Wythoff's Nim where -sets auto chooses
// sparse sets names -sets dense and what it would cost, when that fits the
// memory; a rook table, a smaller n, a -sets the user chose or too little
// memory get no hint.
func TestDenseSetsHint(t *testing.T) {
	wythoff, _ := tables.Lookup("wythoff")
	gneg1, _ := tables.Lookup("gneg1")
	plenty := int64(1) << 40
	for _, tc := range []struct {
		name   string
		tables []tables.Ruleset
		n      int
		sets   engine.SetKind
		memory int64
		want   bool
	}{
		{"wythoff above SparseFromN", []tables.Ruleset{wythoff}, 40000, engine.AutoSets, plenty, true},
		{"wythoff among others", []tables.Ruleset{gneg1, wythoff}, 40000, engine.AutoSets, plenty, true},
		{"wythoff below SparseFromN", []tables.Ruleset{wythoff}, engine.SparseFromN - 1, engine.AutoSets, plenty, false},
		{"-sets sparse chosen", []tables.Ruleset{wythoff}, 40000, engine.SparseSets, plenty, false},
		{"a rook table", []tables.Ruleset{gneg1}, 40000, engine.AutoSets, plenty, false},
		{"dense does not fit", []tables.Ruleset{wythoff}, 40000, engine.AutoSets, 1 << 30, false},
	} {
		opts := options{tables: tc.tables, n: tc.n, cfg: defaultConfig()}
		opts.cfg.Sets = tc.sets
		hint := denseSetsHint(opts, tc.memory)
		if got := strings.Contains(hint, "-sets dense would take"); got != tc.want {
			t.Errorf("%s: hint %q", tc.name, hint)
		}
		if tc.want && !strings.Contains(hint, "wythoff at n=40000") {
			t.Errorf("%s: the hint does not name the table and n: %q", tc.name, hint)
		}
	}
}
