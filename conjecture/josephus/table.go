package josephus

import (
	"slices"
	"strconv"

	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/engine"
)

// The claims of 004 checked on the table josephusnim, every cell: Theorem
// 1.1 as a formula per cell, and the abstract's second sentence (with
// Theorem 2.2) against the Josephus circle simulated for every row.

// theorem11TableCheck is Theorem 1.1 on every cell: the s with (x, y) ∈ 𝒢_s
// are exactly G(x, y). A set 𝒢_s holding the cell while G(x, y) ≠ s is
// reported as claimed s; a value g with the cell outside 𝒢_g as claimed ≠ g.
func theorem11TableCheck(sets setFamily) func(int) conjecture.Checker {
	return func(int) conjecture.Checker {
		return conjecture.Checker{Visit: func(b engine.Band, f *conjecture.Findings) {
			conjecture.Rows(b, func(x int, cells []int32) {
				for y, g := range cells {
					in := sets(x, y)
					for _, s := range in {
						if s != int(g) {
							f.Report(conjecture.Counterexample{At: conjecture.At("x,y", x, y), Claimed: strconv.Itoa(s), Actual: conjecture.Itoa32(g)})
						}
					}
					if !slices.Contains(in, int(g)) {
						f.Report(conjecture.Counterexample{At: conjecture.At("x,y", x, y), Claimed: "≠ " + conjecture.Itoa32(g), Actual: conjecture.Itoa32(g)})
					}
				}
			})
			f.Checked += int64(len(b.Cells))
		}}
	}
}

// eliminationOrder writes into order[:v] the numbers 1, …, v in the order
// the Josephus circle of Definition 2.1 removes them (starting with 2,
// every second number), the last one left last. It walks a circular list,
// next[i] being the number after i still in the circle, so a row costs
// O(v); next needs room for v + 1 numbers.
func eliminationOrder(v int, next, order []int32) {
	for i := 1; i < v; i++ {
		next[i] = int32(i + 1)
	}
	next[v] = 1
	survivor := int32(1) // the number skipped this step
	for k := range v - 1 {
		out := next[survivor]
		order[k] = out
		next[survivor] = next[out]
		survivor = next[survivor]
	}
	order[v-1] = survivor
}

// circle holds the scratch of eliminationOrder for the rows of a table.
type circle struct{ next, order []int32 }

// orderOf returns e₁, …, e_v of the circle of v numbers; the slice is
// reused by the next call.
func (c *circle) orderOf(v int) []int32 {
	if len(c.next) < v+1 {
		c.next, c.order = make([]int32, 2*v+1), make([]int32, 2*v)
	}
	eliminationOrder(v, c.next, c.order)
	return c.order[:v]
}

// circleRowsCheck streams the table and calls row with every row x, its
// cells, and the elimination order e₁, …, e_v of the circle of v = x + 1
// numbers, so that F_s(v) = e_{v−s} = order[v−s−1].
func circleRowsCheck(row func(x int, cells, order []int32, f *conjecture.Findings)) func(int) conjecture.Checker {
	return func(int) conjecture.Checker {
		var c circle
		return conjecture.Checker{Visit: func(b engine.Band, f *conjecture.Findings) {
			conjecture.Rows(b, func(x int, cells []int32) { row(x, cells, c.orderOf(x+1), f) })
		}}
	}
}

// removedCheck is the abstract's second sentence, read with the first
// one's correction: for the position (x, y) of Grundy number s = G(x, y),
// 2y + 1 is the (x + 1 − s)-th number removed from the circle of x + 1
// numbers, F_s(x + 1) = e_{x+1−s} (Theorem 2.2). It checks the cells with
// x ≥ 2y when onlySeries (the range of Theorem 2.2, where (x, y) ∈ 𝒢_{s,n}),
// and every cell otherwise, as the abstract says.
func removedCheck(onlySeries bool) func(int) conjecture.Checker {
	return circleRowsCheck(func(x int, cells, order []int32, f *conjecture.Findings) {
		v := x + 1
		for y, s := range cells {
			if onlySeries && 2*y > x {
				break
			}
			f.Checked++
			claimed := strconv.Itoa(2*y + 1)
			switch {
			case s < 0 || int(s) > x:
				f.Report(conjecture.Counterexample{At: conjecture.At("x,y,s", x, y, int(s)), Claimed: claimed,
					Actual: "no (x + 1 − s)-th number removed"})
			case int(order[v-int(s)-1]) != 2*y+1:
				f.Report(conjecture.Counterexample{At: conjecture.At("x,y,s", x, y, int(s)), Claimed: claimed,
					Actual: strconv.Itoa(int(order[v-int(s)-1]))})
			}
		}
	})
}

