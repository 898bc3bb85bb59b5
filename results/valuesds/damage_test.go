package valuesds

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/grundy-lab/grundy/results/fulldisk"
)

// editManifest rewrites the manifest of dir through edit.
func editManifest(t *testing.T, dir string, edit func(m *Manifest)) {
	t.Helper()
	path := filepath.Join(dir, ManifestName)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	edit(&m)
	if data, err = encodeManifest(&m); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// resum sets the manifest's sha256 of the part file to its bytes' checksum,
// as a forger would.
func resum(t *testing.T, dir string, part int) {
	t.Helper()
	editManifest(t, dir, func(m *Manifest) {
		data, _ := os.ReadFile(filepath.Join(dir, m.Parts[part].File))
		m.Parts[part].SHA256 = fmt.Sprintf("%x", sha256.Sum256(data))
	})
}

// TestDamagedRefused: every damage is refused by Open or Scan with an error
// that starts "damaged values dataset: " and names the damaged file, also
// when the manifest's own checks were recomputed to match.
func TestDamagedRefused(t *testing.T) {
	part := func(dir string) string { return filepath.Join(dir, PartName(8)) }
	manifest := func(dir string) string { return filepath.Join(dir, ManifestName) }
	cases := []struct {
		name   string
		damage func(t *testing.T, dir string)
		file   func(dir string) string
	}{
		{"bit flip in a part", func(t *testing.T, dir string) { flipPartBit(t, dir, 8) }, part},
		{"part deleted", func(t *testing.T, dir string) { os.Remove(part(dir)) }, part},
		{"part truncated", func(t *testing.T, dir string) { os.Truncate(part(dir), 100) }, part},
		{"part truncated, sha256 recomputed", func(t *testing.T, dir string) { os.Truncate(part(dir), 100); resum(t, dir, 1) }, part},
		{"part replaced by another, sha256 recomputed", func(t *testing.T, dir string) {
			data, _ := os.ReadFile(filepath.Join(dir, PartName(16)))
			os.WriteFile(part(dir), data, 0o644)
			resum(t, dir, 1)
		}, part},
		{"part is a FIFO", func(t *testing.T, dir string) { os.Remove(part(dir)); syscall.Mkfifo(part(dir), 0o644) }, part},
		{"cells of a part and the total moved together", func(t *testing.T, dir string) {
			editManifest(t, dir, func(m *Manifest) { m.Parts[1].Cells++; m.Cells++ })
		}, part},
		{"cells_sha256 edited", func(t *testing.T, dir string) {
			editManifest(t, dir, func(m *Manifest) { m.CellsSHA256 = strings.Repeat("ab", 32) })
		}, manifest},
		{"cells without the parts", func(t *testing.T, dir string) {
			editManifest(t, dir, func(m *Manifest) { m.Cells++ })
		}, manifest},
		{"a part left out of the manifest", func(t *testing.T, dir string) {
			editManifest(t, dir, func(m *Manifest) { m.Parts = append(m.Parts[:1], m.Parts[2:]...) })
		}, manifest},
		{"values widened", func(t *testing.T, dir string) {
			editManifest(t, dir, func(m *Manifest) { m.Values = "0-20" })
		}, func(dir string) string { return filepath.Join(dir, PartName(0)) }},
		{"manifest deleted", func(t *testing.T, dir string) { os.Remove(manifest(dir)) }, manifest},
		{"manifest truncated", func(t *testing.T, dir string) { os.Truncate(manifest(dir), 50) }, manifest},
	}
	table, _ := randomTable(11, 30, 9)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := datasetDir(t)
			writeDataset(t, dir, testMeta(30, 0, 9), table, 8)
			c.damage(t, dir)
			_, err := scanAll(t, dir, ScanOptions{})
			want := "damaged values dataset: " + c.file(dir) + ": "
			if !errors.Is(err, ErrDamaged) || !strings.HasPrefix(fmt.Sprint(err), want) {
				t.Fatalf("got %v, want an error starting %q", err, want)
			}
		})
	}
}

