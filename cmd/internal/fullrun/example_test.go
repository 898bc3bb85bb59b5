package fullrun_test

import (
	"context"
	"fmt"
	"os"

	"github.com/grundy-lab/grundy/cmd/internal/fullrun"
	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/tables"
)

// A full sweep of G₋₁ to n = 30 that keeps the cells of the values 0–2 as
// a values dataset, with the g_sha256 and largest value of the whole table
// (those of compute's table file gneg1_n30.arrow; its 92 cells of values
// 0–2 counted by grundytables).
func ExampleRun() {
	out, err := os.MkdirTemp("", "fullrun")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(out)
	r, _ := tables.Lookup("gneg1")
	res, err := fullrun.Run(context.Background(), fullrun.Job{
		Table: r, N: 30, Engine: engine.Config{Workers: 2, Tile: 8}, Out: out,
		WriteValues: true, Values: results.ValueRange{Lo: 0, Hi: 2},
	})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d cells, max %d, g_sha256 %.16s…; values 0-2: %d cells\n", res.Cells, res.MaxValue, res.GSHA256, res.ValuesCells)
	// Output:
	// 961 cells, max 44, g_sha256 05c18e2b522a0603…; values 0-2: 92 cells
}
