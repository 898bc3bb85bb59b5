package definition_test

import (
	"context"
	"fmt"

	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/conjecture/definition"
	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/tables"
)

// G₋₁ over 0 ≤ x, y ≤ 200 computed on the fly, with one cell raised by one
// on its way to the check, as a buggy engine would: the definition claim
// names the cell first, then the cells whose options it is.
func Example() {
	r, _ := tables.Lookup("gneg1")
	buggy := func(visit func(engine.Band) error) error {
		return engine.Compute(context.Background(), r.Rules, 200, engine.Config{}, func(b engine.Band) error {
			if x := 100 - b.X0; x >= 0 && x < b.Rows {
				b.Cells[x*b.Width+150]++
			}
			return visit(b)
		})
	}
	claims, _ := conjecture.Select(definition.Claims(), []string{"gneg1.definition"})
	reports, err := conjecture.Run(context.Background(), claims, map[string]conjecture.Table{"gneg1": buggy}, conjecture.Options{Cap: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(reports[0].ID, reports[0].Status, reports[0].Checked, reports[0].Unit)
	for _, c := range reports[0].Counterexamples {
		fmt.Println(" ", c)
	}
	// Output:
	// gneg1.definition fails 40401 cells
	//   (x=100, y=150): claimed 76, actual 77
	//   (x=100, y=151): claimed 76, actual 197
}
