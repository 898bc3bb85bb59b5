package fullrun

import (
	"testing"
	"time"
)

// TestNextSegment: segments aim at -checkpoint, stretch so that saving the
// state takes at most saveTimeShare of the run, and change at most fourfold.
func TestNextSegment(t *testing.T) {
	const s = time.Second
	tests := []struct {
		name                     string
		blocks                   int
		swept, saved, checkpoint time.Duration
		want                     int
	}{
		{"on target", 10, 60 * s, s / 10, 60 * s, 10},
		{"too short doubles", 10, 30 * s, s / 10, 60 * s, 20},
		{"too long halves", 10, 120 * s, s / 10, 60 * s, 5},
		{"at most fourfold up", 10, s, s / 10, 60 * s, 40},
		{"never below one block", 1, 600 * s, s / 10, 60 * s, 1},
		{"slow save stretches", 10, 60 * s, 6 * s, 60 * s, 20},
		{"slow save, fourfold at most", 10, 60 * s, 60 * s, 60 * s, 40},
		{"nothing measured", 7, 0, s, 60 * s, 7},
	}
	for _, tt := range tests {
		if got := nextSegment(tt.blocks, tt.swept, tt.saved, tt.checkpoint); got != tt.want {
			t.Errorf("%s: nextSegment(%d, %v, %v, %v) = %d, want %d", tt.name, tt.blocks, tt.swept, tt.saved, tt.checkpoint, got, tt.want)
		}
	}
}
