package band_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grundy-lab/grundy/engine/band"
	"github.com/grundy-lab/grundy/tables"
)

// rookReference computes, straight from the definition, the table over
// 0 ≤ x, y ≤ n of rook moves with the given base cells and, if pass is not
// nil, the option of the value pass[x·(n+1)+y] at every other cell (none
// where it is negative), row-major: each cell's value is the mex of the
// values of the cells left of it in its row, above it in its column and
// the pass's, negative values ignored.
func rookReference(n int, base []band.Cell, pass []int32) []int32 {
	side := n + 1
	fixed := make(map[[2]int]int32, len(base))
	for _, c := range base {
		fixed[[2]int{int(c.X), int(c.Y)}] = c.Value
	}
	g := make([]int32, side*side)
	// seenRow[x] and seenCol[y] hold the values met so far in row x and
	// column y; no value exceeds the 2n+1 options of a cell, plus one.
	limit := 2*side + 2
	seenRow, seenCol := make([][]bool, side), make([][]bool, side)
	for k := range side {
		seenRow[k], seenCol[k] = make([]bool, limit), make([]bool, limit)
	}
	for x := range side {
		for y := range side {
			value, ok := fixed[[2]int{x, y}]
			if !ok {
				e := int32(-1)
				if pass != nil {
					e = pass[x*side+y]
				}
				for value = 0; seenRow[x][value] || seenCol[y][value] || value == e; value++ {
				}
			}
			g[x*side+y] = value
			if value >= 0 {
				seenRow[x][value], seenCol[y][value] = true, true
			}
		}
	}
	return g
}

// passCase is a table with the pass: rules and its reference cells.
type passCase struct {
	rules band.Rules
	n     int
	g     []int32 // the table with the pass, row-major
}

// String names the case's rules.
func (c passCase) String() string {
	return fmt.Sprintf("n=%d base %v, passless base %v", c.n, c.rules.Base, c.rules.Passless.Base)
}

// newPassCase computes the reference of the pass over the passless base
// cells pb, with the base cells ob, over 0 ≤ x, y ≤ n.
func newPassCase(n int, ob, pb []band.Cell) passCase {
	g0 := rookReference(n, pb, nil)
	return passCase{
		rules: band.Rules{Base: ob, Passless: &band.Rules{Base: pb}},
		n:     n,
		g:     rookReference(n, ob, g0),
	}
}

// randomCorner draws up to five cells in the 4×4 corner, of values
// −1 … 3, mirrored if symmetric.
func randomCorner(rng *rand.Rand, symmetric bool) []band.Cell {
	cells := map[[2]int64]int32{}
	for range rng.IntN(6) {
		x, y, v := rng.Int64N(4), rng.Int64N(4), int32(rng.IntN(5)-1)
		cells[[2]int64{x, y}] = v
		if symmetric {
			cells[[2]int64{y, x}] = v
		}
	}
	var base []band.Cell
	for k, v := range cells {
		base = append(base, band.Cell{X: k[0], Y: k[1], Value: v})
	}
	slices.SortFunc(base, func(a, b band.Cell) int { return int(4*(a.X-b.X) + a.Y - b.Y) })
	return base
}

// randomPassCase draws a pass case: the passless base cells random in the
// corner; the base cells of the table with the pass the same, with (0, 0),
// which has no move, of value 0, and, in a third of the cases, other cells
// of the corner added or changed; symmetric in two cases of three.
func randomPassCase(rng *rand.Rand, n int) passCase {
	symmetric := rng.IntN(3) > 0
	pb := randomCorner(rng, symmetric)
	cells := map[[2]int64]int32{{0, 0}: 0}
	for _, c := range pb {
		cells[[2]int64{c.X, c.Y}] = c.Value
	}
	cells[[2]int64{0, 0}] = 0
	if rng.IntN(3) == 0 {
		for _, c := range randomCorner(rng, symmetric) {
			cells[[2]int64{c.X, c.Y}] = c.Value
		}
	}
	var ob []band.Cell
	for k, v := range cells {
		ob = append(ob, band.Cell{X: k[0], Y: k[1], Value: v})
	}
	return newPassCase(n, ob, pb)
}

