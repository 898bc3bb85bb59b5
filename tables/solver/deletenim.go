package solver

// Delete Nim and its variant VDN (003, Section 3: the rules on lines
// 390–393 and 426–428 of the text).
//
// Delete Nim: two heaps ⟨x, y⟩, either possibly empty. A move selects a
// non-empty heap, deletes the other heap, removes one token from the
// selected heap and splits what is left into two heaps, possibly empty. So
// the options of ⟨x, y⟩ are the ordered pairs
//
//	⟨a, b⟩ with a + b = x − 1 (if x ≥ 1) or a + b = y − 1 (if y ≥ 1),
//
// both orders of a split being listed, since ⟨a, b⟩ and ⟨b, a⟩ are
// distinct positions of the thesis's notation (Example 3.1 writes
// ⟨11, 9⟩ → ⟨5, 3⟩ → ⟨4, 0⟩ → …). ⟨0, 0⟩ is the only terminal position.
// Hand-worked values: ⟨1, 0⟩, ⟨0, 1⟩ and ⟨1, 1⟩ reach only ⟨0, 0⟩, so
// they have value 1; the empty heap of ⟨2, 0⟩ cannot be selected, so it
// reaches only ⟨1, 0⟩ and ⟨0, 1⟩ and has value 0.
var DeleteNim = PairGame{name: "deletenim", options: deleteNimOptions}

// VDN, the Variant of Delete Nim: two non-empty heaps ⟨x, y⟩, x, y ≥ 1. A
// move deletes one heap and splits the other into two non-empty heaps, so
// the options of ⟨x, y⟩ are the ordered pairs
//
//	⟨a, b⟩ with a, b ≥ 1 and a + b = x or a + b = y.
//
// ⟨1, 1⟩ is the only terminal position; ⟨2, 1⟩ reaches ⟨1, 1⟩ alone, value
// 1; ⟨3, 1⟩ reaches ⟨1, 2⟩ and ⟨2, 1⟩, value 0. Pairs with an empty heap
// are not positions.
var VDN = PairGame{name: "vdn", valid: func(x, y int) bool { return x >= 1 && y >= 1 }, options: vdnOptions}

func deleteNimOptions(x, y int, yield func(x, y int)) {
	splitInto(x-1, 0, yield)
	if y != x {
		splitInto(y-1, 0, yield)
	}
}

func vdnOptions(x, y int, yield func(x, y int)) {
	splitInto(x, 1, yield)
	if y != x {
		splitInto(y, 1, yield)
	}
}

// splitInto yields every ordered pair ⟨a, b⟩ with a + b = total and
// a, b ≥ least; nothing if there is none.
func splitInto(total, least int, yield func(x, y int)) {
	for a := least; a <= total-least; a++ {
		yield(a, total-a)
	}
}
