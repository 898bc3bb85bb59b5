package moves_test

import (
	"fmt"

	"github.com/grundy-lab/grundy/conjecture/moves"
)

// The options of (1, 2) in nim with a pass: the heap moves, and the pass
// to plain nim, of value 1 XOR 2 = 3; with G_P(0, 2) = 1, G_P(1, 0) = 2
// and G_P(1, 1) = 1 that leaves G_P(1, 2) = 0.
func ExampleGame_Options() {
	g, _ := moves.Lookup("passnim")
	positions, extra := g.Options(1, 2)
	fmt.Println(positions, extra)
	fmt.Println(g.Table(3)[1][2])
	// Output:
	// [{0 2} {1 0} {1 1}] 3
	// 0
}