// TestRookCheck: the rook option refuses a value twice in a row or in a
// column, which a table without it accepts; a cell with two values is
// refused always.
func TestRookCheck(t *testing.T) {
	rows := func(cells ...[3]int64) Rows { // (x, y, v) in (x, y) order, n = 3
		r := Rows{Start: []int32{0}}
		for x := range int64(4) {
			for _, c := range cells {
				if c[0] == x {
					r.Y, r.Value = append(r.Y, c[1]), append(r.Value, int32(c[2]))
				}
			}
			r.Start = append(r.Start, int32(len(r.Y)))
		}
		return r
	}
	for _, tc := range []struct {
		name, says string
		r          Rows
	}{
		{"twice in a row", "rook", rows([3]int64{1, 0, 2}, [3]int64{1, 3, 2})},
		{"twice in a column", "column 2 holds value 1 twice (again in row 3), which a rook table cannot", rows([3]int64{0, 2, 1}, [3]int64{2, 0, 0}, [3]int64{3, 2, 1})},
	} {
		dir := datasetDir(t)
		writeDataset(t, dir, testMeta(3, 0, 5), tc.r, 2)
		if _, err := scanAll(t, dir, ScanOptions{}); err != nil {
			t.Fatalf("%s without the rook check: %v", tc.name, err)
		}
		if _, err := scanAll(t, dir, ScanOptions{Rook: true}); !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), tc.says) {
			t.Fatalf("%s with the rook check: %v, want it to say %q", tc.name, err, tc.says)
		}
	}
}

// TestNotADataset: a regular file, a missing path and an empty directory
// are refused with a message naming them.
func TestNotADataset(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "x.values")
	os.WriteFile(file, []byte("x"), 0o644)
	for path, want := range map[string]string{
		file:                         "not a dataset directory",
		filepath.Join(dir, "absent"): "no such file",
		dir:                          "damaged values dataset: " + filepath.Join(dir, ManifestName) + ": missing",
	} {
		if _, err := Open(path); err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), path) {
			t.Errorf("Open(%s) = %v, want %q", path, err, want)
		}
	}
}

// TestDiskFull: a full disk during a part write ends WriteRows with an error
// wrapping ENOSPC, keeps the finished parts, leaves no temporary file, and
// the run resumes from Progress to the same dataset as one without failure.
func TestDiskFull(t *testing.T) {
	const n = 40
	table, _ := randomTable(2, n, 9)
	meta := testMeta(n, 0, 9)
	clean := datasetDir(t)
	writeDataset(t, clean, meta, table, 8)

	dir := datasetDir(t)
	disk := fulldisk.New(1 << 30)
	opts := Options{BlockRows: 8, WrapPart: disk.Wrap}
	w, err := Create(dir, meta, opts)
	if err != nil {
		t.Fatal(err)
	}
	feed(t, w, Rows{Start: table.Start[:17], Y: table.Y, Value: table.Value}, 3) // parts 0 and 8
	if _, err := w.Progress(); err != nil {                                      // waits for part 8, written in the background
		t.Fatal(err)
	}
	disk.SetLeft(200)
	var start []int32
	for _, s := range table.Start[16:] {
		start = append(start, s-table.Start[16])
	}
	err = w.WriteRows(16, start, table.Y[table.Start[16]:], table.Value[table.Start[16]:])
	if !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("the full disk gave %v", err)
	}
	if err2 := w.Commit(Final{}); !errors.Is(err2, syscall.ENOSPC) {
		t.Fatalf("Commit after the failure: %v", err2)
	}
	entries, _ := os.ReadDir(PartialDir(dir))
	if len(entries) != 2 || entries[0].Name() != PartName(0) || entries[1].Name() != PartName(8) {
		t.Fatalf("after the failure the partial directory holds %v", entries)
	}
	p, err := w.Progress()
	if p.NextRow != 16 || len(p.Parts) != 2 || !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("progress %+v, %v", p, err)
	}
	resumed, err := Resume(dir, meta, p, Options{BlockRows: 8})
	if err != nil {
		t.Fatal(err)
	}
	feed(t, resumed, table, 7)
	if err := resumed.Commit(Final{Workers: 1}); err != nil {
		t.Fatal(err)
	}
	assertSameDataset(t, clean, dir)
}

