package pattern_test

import (
	"testing"

	"github.com/grundy-lab/grundy/conjecture/pattern"
)

// TestForm pins the compact forms down on offsets of known shape, including
// offsets ±3 and ±4 mixed, which no single sign form y = x ± c describes.
func TestForm(t *testing.T) {
	for _, c := range []struct {
		name    string
		offsets []int
		want    string
	}{
		{"constant", []int{0}, "y = x"},
		{"constant shift", []int{-2}, "y = x − 2"},
		{"Theorem 4(4)", []int{-2, -2, 2, 2}, "|x − y| = 2 and ⌊(x−2)/4⌋ = ⌊(y−2)/4⌋"},
		{"blocks from 0", []int{1, -1}, "|x − y| = 1 and ⌊x/2⌋ = ⌊y/2⌋"},
		{"sign by residues", []int{3, 3, -3, -3}, "y = x + 3 if x mod 4 ∈ [0, 1], y = x − 3 otherwise"},
		{"sign, two intervals", []int{2, -2, 2, -2, -2, 2}, "y = x + 2 if x mod 6 ∈ {0} ∪ {2} ∪ {5}, y = x − 2 otherwise"},
		{"mixed magnitudes", []int{3, 3, 3, -3, -3, -3, 4, 4, 4, 4, -4, -4, -4, -4},
			"y − x = +3 on [0, 2], −3 on [3, 5], +4 on [6, 9], −4 on [10, 13] (by x mod 14)"},
	} {
		p := pattern.Pattern{Value: 1, Period: len(c.offsets), Offsets: c.offsets}
		if got := p.Form(); got != c.want {
			t.Errorf("%s: Form() = %q, want %q", c.name, got, c.want)
		}
	}
}

// TestTwoFamilies: on G₋₁, value 14 has period 112 and splits into 84
// residues of period 14 (|y − x| = 7) and 28 of period 16 (|y − x| = 8); a
// single periodic family such as Theorem 4(4) has no split.
func TestTwoFamilies(t *testing.T) {
	got := search(t, computeIndex(t, "gneg1", 1200, 14, nil), 14, pattern.Options{})
	if !got.Found || got.Period != 112 {
		t.Fatalf("G₋₁ v = 14: %v; want period 112", got)
	}
	f, ok := got.TwoFamilies()
	if want := (pattern.Families{Periods: [2]int{14, 16}, Residues: [2]int{84, 28}}); !ok || f != want {
		t.Errorf("TwoFamilies() = %+v, %v; want %+v", f, ok, want)
	}
	if _, ok := (pattern.Pattern{Value: 3, Period: 4, Offsets: []int{-2, -2, 2, 2}}).TwoFamilies(); ok {
		t.Error("Theorem 4(4), period 4, split into two families")
	}
}
