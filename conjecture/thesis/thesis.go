package thesis

import (
	"github.com/grundy-lab/grundy/conjecture"
	"slices"
)

// Claims returns the claims of 003, in the order of the thesis.
func Claims() []conjecture.Claim {
	return slices.Concat(
		basicClaims(),        // Examples 1.4, 1.10, 1.12, 2.3, 3.3, 3.4, Proposition 1.5, Theorem 1.13, Siegel
		nimClaims(),          // Theorem 1.6, Example 1.8
		sumClaims(),          // Theorem 1.14, Corollary 1.15
		wythoffClaims(),      // Theorem 1.16
		nimhoffClaims(),      // Theorem 1.17
		subtractionClaims(),  // Table 1, Example 1.19
		gcnClaims(),          // Theorem 2.4
		stairExampleClaims(), // Examples 2.5–2.8
		gcnExampleClaims(),   // the example after Example 2.8
		theorem29Claims(),    // Theorem 2.9
		deleteNimClaims(),    // Section 3
	)
}
