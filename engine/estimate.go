package engine

import "math"

// MemoryBytes estimates the bytes Compute allocates for the table of rules
// over 0 ≤ x, y ≤ n with cfg, base values assumed below the bitset bound:
// the value sets of the columns (or, for split moves, of the anti-diagonals)
// and of the diagonals with diagonal moves, with their running mexes, the
// column rings of Josephus Nim (about 2n² bytes), plus Workers+1 band
// states of cells and dense row sets. Dense column sets grow like n² bits;
// sparse ones like n·s(n), s(n) the spans per set (sparseSpans). It is zero
// for n < 0.
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
	top := -1
	if rules.Split != nil {
		top = 2*n + 2
	}
	words := int64(setStride(bitsetWords(n, top, rules.Diagonal)))
	// A band holds its cells and its rows' dense bitsets, whatever the
	// column sets are.
	band := tile*width*4 + tile*words*8 + tile*8
	if cfg.Sets.sparseFor(rules, n) {
		// A set is its header, its slots in the shared array, and, once it
		// has outgrown them, an array of its own for its spans, with room
		// for half as many again on average (append doubles the room, and
		// remove gives it back when the spans fall to half of it).
		perSet := int64(32) + 16*int64(sparseSlots) + 16*int64(sparseRoom(n))
		return sets*perSet + int64(cfg.Workers+1)*band
	}
	var rings int64
	if rules.Josephus {
		rings = width * (int64(n)/2 + 2) * 4
	}
	return sets*(words*8+4) + rings + int64(cfg.Workers+1)*band
}

// sparseSpans bounds the mean number of spans of a sparse set at n, fitted
// to the column sets of G₋₁ (the hungriest of the rook tables) at the
// height of the sweep: 5.0 at n = 1000, 8.1 at 3000, 15.2 at 10⁴
// (TestSparseSpansGrowth) and 45 at n = 10⁵ (row 50304, from the state file
// of the measured run), about n^0.5.
func sparseSpans(n int) int {
	return int(math.Ceil(16 * math.Sqrt(max(float64(n), 1)/1e4)))
}

// sparseRoom bounds the mean room, in spans, of the arrays the sparse sets
// own at n: one and a half times sparseSpans (TestSparseSpansGrowth
// measures it).
func sparseRoom(n int) int { return sparseSpans(n) * 3 / 2 }
