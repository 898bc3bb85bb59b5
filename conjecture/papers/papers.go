// Package papers is the list of every claim: those of the goishi-hiroi
// paper, the pass paper, Abuku's thesis and Josephus Nim, each from its
// own package, in the order of the seed files and of each paper. The
// commands select from it; the framework in package conjecture runs them.
package papers

import (
	"slices"

	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/conjecture/goishi"
	"github.com/grundy-lab/grundy/conjecture/josephus"
	"github.com/grundy-lab/grundy/conjecture/pass"
	"github.com/grundy-lab/grundy/conjecture/thesis"
)

// registry is every claim: 001's, then 002's, 003's and 004's.
var registry = slices.Concat(goishi.Claims(), pass.Claims(), thesis.Claims(), josephus.Claims())

// All returns every registered claim, papers in seed order and each
// paper's claims in its order; the slice is a copy.
func All() []conjecture.Claim { return slices.Clone(registry) }
