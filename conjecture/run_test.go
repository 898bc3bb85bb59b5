package conjecture_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/conjecture/claimtest"
	"github.com/grundy-lab/grundy/conjecture/goishi"
	"github.com/grundy-lab/grundy/engine"
)

// A claim whose table is not given is skipped, saying which table.
func TestRunSkipsMissingTable(t *testing.T) {
	r := claimtest.RunOne(t, goishiClaim(t, "goishi.thm4.1"), nil, 0)
	if r.Status != conjecture.Skipped || r.Reason != "needs table gneg1, which is not among the inputs" || r.Checked != 0 {
		t.Errorf("got %s %q, checked %d; want skipped for want of gneg1", r.Status, r.Reason, r.Checked)
	}
}

// A table's read error stops the run and comes back wrapped.
func TestRunReturnsTableError(t *testing.T) {
	broken := errors.New("truncated")
	in := map[string]conjecture.Table{"gneg1": func(func(engine.Band) error) error { return broken }}
	_, err := conjecture.Run(context.Background(), []conjecture.Claim{goishiClaim(t, "goishi.thm4.1")}, in, conjecture.Options{})
	if !errors.Is(err, broken) || err.Error() != "check claims on table gneg1: truncated" {
		t.Errorf("err = %v, want the table's error wrapped", err)
	}
}

// A cancelled context stops the scan.
func TestRunCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	in := map[string]conjecture.Table{"gneg1": claimtest.ReferenceTable(t, "gneg1", 10, nil)}
	if _, err := conjecture.Run(ctx, []conjecture.Claim{goishiClaim(t, "goishi.thm4.1")}, in, conjecture.Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

// A cancelled run returns at once, even while a solver claim is busy: one
// that watches Findings.Stopped ends, one that does not is left behind.
func TestRunCancelledDuringSolvers(t *testing.T) {
	watching := conjecture.Claim{ID: "test.watching", Unit: "cases", Check: func(int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			for !f.Stopped() {
				time.Sleep(time.Millisecond)
			}
		}}
	}}
	blind := conjecture.Claim{ID: "test.blind", Unit: "cases", Check: func(int) conjecture.Checker {
		return conjecture.Checker{Finish: func(*conjecture.Findings) { select {} }}
	}}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, cancel)
	done := make(chan error, 1)
	go func() {
		_, err := conjecture.Run(ctx, []conjecture.Claim{watching, blind}, nil, conjecture.Options{})
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("err = %v, want context.Canceled", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return after cancellation")
	}
}

// Cap limits the kept counterexamples, not the count; Bound replaces the
// default bound of a claim that has one and of no other.
func TestRunOptions(t *testing.T) {
	planted := map[claimtest.Cell]int32{}
	for x := 2; x <= 9; x++ {
		planted[claimtest.Cell{x, x}] = 7 // eight cells of A₀ no longer 0
	}
	in := map[string]conjecture.Table{"gneg1": claimtest.ReferenceTable(t, "gneg1", 20, planted)}
	claims := []conjecture.Claim{goishiClaim(t, "goishi.thm4.1"), goishiClaim(t, "goishi.thm2")}
	reports, err := conjecture.Run(context.Background(), claims, in, conjecture.Options{Cap: 3, Bound: 5})
	if err != nil {
		t.Fatal(err)
	}
	if r := reports[0]; r.Found != 8 || len(r.Counterexamples) != 3 || r.Bound != 0 {
		t.Errorf("thm4.1: found %d, kept %d, bound %d; want 8, 3, 0", r.Found, len(r.Counterexamples), r.Bound)
	}
	// Positions (x, y, z) with x, z ≤ 5 and y ≤ 5.
	if r := reports[1]; r.Bound != 5 || r.Checked != 6*6*6 {
		t.Errorf("thm2: bound %d, checked %d; want 5, 216", r.Bound, r.Checked)
	}
}

// The JSON form of a counterexample is one flat object, coordinates first.
func TestCounterexampleJSON(t *testing.T) {
	tests := []struct {
		c    conjecture.Counterexample
		want string
	}{
		{conjecture.Counterexample{At: conjecture.At("x,y", 6, 8), Claimed: "3", Actual: "5"}, `{"x":6,"y":8,"claimed":"3","actual":"5"}`},
		{conjecture.Counterexample{At: conjecture.At("z,z',i", 2, 3, 1), Game: "h(z) = ⌊z/3⌋", Claimed: "NS-property", Actual: "breaks it"},
			`{"z":2,"z'":3,"i":1,"game":"h(z) = ⌊z/3⌋","claimed":"NS-property","actual":"breaks it"}`},
		{conjecture.Counterexample{Game: "F", Claimed: "a", Actual: "b"}, `{"game":"F","claimed":"a","actual":"b"}`},
	}
	for _, tt := range tests {
		got, err := json.Marshal(tt.c)
		if err != nil || string(got) != tt.want {
			t.Errorf("json.Marshal(%v) = %s, %v; want %s", tt.c, got, err, tt.want)
		}
	}
}

// goishiClaim is the claim id of the goishi-hiroi paper.
func goishiClaim(t testing.TB, id string) conjecture.Claim {
	t.Helper()
	return claimtest.Lookup(t, goishi.Claims(), id)
}
