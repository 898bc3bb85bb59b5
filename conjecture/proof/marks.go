package proof

// marks are the keys of the states before the marked rows, and the rows:
// the first row of each key in a map, the rare further ones (another
// state of the same key) apart, so that a mark costs one map entry.
//
// Every row swept is looked up among the marks, and almost every lookup
// misses: filter, one bit for each value of a key's top filterBits bits,
// answers most of them from one word in the caches, where the map took
// 50–75 ns a row (a third of a search's time at V = 37, on the caller's
// goroutine, so that a second worker sped the search up not at all).
type marks struct {
	first  map[uint64]int64
	more   map[uint64][]int64
	count  int
	filter []uint64
}

// filterBits is the bits of a key that index the filter: 2²² bits, 512
// KiB, of which at most MaxMarks are set, so a key not marked passes the
// filter once in 64 lookups.
const filterBits = 22

// newMarks makes an empty set of marks.
func newMarks() *marks {
	return &marks{first: make(map[uint64]int64), more: make(map[uint64][]int64), filter: make([]uint64, 1<<filterBits/64)}
}

// filterBit is the word and bit of the filter that key sets.
func filterBit(key uint64) (word int, bit uint64) {
	i := key >> (64 - filterBits)
	return int(i / 64), 1 << (i % 64)
}

// add marks row, whose state has key; rows come in increasing order.
func (m *marks) add(key uint64, row int64) {
	m.count++
	word, bit := filterBit(key)
	m.filter[word] |= bit
	if _, ok := m.first[key]; !ok {
		m.first[key] = row
		return
	}
	m.more[key] = append(m.more[key], row)
}

// has reports whether a marked row has key.
func (m *marks) has(key uint64) bool {
	if word, bit := filterBit(key); m.filter[word]&bit == 0 {
		return false
	}
	_, ok := m.first[key]
	return ok
}

// rows appends the marked rows of key to buf, in increasing order.
func (m *marks) rows(key uint64, buf []int64) []int64 {
	row, ok := m.first[key]
	if !ok {
		return buf
	}
	return append(append(buf, row), m.more[key]...)
}

// each calls f with every mark.
func (m *marks) each(f func(key uint64, row int64)) {
	for key, row := range m.first {
		f(key, row)
		for _, r := range m.more[key] {
			f(key, r)
		}
	}
}
