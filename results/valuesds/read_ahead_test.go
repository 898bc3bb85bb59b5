package valuesds

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// flipPartBit flips a bit in the middle of the part of dir from row first.
func flipPartBit(t *testing.T, dir string, first int64) {
	t.Helper()
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

// TestReadAheadKeepsTheOrder: parts read ahead on other goroutines still
// reach visit in order and report in order: of two damaged parts the
// first is named, however fast the second fails; visit's error at a part
// comes before a later part's damage; a context cancelled inside visit
// stops the scan with its error, not with the cells read so far.
func TestReadAheadKeepsTheOrder(t *testing.T) {
	table, _ := randomTable(11, 60, 9)
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
		flipPartBit(t, d.Dir, 16)
		flipPartBit(t, d.Dir, later)
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
	flipPartBit(t, d.Dir, 8)
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

// TestPartsAhead: two parts are read ahead when they are small, one when
// two would hold more than readAheadCells, none when one would.
func TestPartsAhead(t *testing.T) {
	for _, c := range []struct {
		largest int64
		want    int
	}{
		{0, 2}, {1, 2}, {16384 * 201, 2}, {readAheadCells / 2, 2}, {readAheadCells/2 + 1, 1},
		{readAheadCells, 1}, {readAheadCells + 1, 0}, {MaxPartCells, 0},
	} {
		if got := partsAhead(c.largest); got != c.want {
			t.Errorf("parts of up to %d cells: %d read ahead, want %d", c.largest, got, c.want)
		}
	}
}

// TestReadAheadOfEveryDepth: read zero, one or two parts ahead, every part
// reaches use once, in order, and of two damaged parts the first is
// reported, after use has seen every part before it.
func TestReadAheadOfEveryDepth(t *testing.T) {
	table, _ := randomTable(11, 60, 9)
	dir := datasetDir(t)
	writeDataset(t, dir, testMeta(60, 0, 9), table, 8)
	d, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	m := d.Manifest
	sel, _, err := d.selection(ScanOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for ahead := range maxReadAhead + 1 {
		var firsts []int64
		err := readAhead(dir, m, sel, m.Parts, ahead, func(rp *readPart) error {
			firsts = append(firsts, rp.part.XFirst)
			return nil
		})
		if err != nil || len(firsts) != len(m.Parts) {
			t.Fatalf("%d ahead: %v after parts %v", ahead, err, firsts)
		}
		for k, x := range firsts {
			if x != m.Parts[k].XFirst {
				t.Fatalf("%d ahead: parts used in the order %v", ahead, firsts)
			}
		}
	}
	flipPartBit(t, dir, 16)
	flipPartBit(t, dir, 40)
	for ahead := range maxReadAhead + 1 {
		used := 0
		err := readAhead(dir, m, sel, m.Parts, ahead, func(*readPart) error { used++; return nil })
		want := "damaged values dataset: " + filepath.Join(dir, PartName(16)) + ": "
		if !errors.Is(err, ErrDamaged) || !strings.HasPrefix(err.Error(), want) || used != 2 {
			t.Errorf("%d ahead, parts 16 and 40 damaged: %v after %d parts used, want an error starting %q after 2", ahead, err, used, want)
		}
	}
}
