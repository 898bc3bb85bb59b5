package valuesds

// deltaColumn is a column chunk of int64 values being encoded
// DELTA_BINARY_PACKED, fed one value at a time, cut into pages as arrow-go
// cuts them: it writes a block when it holds deltaBlockSize deltas, and
// after every batchValues values of a page it ends the page if its blocks
// take pageLimit bytes or more. Its zero value is an empty column.
type deltaColumn struct {
	// pending[0] is the last value in a block (the page's first value
	// before any block); pending[1:n] are the values whose deltas wait for
	// their block.
	pending  [deltaBlockSize + 1]int64
	n        int
	ones     int         // pending[:ones] are known to rise by 1 each: pending[i] = pending[0] + i
	count    int         // values in the page being encoded
	first    int64       // the first of them
	lo, hi   int64       // the least and the greatest of them
	blocks   []byte      // deltaHeaderMax bytes left for the header, then the page's blocks
	settleAt int         // the count at which add calls settle
	pages    []deltaPage // the pages ended
}

// deltaPage is a page of a deltaColumn, encoded.
type deltaPage struct {
	buf    []byte // its buffer: encoded is buf[at:]
	at     int
	count  int
	lo, hi int64
}

// encoded is the page: header, then blocks.
func (p *deltaPage) encoded() []byte { return p.buf[p.at:] }

// add appends v to the column. It is the per-cell work of a part, kept
// small enough to be inlined; settle does the rest at a page's first
// value, once a block is full and at each batch's end.
func (c *deltaColumn) add(v int64) {
	c.pending[c.n] = v
	c.n++
	c.count++
	if c.count >= c.settleAt {
		c.settle()
	}
}

// addAll appends values to the column, as add would one by one, copying
// them into the pending block in runs between the counts at which settle
// must be called.
func (c *deltaColumn) addAll(values []int64) {
	for len(values) > 0 {
		k := copy(c.room(len(values)), values)
		values = values[k:]
		c.took(k)
	}
}

// addOffsets appends base+offs[0], base+offs[1], … to the column, as
// addAll would: the y of a dense chunk, kept as offsets from its least
// column (valueOrder.offs), widened into the pending block.
//
// Where the pending block is empty and offs hold a block's worth, each
// block is encoded from the offsets as they are (offsetBlocks); the rest
// are widened.
func (c *deltaColumn) addOffsets(base int64, offs []uint16) {
	for len(offs) > 0 {
		if k := c.offsetBlocks(base, offs); k > 0 {
			offs = offs[k:]
			continue
		}
		run := c.room(len(offs))
		widenOffsets(run, base, offs[:len(run)])
		offs = offs[len(run):]
		c.took(len(run))
	}
}

// offsetBlocks writes the full blocks of base+offs[0], base+offs[1], …
// that it can straight from the offsets (appendOffsetBlock), each as
// settle would write it once add had filled the pending block, and returns
// how many values they took. It takes a block only after a block or a
// page's first value, the pending block empty (n = 1), with the value
// before it within 2¹⁶ above base, and while the page's blocks are below
// pageLimit: a batch ends inside each block (a page's blocks end at counts
// of 1 mod deltaBlockSize), where settle would then end the page.
func (c *deltaColumn) offsetBlocks(base int64, offs []uint16) int {
	taken := 0
	var block [deltaBlockSize + 1]uint16
	for len(offs)-taken >= deltaBlockSize && c.n == 1 && c.count > 0 && len(c.blocks)-deltaHeaderMax < pageLimit {
		before := c.pending[0] - base
		if before < 0 || before >= 1<<16 {
			break
		}
		block[0] = uint16(before)
		copy(block[1:], offs[taken:])
		var lo, hi int64
		var ok bool
		if c.blocks, lo, hi, ok = appendOffsetBlock(c.blocks, base, &block); !ok {
			break
		}
		c.lo, c.hi = min(c.lo, lo), max(c.hi, hi)
		c.pending[0] = base + int64(block[deltaBlockSize])
		c.count += deltaBlockSize
		taken += deltaBlockSize
	}
	if taken > 0 {
		c.scheduleSettle()
	}
	return taken
}

// room is where the next of n values go, in the pending block: at most n
// of them, as many as come before the column must settle (at least one).
// settleAt > count holds between calls (but for the zero column's 0: its
// first value settles), and the run fits the pending block: settleAt −
// count ≤ len(pending) − n.
func (c *deltaColumn) room(n int) []int64 {
	return c.pending[c.n : c.n+min(n, max(c.settleAt-c.count, 1))]
}

