package definition

import (
	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/conjecture/goishi"
	"github.com/grundy-lab/grundy/conjecture/josephus"
	"github.com/grundy-lab/grundy/conjecture/moves"
	"github.com/grundy-lab/grundy/conjecture/pass"
	"github.com/grundy-lab/grundy/conjecture/thesis"
	"github.com/grundy-lab/grundy/tables"
)

// definedIn is where each table's definition is printed.
var definedIn = map[string]conjecture.Source{
	"nim":         {Paper: goishi.Citation, Label: "Section 1.1, definition of G₀ (two-pile nim)"},
	"g1":          {Paper: goishi.Citation, Label: "Section 1.1, definition of G₁"},
	"gneg1":       {Paper: goishi.Citation, Label: "Section 1.1, definition of G₋₁"},
	"gstarneg1":   {Paper: goishi.Citation, Label: "Section 1.1, definition of G*₋₁"},
	"passnim":     {Paper: pass.Citation, Label: "two-pile nim with a pass G_P (Table 3, Lemma 4)"},
	"wythoff":     {Paper: thesis.Citation, Label: "Section 1.2.1, Wythoff's Nim"},
	"deletenim":   {Paper: thesis.Citation, Label: "Section 3.1, rules of Delete Nim"},
	"vdn":         {Paper: thesis.Citation, Label: "Section 3.3, the variant VDN"},
	"josephusnim": {Paper: josephus.Citation, Label: "Definition 1.1"},
}

// Claims returns, for every table of tables.All in its order, its
// definition claim and the necessary conditions that hold for its game.
// The moves are those of package moves, stated from the papers, never the
// rules the engine computes: a wrong rule there makes cells fail.
func Claims() []conjecture.Claim {
	var claims []conjecture.Claim
	for _, r := range tables.All() {
		src, ok := definedIn[r.ID]
		if !ok {
			panic("definition: no source for table " + r.ID)
		}
		claim := func(suffix, statement, checkedOn string, check func(int) conjecture.Checker) conjecture.Claim {
			return conjecture.Claim{ID: r.ID + "." + suffix, Source: src, Statement: statement,
				CheckedOn: "table " + r.ID + ", " + checkedOn, Table: r.ID, Unit: "cells", Check: check}
		}
		game, ok := moves.Lookup(r.ID)
		if !ok {
			panic("definition: no moves for table " + r.ID)
		}
		var check func(int) conjecture.Checker
		switch game.Kind {
		case moves.Split:
			check = splitCheck(game)
		case moves.Josephus:
			check = josephusCheck()
		default:
			check = rookCheck(game)
		}
		claims = append(claims, claim("definition", r.Symbol+": "+r.Definition,
			"every cell against the mex of its options, from the definition (not the engine's code)", check))
		if game.Kind == moves.Rook {
			claims = append(claims,
				claim("rows", "Every value ≥ 0 appears at most once in each row of "+r.Symbol+
					" (every earlier cell of a row is an option of the later ones).", "every row", rowsDistinctCheck()),
				claim("columns", "Every value ≥ 0 appears at most once in each column of "+r.Symbol+
					" (every earlier cell of a column is an option of the later ones).", "every column", columnsDistinctCheck()))
		}
		// Josephus Nim weighs its two piles differently; every other game
		// here treats its two heaps alike.
		if game.Kind != moves.Josephus {
			claims = append(claims, claim("symmetric", r.Symbol+"(x, y) = "+r.Symbol+"(y, x) for all x, y: the game treats its two heaps alike.",
				"every cell against its mirror, by fingerprints of blocks of 256 cells", symmetricCheck()))
		}
	}
	return claims
}
