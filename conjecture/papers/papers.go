// Package papers is the list of every claim: the definition check of
// every table, then the claims of the goishi-hiroi paper, the pass paper,
// Abuku's thesis and Josephus Nim, each from its own package, in the order
// of the seed files and of each paper. The
// commands select from it; the framework in package conjecture runs them.
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
// claims of 001, 002, 003 and 004.
var registry = slices.Concat(definition.Claims(), goishi.Claims(), pass.Claims(), thesis.Claims(), josephus.Claims())

// Citation returns the authors, title and arXiv id of the paper in the
// seed file seed, or seed itself for a file no claim package knows.
func Citation(seed string) string {
	switch seed {
	case goishi.Seed:
		return goishi.Citation
	case pass.Seed:
		return pass.Citation
	case thesis.Seed:
		return thesis.Citation
	case josephus.Seed:
		return josephus.Citation
	}
	return seed
}

// All returns every registered claim, papers in seed order and each
// paper's claims in its order; the slice is a copy.
func All() []conjecture.Claim { return slices.Clone(registry) }
