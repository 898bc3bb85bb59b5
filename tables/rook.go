package tables

import (
	"fmt"

	"github.com/grundy-lab/grundy/games"
)

// The rook-move tables built in: two-heap nim and the tables of the
// goishi-hiroi paper and of the pass paper, each a game file of package
// games (games/*.toml), in the order -table all computes them.
var builtinFiles = []string{"nim.toml", "g1.toml", "gneg1.toml", "gstarneg1.toml", "passnim.toml"}

// builtinRook parses the built-in game files. A file that does not parse
// is a fault of the build, not of the user: it panics.
func builtinRook() []Ruleset {
	rs := make([]Ruleset, len(builtinFiles))
	for i, name := range builtinFiles {
		data, err := games.Builtin.ReadFile(name)
		if err != nil {
			panic(fmt.Sprintf("tables: built-in game file %s: %v", name, err))
		}
		g, err := ParseGame("games/"+name, data)
		if err != nil {
			panic(fmt.Sprintf("tables: built-in %v", err))
		}
		rs[i] = g.Ruleset()
	}
	return rs
}

// excludeNimSum excludes x XOR y, the value of the position the pass leads to.
func excludeNimSum(x, y0 int, dst []int32) {
	for i := range dst {
		dst[i] = int32(x ^ (y0 + i))
	}
}
