package pattern

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// maxRuns is the most runs of equal offsets Form writes out; a pattern
// with more is summarised, its offsets being in the JSON.
const maxRuns = 12

// Form returns the periodic part of p in the most compact form found, in
// words, for x ≥ Start:
//
//   - "y = x + c" for a constant offset;
//   - "|x − y| = p/2 and ⌊(x − a)/p⌋ = ⌊(y − a)/p⌋" when the offsets are ±p/2,
//   - on the residues a … a+p/2−1: each block of p rows from a pairs up
//     its halves (Theorem 4(4) of the goishi-hiroi paper is p = 4, a = 2);
//   - "y = x ± c" with the residues of the + sign as intervals;
//   - the offsets as runs over residue intervals, when there are at most
//     maxRuns runs; and, when the residues split into two interleaved
//     families with shorter periods of their own, those (see TwoFamilies);
//   - when every offset +h is matched by as many −h, the families of cells
//     with |y − x| = h, each with its residue count, and its block form
//     ⌊(x − a)/2h⌋ = ⌊(y − a)/2h⌋ when it has one (G₋₁ v = 14, period 112 =
//     lcm(14, 16): |y − x| ∈ {7, 8});
//   - otherwise how many distinct offsets, between which bounds.
//
// The first four determine every offset; the last two do not (see
// FormComplete).
func (p Pattern) Form() string {
	text, _ := p.form()
	return text
}

// FormComplete reports whether Form determines every offset of p, so that
// its statement can be checked from the text alone; when it does not, the
// offsets are only in the patterns JSON. It is false for a malformed p.
func (p Pattern) FormComplete() bool {
	_, complete := p.form()
	return complete
}

// form is Form and FormComplete.
func (p Pattern) form() (text string, complete bool) {
	if p.Period < 1 || len(p.Offsets) != p.Period {
		return "", false
	}
	lo, hi := slices.Min(p.Offsets), slices.Max(p.Offsets)
	switch {
	case lo == hi:
		return "y = x" + signedTerm(lo), true
	case lo == -hi && !slices.ContainsFunc(p.Offsets, func(d int) bool { return d != hi && d != lo }):
		plus := residuesWhere(p.Offsets, func(d int) bool { return d > 0 })
		if a, ok := cyclicInterval(plus, p.Period); ok && 2*hi == p.Period {
			return fmt.Sprintf("|x − y| = %d and ⌊%s/%d⌋ = ⌊%s/%d⌋", hi, shifted("x", a), p.Period, shifted("y", a), p.Period), true
		}
		if runs := intervals(plus, p.Period); len(runs) <= maxRuns {
			return fmt.Sprintf("y = x + %d if x mod %d ∈ %s, y = x − %d otherwise", hi, p.Period, strings.Join(runs, " ∪ "), hi), true
		}
	}
	text = offsetRuns(p.Offsets)
	complete = text != ""
	if !complete {
		text = magnitudeFamilies(p.Offsets)
	}
	if text == "" {
		distinct := slices.Compact(slices.Sorted(slices.Values(p.Offsets)))
		text = fmt.Sprintf("y − x takes %d distinct values between %s and %s over the %d residues (offsets in the JSON)",
			len(distinct), signed(lo), signed(hi), p.Period)
	}
	if f, ok := p.TwoFamilies(); ok {
		text += "; " + f.String()
	}
	return text, complete
}

// magnitudeFamilies writes the offsets as families by |y − x|, if every
// magnitude h has as many residues with +h as with −h and there are at most
// maxRuns magnitudes; otherwise "".
func magnitudeFamilies(offsets []int) string {
	count := map[int]int{}
	for _, d := range offsets {
		count[d]++
	}
	var parts []string
	for _, h := range slices.Sorted(maps.Keys(count)) {
		if h < 0 {
			continue
		}
		if h == 0 || count[h] != count[-h] || len(parts) == maxRuns {
			return ""
		}
		part := fmt.Sprintf("%d residues with |y − x| = %d", 2*count[h], h)
		if a, ok := pairBlocks(offsets, h); ok {
			part += fmt.Sprintf(", all with ⌊%s/%d⌋ = ⌊%s/%d⌋", shifted("x", a), 2*h, shifted("y", a), 2*h)
		}
		parts = append(parts, part)
	}
	if len(parts) == 1 {
		return fmt.Sprintf("|y − x| is one value by x mod %d: %s, the sign varying with the residue", len(offsets), parts[0])
	}
	return fmt.Sprintf("|y − x| takes %d values by x mod %d: %s", len(parts), len(offsets), strings.Join(parts, "; "))
}

