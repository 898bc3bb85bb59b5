package proof

import (
	"os"
	"path/filepath"
	"testing"
)

// TestPublishedCertificatesDecode: the certificates docs/certificates/
// ships, whose results the README and docs/proofs.md state, are
// well-formed certificates (Decode: their framing, their states, their
// searches' agreement with V, X0 and P) of exactly the repeats stated. That
// they hold is bin/verify -certificate's to check: 6 to 14 minutes each on
// two cores (docs/proofs.md), too long for this suite.
func TestPublishedCertificatesDecode(t *testing.T) {
	for _, want := range []struct {
		file             string
		table            string
		v                int
		x0, p, bound     int64
		firstUnrepeatedV int
	}{
		{"gneg1_v44.proof.json", "gneg1", 44, 8682, 1_074_427_200, 10_000_000_000, 45},
		{"gstarneg1_v43.proof.json", "gstarneg1", 43, 692_688, 995_742_720, 10_000_000_000, 44},
		{"passnim_v115.proof.json", "passnim", 115, 1_433_199_131, 353_894_400, 10_000_000_000, 0},
	} {
		f, err := os.Open(filepath.Join("..", "..", "docs", "certificates", want.file))
		if err != nil {
			t.Fatal(err)
		}
		c, err := Decode(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", want.file, err)
		}
		if c.Table != want.table || c.V != want.v || c.X0 != want.x0 || c.P != want.p {
			t.Errorf("%s: the certificate of %s, V = %d, x0 = %d, P = %d; the docs state %s, V = %d, x0 = %d, P = %d",
				want.file, c.Table, c.V, c.X0, c.P, want.table, want.v, want.x0, want.p)
		}
		if c.Search == nil || c.Search.Bound != want.bound || c.Search.FirstUnrepeatedV != want.firstUnrepeatedV {
			t.Errorf("%s: search %+v; the docs state bound %d, first unrepeated V %d", want.file, c.Search, want.bound, want.firstUnrepeatedV)
		}
	}
}
