package valuesds

import (
	"fmt"
	"io"
	"slices"

	"github.com/grundy-lab/grundy/results"
)

// cells is a column-wise list of cells.
type cells struct {
	vs     []int32
	xs, ys []int64
}

func (c *cells) len() int { return len(c.vs) }

func (c *cells) reset() { c.vs, c.xs, c.ys = c.vs[:0], c.xs[:0], c.ys[:0] }

func (c *cells) append(v int32, x, y int64) {
	c.vs, c.xs, c.ys = append(c.vs, v), append(c.xs, x), append(c.ys, y)
}

// byValue returns the cells of c, which are in (x, y) order, stably
// reordered by v into out: the (v, x, y) order of a part. It sorts by
// counting when the values span little more than the cells, by comparison
// otherwise, so that its memory stays proportional to the cells.
func byValue(c *cells, out *cells) {
	out.reset()
	if c.len() == 0 {
		return
	}
	lo, hi := c.vs[0], c.vs[0] // in one pass: slices.Min and Max are two
	for _, v := range c.vs[1:] {
		lo, hi = min(lo, v), max(hi, v)
	}
	n := c.len()
	out.vs, out.xs, out.ys = slices.Grow(out.vs, n)[:n], slices.Grow(out.xs, n)[:n], slices.Grow(out.ys, n)[:n]
	if span := int64(hi) - int64(lo) + 1; span <= 4*int64(n)+1024 {
		countingByValue(c, out, lo, int(span))
		return
	}
	order := make([]int32, n)
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortStableFunc(order, func(a, b int32) int { return int(int64(c.vs[a]) - int64(c.vs[b])) })
	for to, from := range order {
		out.vs[to], out.xs[to], out.ys[to] = c.vs[from], c.xs[from], c.ys[from]
	}
}

// stageCells is how many cells of one value countingByValue gathers before
// it copies them to their place: 32 x and 32 y, four cache lines each.
const stageCells = 32

// countingByValue is byValue for the values lo … lo+span−1, by counting.
// A part holds a few million cells of a few hundred values, so storing
// each cell at its place would write to hundreds of places at once, each
// in its own cache line and page: it ran at 20–30 ns a cell. The cells of
// each value go first to a small stage of their own (all stages together
// are about 100 KB for V = 200, within the caches) and move on to their
// place stageCells at a time, a streaming copy. Each value's cells keep
// their order, so the sort stays stable.
func countingByValue(c *cells, out *cells, lo int32, span int) {
	next := make([]int, span+1) // next[v-lo]: where the next cell of value v goes
	for _, v := range c.vs {
		next[v-lo+1]++
	}
	for i := 1; i < len(next); i++ {
		next[i] += next[i-1]
	}
	for v := range span {
		vs := out.vs[next[v]:next[v+1]]
		for i := range vs {
			vs[i] = lo + int32(v)
		}
	}
	staged := make([]int32, span)
	stageX := make([]int64, span*stageCells)
	stageY := make([]int64, span*stageCells)
	flush := func(k, count int) {
		at := next[k]
		copy(out.xs[at:at+count], stageX[k*stageCells:k*stageCells+count])
		copy(out.ys[at:at+count], stageY[k*stageCells:k*stageCells+count])
		next[k] += count
	}
	xs, ys := c.xs[:len(c.vs)], c.ys[:len(c.vs)]
	for i, v := range c.vs {
		k := int(v - lo)
		j := int(staged[k])
		stageX[k*stageCells+j], stageY[k*stageCells+j] = xs[i], ys[i]
		if j+1 == stageCells {
			flush(k, stageCells)
			staged[k] = 0
		} else {
			staged[k] = int32(j + 1)
		}
	}
	for k, count := range staged {
		flush(k, int(count))
	}
}

// partMetadata is the key-value metadata of the part of rows xFirst..xLast.
func partMetadata(m Meta, xFirst, xLast int64) [][2]string {
	return [][2]string{
		{results.KeyTable, m.Table}, {results.KeySymbol, m.Symbol}, {results.KeyN, formatInt(m.N)},
		{results.KeyDefinition, m.Definition}, {results.KeySource, m.Source},
		{results.KeyValues, m.Values.String()}, {"sweep", string(m.Sweep)},
		{results.KeyVersion, results.Version}, {"x_first", formatInt(xFirst)}, {"x_last", formatInt(xLast)},
		{results.KeyLayout, Layout},
	}
}

// encodePart writes the Parquet part of rows xFirst..xLast to w: the cells
// c, in (v, x, y) order, one row group per value (see partFile for the
// file). It returns the first error of w, as such.
func encodePart(w io.Writer, m Meta, xFirst, xLast int64, c *cells) error {
	f := newPartFile(w)
	for a := 0; a < c.len(); {
		b := a + 1
		for b < c.len() && c.vs[b] == c.vs[a] {
			b++
		}
		f.writeRowGroup(c.vs[a], c.xs[a:b], c.ys[a:b])
		a = b
	}
	return f.close(partMetadata(m, xFirst, xLast))
}

// catchPanic runs f and returns its panic as an error: the Parquet library
// panics on failed writes and on some malformed input.
func catchPanic(f func()) (err error) {
	defer func() {
		if p := recover(); p != nil {
			if e, ok := p.(error); ok {
				err = e
			} else {
				err = fmt.Errorf("%v", p)
			}
		}
	}()
	f()
	return nil
}
