package engine

// MemoryBytes estimates the bytes Compute allocates for a table of side n+1
// with rules whose base values are below 2n+1: the column bitsets and
// running mexes, plus Workers+1 band states of cells and row bitsets. It
// grows like n² bits for the bitsets (n·(max value), the max value being
// O(n)) and n·Tile·Workers cells for the bands; it is zero for n < 0.
func MemoryBytes(n int, cfg Config) int64 {
	if n < 0 {
		return 0
	}
	cfg = cfg.resolved()
	width := int64(n) + 1
	words := int64(setStride(bitsetWords(n, -1, false)))
	tile := int64(cfg.Tile)
	columns := width*words*8 + width*4
	band := tile*width*4 + tile*words*8 + tile*4
	return columns + int64(cfg.Workers+1)*band
}
