package proof

import (
	"math/bits"

	"github.com/grundy-lab/grundy/conjecture/bandcheck"
	"github.com/grundy-lab/grundy/engine/band"
)

// canonical returns s in the one form two equal states share: a column
// that some row has reached but that holds nothing yet is the same as one
// no row has reached, so the empty live columns just below the frontier
// are dropped and the frontier moved down to them; so in the state of the
// game without the pass, if any.
func canonical(s bandcheck.State) bandcheck.State {
	var passless *bandcheck.State
	if s.Passless != nil {
		inner := canonical(*s.Passless)
		passless = &inner
	}
	cols := s.Columns
	frontier := s.Frontier
	for k := len(cols); k > 0 && len(cols[k-1].Values) == 0 && cols[k-1].Offset == frontier-1; k-- {
		cols, frontier = cols[:k-1], frontier-1
	}
	return bandcheck.State{Row: s.Row, Frontier: frontier, Columns: cols, Passless: passless}
}

// fromBand writes a band state as the independent check states it, in
// canonical form: the columns that are not full, each as its offset from
// the next row and its values, and from Frontier on only empty columns;
// with the pass, the passless sweep's state as the state of the game
// without the pass.
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
	if st.Passless != nil {
		inner := fromBand(*st.Passless)
		s.Passless = &inner
	}
	return canonical(s)
}
