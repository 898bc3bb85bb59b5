package thesis

import (
	"testing"

	"github.com/grundy-lab/grundy/tables/solver"
)

// Theorem 2.4 is checked only on sets whose Grundy sequences are h-stairs;
// the pool is chosen so that every set is one, so none is left out.
func TestTheorem24PoolIsStairs(t *testing.T) {
	for h := 2; h <= 4; h++ {
		for _, s := range theorem24Pool(h) {
			if !isStair(solver.SubtractionGrundy(s, 200), h) {
				t.Errorf("h = %d: G-value sequence of %s is not an h-stair", h, s.Name)
			}
		}
	}
}