// took accounts the k values written to room's slice, settling when due.
func (c *deltaColumn) took(k int) {
	c.n += k
	c.count += k
	if c.count >= c.settleAt {
		c.settle()
	}
}

// addRun appends the values first, first+1, …, first+k−1, as add would
// one by one, knowing them a run of stride 1 so that blocks of it need no
// look at their deltas. The values are rows of a table: 0 ≤ first and
// first+k ≤ MaxInt64, so they do not wrap.
func (c *deltaColumn) addRun(first int64, k int) {
	for k > 0 {
		m := min(k, max(c.settleAt-c.count, 1)) // as in addAll
		if c.ones == c.n && (c.n == 0 || c.pending[c.n-1] == first-1) {
			c.ones = c.n + m // the run goes on from the pending values'
		}
		run := c.pending[c.n : c.n+m]
		for i := range run {
			run[i] = first + int64(i)
		}
		c.n += m
		c.count += m
		first += int64(m)
		k -= m
		if c.count >= c.settleAt {
			c.settle()
		}
	}
}

// settle starts a page at its first value, writes a full block, ends the
// page at the end of a batch if its blocks take pageLimit bytes, and sets
// when add must call it next.
func (c *deltaColumn) settle() {
	if c.count == 1 {
		c.first, c.lo, c.hi = c.pending[0], c.pending[0], c.pending[0]
		c.blocks = append(c.blocks[:0], make([]byte, deltaHeaderMax)...)
	}
	if c.n == len(c.pending) {
		c.writeBlock()
	}
	if c.count%batchValues == 0 && len(c.blocks)-deltaHeaderMax >= pageLimit {
		c.endPage()
		return
	}
	c.scheduleSettle()
}

// scheduleSettle sets when add must call settle next: once the pending
// block is full or the batch ends, whichever comes first.
func (c *deltaColumn) scheduleSettle() {
	c.settleAt = c.count + min(len(c.pending)-c.n, batchValues-c.count%batchValues)
}

// writeBlock appends the block of the deltas pending, 1 ≤ n−1: at once
// when they are all 1 (a run that addRun added), else by appendDeltaBlock,
// which looks at them.
func (c *deltaColumn) writeBlock() {
	var lo, hi int64
	if c.ones == c.n {
		c.blocks, lo, hi = appendStrideBlock(c.blocks, c.pending[:c.n], 1)
	} else {
		c.blocks, lo, hi = appendDeltaBlock(c.blocks, c.pending[:c.n])
	}
	c.lo, c.hi = min(c.lo, lo), max(c.hi, hi)
	c.pending[0] = c.pending[c.n-1]
	c.n, c.ones = 1, 1
}

// endPage ends the page being encoded, which is not empty: its last
// deltas go to a short block, its header right before its blocks.
func (c *deltaColumn) endPage() {
	if c.n > 1 {
		c.writeBlock()
	}
	var header [deltaHeaderMax]byte
	h := appendDeltaHeader(header[:0], c.count, c.first)
	at := deltaHeaderMax - len(h)
	copy(c.blocks[at:], h)
	c.pages = append(c.pages, deltaPage{buf: c.blocks, at: at, count: c.count, lo: c.lo, hi: c.hi})
	c.blocks = nil // the page keeps its buffer
	c.count, c.n, c.ones, c.settleAt = 0, 0, 0, 1
}

// finish ends the page being encoded, if any, and returns the pages of
// the column, valid until reset.
func (c *deltaColumn) finish() []deltaPage {
	if c.count > 0 {
		c.endPage()
	}
	return c.pages
}

// reset empties the column, keeping a buffer for the next one.
func (c *deltaColumn) reset() {
	if len(c.pages) > 0 {
		c.blocks = c.pages[0].buf[:0]
	}
	clear(c.pages)
	c.pages = c.pages[:0]
	c.count, c.n, c.ones, c.settleAt = 0, 0, 0, 1
}

// widenOffsetsGo sets dst[i] = base + offs[i] for i < len(dst), which
// is at most len(offs).
func widenOffsetsGo(dst []int64, base int64, offs []uint16) {
	offs = offs[:len(dst)]
	for i, off := range offs {
		dst[i] = base + int64(off)
	}
}
