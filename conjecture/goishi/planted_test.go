package goishi

import (
	"testing"

	"github.com/grundy-lab/grundy/conjecture/claimtest"
	"github.com/grundy-lab/grundy/tables/solver"
)

// TestPlantedCounterexamples plants counterexamples for every claim of the
// paper and checks that its checker reports exactly them.
func TestPlantedCounterexamples(t *testing.T) { claimtest.Planted(t, Claims(), plantCases) }

var plantCases = append(misereCases, []claimtest.Case{
	// Claims on tables: a changed cell. The tables are the reference
	// tables at n = 40; the values are those the papers print.
	{ID: "goishi.table1", Planted: map[claimtest.Cell]int32{{3, 5}: 7}, Want: []string{"(x=3, y=5): claimed 6, actual 7"}},
	{ID: "goishi.g0xor", Planted: map[claimtest.Cell]int32{{17, 30}: 0}, Want: []string{"(x=17, y=30): claimed 15, actual 0"}},
	{ID: "goishi.nim3", Planted: map[claimtest.Cell]int32{{2, 3}: 4}, Bound: 6, Want: []string{
		"(x=2, y=3, z=1): claimed N, actual P",
		"(x=2, y=3, z=4): claimed P, actual N",
	}},
	{ID: "goishi.table2", Planted: map[claimtest.Cell]int32{{0, 0}: 5}, Want: []string{"(x=0, y=0): claimed 1, actual 5"}},
	{ID: "goishi.g0g1", Planted: map[claimtest.Cell]int32{{1, 1}: 0, {20, 21}: 0}, Want: []string{
		"(x=1, y=1): claimed 1, actual 0",
		"(x=20, y=21): claimed 1, actual 0",
	}},
	{ID: "goishi.table3", Planted: map[claimtest.Cell]int32{{11, 10}: 3}, Want: []string{"(x=11, y=10): claimed 2, actual 3"}},
	{ID: "goishi.table4", Planted: map[claimtest.Cell]int32{{0, 1}: 0}, Want: []string{"(x=0, y=1): claimed -1, actual 0"}},
	{ID: "goishi.zeros", Planted: map[claimtest.Cell]int32{{7, 7}: 9, {3, 9}: 0}, Want: []string{
		"(x=3, y=9): claimed ≠ 0, actual 0",
		"(x=7, y=7): claimed 0, actual 9",
	}},
	{ID: "goishi.thm2", Planted: map[claimtest.Cell]int32{{2, 3}: 1}, Bound: 6, Want: []string{
		"(x=2, y=2, z=3): claimed P, actual N",
		"(x=2, y=5, z=3): claimed N, actual P",
	}},
	{ID: "goishi.thm3", Planted: map[claimtest.Cell]int32{{1, 2}: 0}, Bound: 6, Want: []string{
		"(x=1, y=1, z=2): claimed P, actual N",
		"(x=1, y=3, z=2): claimed N, actual P",
	}},
	{ID: "goishi.thm4.1", Planted: map[claimtest.Cell]int32{{5, 5}: 7}, Want: []string{"(x=5, y=5): claimed 0, actual 7"}},
	{ID: "goishi.thm4.2", Planted: map[claimtest.Cell]int32{{8, 7}: 30}, Want: []string{"(x=8, y=7): claimed 1, actual 30"}},
	{ID: "goishi.thm4.3", Planted: map[claimtest.Cell]int32{{9, 8}: 0}, Want: []string{"(x=9, y=8): claimed 2, actual 0"}},
	{ID: "goishi.thm4.4", Planted: map[claimtest.Cell]int32{{30, 32}: 31, {30, 31}: 3}, Want: []string{
		"(x=30, y=31): claimed ≠ 3, actual 3",
		"(x=30, y=32): claimed 3, actual 31",
	}},
	// As 001 prints it, n > 2: the members of n = 2 have the value 3.
	{ID: "goishi.thm4.4.printed", Want: []string{
		"(x=6, y=8): claimed ≠ 3, actual 3", "(x=7, y=9): claimed ≠ 3, actual 3",
		"(x=8, y=6): claimed ≠ 3, actual 3", "(x=9, y=7): claimed ≠ 3, actual 3",
	}},
	{ID: "goishi.thm5.1", Planted: map[claimtest.Cell]int32{{40, 40}: 1}, Want: []string{"(x=40, y=40): claimed 0, actual 1"}},
	{ID: "goishi.thm5.2", Planted: map[claimtest.Cell]int32{{13, 12}: 5}, Want: []string{"(x=13, y=12): claimed 1, actual 5"}},
	{ID: "goishi.thm5.3", Planted: map[claimtest.Cell]int32{{12, 14}: 0}, Want: []string{"(x=12, y=14): claimed 2, actual 0"}},
	{ID: "goishi.thm5.4", Planted: map[claimtest.Cell]int32{{2, 3}: 9}, Want: []string{"(x=2, y=3): claimed 3, actual 9"}},
	// Rows 2 and 3 lie in different bands of referenceTable.
	{ID: "goishi.prop1", Planted: map[claimtest.Cell]int32{{2, 6}: 104, {3, 8}: 50}, Want: []string{
		"(x=3, y=7): claimed 104, actual 4",
		"(x=2, y=9): claimed 50, actual 10",
	}},
}...)

// The cases of misere.go: a planted cell, a misère solver that is normal
// play's, and a play with two groups taken in one move.
var misereCases = []claimtest.Case{
	{ID: "goishi.misere2", Bound: 2, Check: misereCheck(func(h []int) solver.Outcome { return solver.PassNimOutcome(h, false) }), Want: []string{
		"(x=0, y=1): claimed P, actual N", "(x=1, y=0): claimed P, actual N",
		"(x=1, y=1): claimed N, actual P",
	}},
	{ID: "goishi.gneg1sg", Planted: map[claimtest.Cell]int32{{7, 9}: 5}, Want: []string{"(x=7, y=9): claimed 5, actual 3"}},
	{ID: "goishi.fig3", Check: figure3Claim([][]int{{5, 3, 4}, {5, 1, 3}, {5, 0, 3}}).Check, Want: []string{
		"(step=1, (5, 3, 4) → (5, 1, 3)): claimed a move, actual not a move",
	}},
}
