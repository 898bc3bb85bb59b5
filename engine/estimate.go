package engine

import "math"

// MemoryBytes estimates the bytes Compute allocates for the table of rules
// over 0 ≤ x, y ≤ n with cfg, base values assumed below the bitset bound:
// the value sets of the columns (or, for split moves, of the anti-diagonals)
// and of the diagonals with diagonal moves, with their running mexes, the
// column rings of Josephus Nim (about 2n² bytes), plus Workers+1 band
// states of cells and row sets. Dense sets grow like n² bits; sparse ones
// like n·s(n), s(n) the spans per set (sparseSpans). It is zero for n < 0.
func MemoryBytes(rules Rules, n int, cfg Config) int64 {
	if n < 0 {
		return 0
	}
	cfg = cfg.resolved()
	width := int64(n) + 1
	sets := width // columns, or anti-diagonals
	if rules.Diagonal {
		sets += 2*width - 1
	}
	tile := int64(cfg.Tile)
	cells := tile * width * 4
	if cfg.Sets.sparse(rules, n) {
		// A set is its header and its spans, with up to twice their number
		// in capacity (append doubles); rows hold as many spans as columns.
		perSet := int64(32) + 16*int64(max(sparseSlots, 2*sparseSpans(n)))
		return sets*perSet + int64(cfg.Workers+1)*(cells+tile*perSet)
	}
	top := -1
	if rules.Split != nil {
		top = 2*n + 2
	}
	words := int64(setStride(bitsetWords(n, top, rules.Diagonal)))
	var rings int64
	if rules.Josephus {
		rings = width * (int64(n)/2 + 2) * 4
	}
	band := cells + tile*words*8 + tile*8
	return sets*(words*8+4) + rings + int64(cfg.Workers+1)*band
}

// sparseSpans is the mean number of spans of a sparse set at n, fitted to
// the column sets of G₋₁ (the hungriest of the rook tables) at the end of
// the sweep: 4.7 at n = 1000 and 7.1 at n = 3000 (TestSparseSpansGrowth),
// n^0.37; the model takes n^0.45, as the issue measured for the mixed
// words alone, to stay above it at larger n.
func sparseSpans(n int) int {
	return int(math.Ceil(13 * math.Pow(max(float64(n), 1)/1e4, 0.45)))
}
