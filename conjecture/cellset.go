package conjecture

import "slices"

// CellSet is a set of table cells given row by row: it returns the columns
// y ≥ 0 with (x, y) in the set, sorted and without repeats. The sets the
// theorems print are sparse, a few cells per row, so a claim "G(x, y) = v
// if and only if (x, y) ∈ S" is checked in both directions by testing the
// cells of value v against the row's members, and the members against
// their cells.
type CellSet func(x int) []int

// Affine is the family of cells (a·n + b, c·n + d), n ranging over the
// integers from some n₀ on, as in "{(4n−2, 4n) | n ≥ 2}"; a > 0.
type Affine [4]int

// Point is one cell {x, y}.
type Point [2]int

// Families is the union of the families lines over n ≥ from and the cells
// points: the shape "A ∪ {(0,4), (1,3), …}" of Theorems 4 and 5 of 001.
func Families(from int, lines []Affine, points ...Point) CellSet {
	return func(x int) []int {
		var ys []int
		for _, l := range lines {
			// x = a·n + b for the integer n = (x − b)/a, if it divides.
			a, b, c, d := l[0], l[1], l[2], l[3]
			if (x-b)%a != 0 {
				continue
			}
			if n := (x - b) / a; n >= from {
				ys = append(ys, c*n+d)
			}
		}
		for _, p := range points {
			if p[0] == x {
				ys = append(ys, p[1])
			}
		}
		return Normalize(ys)
	}
}

// Normalize sorts ys and drops repeats and negative columns.
func Normalize(ys []int) []int {
	ys = slices.DeleteFunc(ys, func(y int) bool { return y < 0 })
	slices.Sort(ys)
	return slices.Compact(ys)
}
