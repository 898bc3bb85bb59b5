package solver

import (
	"slices"
	"testing"
)

// Hand-worked normal-play values, each from the options listed (options are
// written canonically; [n] is one group, a nim heap of n, and [a b] is
// two-heap nim, value a XOR b, see TestGoishiHiroiGroupsAsNim):
//
//	[1 1 1]: [1 1] (0) twice, [2] (2) by emptying the middle: mex{0, 2} = 1.
//	[1 2 1]: [2 1] (3) twice, [1 1 1] (1), [2] (2): mex{3, 1, 2} = 0.
//	[1 1 2]: [1 2] (3), [3] (3), [1 1 1] (1), [1 1] (0): mex = 2.
//	[2 1 2]: [1 1 2] (2), [1 2] (3), each twice, [4] (4): mex = 0.
//	[1 1 1 1]: [1 1 1] (1) twice, [2 1] and [1 2] (3): mex{1, 3} = 0.
func TestGoishiHiroiGrundyHandWorked(t *testing.T) {
	tests := []struct {
		groups []int
		want   int
	}{
		{nil, 0},
		{[]int{0, 0, 0}, 0},
		{[]int{1, 1, 1}, 1},
		{[]int{1, 2, 1}, 0},
		{[]int{1, 1, 2}, 2},
		{[]int{2, 1, 1}, 2},       // the reverse of [1 1 2]
		{[]int{0, 1, 1, 2}, 2},    // a leading empty group changes nothing
		{[]int{1, 1, 2, 0}, 2},    // nor a trailing one
		{[]int{1, 0, 1, 1, 1}, 2}, // A·A B A: the empty B merges to [2 1 1]
		{[]int{2, 1, 2}, 0},
		{[]int{1, 1, 1, 1}, 0},
	}
	for _, tt := range tests {
		if got := GoishiHiroiGrundy(tt.groups); got != tt.want {
			t.Errorf("GoishiHiroiGrundy(%v) = %d, want %d", tt.groups, got, tt.want)
		}
	}
}

// Hand-worked misère outcomes. The empty line is N (the previous player
// moved last and lost); [1] is P (its only option is empty); [n] for n ≥ 2
// is N (move to [1]); [1 1] is N (to [1]); [1 1 1] is P (its options [1 1]
// and [2] are N); [2 1] is N (to [1]); [1 2 1] is N (to [1 1 1]); [2 2] is
// P (its options [1 2] and [2] are N).
func TestGoishiHiroiMisereHandWorked(t *testing.T) {
	tests := []struct {
		groups []int
		want   Outcome
	}{
		{nil, NPosition},
		{[]int{1}, PPosition},
		{[]int{2}, NPosition},
		{[]int{1, 1}, NPosition},
		{[]int{1, 1, 1}, PPosition},
		{[]int{2, 1}, NPosition},
		{[]int{1, 2, 1}, NPosition},
		{[]int{2, 2}, PPosition},
		{[]int{1, 0, 0}, PPosition},
	}
	for _, tt := range tests {
		if got := GoishiHiroiOutcome(tt.groups, true); got != tt.want {
			t.Errorf("GoishiHiroiOutcome(%v, misère) = %v, want %v", tt.groups, got, tt.want)
		}
	}
}

// Figure 3 of 001: (5,3,4) → (5,1,4) → (2,1,4) → (2,1,2) → (2,0,2) →
// (0,0,0). Each step must be one legal move; (2,0,2) is one group of 4.
func TestGoishiHiroiFigure3(t *testing.T) {
	seq := [][]int{{5, 3, 4}, {5, 1, 4}, {2, 1, 4}, {2, 1, 2}, {2, 0, 2}, {0, 0, 0}}
	for i := 1; i < len(seq); i++ {
		from, to := canonicalGroups(seq[i-1]), canonicalGroups(seq[i])
		if !slices.ContainsFunc(goishiOptions(from), func(o []int) bool { return slices.Equal(o, to) }) {
			t.Errorf("%v → %v is not a move (canonical %v → %v)", seq[i-1], seq[i], from, to)
		}
	}
}

