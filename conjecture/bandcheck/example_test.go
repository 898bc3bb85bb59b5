package bandcheck_test

import (
	"fmt"

	"github.com/grundy-lab/grundy/conjecture/bandcheck"
)

// The values ≤ 1 of nim, x XOR y, over 0 ≤ x, y ≤ 7 are the cells (x, x)
// of value 0 and (x, x XOR 1) of value 1, two per row. Streamed whole
// they pass; with the cell (5, 4) left out, the checker names it.
func Example() {
	check := func(skip int64) error {
		c, err := bandcheck.New("nim", 7, 1)
		if err != nil {
			return err
		}
		for x := range int64(8) {
			r := bandcheck.Rows{X0: x, Start: []int32{0}}
			for y := range int64(8) {
				if v := x ^ y; v <= 1 && !(x == skip && y == 4) {
					r.Y, r.Value = append(r.Y, y), append(r.Value, int32(v))
				}
			}
			r.Start = append(r.Start, int32(len(r.Y)))
			if err := c.Rows(r); err != nil {
				return err
			}
		}
		return c.Finish()
	}
	fmt.Println(check(-1))
	fmt.Println(check(5))
	// Output:
	// <nil>
	// bandcheck: cell (5, 4): the stream has no cell (absent: a value > 1), the definition gives 1
}
