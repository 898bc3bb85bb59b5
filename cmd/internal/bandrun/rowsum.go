package bandrun

import (
	"crypto/sha256"
	"encoding/binary"
	"sync"

	"github.com/grundy-lab/grundy/engine/band"
	"github.com/grundy-lab/grundy/results/valuesds"
)

// rowSumWords is what rowSums writes a row through band.Config.RowHash:
// the row's digest of cells_sha256 as four little-endian words, then its
// number of cells kept.
const rowSumWords = sha256.Size/8 + 1

// rowSums computes, on the band's workers, the digest of cells_sha256 of
// each row of the window of a run without a values dataset, over the
// cells of values LO … HI (the band holds 0 … HI); the caller adds them in
// order (add). That is nearly all the checksum's work, which the workers
// then share.
type rowSums struct {
	lo          int32
	first, last int64 // the window's rows
	scratch     sync.Pool
}

// rowScratch is a worker's buffers: the row's encoding and the cells kept.
type rowScratch struct {
	digest valuesds.RowDigest
	cells  []uint64
}

// newRowSums returns the row digests of the cells of values lo … in rows
// first … last.
func newRowSums(lo int32, first, last int64) *rowSums {
	return &rowSums{lo: lo, first: first, last: last, scratch: sync.Pool{New: func() any { return new(rowScratch) }}}
}

// rows is band.Config.RowHash (with HashWords rowSumWords): it writes the
// digest and cell count of every row of p in the window.
func (s *rowSums) rows(p band.Packed, hashes []uint64) error {
	sc := s.scratch.Get().(*rowScratch)
	defer s.scratch.Put(sc)
	for i := 0; i < p.Len(); i++ {
		x := p.X0 + int64(i)
		if x < s.first || x > s.last {
			continue
		}
		words := hashes[i*rowSumWords : (i+1)*rowSumWords]
		if d := p.Dense; d.Bytes != nil {
			if i+1 < p.Len() && x+1 <= s.last {
				// Two rows at once: their SHA-256 rounds interleave.
				digests, kept := sc.digest.SumBytesPair(x, [2][]byte{d.Row(i), d.Row(i + 1)}, [2]int{d.Left, d.Left}, [2]int{int(p.Count[i]), int(p.Count[i+1])}, s.lo)
				s.put(words, digests[0], kept[0])
				s.put(hashes[(i+1)*rowSumWords:(i+2)*rowSumWords], digests[1], kept[1])
				i++
				continue
			}
			digest, kept := sc.digest.SumBytes(x, d.Row(i), d.Left, int(p.Count[i]), s.lo)
			s.put(words, digest, kept)
			continue
		}
		cells := p.Row(i)
		if s.lo > 0 {
			sc.cells = sc.cells[:0]
			for _, cell := range cells {
				if _, v := p.Cell(cell); v >= s.lo {
					sc.cells = append(sc.cells, cell)
				}
			}
			cells = sc.cells
		}
		s.put(words, sc.digest.SumPacked(x, p.Lo, cells), len(cells))
	}
	return nil
}

// put writes a row's digest and its number of cells kept to its words.
func (s *rowSums) put(words []uint64, digest [sha256.Size]byte, cells int) {
	for w := range sha256.Size / 8 {
		words[w] = binary.LittleEndian.Uint64(digest[8*w:])
	}
	words[sha256.Size/8] = uint64(cells)
}

// add adds the rows of r in the window to sum, from their digests.
func (s *rowSums) add(sum *valuesds.CellSum, r band.Rows) {
	var digest [sha256.Size]byte
	for i := range r.Len() {
		if x := r.X0 + int64(i); x < s.first || x > s.last {
			continue
		}
		words := r.Hash[i*rowSumWords : (i+1)*rowSumWords]
		for w := range sha256.Size / 8 {
			binary.LittleEndian.PutUint64(digest[8*w:], words[w])
		}
		sum.AddDigest(digest, int(words[sha256.Size/8]))
	}
}
