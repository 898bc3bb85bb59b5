package results_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/grundy-lab/grundy/results"
)

// FuzzScanValues feeds arbitrary bytes to the values file reader: it must
// return rows that pass its checks, or an error, and never panic or hang.
func FuzzScanValues(f *testing.F) {
	// Values files of an earlier version, zstd and uncompressed.
	for _, name := range []string{"gneg1_n12.values.arrow", "gneg1_n12_uncompressed.values.arrow"} {
		data, err := os.ReadFile(filepath.Join("testdata", "oldvalues", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "fuzz.values.arrow")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		watchdog := time.AfterFunc(3*time.Second, func() { panic("slow input") })
		defer watchdog.Stop()
		info, values, err := results.ScanValues(path, func(v, x, y []int32) error {
			for i := range v {
				if v[i] < 0 || x[i] < 0 || y[i] < 0 {
					t.Fatalf("accepted row (%d, %d, %d)", v[i], x[i], y[i])
				}
			}
			return nil
		})
		if err == nil && (values.Lo > values.Hi || info.N < 0) {
			t.Fatalf("accepted values %s of n = %d", values, info.N)
		}
	})
}

// FuzzParseValueRange: any text gives a range 0 ≤ LO ≤ HI ≤ the limit, or
// an error.
func FuzzParseValueRange(f *testing.F) {
	for _, s := range []string{"0-40", "7", " 3 - 9 ", "-1-3", "40-3", "x", "0-99999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := results.ParseValueRange(s, 1000)
		if err == nil && (r.Lo < 0 || r.Lo > r.Hi || r.Hi > 1000) {
			t.Fatalf("ParseValueRange(%q) = %v", s, r)
		}
	})
}