// Positions that are not one move apart, including a move across groups
// (stones of two colours at once) and a move that would also take the
// stones of the merged neighbours.
func TestGoishiHiroiNonMoves(t *testing.T) {
	tests := []struct{ from, to []int }{
		{[]int{5, 3, 4}, []int{5, 3, 4}}, // passing
		{[]int{5, 3, 4}, []int{4, 2, 4}}, // two groups lowered
		{[]int{5, 3, 4}, []int{5, 0, 0}}, // middle and right group together
		{[]int{2, 1, 2}, []int{0, 0, 3}}, // middle removed and a neighbour cut
		{[]int{5, 3, 4}, []int{5, 4, 4}}, // a group grows
	}
	for _, tt := range tests {
		from, to := canonicalGroups(tt.from), canonicalGroups(tt.to)
		if slices.ContainsFunc(goishiOptions(from), func(o []int) bool { return slices.Equal(o, to) }) {
			t.Errorf("%v → %v is a move, want not", tt.from, tt.to)
		}
	}
}

func TestCanonicalGroups(t *testing.T) {
	tests := []struct{ groups, want []int }{
		{nil, nil},
		{[]int{0, 0, 0}, nil},
		{[]int{2, 0, 2}, []int{4}},
		{[]int{0, 0, 5}, []int{5}},
		{[]int{3, 0, 0, 2}, []int{2, 3}}, // AAA then BB: colours differ, no merge
		{[]int{1, 0, 1, 0, 1}, []int{3}},
		{[]int{5, 3, 4}, []int{4, 3, 5}}, // the smaller orientation
		{[]int{1, 2, 3, 0, 4}, []int{1, 2, 7}},
	}
	for _, tt := range tests {
		if got := canonicalGroups(tt.groups); !slices.Equal(got, tt.want) {
			t.Errorf("canonicalGroups(%v) = %v, want %v", tt.groups, got, tt.want)
		}
	}
}

// With one group a move lowers it by any amount: a nim heap. With two
// groups both are end groups, so none ever merges: two-heap nim, under
// normal play (value a XOR b) and under misère play (Bouton: P iff the
// nim-sum is 0, unless no heap exceeds 1, when P iff the count of 1s is
// odd). 001's (x, 0, z) is one heap of x + z.
func TestGoishiHiroiGroupsAsNim(t *testing.T) {
	for a := range 21 {
		if got := GoishiHiroiGrundy([]int{a}); got != a {
			t.Errorf("GoishiHiroiGrundy([%d]) = %d, want %d", a, got, a)
		}
		for b := range 21 {
			if got := GoishiHiroiGrundy([]int{a, b}); got != a^b {
				t.Errorf("GoishiHiroiGrundy([%d %d]) = %d, want %d", a, b, got, a^b)
			}
			if got := GoishiHiroiGrundy([]int{a, 0, b}); got != a+b {
				t.Errorf("GoishiHiroiGrundy([%d 0 %d]) = %d, want %d", a, b, got, a+b)
			}
			want := NPosition
			if (a <= 1 && b <= 1 && a+b == 1) || (max(a, b) > 1 && a == b) {
				want = PPosition
			}
			if got := GoishiHiroiOutcome([]int{a, b}, true); got != want {
				t.Errorf("GoishiHiroiOutcome([%d %d], misère) = %v, want %v", a, b, got, want)
			}
		}
	}
}

// For fixed ends x and z, at most one middle y makes (x, y, z) a P-position
// (in either convention): from (x, y₂, z) lowering the middle to any y₁ < y₂
// is a move, and an option of a P-position is never P. This also runs the
// solver over every x, y, z ≤ 20.
func TestGoishiHiroiOnePPositionPerEnds(t *testing.T) {
	for _, misere := range []bool{false, true} {
		for x := range 21 {
			for z := range 21 {
				var ps []int
				for y := range 21 {
					if GoishiHiroiOutcome([]int{x, y, z}, misere) == PPosition {
						ps = append(ps, y)
					}
				}
				if len(ps) > 1 {
					t.Errorf("misère=%v: (%d, y, %d) is P for y in %v, want at most one", misere, x, z, ps)
				}
			}
		}
	}
}

func TestGoishiHiroiNegativePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("GoishiHiroiGrundy([1 -1]) did not panic")
		}
	}()
	GoishiHiroiGrundy([]int{1, -1})
}
