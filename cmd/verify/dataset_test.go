package main

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/results/valuesds"
	"github.com/grundy-lab/grundy/tables"
)

// writeDataset writes the values dataset (values 0-5, blocks of 64 rows) of
// gneg1 at n into a new directory, with G(x, y) replaced by v if v ≥ 0, and
// returns its path.
func writeDataset(t *testing.T, n, x, y int, v int32) string {
	t.Helper()
	r, _ := tables.Lookup("gneg1")
	return writeDatasetOf(t, r, n, x, y, v)
}

// writeDatasetOf is writeDataset of the table r, its game recorded.
func writeDatasetOf(t *testing.T, r tables.Ruleset, n, x, y int, v int32) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), valuesds.DirName(r.ID, int64(n)))
	meta := valuesds.Meta{Table: r.ID, Symbol: r.Symbol, N: int64(n), Values: results.ValueRange{Lo: 0, Hi: 5},
		Sweep: valuesds.SweepBand, Rows: valuesds.RowRange{First: 0, Last: int64(n)}, Game: r.Record()}
	w, err := valuesds.Create(dir, meta, valuesds.Options{BlockRows: 64})
	if err != nil {
		t.Fatal(err)
	}
	var scratch valuesds.Rows
	err = engine.Compute(context.Background(), r.Rules, n, engine.Config{Tile: 16}, func(b engine.Band) error {
		if v >= 0 && x >= b.X0 && x < b.X0+b.Rows {
			b.Cells[(x-b.X0)*b.Width+y] = v
		}
		return w.WriteBand(b, &scratch)
	})
	if err == nil {
		err = w.Commit(valuesds.Final{Workers: 1})
	}
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestValuesDatasetInput: -patterns and -claims-from read a values dataset
// directory as they read a table file; a sound dataset with a planted
// defect fails a claim (exit 3), while a damaged one, even one whose part
// checksums were forged to match, is exit 1 "damaged values dataset",
// never a counterexample.
func TestValuesDatasetInput(t *testing.T) {
	const n = 300
	dir := t.TempDir()
	table := writeTable(t, dir, "gneg1", n)
	jsonPath := filepath.Join(dir, "patterns.json")
	fromTable, stderr, code := runVerify(t, "-patterns", "-in", table, "-values", "0-5", "-json", jsonPath)
	if code != 0 {
		t.Fatalf("-patterns on the table: exit %d: %s", code, stderr)
	}
	clean := writeDataset(t, n, 0, 0, -1)
	fromDataset, stderr, code := runVerify(t, "-patterns", "-in", clean, "-values", "0-5")
	if code != 0 {
		t.Fatalf("-patterns on the dataset: exit %d: %s", code, stderr)
	}
	_, want, _ := strings.Cut(fromTable, "\n")
	if _, got, _ := strings.Cut(fromDataset, "\n"); got != want {
		t.Fatalf("-patterns on the dataset:\n%s\non the table:\n%s", got, want)
	}
	if stdout, stderr, code := runVerify(t, "-claims-from", jsonPath, "-in", clean+"/"); code != 0 {
		t.Fatalf("-claims-from on the dataset: exit %d\n%s%s", code, stdout, stderr)
	}

	if _, stderr, code := runVerify(t, "-in", clean, "-claims", "goishi.thm4.1"); code != 1 || !strings.Contains(stderr, "is a values dataset") {
		t.Fatalf("claims on a dataset: exit %d: %s", code, stderr)
	}
	if stdout, stderr, code := runVerify(t, "-in", clean); code != 0 || !strings.Contains(stdout, "gneg1.band\tholds") ||
		!strings.Contains(stdout, "… in "+valuesds.Format+")") {
		t.Fatalf("the check of a dataset against its definition: exit %d\n%s%s", code, stdout, stderr)
	}

	// G₋₁(100, 98) = 3 by Theorem 4 (4); 4 instead keeps the cell count.
	planted := writeDataset(t, n, 100, 98, 4)
	if stdout, _, code := runVerify(t, "-in", planted); code != 3 || !strings.Contains(stdout, "gneg1.band\tFAILS") ||
		!strings.Contains(stdout, "(100, 98)") {
		t.Fatalf("the definition check on a planted defect: exit %d, want 3 naming (100, 98)\n%s", code, stdout)
	}
	if stdout, _, code := runVerify(t, "-claims-from", jsonPath, "-in", planted); code != 3 || !strings.Contains(stdout, "x=100, y=98") {
		t.Fatalf("-claims-from on a planted defect: exit %d, want 3 naming (100, 98)\n%s", code, stdout)
	}

	part := valuesds.PartName(64)
	data, err := os.ReadFile(filepath.Join(planted, part))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(clean, part), data, 0o644)
	forgeChecksum(t, clean, part, data)
	_, stderr, code = runVerify(t, "-claims-from", jsonPath, "-in", clean)
	if want := "verify: damaged values dataset: " + filepath.Join(clean, valuesds.ManifestName) + ": "; code != 1 || !strings.HasPrefix(stderr, want) {
		t.Fatalf("-claims-from on a forged part: exit %d, want 1 and %q:\n%s", code, want, stderr)
	}

	os.Truncate(filepath.Join(planted, part), 300)
	for _, args := range [][]string{{"-claims-from", jsonPath}, {"-patterns", "-values", "0-5"}, {}} {
		_, stderr, code = runVerify(t, append(args, "-in", planted)...)
		if want := "verify: damaged values dataset: " + filepath.Join(planted, part) + ": "; code != 1 || !strings.HasPrefix(stderr, want) {
			t.Fatalf("%v on a truncated part: exit %d, want 1 and %q:\n%s", args, code, want, stderr)
		}
	}
}

