package main

import "math"

// fit is a periodic tail: the rows start … decided−1 repeat with period
// period, repetitions whole periods of them.
type fit struct {
	period      int
	start       int64
	repetitions int
}

// decidedRows is the number of leading rows whose cell of the value lies
// inside the table whatever it is: a row x with x + dmax ≤ n, dmax the
// largest offset seen, cannot have lost its cell past column n.
func decidedRows(d []int16, n int64) int64 {
	dmax := int64(math.MinInt16)
	for _, o := range d {
		if o != absent {
			dmax = max(dmax, int64(o))
		}
	}
	return min(int64(len(d)), n-dmax+1)
}

// leastPeriod is the least period p ≤ maxPeriod (0: any) whose periodic
// tail of the decided rows spans at least minPeriods whole periods, starts
// in the first three quarters of them (start ≤ R − ⌈R/4⌉), and has v in
// every row before it.
//
// With rev the decided offsets read backwards, a tail of length ℓ has
// period p exactly when rev[0:ℓ] does, that is when rev[i] = rev[i+p] for
// i + p < ℓ; the longest such ℓ is p + Z[p], Z the Z-function of rev (the
// length of the longest common prefix of rev and rev[p:]). A row without
// the value gets a sentinel of its own, so no tail runs through it.
func leastPeriod(d []int16, n int64, minPeriods, maxPeriod int) (fit, bool) {
	decided := decidedRows(d, n)
	if decided <= 0 {
		return fit{}, false
	}
	rev := make([]int32, decided)
	firstAbsent := decided
	for x := decided - 1; x >= 0; x-- {
		o := int32(d[x])
		if d[x] == absent {
			o = math.MinInt32 + int32(x) // unique: matches no other row
			firstAbsent = x
		}
		rev[decided-1-x] = o
	}
	z := zFunction(rev)
	maxStart := decided - (decided+3)/4
	for p := 1; int64(p)*int64(minPeriods) <= decided && (maxPeriod == 0 || p <= maxPeriod); p++ {
		length := int64(p) + int64(z[p])
		f := fit{period: p, start: decided - length, repetitions: int(length / int64(p))}
		if f.repetitions >= minPeriods && f.start <= maxStart && f.start <= firstAbsent {
			return f, true
		}
	}
	return fit{}, false
}

// zFunction returns z with z[i] the length of the longest common prefix of
// s and s[i:] (z[0] = len(s)), in linear time.
func zFunction(s []int32) []int32 {
	z := make([]int32, len(s)+1)
	if len(s) == 0 {
		return z
	}
	z[0] = int32(len(s))
	l, r := 0, 0 // s[l:r] is the rightmost match of a prefix found so far
	for i := 1; i < len(s); i++ {
		k := 0
		if i < r {
			k = min(r-i, int(z[i-l]))
		}
		for i+k < len(s) && s[k] == s[i+k] {
			k++
		}
		z[i] = int32(k)
		if i+k > r {
			l, r = i, i+k
		}
	}
	return z
}

// contradiction returns the first row x ≥ start of the table that does not
// follow the pattern of period p from start, reading its offsets from the
// first period: a row whose offset differs, or that lacks the value where
// the pattern puts it inside the table.
func contradiction(d []int16, n int64, p int, start int64) (int64, bool) {
	for x := start; x < int64(len(d)); x++ {
		ref := d[start+(x-start)%int64(p)]
		switch {
		case ref == absent:
			return start + (x-start)%int64(p), true
		case d[x] == absent:
			if x+int64(ref) <= n {
				return x, true
			}
		case d[x] != ref:
			return x, true
		}
	}
	return 0, false
}
