// Package tables defines the rulesets of the papers in ../shared/seeds as
// data the engine computes, and gives each a slow reference implementation
// written straight from its definition, for tests to compare against.
package tables

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/engine/band"
)

// Ruleset is a registered 2-D rook-move table: its engine rules plus the words
// that describe it in result files.
type Ruleset struct {
	// ID names the table on the command line and in file names ("gneg1").
	ID string
	// Symbol is the paper's name for the function ("G₋₁").
	Symbol string
	// Definition is the recurrence in words.
	Definition string
	// Source is the paper and table or theorem the definition comes from.
	Source string
	// Rules is what the engine computes.
	Rules engine.Rules

	// nimSum says that Rules.Excluded is x XOR y, which the band sweep
	// computes itself rather than calling a function per cell.
	nimSum bool
	// noBand, if set, is why the band sweep cannot compute this table.
	noBand string
}

// BandRules returns the ruleset as the band sweep computes it (package
// engine/band), or an error saying why the band cannot serve it.
func (r Ruleset) BandRules() (band.Rules, error) {
	if r.noBand != "" {
		return band.Rules{}, fmt.Errorf("%w: the band sweep cannot compute %s: %s", band.ErrInvalid, r.ID, r.noBand)
	}
	if r.Rules.Excluded != nil && !r.nimSum {
		panic("tables: " + r.ID + " has an excluded value the band sweep does not know")
	}
	rules := band.Rules{NimSum: r.nimSum}
	for _, c := range r.Rules.Base {
		rules.Base = append(rules.Base, band.Cell{X: int64(c.X), Y: int64(c.Y), Value: c.Value})
	}
	return rules, nil
}

// registry holds the rulesets in the order `-table all` computes them.
var registry = []Ruleset{nim, g1, gneg1, gstarneg1, passnim, wythoff, deletenim, vdn, josephusnim}

// All returns every registered ruleset, in a fixed order; the slice is a copy.
func All() []Ruleset { return slices.Clone(registry) }

// IDs returns the registered ids in the order of All.
func IDs() []string {
	ids := make([]string, len(registry))
	for i, r := range registry {
		ids[i] = r.ID
	}
	return ids
}

// Lookup returns the ruleset with the given id; ok is false if there is none.
func Lookup(id string) (r Ruleset, ok bool) {
	i := slices.IndexFunc(registry, func(r Ruleset) bool { return r.ID == id })
	if i < 0 {
		return Ruleset{}, false
	}
	return registry[i], true
}

// ValidIDs is the list of ids for an error message: "nim, g1, …".
func ValidIDs() string { return strings.Join(IDs(), ", ") }
