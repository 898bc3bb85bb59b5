package tables

import "github.com/grundy-lab/grundy/engine"

// The 2-D tables of Abuku's thesis beyond the rook moves: Wythoff's Nim,
// with diagonal moves, and Delete Nim and its variant VDN, split games; and
// Josephus Nim, whose options are a window of the column and a prefix of
// the row.

// wythoff is Wythoff's Nim: a move lowers one heap by any amount, or both by
// the same amount, so the options of (x, y) are its row, its column and its
// diagonal. Its P-positions are Wythoff's pairs (Theorem 1.16 of the thesis);
// its Grundy values are an open problem.
var wythoff = Ruleset{
	ID:     "wythoff",
	Symbol: "G_W",
	Definition: "G(0,0) = 0; otherwise G(x,y) = mex({G(x',y) : x' < x} ∪ {G(x,y') : y' < y} ∪ " +
		"{G(x-k,y-k) : 1 ≤ k ≤ min(x,y)}). Wythoff's Nim: remove tokens from one heap, or the same number from both.",
	Source: "Abuku, A Study on Combinatorial Games (PhD thesis, Tsukuba 2020), Wythoff's Nim and Theorem 1.16; OEIS A004481",
	Rules:  engine.Rules{Base: []engine.Cell{{X: 0, Y: 0, Value: 0}}, Diagonal: true},
	noBand: wythoffNoBand,
}

// wythoffNoBand is why the band cannot serve diagonal moves.
const wythoffNoBand = "its values up to V lie along the two rays y ≈ x/φ and y ≈ φx, so a column stays live from the first ray " +
	"to the second: the live columns are not a window of bounded width"

// deletenim is Delete Nim (thesis, Section 3): a move deletes one heap and
// splits the other, less one token, into two possibly empty heaps, so the
// options of (x, y) are the anti-diagonals x − 1 and y − 1.
var deletenim = Ruleset{
	ID:     "deletenim",
	Symbol: "G_DN",
	Definition: "G(x,y) = mex({G(a,b) : a + b = x - 1} ∪ {G(a,b) : a + b = y - 1}), each set empty when its heap is. " +
		"Delete Nim: delete one heap, remove a token from the other and split the rest into two heaps.",
	Source: "Abuku, A Study on Combinatorial Games (PhD thesis, Tsukuba 2020), Section 3.1 and Theorem 3.5",
	Rules:  engine.Rules{Split: &engine.Split{Shift: 1, MinHeap: 0}},
	noBand: splitNoBand,
}

// vdn is the Variant of Delete Nim: two non-empty heaps; a move deletes one
// and splits the other into two non-empty heaps. Row 0 and column 0 are not
// positions and hold -1.
var vdn = Ruleset{
	ID:     "vdn",
	Symbol: "G_VDN",
	Definition: "For x, y ≥ 1: G(x,y) = mex({G(a,b) : a + b = x, a, b ≥ 1} ∪ {G(a,b) : a + b = y, a, b ≥ 1}); " +
		"G(x,y) = -1 where x = 0 or y = 0 (not a position). VDN: delete one heap, split the other into two non-empty heaps.",
	Source: "Abuku, A Study on Combinatorial Games (PhD thesis, Tsukuba 2020), Section 3.3, Theorems 3.7 and 3.9, Corollary 3.10",
	Rules:  engine.Rules{Split: &engine.Split{Shift: 0, MinHeap: 1}},
	noBand: splitNoBand,
}

// splitNoBand is why the band sweep cannot compute the split games.
const splitNoBand = "its options are two anti-diagonals, not a row and a column, so no full row or column set makes a cell V+1"

// josephusnim is Josephus Nim (004, Definition 1.1): x stones of weight 1
// and y of weight −2; a move removes stones of one pile of total weight at
// most ⌊m/2⌋, m = x − 2y the current total, which may be negative.
var josephusnim = Ruleset{
	ID:     "josephusnim",
	Symbol: "G_JN",
	Definition: "G(x,y) = mex({G(x-t,y) : 1 ≤ t ≤ x, t ≤ ⌊m/2⌋} ∪ {G(x,y-t) : 1 ≤ t ≤ y, -2t ≤ ⌊m/2⌋}), m = x - 2y, " +
		"⌊·⌋ rounding towards -∞. Josephus Nim: stones of weight 1 and -2; remove total weight at most ⌊m/2⌋ from one pile.",
	Source: "Takahashi, Manabe, Murakami, Miyadera, Josephus Nim (arXiv 2312.02477), Definition 1.1, Theorem 1.1",
	Rules:  engine.Rules{Josephus: true},
	noBand: "its options are a window of the column and a prefix of the row, so a full column set does not make a cell V+1",
}
