package hostile

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lab/grundy/results/valuesds"
)

// TestCorpus writes the corpus and checks each dataset with
// valuesds.Check, the reading verify -in makes before its band check: an
// honest one and one that only the band check can fail pass, every other
// is refused as damage with its reason, a sparse part within a second.
// (cmd/verify's TestHostileCorpus runs verify -in itself on them.)
func TestCorpus(t *testing.T) {
	out := t.TempDir()
	cases, err := Write(context.Background(), out, !testing.Short())
	if err != nil {
		t.Fatal(err)
	}
	var listed struct {
		Format string `json:"format"`
		Cases  []Case `json:"cases"`
	}
	data, err := os.ReadFile(filepath.Join(out, "cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &listed); err != nil || len(listed.Cases) != len(cases) {
		t.Fatalf("cases.json: %v, %d cases, want %d", err, len(listed.Cases), len(cases))
	}
	for _, c := range cases {
		start := time.Now()
		_, err := valuesds.Check(context.Background(), filepath.Join(out, c.Dataset))
		switch c.Verdict {
		case "holds", "fails":
			if err != nil {
				t.Errorf("%s: %v", c.Name, err)
			}
		case "refused":
			if !errors.Is(err, valuesds.ErrDamaged) || !strings.Contains(err.Error(), c.Reason) {
				t.Errorf("%s (%s): %v, want damage saying %q", c.Name, c.Damage, err, c.Reason)
			}
		default:
			t.Errorf("%s: verdict %q", c.Name, c.Verdict)
		}
		if elapsed := time.Since(start); c.Sparse > 0 && elapsed > time.Second {
			t.Errorf("%s: refused after %v", c.Name, elapsed)
		}
	}
}
