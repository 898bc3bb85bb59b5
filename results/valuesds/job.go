package valuesds

// A chunk is a run of consecutive rows of a block and their cells in
// range, packed: what a Writer hands a partJob at a time, a few hundred
// rows of a band, whose cells are still in a core's cache when the job
// orders them.
type chunk struct {
	c      packedRows
	rows   []summedRow // the rows' digests, once summed
	digest RowDigest
}

// chunksInFlight is how many chunks a Writer fills and its jobs order at
// once: 512 KiB to a few MiB each.
const chunksInFlight = 8

// partJob is the block of rows a Writer is filling, ordered and summed as
// it comes: each chunk is summed (its rows' digests of cells_sha256) by a
// goroutine of its own, which then waits for the chunk before it to order
// its cells into enc and append its digests to rows; so the chunks are
// summed side by side and taken in order, while the Writer fills the
// next. A job whose Writer is dropped leaves no goroutine behind once its
// chunks are ordered.
type partJob struct {
	enc   *partEncoder
	rows  []summedRow
	cells int64         // of the block, counted by the Writer
	last  chan struct{} // closed once the last chunk added is taken
}

// newPartJob starts the job of a block of the dataset m, whose rows'
// digests go to rows (emptied: the slice of a job before, taken).
func newPartJob(m Meta, rows []summedRow) *partJob {
	last := make(chan struct{})
	close(last)
	return &partJob{enc: newPartEncoder(m), rows: rows[:0], last: last}
}

// add sums chunk c and orders it after the chunks added before, on a
// goroutine of its own, and then gives c back to free.
func (j *partJob) add(c *chunk, free chan<- *chunk) {
	before, done := j.last, make(chan struct{})
	j.last = done
	go func() {
		c.rows = c.rows[:0]
		for i := range c.c.rows() {
			base, cells := c.c.row(i)
			c.rows = append(c.rows, summedRow{c.digest.SumPacked(c.c.first+int64(i), base, cells), len(cells)})
		}
		<-before
		j.rows = append(j.rows, c.rows...)
		j.enc.addRows(&c.c)
		free <- c
		close(done)
	}()
}

// wait waits until every chunk added is taken.
func (j *partJob) wait() { <-j.last }
