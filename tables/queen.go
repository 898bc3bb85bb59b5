package tables

import "github.com/grundy-lab/grundy/engine"

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
}
