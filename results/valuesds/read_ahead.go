package valuesds

import (
	"path/filepath"
	"runtime"
	"sync"

	"github.com/grundy-lab/grundy/results"
)

// maxReadAhead bounds the parts a scan reads ahead of the one it uses.
const maxReadAhead = 2

// readAheadCells bounds the cells of the parts a scan reads ahead, 12
// bytes a cell in (x, y) order (and 20 while one is decoded): parts
// of up to 2²³ cells (a full sweep's, about 2²²) are read two ahead, of
// up to 2²⁴ (a band run's, 65536 rows of V = 200 hold 1.3·10⁷) one ahead,
// larger ones one at a time, as before there was read-ahead; a part of
// more than 2²³ cells is read by two goroutines (splitCells).
const readAheadCells = 1 << 24

// partsAhead is how many parts a scan reads ahead when the largest holds
// largest cells: maxReadAhead, fewer when they would hold more than
// readAheadCells.
func partsAhead(largest int64) int {
	return int(min(maxReadAhead, readAheadCells/max(largest, 1)))
}

// readPart is a part as a scan's readers leave it: its cells in (x, y)
// order, by row, or the error of its reading.
type readPart struct {
	part   Part
	path   string
	merged rowCells
	err    error
}

// decodedCells is a part's cells as decoded, in the part's (v, x, y)
// order: first's, then second's (decodePart).
type decodedCells struct{ first, second cells }

// read checks the part against its sha256, decodes the cells of sel into
// decoded, and puts them in (x, y) order.
func (rp *readPart) read(m *Manifest, values results.ValueRange, sel selection, decoded *decodedCells) {
	rp.err = checkPartSum(rp.path, rp.part, int64(values.Hi)-int64(values.Lo)+1, "the manifest")
	if rp.err != nil {
		return
	}
	c := partCheck{m: m, values: values, part: rp.part, path: rp.path, splitAbove: splitCells()}
	rp.err = decodePart(c, sel, &decoded.first, &decoded.second)
	if rp.err != nil {
		return
	}
	if err := byCell(&rp.merged, c.splitAbove, &decoded.first, &decoded.second); err != nil {
		rp.err = &DamageError{File: rp.path, Err: err}
	}
}

// readAhead reads the parts of dir, up to ahead of them ahead of the one
// used, on up to ahead goroutines (one a CPU; one if ahead is 0), and
// calls use with each in their order, on the caller's goroutine, until
// use or a part's reading fails: that error is returned, the first in the
// parts' order. use is where a cancelled scan stops (the
// scan's emit looks at its context). Reading a part (its sha256, arrow-go's
// decoding, the order by cell) was four fifths of verify -in's CPU; the
// parts read ahead overlap it with use and with each other. Memory: the
// cells of the part used and of those read ahead in (x, y) order, and of
// one a reader as decoded.
func readAhead(dir string, m *Manifest, sel selection, parts []Part, ahead int, use func(*readPart) error) error {
	readers := max(1, min(ahead, runtime.GOMAXPROCS(0)))
	values := m.ValueRange()
	// Readers are handed parts until use fails or the parts run out;
	// stop then tells the hand-out to end.
	stop := make(chan struct{})
	var wg sync.WaitGroup
	defer wg.Wait() // after stop: the readers finish the part they read
	defer close(stop)
	free := make(chan *readPart, ahead+1)
	for range ahead + 1 {
		free <- new(readPart)
	}
	// A part's cells as decoded are needed only while it is read: a
	// buffer a reader, where each part held its own.
	decodeBuffers := make(chan *decodedCells, readers)
	for range readers {
		decodeBuffers <- new(decodedCells)
	}
	// Each part's slot, in the parts' order.
	slots := make(chan chan *readPart, ahead)
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer close(slots)
		for _, p := range parts {
			var rp *readPart
			select {
			case rp = <-free:
			case <-stop:
				return
			}
			slot := make(chan *readPart, 1)
			select {
			case slots <- slot:
			case <-stop:
				return
			}
			rp.part, rp.path = p, filepath.Join(dir, p.File)
			wg.Add(1)
			go func() {
				defer wg.Done()
				decoded := <-decodeBuffers
				rp.read(m, values, sel, decoded)
				decodeBuffers <- decoded
				slot <- rp
			}()
		}
	}()
	for slot := range slots {
		rp := <-slot
		if rp.err != nil {
			return rp.err
		}
		if err := use(rp); err != nil {
			return err
		}
		free <- rp
	}
	return nil
}
