package valuesds

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestLayoutOfEarlierFormats reads the layout of the parts of formats 1
// and 2 (arrow-go's writer, v dictionary-encoded): the checks take every
// part the writers of this package have written. The hostile corpus
// (package hostile) shows each check refusing its fault.
func TestLayoutOfEarlierFormats(t *testing.T) {
	paths, _ := filepath.Glob("testdata/v*/*.values/*.parquet")
	if len(paths) == 0 {
		t.Fatal("no parts in testdata")
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		l, err := readLayout(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			t.Errorf("%s: %v", p, err)
		} else if len(l.groups) == 0 {
			t.Errorf("%s: no row groups", p)
		}
	}
}

// FuzzReadLayout checks that readLayout never panics, whatever the bytes.
func FuzzReadLayout(f *testing.F) {
	paths, _ := filepath.Glob("testdata/v2/passnim_n200.values/*.parquet")
	for _, p := range paths {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("PAR1\x00\x00\x00\x00PAR1"))
	f.Fuzz(func(t *testing.T, data []byte) {
		readLayout(bytes.NewReader(data), int64(len(data)))
	})
}