// runRules sweeps rules to the end with cfg and lists the cells, checking
// that the rows come in order, each once.
func runRules(t *testing.T, rules band.Rules, n int64, v int, cfg band.Config) []cell {
	t.Helper()
	sw, err := band.New(rules, n, v, cfg)
	if err != nil {
		t.Fatal(err)
	}
	cells, _ := sweepTo(t, sw, []int64{n + 1})
	return cells
}

// passConfigs are sweeps of every kind: one-sided and two-sided, one to
// three workers, short segments and tiles (segment boundaries in the middle
// of the table, and the pass's rows kept a segment at a time), a tight
// margin (segments retried with more room), and short spans (the
// one-sided sweep falls back to two sides, the passless one too).
var passConfigs = []band.Config{
	{Workers: 1},
	{Workers: 2},
	{Workers: 3, Tile: 5, Segment: 37},
	{Workers: 2, Tile: 16, Segment: 64},
	band.TightConfig(2, 8, 50),
	band.TightConfig(1, 16, 23),
	band.TwoSidedConfig(band.Config{Workers: 2, Tile: 7, Segment: 41}),
	band.TwoSidedConfig(band.Config{Workers: 1, Segment: 100}),
	band.SpanConfig(band.Config{Workers: 2, Tile: 9, Segment: 60}, 3),
	band.SpanConfig(band.Config{Workers: 1, Segment: 50}, 1),
	band.SpanConfig(band.TightConfig(3, 4, 30), 7),
}

// TestPassEqualsReference sweeps tables with the pass over random passless
// tables (base cells in the corner, symmetric and not) and compares every
// cell of value at most V with the reference computed from the definition,
// over n up to 300, V from 0 to 40 and a few large ones (V ≥ 255 keeps the
// passless cells as a list, not bytes), in every kind of sweep.
func TestPassEqualsReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(64, 1))
	cases := 120
	if testing.Short() {
		cases = 30
	}
	for k := range cases {
		n := rng.IntN(301)
		if k%3 == 0 {
			n = rng.IntN(40)
		}
		c := randomPassCase(rng, n)
		caps := []int{rng.IntN(41), rng.IntN(8)}
		if k%10 == 0 {
			caps = append(caps, 200, 254, 255, 300)
		}
		for _, v := range caps {
			cfg := passConfigs[rng.IntN(len(passConfigs))]
			want := capped(c.g, n, v)
			if got := runRules(t, c.rules, int64(n), v, cfg); !slices.Equal(got, want) {
				t.Fatalf("case %d, %v, V=%d, %+v: %s", k, c, v, cfg, firstDifference(got, want))
			}
		}
	}
}

// TestPassOverGneg1 sweeps G₋₁ with the pass, the table of the
// measurements, against the reference at V = 200 and a few smaller caps.
func TestPassOverGneg1(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 400
	}
	gneg1 := []band.Cell{{X: 0, Y: 0, Value: -1}}
	c := newPassCase(n, gneg1, gneg1)
	for i, v := range []int{0, 1, 7, 64, 200} {
		for j, cfg := range passConfigs {
			if (i+j)%3 != 0 && !(v == 200 && j < 2) {
				continue
			}
			sw, err := band.New(c.rules, int64(n), v, cfg)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := sweepTo(t, sw, []int64{int64(n) + 1})
			if want := capped(c.g, n, v); !slices.Equal(got, want) {
				t.Fatalf("V=%d %+v: %s", v, cfg, firstDifference(got, want))
			}
			if j == 0 && !sw.OneSided() {
				t.Fatalf("V=%d %+v: G₋₁ with the pass was not swept one-sided to the end", v, cfg)
			}
		}
	}
}

