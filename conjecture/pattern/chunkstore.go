package pattern

import (
	"errors"
	"fmt"
	"os"
	"sync"
)

// chunkStore keeps compressed chunks: in memory up to budget bytes, then
// appended to a temporary file in dir, created on the first chunk beyond
// the budget; without a dir, such a chunk is refused.
type chunkStore struct {
	budget  int64
	dir     string
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

// close removes the spill file, if any.
func (s *chunkStore) close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.file == nil || s.closed {
		return nil
	}
	s.closed = true
	name := s.file.Name()
	cerr := s.file.Close()
	if err := os.Remove(name); err != nil {
		return fmt.Errorf("pattern: band index: remove the spill file: %w", err)
	}
	return cerr
}
