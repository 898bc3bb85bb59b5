package valuesds

import "fmt"

// statsCheck holds the values of one column chunk, as they are decoded,
// against the statistics of the chunk and of each of its data pages
// (chunkLayout): each min and max must be exactly those of the values they
// describe, for a reader that skips row groups or pages by them answers
// wrongly if a min is above the least value or a max below the greatest,
// and a min below or a max above them is no statistic of those values
// either.
type statsCheck[T int32 | int64] struct {
	chunk  *chunkLayout
	page   int   // the page the next value belongs to
	left   int64 // the values of that page not yet seen
	lo, hi T     // of the page so far
	all    stats // of the chunk so far
	seen   bool
}

func newStatsCheck[T int32 | int64](c *chunkLayout) statsCheck[T] {
	s := statsCheck[T]{chunk: c}
	if len(c.pages) > 0 {
		s.left = c.pages[0].values
	}
	return s
}

// add takes the next values of the chunk.
func (s *statsCheck[T]) add(values []T) error {
	for len(values) > 0 {
		if s.page >= len(s.chunk.pages) {
			return fmt.Errorf("more values than its pages hold")
		}
		k := min(int64(len(values)), s.left)
		lo, hi := minMax(values[:k])
		if s.left == s.chunk.pages[s.page].values {
			s.lo, s.hi = lo, hi
		} else {
			s.lo, s.hi = min(s.lo, lo), max(s.hi, hi)
		}
		values, s.left = values[k:], s.left-k
		if s.left > 0 {
			continue
		}
		if p := s.chunk.pages[s.page]; p.hasStats && (p.stats.min != int64(s.lo) || p.stats.max != int64(s.hi)) {
			return fmt.Errorf("the statistics of its page %d say min %d, max %d; its values are %d … %d", s.page, p.stats.min, p.stats.max, s.lo, s.hi)
		}
		if !s.seen {
			s.all = stats{int64(s.lo), int64(s.hi)}
		}
		s.all, s.seen = stats{min(s.all.min, int64(s.lo)), max(s.all.max, int64(s.hi))}, true
		if s.page++; s.page < len(s.chunk.pages) {
			s.left = s.chunk.pages[s.page].values
		}
	}
	return nil
}

// finish checks the chunk's statistics, once all its values are added.
func (s *statsCheck[T]) finish() error {
	switch {
	case s.page != len(s.chunk.pages):
		return fmt.Errorf("fewer values than its pages hold")
	case s.all != s.chunk.stats:
		return fmt.Errorf("its statistics say min %d, max %d; its values are %d … %d", s.chunk.stats.min, s.chunk.stats.max, s.all.min, s.all.max)
	}
	return nil
}

// minMax returns the least and the greatest of values, at least one.
func minMax[T int32 | int64](values []T) (T, T) {
	lo, hi := values[0], values[0]
	for _, v := range values[1:] {
		lo, hi = min(lo, v), max(hi, v)
	}
	return lo, hi
}
