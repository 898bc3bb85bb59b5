package results_test

import (
	"fmt"

	"github.com/grundy-lab/grundy/results"
)

func ExampleFileName() {
	fmt.Println(results.FileName("gneg1", 10000))
	// Output: gneg1_n10000.arrow
}
