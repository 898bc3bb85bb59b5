package valuesds

// spares keeps up to its capacity of values for reuse, as a sync.Pool
// does, except that the garbage collector does not empty it. A part's
// encoder and file hold megabytes of buffers, and a values run collects
// garbage every few megabytes allocated (compute runs with GOGC=25): a
// sync.Pool was emptied about once a part, and the buffers of every part
// were allocated anew (2.4 GB at n = 3·10⁶, V = 200).
type spares[T any] struct{ kept chan *T }

// newSpares returns spares that keep at most n values.
func newSpares[T any](n int) spares[T] { return spares[T]{kept: make(chan *T, n)} }

// get returns a kept value, or a new zero one if none is kept.
func (s spares[T]) get() *T {
	select {
	case v := <-s.kept:
		return v
	default:
		return new(T)
	}
}

// put keeps v for a later get, unless the spares are full.
func (s spares[T]) put(v *T) {
	select {
	case s.kept <- v:
	default:
	}
}
