package proof

import (
	"bytes"
	"context"
	"testing"
)

// Decode never panics, and what it accepts Check judges without panicking.
func FuzzDecode(f *testing.F) {
	var buf bytes.Buffer
	rep, _, _ := Search(context.Background(), "gneg1", 1, 100, Options{Config: testConfig})
	c, _ := NewCertificate(rep, "fuzz")
	_ = c.Encode(&buf)
	f.Add(buf.Bytes())
	f.Add([]byte(`{"format":"grundy-proof/1","table":"nim","v":0,"x0":1,"p":1,"state":""}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		c, err := Decode(bytes.NewReader(b))
		if err != nil || c.X0+c.P > 100 || c.V > 8 {
			return
		}
		_ = Check(context.Background(), c, testConfig)
	})
}

// FuzzSearchState: UnmarshalBinary never panics, and a state it accepts
// (its checksum right) encodes back to the very bytes it was read from.
func FuzzSearchState(f *testing.F) {
	var saved []byte
	_, _, _ = Search(context.Background(), "passnim", 6, 4000, Options{Config: testConfig, chunk: 100, Save: func(st *SearchState) error {
		saved, _ = st.MarshalBinary()
		return nil
	}})
	f.Add(saved)
	f.Add([]byte(searchStateMagic))
	f.Fuzz(func(t *testing.T, b []byte) {
		var st SearchState
		if st.UnmarshalBinary(b) != nil {
			return
		}
		back, err := st.MarshalBinary()
		if err != nil || !bytes.Equal(back, b) {
			t.Fatalf("%d bytes accepted, encoded back as %d bytes (%v)", len(b), len(back), err)
		}
	})
}
