package solver

// Wythoff is Wythoff's Nim (003, Section 1.2.1, lines 197–200 of the text):
// two heaps ⟨x, y⟩; a move removes any positive number of tokens from one
// heap, or the same positive number from both. Its options are
//
//	⟨x′, y⟩ for x′ < x,  ⟨x, y′⟩ for y′ < y,  ⟨x−i, y−i⟩ for 1 ≤ i ≤ min(x, y).
//
// Hand-worked values: ⟨0, 0⟩ is terminal (0); ⟨1, 1⟩ reaches ⟨0, 1⟩, ⟨1, 0⟩
// (value 1 each) and ⟨0, 0⟩, so it has value 2; ⟨1, 2⟩ reaches ⟨0, 2⟩ (2),
// ⟨1, 1⟩ (2), ⟨1, 0⟩ (1) and ⟨0, 1⟩ (1), so it has value 0: the first
// P-position off the corner.
var Wythoff = PairGame{name: "wythoff", options: wythoffOptions}

func wythoffOptions(x, y int, yield func(x, y int)) {
	for a := range x {
		yield(a, y)
	}
	for b := range y {
		yield(x, b)
	}
	for i := 1; i <= min(x, y); i++ {
		yield(x-i, y-i)
	}
}
