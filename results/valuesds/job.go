package valuesds

// A chunk is a run of consecutive rows of a block and their cells in
// range, packed (c) or, when dense is set, as the band's bytes (d): what a
// Writer hands a partJob at a time, a few hundred rows of a band, whose
// cells are still in a core's cache when the job orders them.
type chunk struct {
	c      packedRows
	d      denseRows
	dense  bool
	order  valueOrder  // the cells by value, when sorted
	sorted bool        // order holds them: the part's streams take them from it
	rows   []summedRow // the rows' digests, once summed
	digest RowDigest
}

// reset empties the chunk, to hold rows from first on, dense or packed.
func (c *chunk) reset(first int64, dense bool) {
	c.c.reset(first)
	c.d.reset(first)
	c.dense = dense
}

// len is the number of cells.
func (c *chunk) len() int {
	if c.dense {
		return c.d.cells
	}
	return c.c.len()
}

// rowCount is the number of rows.
func (c *chunk) rowCount() int {
	if c.dense {
		return c.d.rows()
	}
	return c.c.rows()
}

// prepare sums the chunk's rows and, if its part's encoder orders them
// into streams of the values lo … lo+span−1 (partEncoder.streamed), orders
// them into c.order: the work of a chunk that needs no other chunk, done
// side by side with the others'. The dense rows that hold each value once
// are placed from their bytes; others are unpacked first, and an error
// says that a dense row held a value above hi, the dataset's HI.
func (c *chunk) prepare(lo int32, span int, streamed bool, hi int32) error {
	c.rows, c.sorted = c.rows[:0], false
	if c.dense {
		c.sumDense()
		if streamed && lo == 0 && c.order.placeDenseOnce(&c.d, span) {
			c.sorted = true
			return nil
		}
		if err := c.d.unpack(&c.c, hi); err != nil {
			return err
		}
		c.dense = false
	} else {
		c.sumPacked()
	}
	if streamed {
		c.order.sortRows(&c.c, lo, span)
		c.sorted = true
	}
	return nil
}

// sumDense appends the digests of the dense rows to c.rows, two rows at
// a time (their SHA-256 rounds interleave: RowDigest.SumBytesPair).
func (c *chunk) sumDense() {
	d := &c.d
	for i := 0; i < d.rows(); i++ {
		x := d.first + int64(i)
		base, row := d.row(i)
		if i+1 < d.rows() {
			base1, row1 := d.row(i + 1)
			digests, kept := c.digest.SumBytesPair(x, [2][]byte{row, row1}, [2]int{int(x - base), int(x + 1 - base1)},
				[2]int{int(d.count[i]), int(d.count[i+1])}, 0)
			c.rows = append(c.rows, summedRow{digests[0], kept[0]}, summedRow{digests[1], kept[1]})
			i++
			continue
		}
		digest, kept := c.digest.SumBytes(x, row, int(x-base), int(d.count[i]), 0)
		c.rows = append(c.rows, summedRow{digest, kept})
	}
}

// sumPacked appends the digests of the packed rows to c.rows.
func (c *chunk) sumPacked() {
	for i := range c.c.rows() {
		base, cells := c.c.row(i)
		c.rows = append(c.rows, summedRow{c.digest.SumPacked(c.c.first+int64(i), base, cells), len(cells)})
	}
}

// chunksInFlight is how many chunks a Writer fills and its jobs order at
// once: 512 KiB to a few MiB each.
const chunksInFlight = 8

// partJob is the block of rows a Writer is filling, ordered and summed as
// it comes: each chunk is summed (its rows' digests of cells_sha256) and
// ordered by value (chunk.prepare) by a goroutine of its own, which then
// waits for the chunk before it to append its cells to enc's streams and
// its digests to rows; so the chunks are prepared side by side and taken
// in order, while the Writer fills the next. A job whose Writer is dropped
// leaves no goroutine behind once its chunks are taken.
type partJob struct {
	enc      *partEncoder
	lo       int32 // enc.streamed(), taken once: the chunks' goroutines read them
	span     int
	streamed bool
	hi       int32 // the dataset's HI
	rows     []summedRow
	cells    int64         // of the block, counted by the Writer
	err      error         // the first chunk that failed, once last is closed
	last     chan struct{} // closed once the last chunk added is taken
}

// newPartJob starts the job of a block of the dataset m, whose rows'
// digests go to rows (emptied: the slice of a job before, taken).
func newPartJob(m Meta, rows []summedRow) *partJob {
	last := make(chan struct{})
	close(last)
	j := &partJob{enc: newPartEncoder(m), hi: m.Values.Hi, rows: rows[:0], last: last}
	j.lo, j.span, j.streamed = j.enc.streamed()
	return j
}

// add prepares chunk c and takes it after the chunks added before, on a
// goroutine of its own, and then gives c back to free.
func (j *partJob) add(c *chunk, free chan<- *chunk) {
	before, done := j.last, make(chan struct{})
	j.last = done
	go func() {
		err := c.prepare(j.lo, j.span, j.streamed, j.hi)
		<-before
		switch {
		case j.err != nil:
		case err != nil:
			j.err = err
		default:
			j.rows = append(j.rows, c.rows...)
			if c.sorted {
				j.enc.takeOrder(&c.order)
			} else {
				j.enc.addRows(&c.c)
			}
		}
		free <- c
		close(done)
	}()
}

// wait waits until every chunk added is taken, and returns the error of
// the first that failed.
func (j *partJob) wait() error {
	<-j.last
	return j.err
}