// assertSameDataset checks that the datasets a and b have the same manifest
// and part files.
func assertSameDataset(t *testing.T, a, b string) {
	t.Helper()
	entries, _ := os.ReadDir(a)
	others, _ := os.ReadDir(b)
	if len(entries) != len(others) {
		t.Fatalf("%d files, %d files", len(entries), len(others))
	}
	for _, e := range entries {
		x, _ := os.ReadFile(filepath.Join(a, e.Name()))
		y, err := os.ReadFile(filepath.Join(b, e.Name()))
		if err != nil || !bytes.Equal(x, y) {
			t.Fatalf("%s differs: %v", e.Name(), err)
		}
	}
}

// TestResumeAfterCrash: a run that stops after some parts (and leaves a
// part after its checkpoint and a temporary file) resumes from its Progress
// to a dataset identical to an uninterrupted one; a damaged listed part is
// refused.
func TestResumeAfterCrash(t *testing.T) {
	const n = 50
	table, _ := randomTable(9, n, 7)
	meta := testMeta(n, 1, 6)
	clean := datasetDir(t)
	writeDataset(t, clean, meta, table, 6)

	dir := datasetDir(t)
	w, err := Create(dir, meta, Options{BlockRows: 6})
	if err != nil {
		t.Fatal(err)
	}
	feed(t, w, Rows{Start: table.Start[:22], Y: table.Y, Value: table.Value}, 4) // rows 0..20: parts 0, 6, 12
	p := progress(t, w)
	data, _ := json.Marshal(p) // as a checkpoint file holds it
	feed(t, w, Rows{X0: 21, Start: shift(table.Start[21:27]), Y: table.Y[table.Start[21]:], Value: table.Value[table.Start[21]:]}, 5)
	progress(t, w) // part 18 is written in the background: wait for it
	os.WriteFile(filepath.Join(PartialDir(dir), ".part-000000000024.parquet.tmp"), []byte("torn"), 0o644)
	if _, err := os.Stat(filepath.Join(PartialDir(dir), PartName(18))); err != nil {
		t.Fatal("the part after the checkpoint was not written")
	}
	w = nil // the crash

	var saved Progress
	if err := json.Unmarshal(data, &saved); err != nil {
		t.Fatal(err)
	}
	if saved.NextRow != 18 {
		t.Fatalf("next row %d, want 18", saved.NextRow)
	}
	resumed, err := Resume(dir, meta, saved, Options{BlockRows: 6})
	if err != nil {
		t.Fatal(err)
	}
	feed(t, resumed, table, 9) // from row 0: rows before 18 are dropped
	if err := resumed.Commit(Final{Workers: 1}); err != nil {
		t.Fatal(err)
	}
	assertSameDataset(t, clean, dir)

	w2, _ := Create(dir, meta, Options{BlockRows: 6})
	feed(t, w2, Rows{Start: table.Start[:22], Y: table.Y, Value: table.Value}, 4)
	p = progress(t, w2)
	os.WriteFile(filepath.Join(PartialDir(dir), PartName(6)), []byte("damaged"), 0o644)
	if _, err := Resume(dir, meta, p, Options{BlockRows: 6}); !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), PartName(6)) {
		t.Fatalf("resume over a damaged part: %v", err)
	}
	if _, err := Resume(dir, meta, p, Options{BlockRows: 5}); err == nil {
		t.Fatal("resume with another block size was accepted")
	}

	// A listed part grown past any size its cells can take (a sparse
	// terabyte) is refused by its size, before it is hashed.
	w3, _ := Create(dir, meta, Options{BlockRows: 6})
	feed(t, w3, Rows{Start: table.Start[:22], Y: table.Y, Value: table.Value}, 4)
	p = progress(t, w3)
	if err := os.Truncate(filepath.Join(PartialDir(dir), PartName(6)), 1<<40); err != nil {
		t.Skip("no sparse file of 1 TB here:", err)
	}
	start := time.Now()
	if _, err := Resume(dir, meta, p, Options{BlockRows: 6}); !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), "more than a part of") {
		t.Fatalf("resume over a part of 1 TB: %v", err)
	}
	if elapsed := time.Since(start); elapsed > time.Second {
		t.Errorf("a part of 1 TB refused after %v", elapsed)
	}
}

// shift rebases start offsets to 0.
func shift(start []int32) []int32 {
	out := make([]int32, len(start))
	for i, s := range start {
		out[i] = s - start[0]
	}
	return out
}

