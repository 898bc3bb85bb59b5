package engine

// MemoryBytes estimates the bytes Compute allocates for the table of rules
// over 0 ≤ x, y ≤ n, base values assumed below the bitset bound: the value
// sets of the columns (or, for split moves, of the anti-diagonals) and of
// the diagonals with diagonal moves, with their running mexes, the column
// rings of Josephus Nim (about 2n² bytes), plus Workers+1 band states of
// cells and row sets. It grows like n² bits for the
// sets (n·(max value), the max value being O(n)) and n·Tile·Workers cells
// for the bands; it is zero for n < 0.
func MemoryBytes(rules Rules, n int, cfg Config) int64 {
	if n < 0 {
		return 0
	}
	cfg = cfg.resolved()
	width := int64(n) + 1
	top := -1
	if rules.Split != nil {
		top = 2*n + 2
	}
	words := int64(setStride(bitsetWords(n, top, rules.Diagonal)))
	sets := width // columns, or anti-diagonals
	if rules.Diagonal {
		sets += 2*width - 1
	}
	var rings int64
	if rules.Josephus {
		rings = width * (int64(n)/2 + 2) * 4
	}
	tile := int64(cfg.Tile)
	band := tile*width*4 + tile*words*8 + tile*8
	return sets*(words*8+4) + rings + int64(cfg.Workers+1)*band
}
