// Package papers is the list of every claim: the definition check of
// every table, then the claims of the goishi-hiroi paper, the pass paper,
// Abuku's thesis and Josephus Nim, each from its own package, in that
// order and in each paper's order. The commands select from it; the
// framework in package conjecture runs them.
package papers

import (
	"slices"

	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/conjecture/definition"
	"github.com/grundy-lab/grundy/conjecture/goishi"
	"github.com/grundy-lab/grundy/conjecture/josephus"
	"github.com/grundy-lab/grundy/conjecture/pass"
	"github.com/grundy-lab/grundy/conjecture/thesis"
)

// registry is every claim: the definition checks of the tables, then the
// claims of the goishi-hiroi paper, the pass paper, the thesis and
// Josephus Nim.
var registry = slices.Concat(definition.Claims(), goishi.Claims(), pass.Claims(), thesis.Claims(), josephus.Claims())

// All returns every registered claim, papers in the order above and each
// paper's claims in its order; the slice is a copy.
func All() []conjecture.Claim { return slices.Clone(registry) }
