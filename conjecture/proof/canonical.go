package proof

import (
	"math/bits"

	"github.com/grundy-lab/grundy/conjecture/bandcheck"
	"github.com/grundy-lab/grundy/engine/band"
)

// canonical returns s in the one form two equal states share: a column
// that some row has reached but that holds nothing yet is the same as one
// no row has reached, so the empty live columns just below the frontier
// are dropped and the frontier moved down to them.
func canonical(s bandcheck.State) bandcheck.State {
	cols := s.Columns
	frontier := s.Frontier
	for k := len(cols); k > 0 && len(cols[k-1].Values) == 0 && cols[k-1].Offset == frontier-1; k-- {
		cols, frontier = cols[:k-1], frontier-1
	}
	return bandcheck.State{Row: s.Row, Frontier: frontier, Columns: cols}
}

// fromBand writes a band state as the independent check states it, in
// canonical form: the columns that are not full, each as its offset from
// the next row and its values, and from Frontier on only empty columns.
func fromBand(st band.State) bandcheck.State {
	words := max(st.Words, 1)
	full := make([]uint64, words)
	for k := range full {
		switch {
		case k < st.V/64:
			full[k] = ^uint64(0)
		case k == st.V/64:
			full[k] = ^uint64(0) >> (63 - st.V%64)
		}
	}
	s := bandcheck.State{Row: st.Next, Frontier: st.Lo + int64(st.Columns()) - st.Next}
	for c := range st.Columns() {
		set := st.Sets[c*words : (c+1)*words]
		isFull := true
		var values []int32
		for k, word := range set {
			isFull = isFull && word == full[k]
			for ; word != 0; word &= word - 1 {
				values = append(values, int32(k*64+bits.TrailingZeros64(word)))
			}
		}
		if !isFull {
			s.Columns = append(s.Columns, bandcheck.Column{Offset: st.Lo + int64(c) - st.Next, Values: values})
		}
	}
	return canonical(s)
}