// TestPassOverNimIsPassNim: two-pile nim with a pass, G_P, is the pass
// over nim (its option x XOR y is nim's value at the same place), so the
// sweep with the pass over nim gives the cells of the sweep of G_P with
// NimSum, V above 254 (the passless cells as a list) included.
func TestPassOverNimIsPassNim(t *testing.T) {
	const n = 1500
	r, _ := tables.Lookup("passnim")
	gp, _ := r.BandRules()
	pass := band.Rules{Base: gp.Base, Passless: &band.Rules{}}
	for i, v := range []int{0, 3, 64, 200, 300} {
		cfg := passConfigs[i%len(passConfigs)]
		want := runRules(t, gp, n, v, band.Config{Workers: 2})
		if got := runRules(t, pass, n, v, cfg); !slices.Equal(got, want) {
			t.Fatalf("V=%d %+v: %s", v, cfg, firstDifference(got, want))
		}
	}
}

// TestPassRulesInvalid: the pass with NimSum, and passless rules with an
// excluded value of their own, are refused.
func TestPassRulesInvalid(t *testing.T) {
	for _, rules := range []band.Rules{
		{NimSum: true, Passless: &band.Rules{}},
		{Passless: &band.Rules{NimSum: true}},
		{Passless: &band.Rules{Passless: &band.Rules{}}},
		{Passless: &band.Rules{Base: []band.Cell{{X: 1, Y: 1}, {X: 1, Y: 1}}}},
	} {
		if _, err := band.New(rules, 10, 3, band.Config{}); err == nil {
			t.Errorf("%+v: no error", rules)
		}
	}
}

// TestPassResume stops sweeps with the pass at various rows, encodes their
// States (with the passless sweep's), decodes them and resumes with
// another configuration: the rows are those of the uninterrupted sweep,
// and the resumed sweep's State is the one it was given. A State without
// the passless sweep's, or one whose passless state is at another row, is
// refused.
func TestPassResume(t *testing.T) {
	rng := rand.New(rand.NewPCG(64, 2))
	const n = 600
	gneg1 := []band.Cell{{X: 0, Y: 0, Value: -1}}
	cases := []passCase{newPassCase(n, gneg1, gneg1)}
	for range 3 {
		cases = append(cases, randomPassCase(rng, n))
	}
	for k, c := range cases {
		for _, v := range []int{0, 5, 40, 200} {
			want := capped(c.g, n, v)
			for _, stop := range []int64{1, 2, 3, 4, 5, 50, 64, 333, n, n + 1} {
				if k > 0 && stop < 4 {
					continue // inside the rows of base cells, where no state is taken
				}
				from := passConfigs[(k+int(stop))%len(passConfigs)]
				sw, err := band.New(c.rules, n, v, from)
				if err != nil {
					t.Fatal(err)
				}
				before, states := sweepTo(t, sw, []int64{stop})
				st := states[0]
				if st.Passless == nil || st.Passless.Next != stop || st.Next != stop {
					t.Fatalf("case %d V=%d: the state at row %d has no passless state at that row", k, v, stop)
				}
				data, err := st.MarshalBinary()
				if err != nil {
					t.Fatal(err)
				}
				var decoded band.State
				if err := decoded.UnmarshalBinary(data); err != nil {
					t.Fatal(err)
				}
				for _, to := range []band.Config{passConfigs[(k+int(stop)+3)%len(passConfigs)], {Workers: 1}} {
					resumed, err := band.Resume(c.rules, n, v, to, decoded)
					if err != nil {
						t.Fatalf("case %d V=%d at row %d: %v", k, v, stop, err)
					}
					if !resumed.State().Repeats(st) || !st.Repeats(resumed.State()) {
						t.Fatalf("case %d V=%d at row %d: the resumed sweep's state differs from the one it was given", k, v, stop)
					}
					after, _ := sweepTo(t, resumed, []int64{n + 1})
					if got := append(slices.Clone(before), after...); !slices.Equal(got, want) {
						t.Fatalf("case %d, %v, V=%d stopped at row %d %+v, resumed %+v: %s", k, c, v, stop, from, to, firstDifference(got, want))
					}
				}
				if stop < 3 {
					continue
				}
				own := st
				own.Passless = nil
				if _, err := band.Resume(c.rules, n, v, band.Config{}, own); err == nil {
					t.Fatalf("case %d V=%d: a state without the passless sweep's resumed", k, v)
				}
				if _, err := band.Resume(band.Rules{Base: c.rules.Base}, n, v, band.Config{}, st); err == nil {
					t.Fatalf("case %d V=%d: a state with a passless sweep's resumed a sweep without the pass", k, v)
				}
				behind := *st.Passless
				behind.Next--
				moved := st
				moved.Passless = &behind
				if _, err := band.Resume(c.rules, n, v, band.Config{}, moved); err == nil {
					t.Fatalf("case %d V=%d: a passless state a row behind resumed", k, v)
				}
			}
		}
	}
}

