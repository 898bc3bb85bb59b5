package proof_test

import (
	"context"
	"fmt"

	"github.com/grundy-lab/grundy/conjecture/proof"
	"github.com/grundy-lab/grundy/engine/band"
)

// The values 0 … 3 of G₋₁ repeat with period 4 from row 6, for all x and
// y (each value with its own period and start, printed by residue): Theorem 4 of the goishi-hiroi paper, whose claims the certificate
// names and Check verifies with it.
func Example() {
	ctx := context.Background()
	cfg := band.Config{Workers: 1}
	rep, found, err := proof.Search(ctx, "gneg1", 3, 1000, proof.Options{Config: cfg})
	if err != nil || !found {
		fmt.Println(found, err)
		return
	}
	cert, err := proof.NewCertificate(rep, "example")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(rep.X0, rep.P, cert.Statements)
	fmt.Println(proof.Check(ctx, cert, cfg))
	patterns, _ := proof.Patterns(ctx, rep, cfg)
	for _, p := range patterns {
		fmt.Println(p.Value, p.Period, p.Start, p.Offsets)
	}
	// Output:
	// 6 4 [goishi.thm4.1 goishi.thm4.2 goishi.thm4.3 goishi.thm4.4]
	// <nil>
	// 0 1 2 [0]
	// 1 2 3 [-1 1]
	// 2 2 4 [1 -1]
	// 3 4 6 [-2 -2 2 2]
}
