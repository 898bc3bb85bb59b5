package proof

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/engine/band"
)

var testConfig = band.Config{Workers: 1}

// search runs Search and fails the test when it errs or finds nothing.
func search(t *testing.T, table string, v int, opt Options) Repeat {
	t.Helper()
	opt.Config = testConfig
	rep, found, err := Search(context.Background(), table, v, 100000, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !found {
		t.Fatalf("%s, V = %d: no repeat up to row 100000", table, v)
	}
	return rep
}

// certificate makes rep's certificate and round-trips it through JSON.
func certificate(t *testing.T, rep Repeat) Certificate {
	t.Helper()
	c, err := NewCertificate(rep, "test")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := c.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return back
}

// wantFail checks that Check rejects c with a message containing reason.
func wantFail(t *testing.T, c Certificate, reason string) {
	t.Helper()
	err := Check(context.Background(), c, testConfig)
	if !errors.Is(err, ErrCertificate) || !strings.Contains(err.Error(), reason) {
		t.Fatalf("Check = %v, want ErrCertificate saying %q", err, reason)
	}
}

// The papers' characterizations: the values 0 … 3 of G₋₁ and G*₋₁ repeat
// with period 4 from row 6, the values 0 … 2 of G_P from row 9 (Lemma 4(c)
// starts at x₀ = 9); the certificates hold, with the papers' statements
// checked on their rows.
func TestPaperStatementsProved(t *testing.T) {
	for _, tc := range []struct {
		table  string
		v      int
		x0, p  int64
		claims int
	}{
		{"gneg1", 3, 6, 4, 4},
		{"gstarneg1", 3, 6, 4, 4},
		{"passnim", 2, 9, 4, 3},
	} {
		t.Run(tc.table, func(t *testing.T) {
			rep := search(t, tc.table, tc.v, Options{})
			if rep.X0 != tc.x0 || rep.P != tc.p {
				t.Fatalf("repeat from row %d with period %d, want %d and %d", rep.X0, rep.P, tc.x0, tc.p)
			}
			c := certificate(t, rep)
			if len(c.Statements) != tc.claims {
				t.Fatalf("statements %v, want %d", c.Statements, tc.claims)
			}
			if err := Check(context.Background(), c, testConfig); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// A statement the table contradicts fails the certificate: the printed
// Theorem 4(4) with n > 2 leaves out four cells of value 3.
func TestStatementContradicted(t *testing.T) {
	c := certificate(t, search(t, "gneg1", 3, Options{}))
	c.Statements = append(c.Statements, "goishi.thm4.4.printed")
	wantFail(t, c, "goishi.thm4.4.printed")
}

// One bit of one column set changed, x0 or P moved: the check fails.
func TestPlantedCertificates(t *testing.T) {
	rep := search(t, "gneg1", 5, Options{})
	good := certificate(t, rep)
	if err := Check(context.Background(), good, testConfig); err != nil {
		t.Fatal(err)
	}
	st := rep.State
	st.Sets = append([]uint64(nil), st.Sets...)
	st.Sets[1] ^= 1 // value 0 of the second column
	planted, err := st.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	stateChanged := good
	stateChanged.State = planted
	wantFail(t, stateChanged, "not the checked state")

	earlier, _, err := exactRepeat(context.Background(), mustRules(t, "gneg1"), 5, rep.X0-1, rep.X0, testConfig, nil)
	if err != nil {
		t.Fatal(err)
	}
	x0Moved := good
	x0Moved.X0 = rep.X0 - 1
	x0Moved.State, _ = earlier.MarshalBinary()
	wantFail(t, x0Moved, "no repeat")

	for _, p := range []int64{rep.P - 1, rep.P / 2, rep.P + 1} {
		pMoved := good
		pMoved.P = p
		wantFail(t, pMoved, "no repeat")
	}
	baseRow := good
	baseRow.X0 = 0
	wantFail(t, baseRow, "base cells")
}

func mustRules(t *testing.T, table string) band.Rules {
	t.Helper()
	rules, _, _, err := rulesOf(table, 0)
	if err != nil {
		t.Fatal(err)
	}
	return rules
}

// A hash that sees only where the first column not full lies (every
// value's key 0) makes many rows candidates: the exact comparison throws them out and the repeat found is
// the true one, and a certificate of a collision does not hold.
func TestHashCollisionIsNoProof(t *testing.T) {
	weak := func(int) uint64 { return 0 }
	for _, tc := range []struct {
		table string
		v     int
	}{{"gneg1", 5}, {"gstarneg1", 5}, {"passnim", 10}} {
		strong := search(t, tc.table, tc.v, Options{})
		rep := search(t, tc.table, tc.v, Options{hash: weak})
		if rep.X0 != strong.X0 || rep.P != strong.P {
			t.Errorf("%s: weak hash found %d, %d; the strong one %d, %d", tc.table, rep.X0, rep.P, strong.X0, strong.P)
		}
		if rep.Rejected == 0 {
			t.Errorf("%s: the weak hash made no collision to reject", tc.table)
		}
	}
	// Rows 6 and 8 of G₋₁ with V = 5 have the same nonempty columns at
	// the same offsets but are not the same state.
	rules := mustRules(t, "gneg1")
	start, same, err := exactRepeat(context.Background(), rules, 5, 6, 8, testConfig, nil)
	if err != nil || same {
		t.Fatalf("rows 6 and 8 of G₋₁, V = 5: repeat %v, %v", same, err)
	}
	c := certificate(t, Repeat{Table: "gneg1", V: 5, X0: 6, P: 2, State: start})
	wantFail(t, c, "no repeat")
}

// G_P's rules repeat along the diagonal only in steps of a power of two
// above V: with V = 2 the band state before row 9 is the one before row 3
// moved 6 along the diagonal, yet the value 2 is not periodic with period
// 6 (Lemma 4(c): period 4 from row 9). Search skips the false repeat and
// Check refuses it, naming the rule.
func TestPassNimPowerOfTwo(t *testing.T) {
	// Marks on every row: under a stride the rules do not keep, the
	// states do not run into a cycle, and sparser marks miss this repeat.
	shape := search(t, "passnim", 2, Options{stride: 1, maxMarks: 100000})
	if shape.X0 != 3 || shape.P != 6 {
		t.Fatalf("with stride 1 the first repeat is %d, %d; want 3, 6", shape.X0, shape.P)
	}
	patterns, err := Patterns(context.Background(), search(t, "passnim", 2, Options{}), testConfig)
	if err != nil {
		t.Fatal(err)
	}
	if p := patterns[2].Period; 6%p == 0 {
		t.Fatalf("value 2 of G_P has period %d, which divides 6: the test shows nothing", p)
	}
	wantFail(t, certificate(t, shape), "not a multiple of 4")
}

// The patterns of G₋₁ with V = 3 are those of Theorem 4: values 0 and 1
// with period 2, 2 and 3 with period 4 (Theorem 4(4): offsets −2, −2, +2,
// +2 from x₀ = 6), each period dividing P.
func TestPatternsGneg1(t *testing.T) {
	rep := search(t, "gneg1", 3, Options{})
	patterns, err := Patterns(context.Background(), rep, testConfig)
	if err != nil {
		t.Fatal(err)
	}
	got := patterns[3]
	if got.Period != 4 || got.Start != 6 || !slices.Equal(got.Offsets, []int64{-2, -2, 2, 2}) {
		t.Errorf("value 3: %+v, want period 4 from 6, offsets -2 -2 +2 +2", got)
	}
	for _, p := range patterns {
		if rep.P%p.Period != 0 || p.Start > rep.X0 {
			t.Errorf("value %d: period %d from %d against the repeat %d from %d", p.Value, p.Period, p.Start, rep.P, rep.X0)
		}
	}
}

// Largest agrees with a search of every V in turn.
func TestLargestIsBisection(t *testing.T) {
	const bound = 2000
	for _, table := range []string{"gneg1", "passnim"} {
		want := -1
		for v := 0; v <= 30; v++ {
			_, found, err := Search(context.Background(), table, v, bound, Options{Config: testConfig})
			if err != nil {
				t.Fatal(err)
			}
			if found {
				want = v
			}
		}
		rep, found, err := Largest(context.Background(), table, 30, bound, Options{Config: testConfig})
		if err != nil || !found || rep.V != want {
			t.Errorf("%s: Largest = V %d (found %v, %v), want %d", table, rep.V, found, err, want)
		}
	}
}