// pairBlocks reports whether the rows with offset ±h pair up within blocks
// of 2h rows from a: (x − a) mod 2h < h for those with +h and ≥ h for those
// with −h, so that x and y = x ± h share their block. Residues mod p decide
// (x − a) mod 2h only when 2h divides p = len(offsets).
func pairBlocks(offsets []int, h int) (a int, ok bool) {
	q := 2 * h
	if len(offsets)%q != 0 {
		return 0, false
	}
	for a = range q {
		ok = true
		for r, d := range offsets {
			if (d == h && (r-a+q)%q >= h) || (d == -h && (r-a+q)%q < h) {
				ok = false
				break
			}
		}
		if ok {
			return a, true
		}
	}
	return 0, false
}

// signedTerm writes "+ c", "− c" or nothing for c = 0.
func signedTerm(c int) string {
	switch {
	case c > 0:
		return fmt.Sprintf(" + %d", c)
	case c < 0:
		return fmt.Sprintf(" − %d", -c)
	}
	return ""
}

// residuesWhere returns the residues r with keep(offsets[r]).
func residuesWhere(offsets []int, keep func(int) bool) []bool {
	in := make([]bool, len(offsets))
	for r, d := range offsets {
		in[r] = keep(d)
	}
	return in
}

// cyclicInterval reports whether the residues in set are one interval
// a, a+1, …, a+len−1 mod p of half the residues, and returns its first a.
func cyclicInterval(in []bool, p int) (a int, ok bool) {
	count := 0
	for _, b := range in {
		if b {
			count++
		}
	}
	if 2*count != p {
		return 0, false
	}
	for a = range p {
		if in[a] && !in[(a+p-1)%p] {
			for k := range count {
				if !in[(a+k)%p] {
					return 0, false
				}
			}
			return a, true
		}
	}
	return 0, false
}

// intervals writes the residues in set as "[a, b]" intervals, in order.
func intervals(in []bool, p int) []string {
	var out []string
	for r := 0; r < p; r++ {
		if !in[r] {
			continue
		}
		end := r
		for end+1 < p && in[end+1] {
			end++
		}
		out = append(out, residueInterval(r, end))
		r = end
	}
	return out
}

// residueInterval writes the residues a … b as "[a, b]", or "{a}" if a = b.
func residueInterval(a, b int) string {
	if a == b {
		return fmt.Sprintf("{%d}", a)
	}
	return fmt.Sprintf("[%d, %d]", a, b)
}

// offsetRuns writes the offsets as runs "y − x = d for x mod p ∈ [a, b]",
// or "" if there are more than maxRuns runs.
func offsetRuns(offsets []int) string {
	var runs []string
	p := len(offsets)
	for r := 0; r < p; {
		end := r
		for end+1 < p && offsets[end+1] == offsets[r] {
			end++
		}
		if len(runs) == maxRuns {
			return ""
		}
		runs = append(runs, fmt.Sprintf("%s on %s", signed(offsets[r]), residueInterval(r, end)))
		r = end + 1
	}
	return fmt.Sprintf("y − x = %s (by x mod %d)", strings.Join(runs, ", "), p)
}

// Families is a split of the residues of a period p into two interleaved
// families, each following a shorter period of its own: the rows of
// family 1 have y − x = first[x mod Periods[0]], those of family 2
// y − x = second[x mod Periods[1]], and p = lcm(Periods). Residues counts
// the residues mod p of each.
type Families struct {
	Periods  [2]int
	Residues [2]int
}

// String writes the families: "two interleaved families: 84 residues of
// period 14 and 28 of period 16, 112 = lcm(14, 16)".
func (f Families) String() string {
	p := f.Periods[0] / gcd(f.Periods[0], f.Periods[1]) * f.Periods[1]
	return fmt.Sprintf("two interleaved families: %d residues of period %d and %d of period %d, %d = lcm(%d, %d)",
		f.Residues[0], f.Periods[0], f.Residues[1], f.Periods[1], p, f.Periods[0], f.Periods[1])
}

