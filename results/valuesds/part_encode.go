package valuesds

import (
	"cmp"
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

// valueBounds returns the least and the greatest value of c, which is not
// empty.
func (c *cells) valueBounds() (lo, hi int32) {
	lo, hi = c.vs[0], c.vs[0]
	for _, v := range c.vs[1:] {
		lo, hi = min(lo, v), max(hi, v)
	}
	return lo, hi
}

func (c *cells) reset() { c.vs, c.xs, c.ys = c.vs[:0], c.xs[:0], c.ys[:0] }

func (c *cells) append(v int32, x, y int64) {
	c.vs, c.xs, c.ys = append(c.vs, v), append(c.xs, x), append(c.ys, y)
}

// appendRows appends the cells of the rows r.
func (c *cells) appendRows(r *packedRows) {
	for i := range r.rows() {
		x := r.first + int64(i)
		base, cells := r.row(i)
		for _, cell := range cells {
			c.append(int32(uint32(cell)), x, base+int64(cell>>32))
		}
	}
}

// valueStream is the row group of one value being encoded: how many
// cells it holds so far, and their x and y.
type valueStream struct {
	cells int
	x, y  deltaColumn
}

func (s *valueStream) reset() {
	s.cells = 0
	s.x.reset()
	s.y.reset()
}

// maxStreams is the widest span of values that encodePart encodes in one
// pass, a stream a value: a stream holds 2 KB of pending values, so 8 MB
// at most. The cells of a wider span are sorted first.
const maxStreams = 4096

// StreamedValues is the most values (HI − LO + 1) a dataset may span for
// its Writer to order each block's rows by value as they come, holding
// them encoded (about 1.5 bytes a cell); with more, a block's cells are
// held whole until its part is written, 20 bytes a cell.
const StreamedValues = maxStreams

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
// c, in (x, y) order, ordered by v into the part's (v, x, y) order, one row
// group per value (see partFile for the file; the cells of each value keep
// their order in c). Every value of c lies within m.Values, as a Writer
// keeps them (partEncoder.add panics on one outside). It returns the first
// error of w, as such.
func encodePart(w io.Writer, m Meta, xFirst, xLast int64, c *cells) error {
	e := newPartEncoder(m)
	e.add(c)
	return e.writeTo(w, xFirst, xLast)
}

// partEncoder orders the cells of a part by value as they come, a run of
// rows at a time (add), and writes the part's file at the end (writeTo):
// so a Writer orders a block's rows while it fills, from runs that are
// still in a core's cache, and never holds the block itself.
//
// When the dataset's values span fewer than maxStreams, each run's cells
// are put in (v, x, y) order by a counting sort, a chunk of orderChunk
// cells at a time (stably: each value's cells keep their order), and each
// value's run goes to the stream of its value, which keeps it encoded,
// about a byte a cell, once its blocks are full; no copy of the part in
// (v, x, y) order is made. A wider span is kept whole until writeTo, which
// finds the values' range and streams them, or sorts them when they span
// more than maxStreams too. A partEncoder is used by one goroutine at a
// time; writeTo puts it back in partEncoders.
type partEncoder struct {
	m       Meta
	lo      int32
	streams []valueStream // span of them, from lo; nil while the cells are kept
	order   valueOrder    // a chunk of cells in (v, x, y) order
	kept    cells         // the cells, when the values span maxStreams or more
	spare   []valueStream // streams of an earlier part, empty

	// While every chunk's rows hold each value once (valueOrder.once),
	// the x of every value are the same rows: sharing is set, and they
	// are kept once, in sharedX, rows sharedFrom … sharedFrom+sharedRows−1,
	// not in each stream's x.
	sharing    bool
	sharedX    deltaColumn
	sharedFrom int64
	sharedRows int
}

// partEncoders keeps the encoders of the parts written, for their buffers:
// as many as a Writer has parts in flight, and the one it fills.
var partEncoders = newSpares[partEncoder](partsInFlight + 1)

// newPartEncoder starts the encoding of a part of the dataset m.
func newPartEncoder(m Meta) *partEncoder {
	e := partEncoders.get()
	e.m = m
	e.kept.reset()
	e.streams = nil
	e.sharing, e.sharedRows = true, 0
	e.sharedX.reset()
	// The values' range needs no pass over the part unless it is too wide
	// for a stream a value.
	if lo, hi := m.Values.Lo, m.Values.Hi; int64(hi)-int64(lo) < maxStreams {
		e.stream(lo, int(hi-lo)+1)
	}
	return e
}

// stream makes the encoder order its cells into span streams from lo.
func (e *partEncoder) stream(lo int32, span int) {
	if span > len(e.spare) {
		e.spare = make([]valueStream, span)
	}
	e.lo, e.streams = lo, e.spare[:span]
}

// add orders the cells c, the next of the part in (x, y) order.
func (e *partEncoder) add(c *cells) {
	if e.streams == nil {
		e.kept.vs = append(e.kept.vs, c.vs...)
		e.kept.xs = append(e.kept.xs, c.xs...)
		e.kept.ys = append(e.kept.ys, c.ys...)
		return
	}
	for first := 0; first < c.len(); first += orderChunk {
		end := min(first+orderChunk, c.len())
		e.order.sort(c.vs[first:end], c.xs[first:end], c.ys[first:end], e.lo, len(e.streams))
		e.takeOrder(&e.order)
	}
}

// addRows orders the cells of the rows r, the next of the part: a
// Writer's chunk, about orderChunk cells.
func (e *partEncoder) addRows(r *packedRows) {
	if e.streams == nil {
		e.kept.appendRows(r)
		return
	}
	e.order.sortRows(r, e.lo, len(e.streams))
	e.takeOrder(&e.order)
}

// streamed reports whether e orders cells into streams of the values lo …
// lo+span−1 (valueOrder.sort, sortRows) as they come, rather than keeping
// them: then a chunk's cells may be ordered anywhere and taken by
// takeOrder.
func (e *partEncoder) streamed() (lo int32, span int, ok bool) {
	return e.lo, len(e.streams), e.streams != nil
}

// takeOrder appends the cells of o, the next of the part ordered into
// streamed's streams, to the streams of their values.
func (e *partEncoder) takeOrder(o *valueOrder) {
	if e.sharing && o.once && (e.sharedRows == 0 || o.first == e.sharedFrom+int64(e.sharedRows)) {
		rows := int(o.start[1] - o.start[0]) // each value's cells
		if e.sharedRows == 0 {
			e.sharedFrom = o.first
		}
		e.sharedX.addRun(o.first, rows)
		e.sharedRows += rows
	} else if e.sharing {
		e.unshare()
	}
	for k := range e.streams {
		if a, b := o.start[k], o.start[k+1]; a < b {
			s := &e.streams[k]
			s.cells += int(b - a)
			switch {
			case e.sharing: // the part's sharedX holds them
			case o.once:
				s.x.addRun(o.first, int(b-a))
			default:
				s.x.addAll(o.xs[a:b])
			}
			if o.offsets {
				s.y.addOffsets(o.least, o.offs[a:b])
			} else {
				s.y.addAll(o.ys[a:b])
			}
		}
	}
}

// unshare gives each stream its own x: the rows that sharedX holds, which
// every value has had a cell in, and then those of its own cells.
func (e *partEncoder) unshare() {
	if e.sharedRows > 0 {
		for k := range e.streams {
			e.streams[k].x.addRun(e.sharedFrom, e.sharedRows)
		}
	}
	e.sharing, e.sharedRows = false, 0
	e.sharedX.reset()
}

// writeTo writes the part of rows xFirst..xLast to w, its row groups in
// the order of their values, and puts e back in partEncoders; it returns
// the first error of w, as such.
func (e *partEncoder) writeTo(w io.Writer, xFirst, xLast int64) error {
	defer partEncoders.put(e)
	f := newPartFile(w)
	defer partFiles.put(f)
	if e.streams == nil && e.kept.len() > 0 {
		if lo, hi := e.kept.valueBounds(); int64(hi)-int64(lo) < maxStreams {
			e.stream(lo, int(hi-lo)+1)
			e.add(&e.kept)
		} else {
			f.encodeSorted(&e.kept)
		}
	}
	for k := range e.streams {
		if s := &e.streams[k]; s.cells > 0 {
			x := &s.x
			if e.sharing && e.sharedRows > 0 {
				x = &e.sharedX
			}
			f.writeRowGroup(e.lo+int32(k), s, x)
		}
	}
	return f.close(partMetadata(e.m, xFirst, xLast))
}

// orderChunk is how many cells a partEncoder orders by value at a time:
// their x and y take 512 KiB, within a core's L2 cache.
const orderChunk = 1 << 15

// valueOrder is a chunk of cells in (v, x, y) order: the cells of value
// lo+k are xs and ys [start[k], start[k+1]). When once is set the chunk's
// rows first, first+1, … hold each value once, as a band's rows do, so
// each value's x are those rows, in order, and xs is not filled. When
// offsets is set too (placeDenseOnce), ys is not filled either: cell j's
// y is least + offs[j].
type valueOrder struct {
	start, next []int32
	xs, ys      []int64
	once        bool
	first       int64
	offsets     bool
	least       int64
	offs        []uint16
	columns     []uint16 // placeDenseOnce's rows, inverted
}

// sort orders the cells vs, xs, ys (of values lo … lo+span−1) by value,
// stably: it counts each value's cells, and then puts each cell right
// after the cells of its value before it.
func (o *valueOrder) sort(vs []int32, xs, ys []int64, lo int32, span int) {
	counts := o.begin(span, len(vs))
	for _, v := range vs {
		counts[v-lo]++
	}
	o.sum(span)
	// Local slices: stores through o would reload its slice headers at
	// every cell.
	next, outX, outY := o.next, o.xs, o.ys
	xs, ys = xs[:len(vs)], ys[:len(vs)]
	for i, v := range vs {
		j := next[v-lo]
		next[v-lo]++
		outX[j], outY[j] = xs[i], ys[i]
	}
}

// sortRows is sort for the cells of the rows r, read packed. It first
// takes them as rows that hold each value once (placeOnce); if they are
// not, it counts the values' cells and places them with their x.
func (o *valueOrder) sortRows(r *packedRows, lo int32, span int) {
	if o.placeOnce(r, lo, span) {
		return
	}
	counts := o.begin(span, r.len())
	for _, cell := range r.cells {
		counts[int32(uint32(cell))-lo]++
	}
	o.sum(span)
	for i := range r.rows() {
		base, cells := r.row(i)
		placeRow(o.next, o.xs, o.ys, r.first+int64(i), base, cells, lo)
	}
}

// placeOnce places the y of the rows r, with once set, if each row holds
// each of the span values once, as a band's rows do: then r holds
// rows·span cells, value lo+k's cells start at k·rows, and each is its
// value's i-th in row i. It reports false, o part placed, at the first
// cell that is not, without a pass to count the values first.
func (o *valueOrder) placeOnce(r *packedRows, lo int32, span int) bool {
	rows := r.rows()
	if rows == 0 || r.len() != rows*span {
		return false
	}
	o.begin(span, r.len())
	for k := range o.start {
		o.start[k] = int32(k * rows)
	}
	copy(o.next, o.start)
	for i := range rows {
		base, cells := r.row(i)
		if !placeRowOnce(o.next, o.ys, base, cells, lo, int32(i), int32(rows)) {
			return false
		}
	}
	o.once, o.first = true, r.first
	return true
}

// placeRow puts the packed cells of row x, from column base, at their
// places next[v−lo] in xs and ys, and moves those on. It is a function of
// its own so that its loop has the registers to itself.
//
//go:noinline
func placeRow(next []int32, xs, ys []int64, x, base int64, cells []uint64, lo int32) {
	for _, cell := range cells {
		k := int32(uint32(cell)) - lo
		j := next[k]
		next[k]++
		xs[j], ys[j] = x, base+int64(cell>>32)
	}
}

// placeRowOnce is placeRow for row i of rows that hold each value once,
// value lo+k's cells from k·rows on: it places only the y, and reports
// whether each cell was its value's i-th, which holds for every cell of
// every row exactly when each row holds each value once (a row with a
// value twice finds the second one further on; a row without a value
// finds that value's next cell one short). It stops at the first cell
// that is not.
//
//go:noinline
func placeRowOnce(next []int32, ys []int64, base int64, cells []uint64, lo, i, rows int32) bool {
	for _, cell := range cells {
		k := int32(uint32(cell)) - lo
		j := k*rows + i
		if next[k] != j {
			return false
		}
		next[k] = j + 1
		ys[j] = base + int64(cell>>32)
	}
	return true
}

// begin sizes o for cells cells of span values, its x to be placed, and
// returns the counts of the values, zero, to fill.
func (o *valueOrder) begin(span, cells int) (counts []int32) {
	o.start = slices.Grow(o.start[:0], span+1)[:span+1]
	o.next = slices.Grow(o.next[:0], span)[:span]
	o.xs = slices.Grow(o.xs[:0], cells)[:cells]
	o.ys = slices.Grow(o.ys[:0], cells)[:cells]
	clear(o.start)
	o.once, o.offsets = false, false
	return o.start[1:]
}

// sum turns the counts into the values' starts, and starts next there.
func (o *valueOrder) sum(span int) {
	for k := 1; k <= span; k++ {
		o.start[k] += o.start[k-1]
	}
	copy(o.next, o.start)
}

// encodeSorted writes the row groups of the cells c, whose values span
// more than maxStreams: it sorts the cells' indices by value, stably, and
// encodes one value at a time.
func (f *partFile) encodeSorted(c *cells) {
	order := make([]int32, c.len())
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortStableFunc(order, func(a, b int32) int { return cmp.Compare(c.vs[a], c.vs[b]) })
	s := &f.valueStreams(1)[0]
	for j, i := range order {
		s.cells++
		s.x.add(c.xs[i])
		s.y.add(c.ys[i])
		if j+1 == len(order) || c.vs[order[j+1]] != c.vs[i] {
			f.writeRowGroup(c.vs[i], s, &s.x)
		}
	}
}

// catchPanic runs f and returns its panic as an error: arrow-go's Parquet
// reader panics on some malformed input.
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
