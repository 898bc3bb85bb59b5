package proof

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"runtime"
	"strings"
	"testing"
)

// goodCertificate is the JSON of the certificate of G₋₁, V = 1, as
// Encode writes it.
func goodCertificate(t testing.TB) []byte {
	t.Helper()
	rep, found, err := Search(context.Background(), "gneg1", 1, 100, Options{Config: testConfig})
	if err != nil || !found {
		t.Fatalf("search: %v, %v", found, err)
	}
	state, err := rep.State.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.MarshalIndent(Certificate{Format: Format, Table: rep.Table, V: rep.V, X0: rep.X0, P: rep.P, State: state, Version: "test"}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// Decode takes one JSON object with each of the certificate's keys once,
// spelled as Encode writes them, and refuses, saying why, data after the
// object, a key given twice (even with its letters escaped), a key in
// another case, an unknown key, a null where the schema has a value (an
// optional key is left out, not null) and a file too large to be a
// certificate.
func TestDecodeIsStrict(t *testing.T) {
	good := goodCertificate(t)
	if _, err := Decode(bytes.NewReader(good)); err != nil {
		t.Fatalf("the certificate as written: %v", err)
	}
	if _, err := Decode(bytes.NewReader(append(bytes.Clone(good), " \n\t"...))); err != nil {
		t.Fatalf("with white space after it: %v", err)
	}
	after := func(tail string) []byte { return append(bytes.Clone(good), tail...) }
	first := func(extra string) []byte { return bytes.Replace(good, []byte("{"), []byte("{"+extra), 1) }
	for _, tc := range []struct {
		name string
		data []byte
		says string
	}{
		{"a second object", after(`{"format":"grundy-proof/1"}`), "data after the JSON object"},
		{"a word", after("x"), "data after the JSON object"},
		{"a number", after("0"), "data after the JSON object"},
		{"v twice", first(`"v": 99,`), `the key "v" is given twice`},
		{"p twice, escaped", first(`"\u0070": 7,`), `the key "p" is given twice`},
		{"table twice", first(`"table": "nim",`), `the key "table" is given twice`},
		{"V for v", bytes.Replace(good, []byte(`"v":`), []byte(`"V":`), 1), `unknown key "V"`},
		{"an unknown key", first(`"n": 5,`), `unknown key "n"`},
		{"search null", first(`"search": null,`), `the key "search" is null`},
		{"statements null", first(`"statements": null,`), `the key "statements" is null`},
		{"bound null", first(`"search": {"bound": null},`), `the key "bound" is null`},
		{"not JSON", []byte("PAR1"), "read JSON"},
		{"too large", after(strings.Repeat(" ", MaxCertificateBytes)), "more than 16 MiB"},
	} {
		_, err := Decode(bytes.NewReader(tc.data))
		if !errors.Is(err, ErrCertificate) || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s: Decode = %v, want ErrCertificate saying %q", tc.name, err, tc.says)
		}
	}
}

// Decode refuses, naming the key, a certificate without its version and
// one whose v, x0 or p no search writes: negative, above MaxBound, or
// with x0 + p beyond it (whose work would saturate, and whose sum Check
// would print wrapped), and objects or arrays nested past a certificate's
// depth, before their frames take memory in proportion to the file.
func TestDecodeRanges(t *testing.T) {
	good := goodCertificate(t)
	c, err := Decode(bytes.NewReader(good))
	if err != nil {
		t.Fatal(err)
	}
	field := func(key string, was, is int64) []byte {
		return bytes.Replace(good, []byte(fmt.Sprintf(`"%s": %d`, key, was)), []byte(fmt.Sprintf(`"%s": %d`, key, is)), 1)
	}
	for _, tc := range []struct {
		name string
		data []byte
		says string
	}{
		{"no version", bytes.Replace(good, []byte(`,
  "version": "test"`), nil, 1), `the key "version" is missing`},
		{"x0 negative", field("x0", c.X0, -c.X0), fmt.Sprintf(`"x0" is %d: a row from 0 to %d`, -c.X0, int64(MaxBound))},
		{"x0 above 2³⁸", field("x0", c.X0, MaxBound+1), `"x0" is 274877906945`},
		{"x0 the largest int64", field("x0", c.X0, math.MaxInt64), `"x0" is 9223372036854775807`},
		{"p negative", field("p", c.P, -c.P), fmt.Sprintf(`"p" is %d: a period from 1`, -c.P)},
		{"p above 2³⁸", field("p", c.P, MaxBound+1), `"p" is 274877906945`},
		{"x0 + p beyond 2³⁸", field("x0", c.X0, MaxBound-c.P+1), `"x0" + "p" is`},
		{"v negative", field("v", int64(c.V), -1), `"v" is -1: a cap V from 0 to 1023`},
		{"v above the cap", field("v", int64(c.V), 1024), `"v" is 1024`},
		{"arrays nested", bytes.Replace(good, []byte(`{`), []byte(`{"statements": [[[[[]]]]],`), 1), "nested more than 4 deep"},
		{"16 MiB of nesting", bytes.Repeat([]byte("["), MaxCertificateBytes), "nested more than 4 deep"},
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := Decode(bytes.NewReader(tc.data))
		runtime.ReadMemStats(&after)
		if !errors.Is(err, ErrCertificate) || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s: Decode = %v, want ErrCertificate saying %q", tc.name, err, tc.says)
		}
		// The file is read once (io.ReadAll doubles its buffer as it
		// goes) and buffered once by the scan of its keys.
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > uint64(8*len(tc.data))+1<<20 {
			t.Errorf("%s: Decode of %d bytes allocated %d MiB", tc.name, len(tc.data), alloc>>20)
		}
	}
}

