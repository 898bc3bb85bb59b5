package papers_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/conjecture/claimtest"
	"github.com/grundy-lab/grundy/conjecture/goishi"
	"github.com/grundy-lab/grundy/conjecture/josephus"
	"github.com/grundy-lab/grundy/conjecture/papers"
	"github.com/grundy-lab/grundy/conjecture/pass"
	"github.com/grundy-lab/grundy/conjecture/thesis"
	"github.com/grundy-lab/grundy/tables"
)

// printedFailures are the printed claims known to fail; each has a
// .corrected claim that holds.
var printedFailures = map[string]bool{
	"pass.thm1.4":              true,
	"pass.table2":              true,
	"pass.def10note":           true,
	"thesis.ex2.8":             true,
	"josephus.abstract":        true,
	"josephus.lem1.3":          true,
	"josephus.lem1.4":          true,
	"josephus.thm1.1":          true,
	"josephus.thm1.1.table":    true,
	"josephus.abstract2.table": true,
}

// TestRegistryOnReferenceTables runs every claim on the reference tables
// at n = 40, at its default bound or 16 if that is smaller (cmd/verify runs
// the defaults): the printed claims known to fail fail, and every other
// claim holds.
func TestRegistryOnReferenceTables(t *testing.T) {
	in := map[string]conjecture.Table{}
	for _, id := range tables.IDs() {
		in[id] = claimtest.ReferenceTable(t, id, 40, nil)
	}
	for _, c := range papers.All() {
		r := claimtest.RunOne(t, c, in, min(c.Bound, 16))
		want := conjecture.Holds
		if printedFailures[r.ID] || strings.HasSuffix(r.ID, ".printed") {
			want = conjecture.Fails
		}
		if r.Status != want {
			first := ""
			if len(r.Counterexamples) > 0 {
				first = r.Counterexamples[0].String()
			}
			t.Errorf("%s: %s (%d found; first %s), want %s", r.ID, r.Status, r.Found, first, want)
		}
		if r.Checked == 0 {
			t.Errorf("%s checked nothing", r.ID)
		}
	}
}

// TestRegistryWellFormed checks what every claim must carry.
func TestRegistryWellFormed(t *testing.T) {
	idPattern := regexp.MustCompile(`^((goishi|pass|thesis|josephus)\.[a-z0-9]+(\.[0-9]+)?(\.table)?(\.corrected|\.printed)?|[a-z0-9]+\.(definition|rows|columns|symmetric))$`)
	citations := map[string]bool{goishi.Citation: true, pass.Citation: true, thesis.Citation: true, josephus.Citation: true}
	seen := make(map[string]bool)
	for _, c := range papers.All() {
		switch {
		case !idPattern.MatchString(c.ID):
			t.Errorf("id %q is not <paper>.<label>[.table][.corrected] or <table>.definition|rows|columns|symmetric", c.ID)
		case seen[c.ID]:
			t.Errorf("id %q is registered twice", c.ID)
		case !citations[c.Source.Paper] || c.Source.Label == "":
			t.Errorf("%s: source %+v names no paper and label", c.ID, c.Source)
		case c.Statement == "" || c.CheckedOn == "" || c.Unit == "" || c.Check == nil:
			t.Errorf("%s: statement, checked-on, unit and checker are all required", c.ID)
		}
		if _, ok := tables.Lookup(c.Table); c.Table != "" && !ok {
			t.Errorf("%s reads table %q, which is not registered", c.ID, c.Table)
		}
		if base, ok := strings.CutSuffix(c.ID, ".printed"); ok && !seen[base] {
			t.Errorf("%s is a printed reading of %s, which must be registered before it", c.ID, base)
		}
		if base, ok := strings.CutSuffix(c.ID, ".corrected"); ok {
			if !seen[base] || !printedFailures[base] {
				t.Errorf("%s corrects %s, which must be registered before it and fail", c.ID, base)
			}
			if !strings.HasPrefix(c.Note, "Changed:") {
				t.Errorf("%s: a correction's note must start with \"Changed:\" and say why", c.ID)
			}
		}
		seen[c.ID] = true
	}
	for id := range printedFailures {
		if !seen[id+".corrected"] {
			t.Errorf("%s fails as printed but has no .corrected claim", id)
		}
	}
}
