package pattern_test

import (
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
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

// offsetsOfForm reads back the offsets by residue that a form of Form
// states, for the forms that state every offset; ok is false for the others.
func offsetsOfForm(t *testing.T, form string, p int) (offsets []int, ok bool) {
	t.Helper()
	number := func(s string) int {
		s = strings.Replace(strings.Replace(s, "−", "-", 1), "+", "", 1)
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			t.Fatalf("form %q: %q is not a number", form, s)
		}
		return n
	}
	// residues reads "{3} ∪ [5, 7]" into a set.
	residues := func(s string) map[int]bool {
		in := map[int]bool{}
		for _, part := range strings.Split(s, " ∪ ") {
			if m := regexp.MustCompile(`^\[(\d+), (\d+)\]$`).FindStringSubmatch(part); m != nil {
				for r := number(m[1]); r <= number(m[2]); r++ {
					in[r] = true
				}
			} else {
				in[number(strings.Trim(part, "{}"))] = true
			}
		}
		return in
	}
	offsets = make([]int, p)
	if m := regexp.MustCompile(`^y = x(?: ([+−]) (\d+))?$`).FindStringSubmatch(form); m != nil {
		c := 0
		if m[2] != "" {
			c = number(m[1] + m[2])
		}
		for r := range offsets {
			offsets[r] = c
		}
		return offsets, true
	}
	if m := regexp.MustCompile(`^\|x − y\| = (\d+) and ⌊(?:\(x−(\d+)\)|x)/(\d+)⌋ = ⌊`).FindStringSubmatch(form); m != nil {
		h, a := number(m[1]), 0
		if m[2] != "" {
			a = number(m[2])
		}
		for r := range offsets {
			offsets[r] = -h
			if ((r-a)%p+p)%p < h {
				offsets[r] = h
			}
		}
		return offsets, number(m[3]) == p
	}
	if m := regexp.MustCompile(`^y = x \+ (\d+) if x mod (\d+) ∈ (.*), y = x − (\d+) otherwise$`).FindStringSubmatch(form); m != nil {
		plus := residues(m[3])
		for r := range offsets {
			offsets[r] = -number(m[4])
			if plus[r] {
				offsets[r] = number(m[1])
			}
		}
		return offsets, number(m[2]) == p
	}
	if m := regexp.MustCompile(`^y − x = (.*) \(by x mod (\d+)\)`).FindStringSubmatch(form); m != nil {
		// Runs hold ", " inside intervals: parse them with one expression.
		for _, run := range regexp.MustCompile(`([+−]?\d+) on (\{\d+\}|\[\d+, \d+\])`).FindAllStringSubmatch(m[1], -1) {
			for r := range residues(run[2]) {
				offsets[r] = number(run[1])
			}
		}
		return offsets, number(m[2]) == p
	}
	return nil, false
}

// TestFormStatesTheOffsets reads back every form that states the offsets,
// for every pattern of G₋₁, G*₋₁ and G_P at n = 1200, v ≤ 40, and requires
// the offsets the search found: a compact form must not be a paraphrase.
func TestFormStatesTheOffsets(t *testing.T) {
	checked := 0
	for _, id := range goldenTables {
		for _, r := range searchAll(t, computeIndex(t, id, 1200, 40, nil)) {
			if !r.Found {
				continue
			}
			form := r.Form()
			got, ok := offsetsOfForm(t, form, r.Period)
			if !ok {
				if r.FormComplete() {
					t.Errorf("%s v=%d: form %q is called complete but does not state the offsets", id, r.Value, form)
				}
				continue
			}
			checked++
			if !slices.Equal(got, r.Offsets) {
				t.Errorf("%s v=%d: form %q states offsets %v, the pattern has %v", id, r.Value, form, got, r.Offsets)
			}
		}
	}
	if checked < 30 {
		t.Errorf("only %d forms read back", checked)
	}
}

// TestSummarizeExceptions sorts made-up exceptions of the rule y = x − 5
// from x₀ = 6 into the three kinds.
func TestSummarizeExceptions(t *testing.T) {
	p := pattern.Pattern{Value: 1, Period: 1, Start: 6, Offsets: []int{-5},
		Exceptions: cells(0, 3, 1, 6, 2, 7, 3, 0, 5, 0)}
	got := p.SummarizeExceptions()
	want := pattern.ExceptionSummary{Total: 5, Exceptions: 4, FollowRule: 1, Mirror: 2, Others: cells(0, 3, 3, 0), OthersSymmetric: true}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("SummarizeExceptions() = %+v, want %+v", got, want)
	}
	if s, wantText := got.String(), "5 cells: 1 follows the rule below x₀ and 4 are exceptions to it; of the exceptions, 2 are mirror images (y, x) of cells of the periodic part; "+
		"the others are {(0, 3), (3, 0)}, a set closed under (x, y) → (y, x)"; s != wantText {
		t.Errorf("String() = %q, want %q", s, wantText)
	}
	p.Exceptions = cells(0, 3, 1, 6)
	if got := p.SummarizeExceptions(); got.OthersSymmetric {
		t.Errorf("(0, 3) without (3, 0) called symmetric: %+v", got)
	}
}