// gcd is the greatest common divisor of two positive integers.
func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// TwoFamilies looks for two interleaved families in the periodic part of p
// (see Families): for each pair of proper divisors q₁, q₂ of the period with
// lcm(q₁, q₂) = p, family 1 takes, in each class mod q₁, the offset most of
// the class has; every residue it leaves must then fit one offset per class
// mod q₂. The pair with the least q₁ + q₂, the shortest description, is
// returned, family 1 first; ok is false if there is none. A family is a set
// of residues whose offsets follow its period, not a union of classes: the
// rows with one offset +c, say, are always a family of any period. G₋₁ v = 14, period 112, is 84 residues of period 14
// (|y − x| = 7) and 28 of period 16 (|y − x| = 8).
func (p Pattern) TwoFamilies() (Families, bool) {
	period := p.Period
	if period < 1 || len(p.Offsets) != period {
		return Families{}, false
	}
	var divisors []int
	for q := 2; q < period; q++ {
		if period%q == 0 {
			divisors = append(divisors, q)
		}
	}
	type pair struct{ q1, q2 int }
	var pairs []pair
	for _, q1 := range divisors {
		for _, q2 := range divisors {
			if q1 != q2 && q1/gcd(q1, q2)*q2 == period {
				pairs = append(pairs, pair{q1, q2})
			}
		}
	}
	// The shortest description first; among equals, the least q₁.
	slices.SortStableFunc(pairs, func(a, b pair) int { return cmp.Compare(a.q1+a.q2, b.q1+b.q2) })
	split := newFamilySplit(p.Offsets)
	for _, pr := range pairs {
		if n1, ok := split.try(pr.q1, pr.q2); ok {
			return Families{Periods: [2]int{pr.q1, pr.q2}, Residues: [2]int{n1, period - n1}}, true
		}
	}
	return Families{}, false
}

// familySplit tries the splits of TwoFamilies on one pattern's offsets.
// Family 1 for a period q₁ depends on q₁ alone, so it is found once per
// divisor, and each pair then costs one pass that usually stops early. The
// offsets are kept as their rank among the distinct offsets, so that a
// class's offsets are counted in a slice, not a map: a period near 10⁶ has
// a hundred divisors and thousands of pairs.
type familySplit struct {
	ranks  []int32         // ranks[r]: the rank of residue r's offset
	count  []int32         // count[rank] within the class being counted …
	class  []int32         // … valid where class[rank] is that class + 1
	first  map[int][]int32 // family 1's rank by class mod q₁, by q₁
	second []int32
	known  []bool
}

// newFamilySplit prepares the splits of offsets, which must not be empty.
func newFamilySplit(offsets []int) *familySplit {
	distinct := slices.Compact(slices.Sorted(slices.Values(offsets)))
	ranks := make([]int32, len(offsets))
	for r, d := range offsets {
		k, _ := slices.BinarySearch(distinct, d)
		ranks[r] = int32(k)
	}
	return &familySplit{ranks: ranks, count: make([]int32, len(distinct)),
		class: make([]int32, len(distinct)), first: map[int][]int32{}}
}

// firstFamily returns, for each class mod q1, the rank of the offset most
// of the class has, the least of those on a tie (ranks order as offsets).
func (s *familySplit) firstFamily(q1 int) []int32 {
	if first, ok := s.first[q1]; ok {
		return first
	}
	ranks, count, class := s.ranks, s.count, s.class
	first := make([]int32, q1)
	for c := range q1 {
		// class[k] ≠ c+1 means count[k] is left from an earlier class:
		// no pass to clear it.
		stamp := int32(c + 1)
		best, most := int32(0), int32(0)
		for r := c; r < len(ranks); r += q1 {
			k := ranks[r]
			if class[k] != stamp {
				class[k], count[k] = stamp, 0
			}
			count[k]++
			if n := count[k]; n > most || (n == most && k < best) {
				best, most = k, n
			}
		}
		first[c] = best
	}
	clear(class) // the stamps start again at 1 for the next q₁
	s.first[q1] = first
	return first
}

// try is the split of TwoFamilies for the periods q1 and q2: it returns how
// many residues family 1 (firstFamily) holds; ok is false if the residues
// left do not fit one offset per class mod q2, or if either family is empty.
func (s *familySplit) try(q1, q2 int) (n1 int, ok bool) {
	first := s.firstFamily(q1)
	s.second = slices.Grow(s.second[:0], q2)[:q2]
	s.known = slices.Grow(s.known[:0], q2)[:q2]
	clear(s.known)
	// c1, c2 are r mod q1 and r mod q2, kept without a division.
	c1, c2 := 0, 0
	for _, k := range s.ranks {
		switch {
		case k == first[c1]:
			n1++
		case !s.known[c2]:
			s.second[c2], s.known[c2] = k, true
		case s.second[c2] != k:
			return 0, false
		}
		if c1++; c1 == q1 {
			c1 = 0
		}
		if c2++; c2 == q2 {
			c2 = 0
		}
	}
	return n1, n1 > 0 && n1 < len(s.ranks)
}
