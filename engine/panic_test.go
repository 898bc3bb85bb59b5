package engine

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// TestWorkerPanicIsAnError: a panic in a worker, here from a Rules callback,
// ends the sweep with a *WorkerPanic naming the panic and where it happened,
// rather than ending the process from a goroutine no caller can guard.
func TestWorkerPanicIsAnError(t *testing.T) {
	rules := Rules{
		Base: []Cell{{0, 0, 0}},
		Excluded: func(x, y0 int, dst []int32) {
			if x == 300 {
				panic("excluded value out of reach")
			}
			for i := range dst {
				dst[i] = -1
			}
		},
	}
	for _, workers := range []int{1, 2, 3} {
		err := Compute(context.Background(), rules, 500, Config{Workers: workers, Tile: 32}, func(Band) error { return nil })
		wp, ok := errors.AsType[*WorkerPanic](err)
		if !ok {
			t.Fatalf("workers %d: Compute returned %v, want a *WorkerPanic", workers, err)
		}
		if wp.Value != "excluded value out of reach" || !strings.Contains(string(wp.Stack), "TestWorkerPanicIsAnError") ||
			!strings.Contains(err.Error(), "internal error") {
			t.Errorf("workers %d: the error does not name the panic and its place:\n%v", workers, err)
		}
	}
}
