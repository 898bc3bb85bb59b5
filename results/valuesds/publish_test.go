package valuesds

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestReplaceLeavesACompleteDataset replaces a complete dataset and stops
// the publication at each of its steps, as a kill would, both where the
// system swaps two directories in one step and where it cannot: the final
// name must then hold a complete dataset, the old one or the new one, or
// (the second way, between its renames) Open must name where the old one
// is and the next Create must move it back; a later Commit replaces it as
// usual.
func TestReplaceLeavesACompleteDataset(t *testing.T) {
	meta := testMeta(3000, 0, 40)
	oldRows, _ := randomTable(1, 3000, 40)
	newRows, _ := randomTable(2, 3000, 40)
	newSum := checkedSum(t, writtenDataset(t, meta, newRows))
	noExchange := func(a, b string) error { return errNoExchange }
	for _, tc := range []struct {
		step     string
		exchange func(a, b string) error
		aside    bool // the old dataset is left aside, nothing at the final name
	}{
		{"exchanged", exchangeDirs, false},
		{"moved aside", noExchange, true},
		{"renamed", noExchange, false},
	} {
		t.Run(tc.step, func(t *testing.T) {
			dir := writtenDataset(t, meta, oldRows)
			oldSum := checkedSum(t, dir)
			crash := fmt.Errorf("killed at %q", tc.step)
			exchange = tc.exchange
			crashPoint = func(at string) error {
				if at == tc.step {
					return crash
				}
				return nil
			}
			defer func() { exchange, crashPoint = exchangeDirs, func(string) error { return nil } }()
			w, err := Create(dir, meta, Options{BlockRows: 500})
			if err != nil {
				t.Fatal(err)
			}
			feed(t, w, newRows, 700)
			if err := w.Commit(Final{Workers: 1}); !errors.Is(err, crash) {
				t.Fatalf("commit: %v, want the planted crash", err)
			}
			crashPoint = func(string) error { return nil }
			if tc.aside {
				if _, err := Open(dir); err == nil || !strings.Contains(err.Error(), AsideDir(dir)) {
					t.Fatalf("open after a crash between the renames: %v, want an error naming %s", err, AsideDir(dir))
				}
				w, err := Create(dir, meta, Options{BlockRows: 500})
				if err != nil {
					t.Fatal(err)
				}
				if err := w.Abort(); err != nil {
					t.Fatal(err)
				}
			}
			if got := checkedSum(t, dir); got != oldSum && got != newSum {
				t.Fatalf("after a crash at %q the final name holds cells_sha256 %s, neither the old nor the new dataset's", tc.step, got)
			}
			writeDataset(t, dir, meta, newRows, 500)
			if got := checkedSum(t, dir); got != newSum {
				t.Fatalf("the next commit left cells_sha256 %s, want %s", got, newSum)
			}
		})
	}
}

// writtenDataset writes rows r as a new dataset of meta and returns its
// directory.
func writtenDataset(t *testing.T, meta Meta, r Rows) string {
	t.Helper()
	dir := datasetDir(t)
	writeDataset(t, dir, meta, r, 500)
	return dir
}

// checkedSum reads dir through and returns its cells_sha256.
func checkedSum(t *testing.T, dir string) string {
	t.Helper()
	m, err := Check(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	return m.CellsSHA256
}
