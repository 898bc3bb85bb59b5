package moves

// The papers the games come from.
const (
	goishiPaper   = "Abuku, Fukui, Katayama, Suetsugu, Relationship between misère nim and two-player goishi hiroi (arXiv 2412.03996)"
	passPaper     = "Manabe, Miyadera, Suetsugu, On the Sprague-Grundy values of games with a pass"
	thesis        = "Abuku, A Study on Combinatorial Games (PhD thesis, Tsukuba 2020)"
	josephusPaper = "Takahashi, Manabe, Murakami, Miyadera, Josephus Nim (arXiv 2312.02477)"
)

// heapMoves lists the moves of two-heap nim from (x, y): take any positive
// number of tokens from one heap.
func heapMoves(x, y int, visit func(Position)) {
	for xp := range x {
		visit(Position{xp, y})
	}
	for yp := range y {
		visit(Position{x, yp})
	}
}

// The goishi-hiroi paper, Section 1.1, defines four functions on two-pile
// nim positions by the same mex over the heap moves, differing only in the
// values given to the positions with x + y small; a value −1 is ignored
// by the mex (its Definition 1), which forbids the moves to it.

// nim is G₀: G₀(0, 0) = 0, the terminal position of normal play.
var nim = Game{ID: "nim", Source: goishiPaper + ", Section 1.1, G₀ (two-pile nim)",
	Fixed: []Fixed{{0, 0, 0}}, options: heapMoves}

// g1 is G₁: the terminal position is given the value 1.
var g1 = Game{ID: "g1", Source: goishiPaper + ", Section 1.1, G₁",
	Fixed: []Fixed{{0, 0, 1}}, options: heapMoves}

// gneg1 is G₋₁: the terminal position is given −1, so the move to it is
// ignored, as in misère nim.
var gneg1 = Game{ID: "gneg1", Source: goishiPaper + ", Section 1.1, G₋₁",
	Fixed: []Fixed{{0, 0, -1}}, options: heapMoves}

// gstarneg1 is G*₋₁: G(0, 0) = 0 and the positions with x + y = 1 are
// given −1, so the moves to (0, 1) and (1, 0) are forbidden.
var gstarneg1 = Game{ID: "gstarneg1", Source: goishiPaper + ", Section 1.1, G*₋₁",
	Fixed: []Fixed{{0, 0, 0}, {0, 1, -1}, {1, 0, -1}}, options: heapMoves}

// passnim is G_P, two-pile nim with a pass (the pass paper, Section 2, the
// one-pass compound, and G_P of Table 3 and Lemma 4): the heap moves keep
// the pass available, and from any position but the terminal one (where
// G_P(0, 0) = 0) a player may pass once, which leaves two-heap nim without
// a pass. That option is outside the table; its value is x XOR y, because
// two-heap nim is the disjunctive sum of two one-heap games of values x
// and y (Bouton's theorem; G₀ of the goishi-hiroi paper).
var passnim = Game{ID: "passnim", Source: passPaper + ", Section 2 (one-pass compound) and G_P, Table 3, Lemma 4",
	Fixed: []Fixed{{0, 0, 0}}, options: heapMoves,
	Extra: NimSumExtra}

// wythoff is Wythoff's Nim (the thesis, Section 1.2.1): take any positive
// number of tokens from one heap, or the same number from both.
var wythoff = Game{ID: "wythoff", Source: thesis + ", Section 1.2.1, Wythoff's Nim",
	Fixed: []Fixed{{0, 0, 0}}, Diagonal: true,
	options: func(x, y int, visit func(Position)) {
		heapMoves(x, y, visit)
		for k := 1; k <= min(x, y); k++ {
			visit(Position{x - k, y - k})
		}
	}}

// splitMoves lists the moves of a split game: delete one heap, take shift
// tokens from the other and split what is left into two heaps of at least
// minHeap tokens each. A heap too small to split has no move.
func splitMoves(shift, minHeap int) func(x, y int, visit func(Position)) {
	return func(x, y int, visit func(Position)) {
		seen := map[Position]bool{}
		for _, kept := range []int{x, y} { // the heap kept; the other is deleted
			rest := kept - shift
			for a := minHeap; a <= rest-minHeap; a++ {
				if p := (Position{a, rest - a}); !seen[p] {
					seen[p] = true
					visit(p)
				}
			}
		}
	}
}

// deletenim is Delete Nim (the thesis, Section 3.1): delete one heap, take
// one token from the other and split the rest into two heaps, either of
// which may be empty. (0, 0) has no move and gets the mex of nothing, 0.
var deletenim = Game{ID: "deletenim", Source: thesis + ", Section 3.1, Delete Nim",
	Kind: Split, Shift: 1, MinHeap: 0, options: splitMoves(1, 0)}

// vdn is the variant VDN (the thesis, Section 3.3): two non-empty heaps;
// delete one and split the other into two non-empty heaps. Pairs with an
// empty heap are no positions and hold −1.
var vdn = Game{ID: "vdn", Source: thesis + ", Section 3.3, the variant VDN",
	Kind: Split, Shift: 0, MinHeap: 1, options: splitMoves(0, 1)}

// josephusnim is Josephus Nim (the Josephus Nim paper, Definition 1.1):
// x stones of weight 1 and y of weight −2, total weight m = x − 2y; a move
// removes t ≥ 1 stones of one pile whose weight, t or −2t, is at most
// ⌊m/2⌋, rounded towards −∞ (m may be negative).
var josephusnim = Game{ID: "josephusnim", Source: josephusPaper + ", Definition 1.1",
	Kind: Josephus,
	options: func(x, y int, visit func(Position)) {
		bound := floorHalf(x - 2*y)
		for t := 1; t <= x && t <= bound; t++ {
			visit(Position{x - t, y})
		}
		for t := 1; t <= y; t++ {
			if -2*t <= bound {
				visit(Position{x, y - t})
			}
		}
	}}

// floorHalf is ⌊m/2⌋, rounding towards −∞.
func floorHalf(m int) int {
	if m < 0 {
		return -((-m + 1) / 2)
	}
	return m / 2
}
