package pattern

import (
	"errors"
	"fmt"
	"os"
	"sync"
)

// chunkStore keeps compressed chunks: in memory up to budget bytes, then
// appended to a temporary file in dir, created on the first chunk beyond
// the budget; without a dir, such a chunk is refused. With a journal,
// every chunk is appended to it, and the chunks beyond the budget are read
// back from there: the journal is the spill file, and it stays when the
// store closes.
type chunkStore struct {
	budget  int64
	dir     string
	journal *chunkJournal
	inMem   int64
	spilled int64
	mu      sync.Mutex // guards file's creation and closing
	file    *os.File
	closed  bool
}

// chunkRef is where a chunk is: mem, or n bytes at off in the spill file.
type chunkRef struct {
	mem []byte
	off int64
	n   int32
}

// errBudget reports a chunk beyond the memory budget with nowhere to spill.
var errBudget = errors.New("pattern: band index: the compressed chunks exceed the memory budget and no spill directory is set")

// put stores a copy of data. Only one goroutine puts.
func (s *chunkStore) put(data []byte) (chunkRef, error) {
	if s.journal != nil {
		off, err := s.journal.append(data)
		if err != nil {
			return chunkRef{}, err
		}
		return s.keep(data, off), nil
	}
	if s.inMem+int64(len(data)) <= s.budget {
		s.inMem += int64(len(data))
		return chunkRef{mem: append([]byte(nil), data...)}, nil
	}
	if s.dir == "" {
		return chunkRef{}, fmt.Errorf("%w (%d bytes in memory)", errBudget, s.inMem)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.file == nil {
		f, err := os.CreateTemp(s.dir, "patterns-*.chunks")
		if err != nil {
			return chunkRef{}, fmt.Errorf("pattern: band index: spill the chunks beyond the memory budget: %w", err)
		}
		s.file = f
	}
	ref := chunkRef{off: s.spilled, n: int32(len(data))}
	if _, err := s.file.WriteAt(data, ref.off); err != nil {
		return chunkRef{}, fmt.Errorf("pattern: band index: spill a chunk to %s: %w", s.file.Name(), err)
	}
	s.spilled += int64(len(data))
	return ref, nil
}

// keep stores data, a record of the journal whose bytes start at off:
// a copy in memory if the budget has room, else a reference to the journal.
// The same sequence of chunks is kept the same way, whether put or
// replayed from the journal on resume.
func (s *chunkStore) keep(data []byte, off int64) chunkRef {
	if s.inMem+int64(len(data)) <= s.budget {
		s.inMem += int64(len(data))
		return chunkRef{mem: append([]byte(nil), data...)}
	}
	s.spilled += int64(len(data))
	return chunkRef{off: off, n: int32(len(data))}
}

// get returns the chunk's bytes, read into buf if it was spilled; safe for
// concurrent use once the puts are done.
func (s *chunkStore) get(ref chunkRef, buf []byte) ([]byte, error) {
	if ref.mem != nil || ref.n == 0 {
		return ref.mem, nil
	}
	buf = append(buf[:0], make([]byte, ref.n)...)
	if _, err := s.file.ReadAt(buf, ref.off); err != nil {
		return nil, fmt.Errorf("pattern: band index: read a spilled chunk of %s: %w", s.file.Name(), err)
	}
	return buf, nil
}

// flush writes the journal's buffered records, if there is a journal, so
// that the chunks spilled to it can be read.
func (s *chunkStore) flush() error {
	if s.journal == nil {
		return nil
	}
	return s.journal.flush()
}

// close removes the spill file, if any, or closes the journal, which
// stays.
func (s *chunkStore) close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.file == nil || s.closed {
		return nil
	}
	s.closed = true
	if s.journal != nil {
		if err := s.journal.flush(); err != nil {
			s.file.Close()
			return err
		}
		return s.file.Close()
	}
	name := s.file.Name()
	cerr := s.file.Close()
	if err := os.Remove(name); err != nil {
		return fmt.Errorf("pattern: band index: remove the spill file: %w", err)
	}
	return cerr
}
