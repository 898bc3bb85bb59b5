package definition

import (
	"testing"

	"github.com/grundy-lab/grundy/conjecture/claimtest"
)

// TestPlantedCounterexamples plants counterexamples in every table and
// checks that each claim reports exactly them. Cells of the last row
// (x = 40) are planted where a change would otherwise spread to the cells
// whose options it is.
func TestPlantedCounterexamples(t *testing.T) { claimtest.Planted(t, Claims(), plantCases) }

var plantCases = []claimtest.Case{
	{ID: "nim.definition", Planted: map[claimtest.Cell]int32{{40, 40}: 1}, Want: []string{"(x=40, y=40): claimed 0, actual 1"}},
	{ID: "nim.rows", Planted: map[claimtest.Cell]int32{{40, 39}: 1000, {40, 40}: 1000}, Want: []string{"(x=40, y=40): claimed ≠ 1000 (the value at y = 39), actual 1000"}},
	{ID: "nim.columns", Planted: map[claimtest.Cell]int32{{39, 40}: 1000, {40, 40}: 1000}, Want: []string{"(x=40, y=40): claimed ≠ 1000 (a value higher in column 40), actual 1000"}},
	{ID: "nim.symmetric", Planted: map[claimtest.Cell]int32{{40, 3}: 1}, Want: []string{"(x=40, y=3): claimed 43 = G(3, 40), actual 1"}},
	{ID: "g1.definition", Planted: map[claimtest.Cell]int32{{40, 39}: 6}, Want: []string{"(x=40, y=39): claimed 15, actual 6"}},
	{ID: "g1.rows", Planted: map[claimtest.Cell]int32{{40, 39}: 1000, {40, 40}: 1000}, Want: []string{"(x=40, y=40): claimed ≠ 1000 (the value at y = 39), actual 1000"}},
	{ID: "g1.columns", Planted: map[claimtest.Cell]int32{{39, 40}: 1000, {40, 40}: 1000}, Want: []string{"(x=40, y=40): claimed ≠ 1000 (a value higher in column 40), actual 1000"}},
	{ID: "g1.symmetric", Planted: map[claimtest.Cell]int32{{40, 3}: 1}, Want: []string{"(x=40, y=3): claimed 43 = G(3, 40), actual 1"}},
	{ID: "gneg1.definition", Planted: map[claimtest.Cell]int32{{40, 39}: 6}, Want: []string{"(x=40, y=39): claimed 1, actual 6"}},
	{ID: "gneg1.rows", Planted: map[claimtest.Cell]int32{{40, 39}: 1000, {40, 40}: 1000}, Want: []string{"(x=40, y=40): claimed ≠ 1000 (the value at y = 39), actual 1000"}},
	{ID: "gneg1.columns", Planted: map[claimtest.Cell]int32{{39, 40}: 1000, {40, 40}: 1000}, Want: []string{"(x=40, y=40): claimed ≠ 1000 (a value higher in column 40), actual 1000"}},
	{ID: "gneg1.symmetric", Planted: map[claimtest.Cell]int32{{40, 3}: 1}, Want: []string{"(x=40, y=3): claimed 38 = G(3, 40), actual 1"}},
	{ID: "gstarneg1.definition", Planted: map[claimtest.Cell]int32{{40, 39}: 6}, Want: []string{"(x=40, y=39): claimed 10, actual 6"}},
	{ID: "gstarneg1.rows", Planted: map[claimtest.Cell]int32{{40, 39}: 1000, {40, 40}: 1000}, Want: []string{"(x=40, y=40): claimed ≠ 1000 (the value at y = 39), actual 1000"}},
	{ID: "gstarneg1.columns", Planted: map[claimtest.Cell]int32{{39, 40}: 1000, {40, 40}: 1000}, Want: []string{"(x=40, y=40): claimed ≠ 1000 (a value higher in column 40), actual 1000"}},
	{ID: "gstarneg1.symmetric", Planted: map[claimtest.Cell]int32{{40, 3}: 1}, Want: []string{"(x=40, y=3): claimed 42 = G(3, 40), actual 1"}},
	{ID: "passnim.definition", Planted: map[claimtest.Cell]int32{{40, 39}: 6}, Want: []string{"(x=40, y=39): claimed 0, actual 6"}},
	{ID: "passnim.rows", Planted: map[claimtest.Cell]int32{{40, 39}: 1000, {40, 40}: 1000}, Want: []string{"(x=40, y=40): claimed ≠ 1000 (the value at y = 39), actual 1000"}},
	{ID: "passnim.columns", Planted: map[claimtest.Cell]int32{{39, 40}: 1000, {40, 40}: 1000}, Want: []string{"(x=40, y=40): claimed ≠ 1000 (a value higher in column 40), actual 1000"}},
	{ID: "passnim.symmetric", Planted: map[claimtest.Cell]int32{{40, 3}: 1}, Want: []string{"(x=40, y=3): claimed 38 = G(3, 40), actual 1"}},
	{ID: "wythoff.definition", Planted: map[claimtest.Cell]int32{{40, 39}: 6}, Want: []string{"(x=40, y=39): claimed 27, actual 6"}},
	{ID: "wythoff.rows", Planted: map[claimtest.Cell]int32{{40, 39}: 1000, {40, 40}: 1000}, Want: []string{"(x=40, y=40): claimed ≠ 1000 (the value at y = 39), actual 1000"}},
	{ID: "wythoff.columns", Planted: map[claimtest.Cell]int32{{39, 40}: 1000, {40, 40}: 1000}, Want: []string{"(x=40, y=40): claimed ≠ 1000 (a value higher in column 40), actual 1000"}},
	{ID: "wythoff.symmetric", Planted: map[claimtest.Cell]int32{{40, 3}: 1}, Want: []string{"(x=40, y=3): claimed 38 = G(3, 40), actual 1"}},
	{ID: "deletenim.definition", Planted: map[claimtest.Cell]int32{{40, 39}: 6}, Want: []string{"(x=40, y=39): claimed 4, actual 6"}},
	{ID: "deletenim.symmetric", Planted: map[claimtest.Cell]int32{{40, 3}: 1}, Want: []string{"(x=40, y=3): claimed 2 = G(3, 40), actual 1"}},
	{ID: "vdn.definition", Planted: map[claimtest.Cell]int32{{40, 39}: 6}, Want: []string{"(x=40, y=39): claimed 3, actual 6"}},
	{ID: "vdn.symmetric", Planted: map[claimtest.Cell]int32{{40, 3}: 1}, Want: []string{"(x=40, y=3): claimed 3 = G(3, 40), actual 1"}},
	{ID: "josephusnim.definition", Planted: map[claimtest.Cell]int32{{40, 39}: 6}, Want: []string{"(x=40, y=39): claimed 25, actual 6"}},
}
