package results_test

import (
	"fmt"

	"github.com/grundy-lab/grundy/results"
)

func ExampleFileName() {
	fmt.Println(results.FileName("gneg1", 10000))
	// Output: gneg1_n10000.arrow
}

func ExampleFormat_FileName() {
	for _, f := range []results.Format{results.Arrow, results.Parquet} {
		fmt.Println(f.FileName("gneg1", 10000))
	}
	// Output:
	// gneg1_n10000.arrow
	// gneg1_n10000.parquet
}
