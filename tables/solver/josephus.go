package solver

import "slices"

// JosephusOrder returns e₁, …, e_v of the Josephus problem of 004,
// Definition 2.1 (line 397 of the text): the numbers 1, …, v stand in a
// circle and, starting with 2, every second number is removed until one is
// left; e_i is the i-th number removed and e_v the one left. It simulates
// the circle directly: after each removal the next number is skipped and
// the one after it removed. v < 1 gives nil.
//
// For v = 7 the order is 2, 4, 6, 1, 5, 3, 7.
func JosephusOrder(v int) []int {
	if v < 1 {
		return nil
	}
	circle := make([]int, v)
	for i := range circle {
		circle[i] = i + 1
	}
	order := make([]int, 0, v)
	skip := 0 // index of the number that survives this step
	for len(circle) > 1 {
		out := (skip + 1) % len(circle)
		order = append(order, circle[out])
		circle = slices.Delete(circle, out, out+1)
		skip = out % len(circle) // the number after the removed one
	}
	return append(order, circle[0])
}
