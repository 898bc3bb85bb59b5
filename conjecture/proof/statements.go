package proof

import (
	"context"
	"fmt"
	"slices"

	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/conjecture/papers"
	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/tables"
)

// paperStatement is a statement of a paper about the values 0 … V of a
// table: the claims that check it, by id.
type paperStatement struct {
	table  string
	v      int
	claims []string
}

// paperStatements are the papers' characterizations of the smallest
// values: Theorems 4 and 5 of Abuku, Fukui, Katayama, Suetsugu,
// "Relationship between misère nim and two-player goishi hiroi"
// (arXiv 2412.03996), for G₋₁ and G*₋₁ and the values 0 … 3, and Lemma 4 of
// Manabe, Miyadera, Suetsugu, "On the Sprague-Grundy values of games with
// a pass", for G_P and the values 0 … 2.
var paperStatements = []paperStatement{
	{"gneg1", 3, []string{"goishi.thm4.1", "goishi.thm4.2", "goishi.thm4.3", "goishi.thm4.4"}},
	{"gstarneg1", 3, []string{"goishi.thm5.1", "goishi.thm5.2", "goishi.thm5.3", "goishi.thm5.4"}},
	{"passnim", 2, []string{"pass.lem4a", "pass.lem4b", "pass.lem4c"}},
}

// PaperV is the cap V of the papers' statement about table, and false
// when no paper characterizes its smallest values.
func PaperV(table string) (int, bool) {
	for _, s := range paperStatements {
		if s.table == table {
			return s.v, true
		}
	}
	return 0, false
}

// StatementsOf lists the claim ids of the papers' statement about table
// when it speaks of values ≤ v only (its V equals v): a certificate of a
// larger V would need the table to far more rows to check the statement
// on, so the statements go with the certificate of the papers' own V.
func StatementsOf(table string, v int) []string {
	for _, s := range paperStatements {
		if s.table == table && s.v == v {
			return slices.Clone(s.claims)
		}
	}
	return nil
}

// maxStatementSide bounds the side of the full table CheckStatements
// computes.
const maxStatementSide = 1 << 12

// CheckStatements checks the claims a certificate names on the whole
// table to row and column X0+P+V+2, with the claim checkers of package
// conjecture: every row 0 … X0+P−1 and the cells of value ≤ V in it (they
// lie within y ≤ x+V+2). The certificate proves that those cells repeat
// with period P from row X0 on; the statements' cell sets are unions of
// families (4n+b, 4n+d) and finitely many cells, so they repeat with
// period 4, which divides P, from their last listed cell on: agreeing on
// rows 0 … X0+P−1 (and X0 past the listed cells), they agree on every row.
// The error wraps ErrCertificate and names the failing claims.
func CheckStatements(ctx context.Context, c Certificate) error {
	known := StatementsOf(c.Table, c.V)
	for _, id := range c.Statements {
		if !slices.Contains(known, id) {
			return fmt.Errorf("%w: statement %s is not one this certificate of %s, V = %d can prove (%v)", ErrCertificate, id, c.Table, c.V, known)
		}
	}
	side := c.X0 + c.P + int64(c.V) + 2
	if side > maxStatementSide {
		return fmt.Errorf("%w: checking the statements needs the table to row %d, beyond %d", ErrCertificate, side, maxStatementSide)
	}
	var claims []conjecture.Claim
	for _, claim := range papers.All() {
		if slices.Contains(c.Statements, claim.ID) {
			claims = append(claims, claim)
		}
	}
	r, _ := tables.Lookup(c.Table)
	table := func(visit func(engine.Band) error) error {
		return engine.Compute(ctx, r.Rules, int(side), engine.Config{Workers: 1}, visit)
	}
	reports, err := conjecture.Run(ctx, claims, map[string]conjecture.Table{c.Table: table}, conjecture.Options{})
	if err != nil {
		return fmt.Errorf("proof: check the statements of %s: %w", c.Table, err)
	}
	for _, rep := range reports {
		if rep.Status != conjecture.Holds {
			return fmt.Errorf("%w: statement %s %s on the table to row %d", ErrCertificate, rep.ID, rep.Status, side)
		}
	}
	return nil
}
