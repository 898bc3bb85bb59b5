package pattern

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
)

// chunkJournal is the file a resumable BandIndex appends every compressed
// chunk to, in the order the compressor stores them (chunk by chunk, value
// by value within a chunk), each as a record: its length as a
// little-endian uint32, then its bytes. Its length and the SHA-256 of its
// bytes, taken at a BandIndexState, identify the prefix that state stands
// on: whatever a kill appended after it is cut off on resume.
type chunkJournal struct {
	file *os.File
	w    *bufio.Writer
	size int64     // bytes appended, the buffered ones included
	sum  hash.Hash // of the size bytes
}

// journalMark is the journal's length and checksum at a point, once its
// bytes are on disk.
type journalMark struct {
	size int64
	sum  string
	err  error
}

// maxJournalRecord bounds a record's length on replay: a chunk of
// ChunkRows int16 that did not compress is 2·ChunkRows bytes plus zstd's
// frame; a larger length is damage, not a chunk.
func maxJournalRecord(chunkRows int) int64 { return 2*int64(chunkRows) + 1<<16 }

// createJournal creates (or empties) the journal at path.
func createJournal(path string) (*chunkJournal, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return nil, fmt.Errorf("pattern: band index: create the chunk journal: %w", err)
	}
	return &chunkJournal{file: f, w: bufio.NewWriterSize(f, 1<<20), sum: sha256.New()}, nil
}

// append writes data as the next record and returns the offset of its
// bytes in the file.
func (j *chunkJournal) append(data []byte) (int64, error) {
	var head [4]byte
	binary.LittleEndian.PutUint32(head[:], uint32(len(data)))
	for _, b := range [][]byte{head[:], data} {
		if _, err := j.w.Write(b); err != nil {
			return 0, fmt.Errorf("pattern: band index: append a chunk to %s: %w", j.file.Name(), err)
		}
		j.sum.Write(b)
	}
	j.size += int64(4 + len(data))
	return j.size - int64(len(data)), nil
}

// mark writes the buffered records, syncs the file and returns its length
// and checksum.
func (j *chunkJournal) mark() journalMark {
	if err := j.w.Flush(); err != nil {
		return journalMark{err: fmt.Errorf("pattern: band index: write the chunk journal %s: %w", j.file.Name(), err)}
	}
	if err := j.file.Sync(); err != nil {
		return journalMark{err: fmt.Errorf("pattern: band index: sync the chunk journal %s: %w", j.file.Name(), err)}
	}
	return journalMark{size: j.size, sum: hex.EncodeToString(j.sum.Sum(nil))}
}

// flush writes the buffered records, so that the spilled chunks can be
// read back.
func (j *chunkJournal) flush() error {
	if err := j.w.Flush(); err != nil {
		return fmt.Errorf("pattern: band index: write the chunk journal %s: %w", j.file.Name(), err)
	}
	return nil
}

// errJournal marks a journal that does not match its state.
var errJournal = errors.New("the chunk journal does not match the state")

// reopenJournal opens the journal at path for a state that stands on its
// first size bytes, of checksum sum and records records: it reads them,
// calling each with every record's offset and bytes (valid during the
// call), checks their number and checksum, cuts off what follows and
// returns the journal, ready to append.
func reopenJournal(path string, size int64, sum string, records int64, maxRecord int64, each func(off int64, data []byte)) (*chunkJournal, error) {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return nil, fmt.Errorf("pattern: band index: reopen the chunk journal: %w", err)
	}
	j := &chunkJournal{file: f, sum: sha256.New()}
	if err := j.replay(size, sum, records, maxRecord, each); err != nil {
		f.Close()
		return nil, fmt.Errorf("pattern: band index: %s: %w", path, err)
	}
	if err := f.Truncate(size); err != nil {
		f.Close()
		return nil, fmt.Errorf("pattern: band index: cut the chunk journal to its state: %w", err)
	}
	if _, err := f.Seek(size, io.SeekStart); err != nil {
		f.Close()
		return nil, fmt.Errorf("pattern: band index: reopen the chunk journal: %w", err)
	}
	j.w = bufio.NewWriterSize(f, 1<<20)
	return j, nil
}

// replay reads the journal's first size bytes, record by record.
func (j *chunkJournal) replay(size int64, sum string, records, maxRecord int64, each func(off int64, data []byte)) error {
	r := bufio.NewReaderSize(io.TeeReader(io.LimitReader(j.file, size), j.sum), 1<<20)
	var head [4]byte
	var data []byte
	var count int64
	for j.size < size {
		if _, err := io.ReadFull(r, head[:]); err != nil {
			return fmt.Errorf("%w: it ends at byte %d, inside a record, before the %d bytes of the state (%v)", errJournal, j.size, size, err)
		}
		n := int64(binary.LittleEndian.Uint32(head[:]))
		if n > maxRecord || j.size+4+n > size {
			return fmt.Errorf("%w: a record of %d bytes at byte %d passes its end or the largest chunk", errJournal, n, j.size)
		}
		data = append(data[:0], make([]byte, n)...)
		if _, err := io.ReadFull(r, data); err != nil {
			return fmt.Errorf("%w: it is shorter than the %d bytes of the state (%v)", errJournal, size, err)
		}
		each(j.size+4, data)
		j.size += 4 + n
		count++
	}
	switch got := hex.EncodeToString(j.sum.Sum(nil)); {
	case count != records:
		return fmt.Errorf("%w: it holds %d chunks, the state %d", errJournal, count, records)
	case got != sum:
		return fmt.Errorf("%w: its sha256 is %.16s…, the state's %.16s…", errJournal, got, sum)
	}
	return nil
}
