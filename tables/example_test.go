package tables_test

import (
	"fmt"

	"github.com/grundy-lab/grundy/tables"
)

// The top-left corner of G_P, two-pile nim with a pass (Table 3 of the pass
// paper), from the slow reference.
func ExampleReference() {
	passnim, ok := tables.Lookup("passnim")
	if !ok {
		fmt.Println("no passnim")
		return
	}
	for _, row := range tables.Reference(passnim.Rules, 4) {
		fmt.Println(row)
	}
	// Output:
	// [0 2 1 4 3]
	// [2 1 0 3 4]
	// [1 0 2 5 7]
	// [4 3 5 1 0]
	// [3 4 7 0 1]
}

func ExampleIDs() {
	fmt.Println(tables.IDs())
	// Output: [nim g1 gneg1 gstarneg1 passnim wythoff deletenim vdn josephusnim]
}
