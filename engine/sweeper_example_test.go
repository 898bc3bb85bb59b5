package engine_test

import (
	"bytes"
	"context"
	"fmt"

	"github.com/grundy-lab/grundy/engine"
)

// A Sweeper stops between bands, saves its state and goes on in another
// Sweeper, as compute does for a run that writes no table file.
func ExampleSweeper() {
	rules := engine.Rules{Base: []engine.Cell{{X: 0, Y: 0, Value: -1}}}
	show := func(b engine.Band) error {
		for r := range b.Rows {
			fmt.Println(b.X0+r, b.Cells[r*b.Width:(r+1)*b.Width])
		}
		return nil
	}
	cfg := engine.Config{Workers: 2, Tile: 2, Sets: engine.SparseSets}
	first, _ := engine.NewSweeper(rules, 4, cfg)
	first.Run(context.Background(), 2, show) // rows 0 and 1
	var state bytes.Buffer
	first.WriteState(&state)
	second, err := engine.ReadSweeper(&state, rules, 4, cfg)
	if err != nil {
		fmt.Println(err)
		return
	}
	second.Run(context.Background(), 5, show) // rows 2 to 4
	// Output:
	// 0 [-1 0 1 2 3]
	// 1 [0 1 2 3 4]
	// 2 [1 2 0 4 5]
	// 3 [2 3 4 0 1]
	// 4 [3 4 5 1 0]
}
