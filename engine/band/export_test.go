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
