package solver_test

import (
	"fmt"

	"github.com/grundy-lab/grundy/tables/solver"
)

// One heap of 3 without the pass is nim, value 3; with the pass it is 4. The
// heaps 1 and 2 with the pass are a P-position (Lemma 4 (a) of 002).
func ExamplePassNimGrundy() {
	fmt.Println(solver.PassNimGrundy([]int{3}, false))
	fmt.Println(solver.PassNimGrundy([]int{3}, true))
	fmt.Println(solver.PassNimGrundy([]int{1, 2}, true), solver.PassNimOutcome([]int{1, 2}, true))
	// Output:
	// 3
	// 4
	// 0 P
}

// The corner of Wythoff's Nim from its moves; the 0s off the corner are the
// P-positions ⟨1, 2⟩ and ⟨2, 1⟩.
func ExamplePairGame_Grundy() {
	for _, row := range solver.Wythoff.Grundy(3) {
		fmt.Println(row)
	}
	// Output:
	// [0 1 2 3]
	// [1 2 0 4]
	// [2 0 1 5]
	// [3 4 5 6]
}

// In Josephus Nim the total weight of ⟨0, 3⟩ is −6, so at most −3 may be
// removed: two or three stones of weight −2.
func ExamplePairGame_Options() {
	fmt.Println(solver.JosephusNim.Options(0, 3))
	// Output: [[0 1] [0 0]]
}

// Of 1, …, 7 in a circle, every second number removed starting with 2.
func ExampleJosephusOrder() {
	fmt.Println(solver.JosephusOrder(7))
	// Output: [2 4 6 1 5 3 7]
}
