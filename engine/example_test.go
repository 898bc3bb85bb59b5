package engine_test

import (
	"context"
	"fmt"

	"github.com/grundy-lab/grundy/engine"
)

// Two-heap nim with the move to (0,0) forbidden: the base cell −1 is a value
// the mex ignores, which is the same as forbidding the move.
func ExampleCompute() {
	rules := engine.Rules{Base: []engine.Cell{{X: 0, Y: 0, Value: -1}}}
	err := engine.Compute(context.Background(), rules, 4, engine.Config{Workers: 2, Tile: 2}, func(b engine.Band) error {
		for r := range b.Rows {
			fmt.Println(b.Cells[r*b.Width : (r+1)*b.Width])
		}
		return nil
	})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// [-1 0 1 2 3]
	// [0 1 2 3 4]
	// [1 2 0 4 5]
	// [2 3 4 0 1]
	// [3 4 5 1 0]
}
