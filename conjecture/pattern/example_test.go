package pattern_test

import (
	"context"
	"fmt"

	"github.com/grundy-lab/grundy/conjecture/pattern"
	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/tables"
)

// Rediscover Theorem 4 of the goishi-hiroi paper: stream G₋₁ over
// 0 ≤ x, y ≤ 300 into an index of the values 0…4 and search each value.
func ExampleSearch() {
	gneg1, _ := tables.Lookup("gneg1")
	idx := pattern.NewIndex(300, 4)
	if err := engine.Compute(context.Background(), gneg1.Rules, 300, engine.Config{}, idx.AddBand); err != nil {
		fmt.Println(err)
		return
	}
	for v := range 5 {
		r, err := pattern.Search(idx, v, pattern.Options{MaxPeriod: 16})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(r)
	}
	// Output:
	// v=0 period=1 start=2 offsets=[+0] exceptions=2 confirmed_to=300 repetitions=298 stable grade=A
	// v=1 period=2 start=3 offsets=[-1,+1] exceptions=3 confirmed_to=300 repetitions=148 stable grade=A
	// v=2 period=2 start=4 offsets=[+1,-1] exceptions=4 confirmed_to=299 repetitions=147 stable grade=A
	// v=3 period=4 start=6 offsets=[-2,-2,+2,+2] exceptions=6 confirmed_to=298 repetitions=72 stable grade=A
	// v=4 period=4 start=12 offsets=[+2,+2,-2,-2] exceptions=12 confirmed_to=299 repetitions=71 stable grade=A
}

// Lemma 4(c) of the pass paper in the row-by-row form, and its nim-sum form.
func ExamplePattern_XOR() {
	lemma4c := pattern.Pattern{Value: 2, Period: 4, Start: 9, Offsets: []int{-3, 3, 1, -1}}
	if s, c, ok := lemma4c.XOR(); ok {
		fmt.Printf("for x ≥ %d: (x−%d) ⊕ (y−%d) = %d\n", lemma4c.Start, s, s, c)
	}
	// Output: for x ≥ 9: (x−1) ⊕ (y−1) = 3
}

// Theorem 4(4) of the goishi-hiroi paper, as Markdown renders it.
func ExampleMarkdown() {
	theorem4 := pattern.Result{Found: true, Status: pattern.Stable, Grade: "A", Repetitions: 498, Pattern: pattern.Pattern{
		Value: 3, Period: 4, Start: 6, Offsets: []int{-2, -2, 2, 2}, ConfirmedTo: 1998,
		Exceptions: []pattern.Cell{{X: 0, Y: 4}, {X: 1, Y: 3}, {X: 2, Y: 5}, {X: 3, Y: 1}, {X: 4, Y: 0}, {X: 5, Y: 2}},
	}}
	fmt.Print(pattern.Markdown("gneg1", "G₋₁", 2000, []pattern.Result{theorem4}, nil))
	// Output:
	// # Values of G₋₁ on 0 ≤ x, y ≤ 2000
	//
	// Every statement below is a conjecture mined from this table and verified on every cell 0 ≤ x, y ≤ 2000, not a theorem, unless it is marked proved or the last column names the paper that proves it.
	// Each value is searched on the first half, the first three quarters and all of the rows; stable: found on at least two of the three, the fits agreeing wherever the pattern was visible; tentative: found on all the rows only; unstable: a fit broke before the end.
	// Grade A: stable, the same period and start on at least two of the three, at least 8 periods observed after x₀; B: stable or tentative otherwise; C: unstable.
	// A statement whose rule is too long for the text says so: its offsets are given in full in the patterns JSON.
	// No independent check covered the rows of this search: every statement rests on the engine's cells (verify -in a values dataset checks them against the definition).
	//
	// | v | status | period | start x₀ | periods after x₀ | grade | form | stated in |
	// | --- | --- | --- | --- | --- | --- | --- | --- |
	// | 3 | stable | 4 | 6 | 498 | A | \|x − y\| = 2 and ⌊(x−2)/4⌋ = ⌊(y−2)/4⌋ | Theorem 4(4) |
	//
	// Stated in: Abuku, Fukui, Katayama, Suetsugu, Relationship between misère nim and two-player goishi hiroi (arXiv 2412.03996).
	//
	// ## Statements
	//
	// - **v = 3**: stable, grade A: period 4 from x₀ = 6, 498 periods observed after x₀; confirmed for x ≤ 1998.
	//   - Theorem 4(4) of the paper cited above; verified for 0 ≤ x, y ≤ 2000. Let A₃ = {(4n−2, 4n), (4n−1, 4n+1), (4n, 4n−2), (4n+1, 4n−1) | n ≥ 2}. Then G₋₁(x, y) = 3 if and only if (x, y) ∈ A₃ ∪ {(0, 4), (1, 3), (2, 5), (3, 1), (4, 0), (5, 2)}. Equivalently, for x ≥ 6, G₋₁(x, y) = 3 if and only if (x−2) ⊕ (y−2) = 2.
	//   - Form: |x − y| = 2 and ⌊(x−2)/4⌋ = ⌊(y−2)/4⌋.
}
