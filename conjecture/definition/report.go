package definition

import "strconv"

// itoaMex is the value the definition gives a cell whose option values
// are u, every value below lo being one of them: the claimed value of a
// counterexample.
func itoaMex(u *coverage, lo int) string { return strconv.Itoa(u.mexFrom(lo)) }