// TestWriteRowsRefusesBadRows: a gap, decreasing columns, a column beyond n
// and a row beyond the table are errors; Commit before the last row is too.
func TestWriteRowsRefusesBadRows(t *testing.T) {
	meta := testMeta(5, 0, 3)
	for name, call := range map[string]func(w *Writer) error{
		"gap":               func(w *Writer) error { return w.WriteRows(1, []int32{0, 0}, nil, nil) },
		"decreasing":        func(w *Writer) error { return w.WriteRows(0, []int32{0, 2}, []int64{3, 1}, []int32{0, 0}) },
		"column beyond n":   func(w *Writer) error { return w.WriteRows(0, []int32{0, 1}, []int64{6}, []int32{0}) },
		"row beyond table":  func(w *Writer) error { return w.WriteRows(5, []int32{0, 0, 0}, nil, nil) },
		"short ys":          func(w *Writer) error { return w.WriteRows(0, []int32{0, 2}, []int64{1}, []int32{0}) },
		"commit incomplete": func(w *Writer) error { return w.Commit(Final{}) },
	} {
		w, err := Create(datasetDir(t), meta, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if err := call(w); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// TestWriteRowsRefusesFarCells: a cell more than MaxInt32 columns from the
// diagonal, on either side, is refused by WriteRows (cells_sha256 encodes
// y − x as int32), not left to fail where the part is written; the cells
// at MaxInt32 are taken.
func TestWriteRowsRefusesFarCells(t *testing.T) {
	const n = 1 << 33
	for _, tc := range []struct {
		x    int64
		ys   []int64
		want string // "" for no error
	}{
		{0, []int64{1 << 31}, "row 0: columns 2147483648..2147483648: a cell lies more than 2³¹ columns from the diagonal"},
		{1<<31 + 1, []int64{0, 1 << 31}, "row 2147483649: columns 0..2147483648: a cell lies more than 2³¹ columns"},
		{0, []int64{1<<31 - 1}, ""},
		{1 << 31, []int64{0, 5}, ""},
	} {
		meta := testMeta(n, 0, 3)
		meta.Rows = RowRange{tc.x, tc.x}
		w, err := Create(datasetDir(t), meta, Options{})
		if err != nil {
			t.Fatal(err)
		}
		err = w.WriteRows(tc.x, []int32{0, int32(len(tc.ys))}, tc.ys, make([]int32, len(tc.ys)))
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("row %d, columns %v: %v, want %q", tc.x, tc.ys, err, tc.want)
		}
		w.Abort()
	}
}

// TestCommitRefusesAPartChangedOnDisk plants a changed byte in a finished
// part between its write and Commit: Commit must refuse with the part
// named, publish nothing, and keep the partial directory; with the byte
// restored the same writer commits.
func TestCommitRefusesAPartChangedOnDisk(t *testing.T) {
	const n = 20
	table, _ := randomTable(9, n, 6)
	dir := datasetDir(t)
	w, err := Create(dir, testMeta(n, 0, 6), Options{BlockRows: 8})
	if err != nil {
		t.Fatal(err)
	}
	feed(t, w, table, 3)
	progress(t, w) // part 8 is written in the background: wait for it
	part := filepath.Join(PartialDir(dir), PartName(8))
	data, err := os.ReadFile(part)
	if err != nil {
		t.Fatal(err)
	}
	flipped := bytes.Clone(data)
	flipped[len(flipped)/2] ^= 0x10
	if err := os.WriteFile(part, flipped, 0o644); err != nil {
		t.Fatal(err)
	}
	err = w.Commit(Final{Workers: 1})
	var damage *DamageError
	if !errors.As(err, &damage) || damage.File != part {
		t.Fatalf("Commit with a changed part: %v, want a DamageError naming %s", err, part)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Fatalf("the dataset was published: %v", err)
	}
	if err := os.WriteFile(part, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := w.Commit(Final{Workers: 1}); err != nil {
		t.Fatalf("Commit with the part restored: %v", err)
	}
	if _, err := Check(context.Background(), dir); err != nil {
		t.Fatal(err)
	}
}

// TestResumeRefusesASumOfOtherRows: a checkpoint whose cells_sha256 state
// was taken at another row than its parts end (a state file rewritten with
// a valid checksum) is refused, not resumed to a wrong cells_sha256.
func TestResumeRefusesASumOfOtherRows(t *testing.T) {
	const n = 30
	table, _ := randomTable(4, n, 5)
	meta := testMeta(n, 0, 5)
	dir := datasetDir(t)
	w, err := Create(dir, meta, Options{BlockRows: 8})
	if err != nil {
		t.Fatal(err)
	}
	feed(t, w, Rows{Start: table.Start[:9], Y: table.Y, Value: table.Value}, 8)
	early := progress(t, w)
	var start []int32
	for _, s := range table.Start[8:17] {
		start = append(start, s-table.Start[8])
	}
	if err := w.WriteRows(8, start, table.Y[table.Start[8]:], table.Value[table.Start[8]:]); err != nil {
		t.Fatal(err)
	}
	p := progress(t, w)
	if _, err := Resume(dir, meta, p, Options{BlockRows: 8}); err != nil {
		t.Fatalf("the true progress: %v", err)
	}
	for name, bad := range map[string]func(*Progress){
		"sum of an earlier row": func(p *Progress) { p.CellsState = early.CellsState },
		"cells miscounted":      func(p *Progress) { p.Cells++; p.Parts[1].Cells++ },
	} {
		q := p
		q.Parts = slices.Clone(p.Parts)
		bad(&q)
		if _, err := Resume(dir, meta, q, Options{BlockRows: 8}); err == nil {
			t.Errorf("%s: resumed", name)
		}
	}
}

// TestDiskFullAtEveryByte fills the disk at each of the first bytes of a
// part, and at the end of its body: the error must say ENOSPC every time,
// whatever the Parquet writer wraps (its magic number's write did not).
func TestDiskFullAtEveryByte(t *testing.T) {
	const n = 12
	table, _ := randomTable(3, n, 4)
	for _, limit := range []int{0, 1, 3, 4, 5, 60, 200} {
		if err := commitOnFullDisk(t, table, n, limit); !errors.Is(err, syscall.ENOSPC) {
			t.Errorf("disk full after %d bytes: %v", limit, err)
		}
	}
}

// commitOnFullDisk writes table (rows 0..n, values 0–4) as one part on a
// disk that is full after limit bytes, and returns Commit's error.
func commitOnFullDisk(t *testing.T, table Rows, n int64, limit int) error {
	t.Helper()
	w, err := Create(datasetDir(t), testMeta(n, 0, 4), Options{BlockRows: 64, WrapPart: fulldisk.New(limit).Wrap})
	if err != nil {
		t.Fatal(err)
	}
	feed(t, w, table, 5)
	return w.Commit(Final{})
}

// TestDiskFullAtTheEndOfAPart fills the disk at every byte of the last
// 64 of a part: the write must fail every time, never leave a part cut
// short under its name with the sha256 of bytes the disk did not take.
func TestDiskFullAtTheEndOfAPart(t *testing.T) {
	const n = 12
	table, _ := randomTable(5, n, 4)
	whole := datasetDir(t)
	writeDataset(t, whole, testMeta(n, 0, 4), table, 64)
	d, err := Open(whole)
	if err != nil {
		t.Fatal(err)
	}
	size := 0
	if st, err := os.Stat(filepath.Join(whole, d.Manifest.Parts[0].File)); err == nil {
		size = int(st.Size())
	}
	for limit := size - 64; limit < size; limit++ {
		if err := commitOnFullDisk(t, table, n, limit); !errors.Is(err, syscall.ENOSPC) {
			t.Fatalf("disk full after %d of %d bytes: %v", limit, size, err)
		}
	}
}

// TestProgressAt: a checkpoint's progress is given only at the row where
// the finished parts end, once the parts in flight are written.
func TestProgressAt(t *testing.T) {
	const n = 30
	table, _ := randomTable(6, n, 5)
	w, err := Create(datasetDir(t), testMeta(n, 0, 5), Options{BlockRows: 8})
	if err != nil {
		t.Fatal(err)
	}
	feed(t, w, Rows{Start: table.Start[:20], Y: table.Y, Value: table.Value}, 4) // rows 0..18: parts 0 and 8 in flight
	if p, err := w.ProgressAt(16); err != nil || p.NextRow != 16 || len(p.Parts) != 2 {
		t.Fatalf("at row 16: %+v, %v", p, err)
	}
	if _, err := w.ProgressAt(19); err == nil || !strings.Contains(err.Error(), "end before row 16") {
		t.Fatalf("at row 19, where no part ends: %v", err)
	}
}

// progress is w's Progress, which must not fail.
func progress(t *testing.T, w *Writer) Progress {
	t.Helper()
	p, err := w.Progress()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// checkPlantedPart replaces the first part of the dataset dir of meta by
// a part of the cells c, which no writer would make, resigns its SHA-256
// in the manifest, and returns what Check says of the dataset.
func checkPlantedPart(t *testing.T, dir string, meta Meta, c *cells) error {
	t.Helper()
	var part bytes.Buffer
	if err := encodePart(&part, meta, 0, meta.Rows.Last, c); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, PartName(0)), part.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	resum(t, dir, 0)
	_, err := Check(context.Background(), dir)
	return err
}

// TestFarCellRefusedAsDamage: a part that holds a cell more than MaxInt32
// columns from the diagonal (which no writer of the format makes), its
// SHA-256 resigned in the manifest, is damage that Check names, not a
// panic where the row's digest is taken.
func TestFarCellRefusedAsDamage(t *testing.T) {
	dir := datasetDir(t)
	meta := testMeta(1<<33, 0, 3)
	meta.Rows = RowRange{0, 1}
	writeDataset(t, dir, meta, Rows{X0: 0, Start: []int32{0, 1, 2}, Y: []int64{5, 6}, Value: []int32{1, 2}}, 16)
	err := checkPlantedPart(t, dir, meta, &cells{vs: []int32{1, 2}, xs: []int64{0, 1}, ys: []int64{5, 1<<31 + 2}})
	var damage *DamageError
	if !errors.As(err, &damage) || !strings.Contains(err.Error(), "cell (x=1, y=2147483650, v=2) lies more than 2³¹ columns from the diagonal") {
		t.Fatalf("Check: %v, want the far cell named as damage", err)
	}
}

// TestCellOfTwoValuesRefusedAsDamage: a part that holds one cell in two
// values' row groups (which no writer makes), its SHA-256 resigned in the
// manifest, is damage that Check names, in a row whose cells lie side by
// side and in one spread wide.
func TestCellOfTwoValuesRefusedAsDamage(t *testing.T) {
	for _, tc := range []struct {
		name string
		ys   []int64
	}{{"side by side", []int64{4, 5, 6, 7}}, {"spread", []int64{4, 5, 600, 9000}}} {
		dir := datasetDir(t)
		meta := testMeta(10000, 0, 3)
		meta.Rows = RowRange{0, 1}
		vs := []int32{0, 1, 2, 3}
		writeDataset(t, dir, meta, Rows{X0: 0, Start: []int32{0, 4, 4}, Y: tc.ys, Value: vs}, 16)
		err := checkPlantedPart(t, dir, meta, &cells{vs: []int32{0, 1, 2, 3}, xs: []int64{0, 0, 0, 0}, ys: []int64{tc.ys[0], tc.ys[1], tc.ys[2], tc.ys[1]}})
		var damage *DamageError
		if !errors.As(err, &damage) || !strings.Contains(err.Error(), fmt.Sprintf("cell (x=0, y=%d) holds two values", tc.ys[1])) {
			t.Errorf("%s: Check: %v, want the cell of two values named as damage", tc.name, err)
		}
	}
}

// TestBlockEndsWithAFullChunk: a block whose last row fills a chunk (so
// that nothing is left to hand its job when the block ends) is written and
// reads back, as is the dataset's last, short block.
func TestBlockEndsWithAFullChunk(t *testing.T) {
	const n, perRow = 40000, orderChunk / 2
	meta := testMeta(n, 0, 3)
	meta.Rows = RowRange{0, 4}
	r := Rows{Start: []int32{0}}
	for x := range int64(5) {
		for y := range int64(perRow) {
			r.Y, r.Value = append(r.Y, y), append(r.Value, int32((x+y)%4))
		}
		r.Start = append(r.Start, int32(len(r.Y)))
	}
	dir := datasetDir(t)
	writeDataset(t, dir, meta, r, 2)
	m, err := Check(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if m.Cells != 5*perRow || len(m.Parts) != 3 {
		t.Errorf("%d cells in %d parts, want %d in 3", m.Cells, len(m.Parts), 5*perRow)
	}
}
