package solver

import (
	"slices"
	"testing"
)

// Examples 1 and 2 of 002 name options of chocolate bars; each must be in
// move_F of Definition 8, and the near misses must not.
func TestChocolateExamples(t *testing.T) {
	f1 := func(x, z int) int { return (x + z) / 3 } // Example 1
	f2 := func(_, z int) int { return z / 2 }       // Example 2
	tests := []struct {
		name     string
		f        func(x, z int) int
		from, to [3]int
		want     bool
	}{
		// F1(7,13) = 6; cutting z to 4 caps y at F1(7,4) = 3.
		{"Example 1", f1, [3]int{7, 6, 13}, [3]int{7, 3, 4}, true},
		{"Example 1, y not capped", f1, [3]int{7, 6, 13}, [3]int{7, 6, 4}, false},
		// Not in 002: cutting x to 1 caps y at F1(1,13) = 4.
		{"Example 1 bar, x cut", f1, [3]int{7, 6, 13}, [3]int{1, 4, 13}, true},
		{"Example 1 bar, x cut without cap", f1, [3]int{7, 6, 13}, [3]int{1, 6, 13}, false},
		// F2(5,7) = 3.
		{"Example 2, x cut", f2, [3]int{5, 3, 7}, [3]int{3, 3, 7}, true},
		{"Example 2, y cut", f2, [3]int{5, 3, 7}, [3]int{5, 2, 7}, true},
		// Cutting z to 5 caps y at F2(5,5) = 2: two coordinates change.
		{"Example 2, z cut", f2, [3]int{5, 3, 7}, [3]int{5, 2, 5}, true},
		{"Example 2, z cut without cap", f2, [3]int{5, 3, 7}, [3]int{5, 3, 5}, false},
		{"Example 2, two cuts", f2, [3]int{5, 3, 7}, [3]int{3, 2, 7}, false},
	}
	for _, tt := range tests {
		c := NewChocolate(tt.f)
		c.valid(tt.from[0], tt.from[1], tt.from[2])
		if got := slices.Contains(c.options(tt.from), tt.to); got != tt.want {
			t.Errorf("%s: %v in move_F%v = %v, want %v", tt.name, tt.to, tt.from, got, tt.want)
		}
	}
}

// If F(x, z) ≥ y everywhere the caps min(F, y) are y, so the moves of
// Definition 8 are (u, y, z), (x, v, z) and (x, y, w): three-heap nim, value
// x XOR y XOR z, and with the pass, three-heap nim with a pass. If F ≡ 0
// then y = 0 and the moves are (u, 0, z) and (x, 0, w): two-heap nim.
func TestChocolateDegenerateIsNim(t *testing.T) {
	wide := NewChocolate(func(x, z int) int { return 100 })
	flat := NewChocolate(func(x, z int) int { return 0 })
	for x := range 8 {
		for z := range 8 {
			if got := flat.Grundy(x, 0, z); got != x^z {
				t.Errorf("F≡0: Grundy(%d, 0, %d) = %d, want %d", x, z, got, x^z)
			}
			for y := range 8 {
				if got := wide.Grundy(x, y, z); got != x^y^z {
					t.Errorf("F≡100: Grundy(%d, %d, %d) = %d, want %d", x, y, z, got, x^y^z)
				}
				want := PassNimGrundy([]int{x, y, z}, true)
				if got := wide.PassGrundy(x, y, z, true); got != want {
					t.Errorf("F≡100: PassGrundy(%d, %d, %d) = %d, want pass nim %d", x, y, z, got, want)
				}
			}
		}
	}
}

