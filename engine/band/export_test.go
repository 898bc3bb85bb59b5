package band

// TightConfig is a Config whose segment windows have only one tile of room
// beyond their rows, so that rows often run out of their window and the
// segment is retried with more room.
func TightConfig(workers, tile, segment int) Config {
	return Config{Workers: workers, Tile: tile, Segment: segment, margin: 1}
}

// StalledConfig is a Config whose workers call stall after finishing each
// band and keeping it, before they take the next.
func StalledConfig(workers, tile int, stall func(b int)) Config {
	return Config{Workers: workers, Tile: tile, onKept: stall}
}

// TwoSidedConfig is cfg for a sweep that walks a symmetric table's rows on
// both sides of the diagonal, as it does a table that is not symmetric.
func TwoSidedConfig(cfg Config) Config {
	cfg.twoSided = true
	return cfg
}

// SpanConfig is cfg for a one-sided sweep that takes a cell span or more
// right of its row's diagonal for one its lists cannot hold, and goes on
// two-sided.
func SpanConfig(cfg Config, span int) Config {
	cfg.span = span
	return cfg
}
