package results_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
)

// FuzzScan feeds arbitrary bytes to the table reader: it must return a table
// that passes all its checks or an error, and never panic or hang.
func FuzzScan(f *testing.F) {
	for _, fc := range formatCompressions {
		sum := writeTableFormat(f, fc.format, f.TempDir(), "gstarneg1", 6, fc.compression, 3)
		data, err := os.ReadFile(sum.Path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("ARROW1\x00\x00"))
	f.Add([]byte("PAR1\x00\x00\x00\x00PAR1"))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "fuzz.arrow")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		watchdog := time.AfterFunc(3*time.Second, func() { panic("slow input") })
		defer watchdog.Stop()
		rows := 0
		info, err := results.Scan(path, func(b engine.Band) error {
			rows += b.Rows
			return nil
		})
		if err == nil && rows != info.N+1 {
			t.Fatalf("Scan accepted %d rows for n = %d", rows, info.N)
		}
	})
}