// Hand-worked bars. Write (y, z) for the two-dimensional bar (0, y, z).
//
// h(z) = ⌊z/2⌋: (0, z) is a heap of z since h(w) ≥ 0 caps y = 0 at 0.
// (1, 2) has options (0, 2), (0, 1), (0, 0): values 2, 1, 0, so 3.
// (1, 3) has options (0, 3), (1, 2) (h(2) = 1), (0, 1), (0, 0): values 3,
// 3, 1, 0, so 2 (the SG-increasing move (1,3) → (1,2) noted in 002).
//
// h(z) = z (not NS): (1, 1) has options (0, 1), (0, 0): values 1, 0, so 2,
// not 1 XOR 1. (2, 2) has options (0, 2) = 2, (1, 2), (1, 1) = 2, (0, 0);
// (1, 2) has options (0, 2) = 2, (1, 1) = 2, (0, 0), so 1; hence mex{2, 1,
// 2, 0} = 3.
//
// With the pass: (0,0,0) is terminal, value 0; (1,0,0) has the options
// (0,0,0) and the pass to (1,0,0) without pass (value 1), so 2.
func TestChocolateHandWorked(t *testing.T) {
	half := NewStairChocolate(func(z int) int { return z / 2 })
	ident := NewStairChocolate(func(z int) int { return z })
	tests := []struct {
		name    string
		c       *Chocolate
		x, y, z int
		pass    bool
		want    int
	}{
		{"h=z/2", half, 0, 0, 0, false, 0},
		{"h=z/2", half, 0, 0, 5, false, 5},
		{"h=z/2", half, 0, 1, 2, false, 3},
		{"h=z/2", half, 0, 1, 3, false, 2},
		{"h=z", ident, 0, 1, 1, false, 2},
		{"h=z", ident, 0, 1, 2, false, 1},
		{"h=z", ident, 0, 2, 2, false, 3},
		{"h=z/2 pass", half, 0, 0, 0, true, 0},
		{"h=z/2 pass", half, 1, 0, 0, true, 2},
	}
	for _, tt := range tests {
		if got := tt.c.PassGrundy(tt.x, tt.y, tt.z, tt.pass); got != tt.want {
			t.Errorf("%s: PassGrundy(%d, %d, %d, %v) = %d, want %d", tt.name, tt.x, tt.y, tt.z, tt.pass, got, tt.want)
		}
	}
}

// A bar with the pass is the one-pass compound (Definition 10) of the single
// bar: the chocolate solver and the generic compound solver must agree.
func TestChocolatePassIsOnePassCompound(t *testing.T) {
	c := NewStairChocolate(func(z int) int { return z / 2 })
	for x := range 6 {
		for z := range 8 {
			for y := 0; y <= z/2; y++ {
				want := OnePassCompoundGrundy([]Game{c.Position(x, y, z)})
				if got := c.PassGrundy(x, y, z, true); got != want {
					t.Errorf("PassGrundy(%d, %d, %d, true) = %d, one-pass compound %d", x, y, z, got, want)
				}
			}
		}
	}
}

// Every bar with x, y, z ≤ 10 that the cap F(x, z) = x + z allows, with the
// pass-available values computed first: each pass-free value must still be
// the mex of its options' pass-free values, so the two memos never mix.
func TestChocolateLargest(t *testing.T) {
	c := NewChocolate(func(x, z int) int { return x + z })
	for x := range 11 {
		for z := range 11 {
			for y := 0; y <= min(10, x+z); y++ {
				c.PassGrundy(x, y, z, true)
			}
		}
	}
	for x := range 11 {
		for z := range 11 {
			for y := 0; y <= min(10, x+z); y++ {
				var values []int
				for _, o := range c.options([3]int{x, y, z}) {
					values = append(values, c.Grundy(o[0], o[1], o[2]))
				}
				if got, want := c.Grundy(x, y, z), mex(values); got != want {
					t.Errorf("Grundy(%d, %d, %d) = %d, mex of options %d", x, y, z, got, want)
				}
			}
		}
	}
}

func TestChocolateInvalidPanics(t *testing.T) {
	c := NewStairChocolate(func(z int) int { return z / 2 })
	for _, p := range [][3]int{{0, 1, 1}, {-1, 0, 0}, {0, -1, 0}, {0, 0, -1}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Grundy%v did not panic", p)
				}
			}()
			c.Grundy(p[0], p[1], p[2])
		}()
	}
}
