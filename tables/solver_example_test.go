package tables_test

import (
	"fmt"

	"github.com/grundy-lab/grundy/tables"
)

// One heap of 3 without the pass is nim, value 3; with the pass it is 4. The
// heaps 1 and 2 with the pass are a P-position (Lemma 4 (a) of 002).
func ExamplePassNimGrundy() {
	fmt.Println(tables.PassNimGrundy([]int{3}, false))
	fmt.Println(tables.PassNimGrundy([]int{3}, true))
	fmt.Println(tables.PassNimGrundy([]int{1, 2}, true), tables.PassNimOutcome([]int{1, 2}, true))
	// Output:
	// 3
	// 4
	// 0 P
}