// TestPassStateEncoding: a State without a passless one is encoded as
// version 1, as before the pass (its bytes are the magic, six fields and
// the sets, nothing after); one with it as version 2, whose decoding gives
// it back, and whose truncations and a version 2 state nested in it are
// refused.
func TestPassStateEncoding(t *testing.T) {
	inner := band.State{N: 100, Next: 7, Lo: 3, V: 5, Words: 4, Sets: []uint64{1, 0, 0, 0, 7, 0, 0, 0}}
	outer := band.State{N: 100, Next: 7, Lo: 5, V: 5, Words: 4, Sets: []uint64{3, 0, 0, 0}, Passless: &inner}
	plain, _ := inner.MarshalBinary()
	if want := 16 + 6*8 + 8*len(inner.Sets); len(plain) != want || !bytes.HasPrefix(plain, []byte("GRUNDYBANDSTATE1")) {
		t.Fatalf("a state without the pass: %d bytes from %q, want %d from GRUNDYBANDSTATE1", len(plain), plain[:16], want)
	}
	data, err := outer.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(data, []byte("GRUNDYBANDSTATE2")) || !bytes.HasSuffix(data, plain) {
		t.Fatalf("a state with the pass: not version 2 followed by the passless state")
	}
	var got band.State
	if err := got.UnmarshalBinary(data); err != nil {
		t.Fatal(err)
	}
	if got.Passless == nil || !slices.Equal(got.Sets, outer.Sets) || got.Lo != outer.Lo || !slices.Equal(got.Passless.Sets, inner.Sets) || got.Passless.Lo != inner.Lo {
		t.Fatalf("decoded %+v, want %+v", got, outer)
	}
	for cut := 1; cut < len(data); cut++ {
		if err := got.UnmarshalBinary(data[:cut]); err == nil {
			t.Fatalf("the encoding cut to %d of %d bytes was decoded", cut, len(data))
		}
	}
	nested := outer
	nested.Passless = &outer
	if _, err := nested.MarshalBinary(); err == nil {
		t.Fatalf("a passless state with a passless state of its own was encoded")
	}
	twice := append([]byte("GRUNDYBANDSTATE2"), data[16:len(data)-len(plain)]...)
	twice = append(twice, data...)
	if err := got.UnmarshalBinary(twice); err == nil {
		t.Fatalf("a version 2 state nested in one was decoded")
	}
}

// TestPassRepeats: with the pass, a state repeats only if its passless
// state does too.
func TestPassRepeats(t *testing.T) {
	inner := band.State{Next: 7, Lo: 3, V: 5, Words: 4, Sets: []uint64{1, 0, 0, 0}}
	moved := inner
	moved.Next, moved.Lo = 17, 13
	other := moved
	other.Sets = []uint64{2, 0, 0, 0}
	s := band.State{Next: 7, Lo: 5, V: 5, Words: 4, Sets: []uint64{3, 0, 0, 0}, Passless: &inner}
	tt := band.State{Next: 17, Lo: 15, V: 5, Words: 4, Sets: []uint64{3, 0, 0, 0}, Passless: &moved}
	if !s.Repeats(tt) {
		t.Fatalf("equal states with equal passless states do not repeat")
	}
	tt.Passless = &other
	if s.Repeats(tt) {
		t.Fatalf("states whose passless states differ repeat")
	}
	tt.Passless = nil
	if s.Repeats(tt) || tt.Repeats(s) {
		t.Fatalf("a state with a passless state repeats one without")
	}
}
