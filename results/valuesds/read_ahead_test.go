package valuesds

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadAheadKeepsTheOrder: parts read ahead on other goroutines still
// reach visit in order and report in order: of two damaged parts the
// first is named, however fast the second fails; visit's error at a part
// comes before a later part's damage; a context cancelled inside visit
// stops the scan with its error, not with the cells read so far.
func TestReadAheadKeepsTheOrder(t *testing.T) {
	table, _ := randomTable(11, 60, 9)
	flip := func(dir string, first int64) {
		path := filepath.Join(dir, PartName(first))
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		data[len(data)/2] ^= 4
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	fresh := func() *Dataset {
		dir := datasetDir(t)
		writeDataset(t, dir, testMeta(60, 0, 9), table, 8) // parts of rows 0, 8, 16, … 56
		d, err := Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}

	for _, later := range []int64{24, 32, 56} {
		d := fresh()
		flip(d.Dir, 16)
		flip(d.Dir, later)
		var rows []int64
		err := d.Scan(context.Background(), func(x0 int64, start []int32, _ []int64, _ []int32) error {
			rows = append(rows, x0, x0+int64(len(start))-2)
			return nil
		}, ScanOptions{})
		want := "damaged values dataset: " + filepath.Join(d.Dir, PartName(16)) + ": "
		if !errors.Is(err, ErrDamaged) || !strings.HasPrefix(err.Error(), want) {
			t.Fatalf("parts 16 and %d damaged: %v, want an error starting %q", later, err, want)
		}
		if len(rows) != 4 || rows[0] != 0 || rows[1] != 7 || rows[2] != 8 || rows[3] != 15 {
			t.Errorf("parts 16 and %d damaged: visit saw rows %v, want 0..7 and 8..15", later, rows)
		}
	}

	d := fresh()
	flip(d.Dir, 8)
	stop := errors.New("stop at the first part")
	if err := d.Scan(context.Background(), func(int64, []int32, []int64, []int32) error { return stop }, ScanOptions{}); err != stop {
		t.Errorf("visit failing at part 0, part 8 damaged: %v, want visit's error", err)
	}

	d = fresh()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	calls := 0
	err := d.Scan(ctx, func(int64, []int32, []int64, []int32) error {
		if calls++; calls == 2 {
			cancel()
		}
		return nil
	}, ScanOptions{})
	if !errors.Is(err, context.Canceled) || calls != 2 {
		t.Errorf("cancelled at the second part: %v after %d calls, want context.Canceled after 2", err, calls)
	}
}
