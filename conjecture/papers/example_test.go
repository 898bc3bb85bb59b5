package papers_test

import (
	"context"
	"fmt"

	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/conjecture/papers"
	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/tables"
)

// Theorem 4 of the goishi hiroi paper checked on G₋₁ over 0 ≤ x, y ≤ 100,
// computed on the fly (its part (4) as 001 prints it, n > 2, leaves out
// four cells of value 3), and Table 2 of the pass paper checked on the
// chocolate solver: two of its printed cells are swapped.
func ExampleRun() {
	r, _ := tables.Lookup("gneg1")
	gneg1 := func(visit func(engine.Band) error) error {
		return engine.Compute(context.Background(), r.Rules, 100, engine.Config{}, visit)
	}
	claims, err := conjecture.Select(papers.All(), []string{"goishi.thm4.*", "pass.table2"})
	if err != nil {
		fmt.Println(err)
		return
	}
	reports, err := conjecture.Run(context.Background(), claims, map[string]conjecture.Table{"gneg1": gneg1}, conjecture.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range reports {
		fmt.Println(r.ID, r.Status, r.Checked, r.Unit)
		if r.Status == conjecture.Fails {
			fmt.Println("  first:", r.Counterexamples[0])
		}
	}
	// Output:
	// goishi.thm4.1 holds 10201 cells
	// goishi.thm4.2 holds 10201 cells
	// goishi.thm4.3 holds 10201 cells
	// goishi.thm4.4 holds 10201 cells
	// goishi.thm4.4.printed fails 10201 cells
	//   first: (x=6, y=8): claimed ≠ 3, actual 3
	// pass.table2 fails 228 cells
	//   first: (y=2, z=14, h(z) = ⌊z/2⌋): claimed 13, actual 12
}
