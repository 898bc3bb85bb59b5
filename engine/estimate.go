package engine

import "math"

// MemoryBytes estimates the bytes Compute allocates for the table of rules
// over 0 ≤ x, y ≤ n with cfg, base values assumed below the bitset bound:
// the value sets of the columns (or, for split moves, of the anti-diagonals)
// and of the diagonals with diagonal moves, with their running mexes, the
// column rings of Josephus Nim (about 2n² bytes) or the rings of a limit
// k (about 2kn bytes, 6kn with diagonal moves), plus Workers+1 band
// states of cells and dense row sets. Dense column sets grow like n² bits;
// sparse ones like n·s(n), s(n) the spans per set (sparseSpans; for
// Wythoff's Nim, wythoffSparseRoom). It is zero for n < 0.
func MemoryBytes(rules Rules, n int, cfg Config) int64 {
	if n < 0 {
		return 0
	}
	cfg = cfg.resolved()
	if rules.Passless != nil {
		// The game without the pass beside it, and its segment of rows.
		withoutPass := rules
		withoutPass.Passless = nil
		segment := int64(min(passSegmentBands*cfg.Workers*cfg.Tile, n+1)) * (int64(n) + 1) * 4
		return 2*MemoryBytes(withoutPass, n, cfg) + segment
	}
	width := int64(n) + 1
	sets := width // columns, or anti-diagonals
	if rules.Diagonal {
		sets += 2*width - 1
	}
	tile := int64(cfg.Tile)
	if rules.Limit > 0 {
		// A set of a few words, a ring of k values and the counts of the
		// base values a line (limit.go), for the columns, diagonals and
		// a band's rows.
		k := limitWindow(rules.Limit, n)
		counted := int64(maxBaseValue(rules.Base) + 1)
		words := int64(setStride(limitWords(k, int(counted)-1, rules.Diagonal)))
		band := tile*width*4 + tile*(words*8+counted*2)
		return sets*(words*8+int64(k)*2+counted*2) + int64(cfg.Workers+1)*band
	}
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
		perSet := int64(32) + 16*int64(sparseSlots) + 16*int64(sparseRoomFor(rules, n))
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

// sparseRoomFor is the room of sparseRoom for the sets of rules: Wythoff's
// (diagonal moves) hold far more spans.
func sparseRoomFor(rules Rules, n int) int {
	if rules.Diagonal {
		return wythoffSparseRoom(n)
	}
	return sparseRoom(n)
}

// wythoffSparseRoom bounds the mean room, in spans, of Wythoff's sparse
// column and diagonal sets at n, fitted to the room measured at the height
// of the sweep (TestWythoffSparseRoom): 10.1 at n = 1000, 33.6 at 3000,
// 87.6 at 10⁴ and 155.7 at 2·10⁴, about n^0.85. Its values up to any bound
// lie along two rays, y ≈ x/φ and y ≈ φx, so a set's words that are
// neither full nor empty grow almost like n, not like √n as the rook
// tables'; and so does the time of a cell (see cmd/compute).
func wythoffSparseRoom(n int) int {
	return int(math.Ceil(100 * math.Pow(max(float64(n), 1)/1e4, 0.85)))
}

// sparseRoom bounds the mean room, in spans, of the arrays the sparse sets
// own at n: one and a half times sparseSpans (TestSparseSpansGrowth
// measures it).
func sparseRoom(n int) int { return sparseSpans(n) * 3 / 2 }
