package patternfiles

import (
	"fmt"
	"path/filepath"

	"github.com/grundy-lab/grundy/conjecture/pattern"
)

// stampCertificates returns found with the proof block of every proved
// value naming its certificate by content: the SHA-256 of the bytes of the
// certificate file it names in dir, after checking that they decode to a
// certificate of table whose V, x0, P and search's outcome are the block's. The certificate
// was checked when it was written (Prove); this ties the patterns file to
// those very bytes, so that verify -claims-from can find and re-check them.
func stampCertificates(dir, table string, found []pattern.Result) ([]pattern.Result, error) {
	out := make([]pattern.Result, len(found))
	sums := map[string]string{}
	for i, r := range found {
		out[i] = r
		if r.Proof == nil {
			continue
		}
		pr := *r.Proof
		sum, ok := sums[pr.Certificate]
		if !ok {
			var err error
			if sum, err = certificateSum(filepath.Join(dir, pr.Certificate), table, pr); err != nil {
				return nil, fmt.Errorf("value %d: %w", r.Value, err)
			}
			sums[pr.Certificate] = sum
		}
		pr.CertificateSHA256 = sum
		out[i].Proof = &pr
	}
	return out, nil
}

// certificateSum reads the certificate at path and returns the SHA-256 of
// its bytes, after checking that it is the certificate of table that pr
// cites.
func certificateSum(path, table string, pr pattern.Proof) (string, error) {
	c, sum, err := certificateFile(path)
	if err != nil {
		return "", fmt.Errorf("read the certificate %s: %w", path, err)
	}
	if c.Table != table || c.V != pr.V || c.X0 != pr.X0 || c.P != pr.P {
		return "", fmt.Errorf("%s is the certificate of %s, V = %d, x0 = %d, P = %d, not the one of %s, V = %d, x0 = %d, P = %d its values were proved by",
			path, c.Table, c.V, c.X0, c.P, table, pr.V, pr.X0, pr.P)
	}
	if err := searchDisagrees(pr, c); err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	return sum, nil
}
