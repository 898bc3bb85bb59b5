package solver

import "testing"

// Without the pass, pass nim is nim: the solver, which enumerates moves,
// must give the nim-sum.
func TestPassNimWithoutPassIsNim(t *testing.T) {
	for a := range 8 {
		for b := range 8 {
			for c := range 8 {
				if got := PassNimGrundy([]int{a, b, c}, false); got != a^b^c {
					t.Errorf("PassNimGrundy([%d %d %d], false) = %d, want %d", a, b, c, got, a^b^c)
				}
			}
		}
	}
}

// One heap n with the pass has the options m < n (pass kept) and the pass to
// n without it (value n). By induction its value is n+1 for odd n and n−1
// for even n ≥ 2: for odd n the values below n are 0 and the pairs
// {1,2}, …, {n−2, n−1}, all of 0…n−1, and with n the mex is n+1; for even n
// they are 0…n−2 and n (from n−1), and with n the mex is n−1.
func TestPassNimOneHeap(t *testing.T) {
	for n := range 31 {
		want := n - 1
		switch {
		case n == 0:
			want = 0
		case n%2 == 1:
			want = n + 1
		}
		if got := PassNimGrundy([]int{n}, true); got != want {
			t.Errorf("PassNimGrundy([%d], true) = %d, want %d", n, got, want)
		}
	}
}

// passNimTable3 is Table 3 of 002 (lines 342–356), G_P(x, y) for x, y ≤ 12,
// transcribed by hand; row x, column y.
var passNimTable3 = [13][13]int{
	{0, 2, 1, 4, 3, 6, 5, 8, 7, 10, 9, 12, 11},
	{2, 1, 0, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12},
	{1, 0, 2, 5, 7, 3, 8, 4, 6, 12, 11, 10, 9},
	{4, 3, 5, 1, 0, 2, 7, 6, 9, 8, 12, 13, 10},
	{3, 4, 7, 0, 1, 8, 9, 2, 5, 6, 13, 14, 15},
	{6, 5, 3, 2, 8, 1, 0, 9, 4, 7, 14, 15, 13},
	{5, 6, 8, 7, 9, 0, 1, 3, 2, 4, 15, 16, 14},
	{8, 7, 4, 6, 2, 9, 3, 1, 0, 5, 16, 17, 18},
	{7, 8, 6, 9, 5, 4, 2, 0, 1, 3, 17, 18, 16},
	{10, 9, 12, 8, 6, 7, 4, 5, 3, 1, 0, 19, 2},
	{9, 10, 11, 12, 13, 14, 15, 16, 17, 0, 1, 2, 3},
	{12, 11, 10, 13, 14, 15, 16, 17, 18, 19, 2, 1, 0},
	{11, 12, 9, 10, 15, 13, 14, 18, 16, 2, 3, 0, 1},
}

func TestPassNimTwoHeapsTable3(t *testing.T) {
	for x, row := range passNimTable3 {
		for y, want := range row {
			if got := PassNimGrundy([]int{x, y}, true); got != want {
				t.Errorf("PassNimGrundy([%d %d], true) = %d, want %d (Table 3 of 002)", x, y, got, want)
			}
		}
	}
}

// A non-terminal P-position of nim becomes an N-position with the pass
// available, since passing moves to it (002, after Definition 10); the
// terminal position stays P because the pass is not allowed there. This also
// runs the solver over every three heaps ≤ 20.
func TestPassNimPassWinsFromNimP(t *testing.T) {
	for a := range 21 {
		for b := range 21 {
			for c := range 21 {
				got := PassNimOutcome([]int{a, b, c}, true)
				switch {
				case a+b+c == 0 && got != PPosition:
					t.Errorf("PassNimOutcome([0 0 0], true) = %v, want P", got)
				case a+b+c > 0 && a^b^c == 0 && got != NPosition:
					t.Errorf("PassNimOutcome([%d %d %d], true) = %v, want N", a, b, c, got)
				}
			}
		}
	}
}

// Heap order and empty heaps do not matter.
func TestPassNimCanonical(t *testing.T) {
	want := PassNimGrundy([]int{3, 5, 6}, true)
	for _, h := range [][]int{{6, 5, 3}, {0, 5, 3, 6}, {5, 0, 0, 6, 3}} {
		if got := PassNimGrundy(h, true); got != want {
			t.Errorf("PassNimGrundy(%v, true) = %d, want %d as for [3 5 6]", h, got, want)
		}
	}
}