// theorem21TableCheck is Theorem 2.1 on every cell (x, y) with x ≥ 2y:
// with s = G(x, y) and v = x + 1, F_s(v) from the circle simulated must be
// the theorem's 2m + 1, v = (2s+1)·2ⁿ + m (claimed, theorem21 in the
// claim), and m must be y, the cell lying in 𝒢_{s,n} (Theorems 1.1, 2.2).
// A value s with v < 2s + 1, where the theorem says nothing, is a
// counterexample too.
func theorem21TableCheck(claimed josephusClaim) func(int) conjecture.Checker {
	return circleRowsCheck(func(x int, cells, order []int32, f *conjecture.Findings) {
		v := x + 1
		F := func(s, v int) int { return int(order[v-s-1]) }
		for y, s := range cells[:x/2+1] {
			f.Checked++
			want, ok := claimed(F, int(s), v)
			switch {
			case s < 0 || !ok:
				f.Report(conjecture.Counterexample{At: conjecture.At("x,y,s", x, y, int(s)), Claimed: "v = x + 1 ≥ 2s + 1", Actual: "v = " + strconv.Itoa(v)})
			case F(int(s), v) != want:
				f.Report(conjecture.Counterexample{At: conjecture.At("x,y,s", x, y, int(s)), Claimed: "F_s(v) = " + strconv.Itoa(want),
					Actual: strconv.Itoa(F(int(s), v))})
			case want != 2*y+1:
				f.Report(conjecture.Counterexample{At: conjecture.At("x,y,s", x, y, int(s)), Claimed: "m = y: 2m + 1 = " + strconv.Itoa(2*y+1),
					Actual: "2m + 1 = " + strconv.Itoa(want)})
			}
		}
	})
}

// tableClaims are the claims of 004 on the table josephusnim.
func tableClaims(setsPrinted, setsChanged, movesNote string) []conjecture.Claim {
	theorem11 := "𝒢_s is the set of positions whose Grundy number is s."
	second := "There are similar relations between the position of which the Grundy number is s and the n − s-th removed number."
	secondNote := "Read with the first sentence as josephus.abstract.corrected reads it: the position (n, m) and the " +
		"Josephus problem with n + 1 numbers, so: for the position (x, y) of Grundy number s, 2y + 1 is the " +
		"(x + 1 − s)-th number removed (F_s(x + 1) in Definition 2.1). "
	return []conjecture.Claim{
		{
			ID: "josephus.thm1.1.table", Source: josephusSource("Theorem 1.1"), Statement: theorem11,
			CheckedOn: "table josephusnim, every cell against the sets of Definition 1.5",
			Note:      setsPrinted, Table: "josephusnim", Unit: "cells", Check: theorem11TableCheck(printedSets),
		},
		{
			ID: "josephus.thm1.1.table.corrected", Source: josephusSource("Theorem 1.1"), Statement: theorem11 + " (𝒢_s with the union over n ≥ 0)",
			CheckedOn: "table josephusnim, every cell against the sets of Definition 1.5",
			Note:      setsChanged, Table: "josephusnim", Unit: "cells", Check: theorem11TableCheck(correctedSets),
		},
		{
			ID: "josephus.thm2.1.table", Source: josephusSource("Theorem 2.1"),
			Statement: "If v = (2s+1)2ⁿ + m such that s, n, m ∈ ℤ≥0 and 0 ≤ m ≤ (2s+1)2ⁿ − 1, then F_s(v) = 2m + 1 (50).",
			CheckedOn: "table josephusnim, every cell (x, y) with x ≥ 2y: s = G(x, y) and v = x + 1, F_s(v) from the Josephus " +
				"circle of v numbers simulated against the theorem's 2m + 1",
			Note: "The table supplies s: by Theorems 1.1 and 2.2 the cells with x ≥ 2y are those of 𝒢_{s,n}, where " +
				"v = x + 1 = (2s+1)2ⁿ + y, so m = y; the claim ties the values of the table to the elimination order.",
			Table: "josephusnim", Unit: "cells", Check: theorem21TableCheck(theorem21),
		},
		{
			ID: "josephus.abstract2.table", Source: josephusSource("Abstract, last sentence"), Statement: second,
			CheckedOn: "table josephusnim, every cell (x, y) with s = G(x, y), against the Josephus circle of x + 1 numbers simulated",
			Note: secondNote + "The abstract puts no bound on the position; it fails where x < 2y, outside the sets " +
				"𝒢_{s,n} of Theorem 2.2.",
			Table: "josephusnim", Unit: "cells", Check: removedCheck(false),
		},
		{
			ID: "josephus.abstract2.table.corrected", Source: josephusSource("Abstract, last sentence; Theorem 2.2"),
			Statement: second + " (for the positions with x ≥ 2y, those of some 𝒢_{s,n})",
			CheckedOn: "table josephusnim, every cell (x, y) with x ≥ 2y and s = G(x, y), against the Josephus circle of x + 1 numbers simulated",
			Note: "Changed: the positions restricted to x ≥ 2y. Theorem 2.2 proves the relation for (x, y) ∈ 𝒢_{s,n}, " +
				"which are the positions with x ≥ 2y (x − y + 1 = (2s+1)·2ⁿ, y ≤ (2s+1)·2ⁿ − 1), and Theorem 1.1 makes s " +
				"their Grundy number; elsewhere the relation fails. " + secondNote,
			Table: "josephusnim", Unit: "cells", Check: removedCheck(true),
		},
	}
}
