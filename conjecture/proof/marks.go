package proof

// marks are the keys of the states before the marked rows, and the rows:
// the first row of each key in a map, the rare further ones (another
// state of the same key) apart, so that a mark costs one map entry.
type marks struct {
	first map[uint64]int64
	more  map[uint64][]int64
	count int
}

// newMarks makes an empty set of marks.
func newMarks() *marks {
	return &marks{first: make(map[uint64]int64), more: make(map[uint64][]int64)}
}

// add marks row, whose state has key; rows come in increasing order.
func (m *marks) add(key uint64, row int64) {
	m.count++
	if _, ok := m.first[key]; !ok {
		m.first[key] = row
		return
	}
	m.more[key] = append(m.more[key], row)
}

// has reports whether a marked row has key.
func (m *marks) has(key uint64) bool {
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
