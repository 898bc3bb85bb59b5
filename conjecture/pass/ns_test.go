package pass

import "testing"

// Hand-worked breaks of Definition 9 (i).
//
// ⌊z/2⌋: within a block of ⌊z/2^i⌋ the values ⌊z/2⌋ share ⌊·/2^(i−1)⌋, so
// no break. z itself breaks at i = 1 on the block {0, 1}. ⌊z/3⌋ is 0, 0
// on {0, 1} but 0, 1 on {2, 3}. 2^⌊log₂z⌋ − 1 has the property
// (Proposition 1 (2)). The constant 1 meets the floor condition (every
// ⌊1/2^(i−1)⌋ is equal) and breaks only h(0) = 0.
func TestNSBreakOf(t *testing.T) {
	tests := []struct {
		name        string
		h           func(int) int
		requireZero bool
		want        nsBreak
		broken      bool
	}{
		{"⌊z/2⌋", halfK(1).h, true, nsBreak{}, false},
		{"2^⌊log₂z⌋ − 1", powerCap.h, true, nsBreak{}, false},
		{"z", func(z int) int { return z }, true, nsBreak{z: 0, z2: 1, i: 1, hz: 0, h2: 1}, true},
		{"⌊z/3⌋", func(z int) int { return z / 3 }, true, nsBreak{z: 2, z2: 3, i: 1, hz: 0, h2: 1}, true},
		{"1", func(int) int { return 1 }, true, nsBreak{zero: true, h0: 1}, true},
		{"1", func(int) int { return 1 }, false, nsBreak{}, false},
	}
	for _, tt := range tests {
		got, broken := nsBreakOf(tt.h, 64, tt.requireZero)
		if got != tt.want || broken != tt.broken {
			t.Errorf("nsBreakOf(%s, requireZero=%v) = %+v, %v; want %+v, %v", tt.name, tt.requireZero, got, broken, tt.want, tt.broken)
		}
	}
}

// The sections of F(x, z) = ⌊z/2⌋ in x are constant ⌊m/2⌋, so as printed
// (h(0) = 0 asked) F lacks the property at m = 2; the floor condition
// alone holds.
func TestSectionBreak(t *testing.T) {
	f := func(_, z int) int { return z / 2 }
	if why, lacks := sectionBreak(f, 16, true); !lacks || why != "h_2(x) = F(x, 2): h_2(0) = 1 ≠ 0" {
		t.Errorf("printed reading: %q, %v", why, lacks)
	}
	if why, lacks := sectionBreak(f, 16, false); lacks {
		t.Errorf("floor reading: lacks the property: %s", why)
	}
}
