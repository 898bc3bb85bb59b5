package bandcheck

// window holds the value sets of the columns lo … frontier−1, the columns
// some row has reached that are not all full below lo: column y's set is
// at sets[(y & mask)·words …] and its size at counts[y & mask], a ring
// whose capacity, a power of two, doubles when the window outgrows it.
// Every column below lo is full; every column from frontier on is empty,
// never reached. A full column inside the window keeps its place, with
// count V + 1, until lo passes it.
//
// The rows of a band advance along the diagonal, so lo and frontier only
// rise, and the window is the band's width: its memory follows the live
// columns, not n.
type window struct {
	words        int
	mask         int64
	sets         []uint64
	counts       []int32
	lo, frontier int64
}

// newWindow returns the window before row 0: no column reached.
func newWindow(words int) window {
	const capacity = 64
	return window{words: words, mask: capacity - 1, sets: make([]uint64, capacity*words), counts: make([]int32, capacity)}
}

// set returns the set of column y, lo ≤ y < frontier.
func (w *window) set(y int64) []uint64 {
	i := int(y&w.mask) * w.words
	return w.sets[i : i+w.words : i+w.words]
}

// reach makes the columns frontier … y reached, with empty sets.
func (w *window) reach(y int64) {
	if y-w.lo > w.mask {
		w.grow(y - w.lo + 1)
	}
	for ; w.frontier <= y; w.frontier++ {
		clear(w.set(w.frontier))
		w.counts[w.frontier&w.mask] = 0
	}
}

// grow doubles the ring until it holds need columns, moving the columns
// lo … frontier−1 to their places in it.
func (w *window) grow(need int64) {
	capacity := w.mask + 1
	for capacity < need {
		capacity *= 2
	}
	old := *w
	w.mask = capacity - 1
	w.sets = make([]uint64, capacity*int64(w.words))
	w.counts = make([]int32, capacity)
	for y := w.lo; y < w.frontier; y++ {
		copy(w.set(y), old.set(y))
		w.counts[y&w.mask] = old.counts[y&old.mask]
	}
}

// advance moves lo past the full columns at the window's start.
func (w *window) advance(full int32) {
	for w.lo < w.frontier && w.counts[w.lo&w.mask] == full {
		w.lo++
	}
}

// diagonals holds the value sets of Wythoff's diagonals x − y = d, each
// reached one, full ones included: a full diagonal must stay known as
// full. Diagonal d is at index 2d for d ≥ 0 and −2d − 1 for d < 0, and
// the arrays grow as diagonals are reached.
type diagonals struct {
	words  int
	sets   []uint64
	counts []int32
}

// diagIndex is the place of diagonal d.
func diagIndex(d int64) int64 {
	if d >= 0 {
		return 2 * d
	}
	return -2*d - 1
}

// at returns the set and the size of diagonal d, an empty set for one no
// cell has reached, growing the arrays to hold it.
func (ds *diagonals) at(d int64) ([]uint64, *int32) {
	i := diagIndex(d)
	if i >= int64(len(ds.counts)) {
		grown := max(2*int64(len(ds.counts)), i+1, 64)
		ds.counts = append(ds.counts, make([]int32, grown-int64(len(ds.counts)))...)
		ds.sets = append(ds.sets, make([]uint64, grown*int64(ds.words)-int64(len(ds.sets)))...)
	}
	s := int(i) * ds.words
	return ds.sets[s : s+ds.words : s+ds.words], &ds.counts[i]
}
