package results_test

import (
	"fmt"

	"github.com/grundy-lab/grundy/results"
)

func ExampleValuesFileName() {
	fmt.Println(results.ValuesFileName("gneg1", 100000))
	fmt.Println(results.IsValuesFileName("out/gneg1_n100000.values.arrow"), results.IsValuesFileName("out/gneg1_n100000.arrow"))
	// Output:
	// gneg1_n100000.values.arrow
	// true false
}

func ExampleParseValueRange() {
	r, err := results.ParseValueRange("0-200", 1000)
	fmt.Println(r, err)
	_, err = results.ParseValueRange("40-3", 1000)
	fmt.Println(err)
	// Output:
	// 0-200 <nil>
	// "40-3" is an empty range
}
