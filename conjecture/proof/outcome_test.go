package proof

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

// OutcomeOf states what the climb saw, checked against Search of each V
// on its own: every V up to the certificate's repeats within the bound,
// and the first unrepeated V, when recorded, does not; at -values' HI
// nothing is recorded above V.
func TestOutcomeOfClimb(t *testing.T) {
	for _, tc := range []struct {
		table string
		hi    int
		bound int64
	}{
		{"gneg1", 30, 2000},
		{"passnim", 30, 2000},
		{"gstarneg1", 30, 500},
		{"gneg1", 2, 2000}, // stops at HI: every V ≤ 2 repeats
	} {
		rep, found, err := Largest(context.Background(), tc.table, tc.hi, tc.bound, Options{Config: testConfig})
		if err != nil || !found {
			t.Fatalf("%s: Largest: %v, %v", tc.table, found, err)
		}
		s := OutcomeOf(rep, tc.hi, tc.bound)
		if s.Bound != tc.bound {
			t.Errorf("%s: bound %d, want %d", tc.table, s.Bound, tc.bound)
		}
		for v := 0; v <= rep.V; v++ {
			if _, ok, err := Search(context.Background(), tc.table, v, tc.bound, Options{Config: testConfig}); err != nil || !ok {
				t.Errorf("%s: V = %d ≤ %d does not repeat within %d rows (%v)", tc.table, v, rep.V, tc.bound, err)
			}
		}
		if rep.V == tc.hi {
			if s.FirstUnrepeatedV != 0 {
				t.Errorf("%s: stopped at HI = %d, yet records V = %d as unrepeated", tc.table, tc.hi, s.FirstUnrepeatedV)
			}
			if want := "every V ≤ 2 repeats within 2000 rows"; !strings.Contains(s.Describe(rep.V), want) {
				t.Errorf("%s: Describe = %q, want it to say %q", tc.table, s.Describe(rep.V), want)
			}
			continue
		}
		if s.FirstUnrepeatedV != rep.V+1 {
			t.Fatalf("%s: first unrepeated V = %d, want %d", tc.table, s.FirstUnrepeatedV, rep.V+1)
		}
		if _, ok, err := Search(context.Background(), tc.table, s.FirstUnrepeatedV, tc.bound, Options{Config: testConfig}); err != nil || ok {
			t.Errorf("%s: V = %d, recorded as unrepeated, repeats within %d rows (%v)", tc.table, s.FirstUnrepeatedV, tc.bound, err)
		}
	}
}

// A certificate round-trips through Encode and Decode with and without its
// search's outcome (a certificate of an earlier version has none), and
// Decode refuses an outcome that disagrees with the certificate or is
// spelled otherwise than Encode writes it, saying why.
func TestCertificateSearchOutcome(t *testing.T) {
	rep := search(t, "gneg1", 1, Options{})
	base, err := NewCertificate(rep, "test")
	if err != nil {
		t.Fatal(err)
	}
	end := rep.X0 + rep.P
	for _, tc := range []struct {
		name   string
		search *SearchOutcome
		says   string // "" if it decodes
	}{
		{"no outcome", nil, ""},
		{"V+1 unrepeated", &SearchOutcome{Bound: end, FirstUnrepeatedV: 2}, ""},
		{"stopped at HI", &SearchOutcome{Bound: MaxBound}, ""},
		{"another V", &SearchOutcome{Bound: end, FirstUnrepeatedV: 3}, "not V+1 = 2"},
		{"V itself", &SearchOutcome{Bound: end, FirstUnrepeatedV: 1}, "not V+1 = 2"},
		{"repeat beyond the bound", &SearchOutcome{Bound: end - 1, FirstUnrepeatedV: 2}, "beyond its search's bound"},
		{"no bound", &SearchOutcome{FirstUnrepeatedV: 2}, "bound 0 is not 1"},
		{"bound too large", &SearchOutcome{Bound: MaxBound + 1}, "is not 1 to"},
		{"what is re-checked, as written", &SearchOutcome{Bound: end, FirstUnrepeatedV: 2, Checked: SearchChecked}, ""},
		{"what is re-checked, forged", &SearchOutcome{Bound: end, FirstUnrepeatedV: 2, Checked: "re-checked: all"}, `its search's "checked" is "re-checked: all"`},
	} {
		c := base
		c.Search = tc.search
		var buf bytes.Buffer
		if err := c.Encode(&buf); err != nil {
			t.Fatal(err)
		}
		if tc.search == nil && strings.Contains(buf.String(), `"search"`) {
			t.Errorf("%s: written with a search key:\n%s", tc.name, buf.String())
		}
		back, err := Decode(&buf)
		if tc.says != "" {
			if !errors.Is(err, ErrCertificate) || !strings.Contains(err.Error(), tc.says) {
				t.Errorf("%s: Decode = %v, want ErrCertificate saying %q", tc.name, err, tc.says)
			}
			continue
		}
		switch {
		case err != nil:
			t.Errorf("%s: Decode: %v", tc.name, err)
		case (back.Search == nil) != (tc.search == nil) || back.Search != nil && *back.Search != *tc.search:
			t.Errorf("%s: the outcome comes back as %+v, want %+v", tc.name, back.Search, tc.search)
		default:
			if err := Check(context.Background(), back, testConfig); err != nil {
				t.Errorf("%s: Check: %v", tc.name, err)
			}
		}
	}
}

// The search object's keys are as strict as the certificate's: spelled
// exactly, known, and given once.
func TestSearchOutcomeKeysStrict(t *testing.T) {
	rep := search(t, "gneg1", 1, Options{})
	c, err := NewCertificate(rep, "test")
	if err != nil {
		t.Fatal(err)
	}
	c.Search = &SearchOutcome{Bound: 100, FirstUnrepeatedV: 2}
	var buf bytes.Buffer
	if err := c.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	good := buf.Bytes()
	inSearch := func(old, new string) []byte {
		return bytes.Replace(good, []byte(old), []byte(new), 1)
	}
	for _, tc := range []struct {
		name string
		data []byte
		says string
	}{
		{"Bound for bound", inSearch(`"bound":`, `"Bound":`), `unknown key "Bound"`},
		{"an unknown key", inSearch(`"bound":`, `"rows": 5, "bound":`), `unknown key "rows"`},
		{"bound twice", inSearch(`"bound":`, `"bound": 100, "bound":`), `the key "bound" is given twice`},
		{"first V twice", inSearch(`"bound":`, `"first_unrepeated_v": 2, "bound":`), `the key "first_unrepeated_v" is given twice`},
	} {
		if bytes.Equal(tc.data, good) {
			t.Fatalf("%s: the edit did not apply to\n%s", tc.name, good)
		}
		_, err := Decode(bytes.NewReader(tc.data))
		if !errors.Is(err, ErrCertificate) || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s: Decode = %v, want ErrCertificate saying %q", tc.name, err, tc.says)
		}
	}
}
