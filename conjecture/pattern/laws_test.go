package pattern_test

import (
	"slices"
	"testing"

	"github.com/grundy-lab/grundy/conjecture/pattern"
)

// found makes results with a pattern of the given period for each value.
func found(periods map[int]int) []pattern.Result {
	var res []pattern.Result
	for v := range 100 {
		if p, ok := periods[v]; ok {
			res = append(res, pattern.Result{Found: true, Pattern: pattern.Pattern{Value: v, Period: p}})
		} else {
			res = append(res, pattern.Result{Pattern: pattern.Pattern{Value: v}})
		}
	}
	return res
}

// law returns the law named name among laws, or fails the test.
func law(t *testing.T, laws []pattern.Law, name string) pattern.Law {
	t.Helper()
	for _, l := range laws {
		if l.Law == name {
			return l
		}
	}
	t.Fatalf("no law %q among %v", name, laws)
	return pattern.Law{}
}

// TestFindLaws: nim's periods give the power-of-two law and the doubling
// run; G₋₁'s periods from n = 20000 give the lcm law with its exceptions,
// and values without a pattern decide nothing.
func TestFindLaws(t *testing.T) {
	nim := map[int]int{}
	for v := range 20 {
		nim[v] = 1
		for nim[v] <= v {
			nim[v] *= 2
		}
	}
	laws := pattern.FindLaws(found(nim))
	if l := law(t, laws, "p(v) = 2^⌈log₂(v+1)⌉"); len(l.Holds) != 20 || len(l.Exceptions) != 0 {
		t.Errorf("power-of-two law %v", l)
	}
	law(t, laws, "the period doubles: 1 from v = 0, 2 from v = 1, 4 from v = 2, 8 from v = 4, 16 from v = 8, 32 from v = 16")

	gneg1 := map[int]int{0: 1, 1: 2, 2: 2, 3: 4, 4: 4, 5: 6, 6: 24, 7: 8, 8: 72, 9: 144, 10: 144, 11: 12, 12: 12, 13: 14,
		14: 112, 15: 112, 16: 1008, 19: 20, 20: 20, 21: 22, 22: 264, 23: 264, 27: 28, 28: 28, 29: 30, 30: 480, 31: 480}
	l := law(t, pattern.FindLaws(found(gneg1)), "p(v) = lcm(m, m + 2) with m = 2⌊v/2⌋, v ≥ 2")
	if want := []int{3, 6, 14, 15, 22, 23, 30, 31}; !slices.Equal(l.Holds, want) {
		t.Errorf("lcm law holds for %v, want %v", l.Holds, want)
	}
	if slices.Contains(l.Exceptions, 17) || !slices.Contains(l.Exceptions, 8) || len(l.Holds)+len(l.Exceptions) != len(gneg1)-2 {
		t.Errorf("lcm law fails for %v: want every value with a pattern from v = 2 on, and no value without one", l.Exceptions)
	}
}
