package proof

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/conjecture/bandcheck"
	"github.com/grundy-lab/grundy/conjecture/moves"
	"github.com/grundy-lab/grundy/engine/band"
)

// In a table of side 40 the rows near 40 run out of columns and do not
// hold all of 0 … V: the check refuses to take the side for the infinite
// table, naming the first such row. The same rows of the side Infinity
// pass, with the states before rows 10 and 30 those of a check fed the
// plain table directly (no pipeline); and a planted difference comes back
// as the check's error, naming its cell.
func TestStreamChecked(t *testing.T) {
	rules := mustRules(t, "gneg1")
	_, _, err := streamChecked(context.Background(), rules, "gneg1", 5, 40, 10, 41, testConfig, nil)
	if !errors.Is(err, ErrCertificate) || !strings.Contains(err.Error(), "does not hold all of the values 0 … 5") {
		t.Fatalf("side 40: %v, want a row that does not fill", err)
	}
	start, end, err := streamChecked(context.Background(), rules, "gneg1", 5, Infinity, 10, 30, testConfig, nil)
	if err != nil {
		t.Fatal(err)
	}
	tab := referenceStates(t, "gneg1", 5, 10, 30)
	if !start.Equal(tab[0]) || !end.Equal(tab[1]) {
		t.Errorf("states %v and %v, want %v and %v", start, end, tab[0], tab[1])
	}
	// The sweep of G₋₁ checked as nim: the first cell where they differ,
	// (0, 0), comes back through the pipeline as the check's error, and
	// stops a sweep of a million rows at once.
	_, _, err = streamChecked(context.Background(), rules, "nim", 5, Infinity, 10, 1_000_000, testConfig, nil)
	var cell *bandcheck.CellError
	if !errors.Is(err, ErrCertificate) || !errors.As(err, &cell) || cell.X != 0 || cell.Y != 0 {
		t.Errorf("G₋₁ checked as nim: %v, want the cell (0, 0)", err)
	}
}

// referenceStates feeds the rows of the plain mex table of side 200 to a
// check of side Infinity and returns its canonical states before rows x0
// and x1.
func referenceStates(t *testing.T, table string, v int, x0, x1 int64) [2]bandcheck.State {
	t.Helper()
	c, err := bandcheck.New(table, Infinity, v)
	if err != nil {
		t.Fatal(err)
	}
	var states [2]bandcheck.State
	g, _ := moves.Lookup(table)
	full := g.Table(200)
	for x := range x1 {
		if x == x0 {
			states[0] = canonical(c.State())
		}
		r := bandcheck.Rows{X0: x, Start: []int32{0}}
		for y, g := range full[x] {
			if g >= 0 && int(g) <= v {
				r.Y, r.Value = append(r.Y, int64(y)), append(r.Value, g)
			}
		}
		r.Start = append(r.Start, int32(len(r.Y)))
		if err := c.Rows(r); err != nil {
			t.Fatal(err)
		}
	}
	states[1] = canonical(c.State())
	return states
}

// A repeat beyond the rows a sweep of side Infinity reaches is made and
// checked with side FarSide (SideFor): the independent check takes that
// side, and its states of G₋₁ and G_P rows there are those of side
// Infinity, the same rows of the same infinite table.
func TestFarSideChecked(t *testing.T) {
	for _, tc := range []struct {
		table  string
		v      int
		x0, x1 int64
	}{{"gneg1", 5, 12, 60}, {"passnim", 6, 20, 300}} {
		rules := mustRules(t, tc.table)
		near0, near1, err := streamChecked(context.Background(), rules, tc.table, tc.v, Infinity, tc.x0, tc.x1, testConfig, nil)
		if err != nil {
			t.Fatal(err)
		}
		far0, far1, err := streamChecked(context.Background(), rules, tc.table, tc.v, FarSide, tc.x0, tc.x1, testConfig, nil)
		if err != nil {
			t.Fatalf("%s: side FarSide: %v", tc.table, err)
		}
		if !far0.Equal(near0) || !far1.Equal(near1) {
			t.Errorf("%s: the states of side FarSide differ from those of side Infinity", tc.table)
		}
	}
	for _, tc := range []struct {
		v    int
		x1   int64
		want int64
	}{{5, 1000, Infinity}, {5, CheckedRows(5), Infinity}, {5, CheckedRows(5) + 1, FarSide}, {1000, CheckedRows(5), FarSide}, {0, MaxBound, FarSide}} {
		if got := SideFor(tc.v, tc.x1); got != tc.want {
			t.Errorf("SideFor(%d, %d) = %d, want %d", tc.v, tc.x1, got, tc.want)
		}
	}
}

// A certificate whose state is of another side than SideFor's is
// refused, even when it is the same repeat's state.
func TestCheckRefusesAnotherSide(t *testing.T) {
	c, err := Decode(bytes.NewReader(goodCertificate(t)))
	if err != nil {
		t.Fatal(err)
	}
	if err := Check(context.Background(), c, testConfig); err != nil {
		t.Fatalf("the certificate of side Infinity: %v", err)
	}
	rules := mustRules(t, c.Table)
	sw, err := band.New(rules, FarSide, c.V, testConfig)
	if err != nil {
		t.Fatal(err)
	}
	if err := sw.Run(context.Background(), c.X0, func(band.Rows) error { return nil }); err != nil {
		t.Fatal(err)
	}
	if c.State, err = sw.State().MarshalBinary(); err != nil {
		t.Fatal(err)
	}
	wantFail(t, c, "of side 1099511627776, not V")
}

// CheckProgress reports the rows handed to the check, rising, at least a
// chunk apart, up to X0+P.
func TestCheckProgress(t *testing.T) {
	rep, found, err := Largest(context.Background(), "gneg1", 31, 400_000, Options{Config: testConfig})
	if err != nil || !found || rep.V != 31 || rep.X0+rep.P != 334_068 {
		t.Fatalf("no repeat of V = 31 over more than a chunk: V = %d, %d, %d, %v", rep.V, rep.X0, rep.P, err)
	}
	c, err := NewCertificate(rep, "test")
	if err != nil {
		t.Fatal(err)
	}
	var reported []int64
	if err := CheckProgress(context.Background(), c, testConfig, func(rows int64) { reported = append(reported, rows) }); err != nil {
		t.Fatal(err)
	}
	if len(reported) == 0 {
		t.Fatal("no progress reported")
	}
	last := int64(0)
	for _, rows := range reported {
		if rows-last < defaultChunk || rows > rep.X0+rep.P {
			t.Errorf("reported %v: want rows a chunk (%d) apart up to %d", reported, defaultChunk, rep.X0+rep.P)
			break
		}
		last = rows
	}
}