// forgeChecksum sets the manifest's sha256 of part to that of data.
func forgeChecksum(t *testing.T, dir, part string, data []byte) {
	t.Helper()
	path := filepath.Join(dir, valuesds.ManifestName)
	text, _ := os.ReadFile(path)
	m, err := valuesds.ParseManifest(text)
	if err != nil {
		t.Fatal(err)
	}
	for i := range m.Parts {
		if m.Parts[i].File == part {
			m.Parts[i].SHA256 = fmt.Sprintf("%x", sha256.Sum256(data))
		}
	}
	if text, err = json.Marshal(m); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(path, text, 0o644)
}

// TestOldValuesFileWarns: a values file of an earlier version, which no
// checksum covers (no longer written: testdata/oldvalues), is still read, with a warning that a counterexample
// found in it may be damage; a values dataset gets no such warning.
func TestOldValuesFileWarns(t *testing.T) {
	const n = 300
	// Written by the last version that wrote values files (values 0-5).
	path := filepath.Join("testdata", "oldvalues", results.ValuesFileName("gneg1", n))
	const warning = "no checksum of its rows"
	if _, stderr, code := runVerify(t, "-patterns", "-in", path, "-values", "0-5"); code != 0 || !strings.Contains(stderr, warning) {
		t.Fatalf("-patterns on an old values file: exit %d, want 0 and a warning:\n%s", code, stderr)
	}
	if _, stderr, code := runVerify(t, "-patterns", "-in", writeDataset(t, n, 0, 0, -1), "-values", "0-5"); code != 0 || strings.Contains(stderr, warning) {
		t.Fatalf("-patterns on a dataset: exit %d, want 0 and no warning:\n%s", code, stderr)
	}
}

// verify -in DATASET whose stderr is not a terminal says how far its band
// check has gone every progressInterval (under -race, the rows it reports
// are the scan's without a data race).
func TestBandCheckProgressLines(t *testing.T) {
	defer func(d time.Duration) { progressInterval = d }(progressInterval)
	progressInterval = time.Millisecond
	dir := writeDataset(t, 3000, 0, 0, -1)
	_, stderr, code := runVerify(t, "-in", dir)
	if want := "of 3001 rows checked after "; code != 0 || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, stderr lacks %q:\n%s", code, want, stderr)
	}
}
