package results

import (
	"github.com/grundy-lab/grundy/engine"
)

// encodeAhead is how many bands a TableWriter compresses at once, each on a
// goroutine of its own, while the engine computes the next ones, so that
// compression overlaps the engine rather than holding up its bands. Each
// band in flight holds a copy of its cells.
const encodeAhead = 2

// encodeSlot is one band being compressed: a copy of its cells, its own
// encoder (zstd encoders are not safe for concurrent use) and the result.
type encodeSlot struct {
	encoder     *batchEncoder
	coordinates bandCoordinates
	cells       []int32
	x, g        []byte // reused encoded buffers
	done        chan struct{}
	batch       encodedBatch
	err         error
}

// encodePipeline compresses bands concurrently and hands them back in order.
type encodePipeline struct {
	free    []*encodeSlot
	pending []*encodeSlot // in the order of their rows
}

func newEncodePipeline(c Compression) *encodePipeline {
	p := &encodePipeline{}
	for range encodeAhead {
		p.free = append(p.free, &encodeSlot{encoder: newBatchEncoder(c)})
	}
	return p
}

// start copies b and begins compressing it; write must be called with the
// oldest pending batch first when no slot is free (see next).
func (p *encodePipeline) start(b engine.Band) {
	s := p.free[len(p.free)-1]
	p.free = p.free[:len(p.free)-1]
	s.cells = append(s.cells[:0], b.Cells...)
	b.Cells = s.cells
	s.done = make(chan struct{})
	p.pending = append(p.pending, s)
	go func() {
		defer close(s.done)
		xs, ys := s.coordinates.of(b)
		s.batch, s.err = s.encoder.encode(xs, ys, b.Cells, s.x, s.g)
		s.x, s.g = s.batch.buffers[0], s.batch.buffers[2]
	}()
}

// full reports whether every slot is busy.
func (p *encodePipeline) full() bool { return len(p.free) == 0 }

// next waits for the oldest pending band and passes its batch to write, then
// frees its slot. It returns false when nothing is pending.
func (p *encodePipeline) next(write func(encodedBatch) error) (bool, error) {
	if len(p.pending) == 0 {
		return false, nil
	}
	s := p.pending[0]
	p.pending = p.pending[1:]
	<-s.done
	err := s.err
	if err == nil {
		err = write(s.batch)
	}
	p.free = append(p.free, s)
	return true, err
}

// wait lets every pending band finish, discarding them.
func (p *encodePipeline) wait() {
	for _, s := range p.pending {
		<-s.done
	}
	p.free = append(p.free, p.pending...)
	p.pending = nil
}