// A certificate whose x0 and P each lie past Infinity, with a sum that
// wraps around below it, is refused before any sweep; Work saturates for
// it.
func TestCheckRefusesWrappingRows(t *testing.T) {
	c, err := Decode(bytes.NewReader(goodCertificate(t)))
	if err != nil {
		t.Fatal(err)
	}
	c.X0, c.P = math.MaxInt64/2+1, math.MaxInt64/2+1
	wantFail(t, c, "x0 = 4611686018427387904 and P = 4611686018427387904: their sum lies beyond the 274877906944 rows")
	if rows, cells := c.Work(); rows != math.MaxInt64 || cells != math.MaxInt64 {
		t.Errorf("Work = %d, %d, want both saturated", rows, cells)
	}
}

// FuzzDecodeStrict: what Decode accepts is one JSON object, nothing after
// it but white space, each top-level key once (counted against
// encoding/json's own map of the object), and it comes back the same
// through Encode; the same bytes with data after them, or with a key
// given twice, are refused.
func FuzzDecodeStrict(f *testing.F) {
	good := goodCertificate(f)
	f.Add(good)
	f.Add([]byte(`{"format":"grundy-proof/1","table":"nim","v":0,"x0":1,"p":1,"state":"","version":"x"}`))
	f.Add([]byte(`{"format":"grundy-proof/1","format":"grundy-proof/1"}`))
	f.Add(bytes.Replace(good, []byte(`"version"`), []byte(`"search": {"bound": 100, "first_unrepeated_v": 2}, "version"`), 1))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Decode(bytes.NewReader(data))
		if err != nil {
			return
		}
		if !json.Valid(data) {
			t.Fatalf("accepted invalid JSON %q", data)
		}
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(data, &fields); err != nil {
			t.Fatalf("accepted %q, which is no object: %v", data, err)
		}
		keys := 0
		dec := json.NewDecoder(bytes.NewReader(data))
		_, _ = dec.Token() // {
		for dec.More() {
			_, _ = dec.Token() // the key
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				t.Fatal(err)
			}
			keys++
		}
		if keys != len(fields) {
			t.Fatalf("accepted %q with %d keys, %d distinct", data, keys, len(fields))
		}
		var buf bytes.Buffer
		if err := c.Encode(&buf); err != nil {
			t.Fatal(err)
		}
		back, err := Decode(&buf)
		if err != nil || back.Table != c.Table || back.V != c.V || back.X0 != c.X0 || back.P != c.P || !bytes.Equal(back.State, c.State) ||
			(back.Search == nil) != (c.Search == nil) || back.Search != nil && *back.Search != *c.Search {
			t.Fatalf("%+v comes back as %+v, %v", c, back, err)
		}
		if _, err := Decode(bytes.NewReader(append(bytes.Clone(data), "{}"...))); err == nil {
			t.Fatalf("accepted %q with an object after it", data)
		}
		twice := bytes.Replace(data, []byte("{"), []byte(`{"format":"grundy-proof/1",`), 1)
		if _, err := Decode(bytes.NewReader(twice)); err == nil {
			t.Fatalf("accepted %q with the format twice", twice)
		}
	})
}
