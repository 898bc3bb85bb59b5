package band_test

import (
	"context"
	"testing"

	"github.com/grundy-lab/grundy/engine/band"
	"github.com/grundy-lab/grundy/tables"
)

// FuzzResumeState decodes mutated band states, as -resume reads them from
// a state file: an encoding Resume takes must sweep on without a panic or
// an unbounded allocation (a wrong state gives wrong cells, which the
// state file's checksum and the independent check are there to catch).
// A state with a passless sweep's (version 2) is resumed with G₋₁ with the
// pass, one without with G_P.
func FuzzResumeState(f *testing.F) {
	r, _ := tables.Lookup("passnim")
	rules, _ := r.BandRules()
	gneg1 := band.Rules{Base: []band.Cell{{X: 0, Y: 0, Value: -1}}}
	pass := band.Rules{Base: []band.Cell{{X: 0, Y: 0, Value: -1}, {X: 0, Y: 1}, {X: 1, Y: 0}}, Passless: &gneg1}
	const n, v = 300, 20
	for _, seed := range []band.Rules{rules, pass} {
		for _, stop := range []int64{0, 2, 50, 129} {
			sw, err := band.New(seed, n, v, band.Config{Workers: 1, Segment: 64})
			if err != nil {
				f.Fatal(err)
			}
			if err := sw.Run(context.Background(), stop, func(band.Rows) error { return nil }); err != nil {
				f.Fatal(err)
			}
			data, _ := sw.State().MarshalBinary()
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var st band.State
		if err := st.UnmarshalBinary(data); err != nil {
			return
		}
		rules := rules
		if st.Passless != nil {
			rules = pass
		}
		sw, err := band.Resume(rules, n, v, band.Config{Workers: 2, Segment: 64}, st)
		if err != nil {
			return
		}
		rows := int64(0)
		err = sw.Run(context.Background(), n+1, func(r band.Rows) error {
			for i := range r.Len() {
				for k := r.Start[i]; k < r.Start[i+1]; k++ {
					if r.Value[k] < 0 || r.Value[k] > v || r.Y[k] < 0 || r.Y[k] > n {
						t.Fatalf("cell (%d, %d) of value %d outside the table or the values", r.X0+int64(i), r.Y[k], r.Value[k])
					}
				}
			}
			rows += int64(r.Len())
			return nil
		})
		if err == nil && rows != n+1-st.Next {
			t.Fatalf("%d rows from row %d of %d", rows, st.Next, n+1)
		}
	})
}
