package patternfiles

import (
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/conjecture/pattern"
	"github.com/grundy-lab/grundy/conjecture/proof"
	"github.com/grundy-lab/grundy/engine/band"
)

// TestStampCertificates: the proof blocks of the proved values get the
// sha256 of the certificate file they name, and a block whose certificate
// is missing, or is not the one of its V, x0, P and search's outcome, is
// refused.
func TestStampCertificates(t *testing.T) {
	dir := t.TempDir()
	proved, err := Prove(context.Background(), "gneg1", 400, 40, 400, dir, band.Config{Workers: 1})
	if err != nil || !proved.Found {
		t.Fatalf("prove: found %v, %v", proved.Found, err)
	}
	data, err := os.ReadFile(proved.Path)
	if err != nil {
		t.Fatal(err)
	}
	pr := proved.Proofs[3]
	if want := proof.OutcomeOf(proved.Repeat, 40, 400); proved.Outcome != want || pr.SearchBound != want.Bound || pr.FirstUnrepeatedV != want.FirstUnrepeatedV {
		t.Fatalf("the outcome %+v, in the proof block bound %d, first unrepeated V %d; want %+v", proved.Outcome, pr.SearchBound, pr.FirstUnrepeatedV, want)
	}
	if want := proved.Repeat.V + 1; pr.FirstUnrepeatedV != want {
		t.Fatalf("V = %d proved with HI = 40, yet the first unrepeated V is %d, not %d: the test needs a climb that stops below HI", proved.Repeat.V, pr.FirstUnrepeatedV, want)
	}
	observed := pattern.Result{Pattern: pattern.Pattern{Value: 9}}
	got, err := stampCertificates(dir, "gneg1", []pattern.Result{{Pattern: pattern.Pattern{Value: 3}, Proof: &pr}, observed})
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("%x", sha256.Sum256(data)); got[0].Proof.CertificateSHA256 != want || got[1].Proof != nil {
		t.Errorf("stamped %q and %v, want %s and no proof", got[0].Proof.CertificateSHA256, got[1].Proof, want)
	}
	if pr.CertificateSHA256 != "" {
		t.Error("the caller's proof was changed")
	}
	if err := os.Symlink(proved.Path, filepath.Join(dir, "link.json")); err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]struct {
		edit func(p *pattern.Proof)
		want string
	}{
		"missing":         {func(p *pattern.Proof) { p.Certificate = "gneg1_n9.proof.json" }, "no such file"},
		"other V":         {func(p *pattern.Proof) { p.V++ }, "not the one of gneg1"},
		"other P":         {func(p *pattern.Proof) { p.P++ }, "not the one of gneg1"},
		"symlink":         {func(p *pattern.Proof) { p.Certificate = "link.json" }, "not a regular file"},
		"other bound":     {func(p *pattern.Proof) { p.SearchBound++ }, "the search bound 401 rows"},
		"no unrepeated V": {func(p *pattern.Proof) { p.FirstUnrepeatedV = 0 }, "the first unrepeated V 0"},
	} {
		bad := pr
		c.edit(&bad)
		if _, err := stampCertificates(dir, "gneg1", []pattern.Result{{Pattern: pattern.Pattern{Value: 3}, Proof: &bad}}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error saying %q", name, err, c.want)
		}
	}
	if _, err := stampCertificates(dir, "passnim", []pattern.Result{{Pattern: pattern.Pattern{Value: 3}, Proof: &pr}}); err == nil {
		t.Error("a certificate of gneg1 stamped on the patterns of passnim")
	}
}
