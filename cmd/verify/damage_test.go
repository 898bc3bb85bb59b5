package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/conjecture/provenance"
	"github.com/grundy-lab/grundy/results/valuesds"
)

// manifestOf is the manifest of the values dataset at dir.
func manifestOf(t *testing.T, dir string) *valuesds.Manifest {
	t.Helper()
	d, err := valuesds.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	return d.Manifest
}

// TestConsistentlyEditedPartIsDamage: a part of a sound dataset replaced by
// the same part holding a moved cell, its sha256 updated in the manifest and
// cells_sha256 left alone, is exit 1 "damaged values dataset" in every mode
// that reads it (the band check, -claims-from, -patterns), also when the
// mode reads fewer values than the dataset holds: never a counterexample,
// a failing pattern or an unstable value drawn from cells the checksums
// were not all checked on.
func TestConsistentlyEditedPartIsDamage(t *testing.T) {
	const n = 300
	dir := t.TempDir()
	clean := writeDataset(t, n, 0, 0, -1)
	jsonPath := filepath.Join(dir, "patterns.json")
	if _, stderr, code := runVerify(t, "-patterns", "-in", clean, "-values", "0-4", "-json", jsonPath); code != 0 {
		t.Fatalf("-patterns on the sound dataset: exit %d: %s", code, stderr)
	}
	if from := readFile(t, jsonPath).Provenance; from == nil || !slices.Contains(from.Inputs, provenance.Input{Path: clean, Checksum: "cells_sha256", SHA256: manifestOf(t, clean).CellsSHA256}) {
		t.Errorf("the patterns of a dataset do not record its cells_sha256: %+v", from)
	}
	// G₋₁(100, 98) = 3 by Theorem 4 (4); 4 instead keeps the cell count.
	planted := writeDataset(t, n, 100, 98, 4)
	part := valuesds.PartName(64)
	data, err := os.ReadFile(filepath.Join(planted, part))
	if err != nil {
		t.Fatal(err)
	}
	// The planted dataset itself is sound: each mode draws its verdict
	// from the moved cell.
	modes := []struct {
		args    []string
		code    int
		verdict string
	}{
		{nil, 3, "gneg1.band\tFAILS"},
		{[]string{"-claims-from", jsonPath}, 3, "pattern.gneg1.v3  FAILS"},
		{[]string{"-patterns", "-values", "0-4"}, 0, "v=3 none"},
	}
	for _, m := range modes {
		if stdout, stderr, code := runVerify(t, append(m.args, "-in", planted)...); code != m.code || !strings.Contains(stdout, m.verdict) {
			t.Fatalf("%v on the planted dataset: exit %d, want %d and %q\n%s%s", m.args, code, m.code, m.verdict, stdout, stderr)
		}
	}
	if err := os.WriteFile(filepath.Join(clean, part), data, 0o644); err != nil {
		t.Fatal(err)
	}
	forgeChecksum(t, clean, part, data)
	want := "verify: damaged values dataset: " + filepath.Join(clean, valuesds.ManifestName) + ": "
	for _, m := range modes {
		stdout, stderr, code := runVerify(t, append(m.args, "-in", clean)...)
		if code != 1 || !strings.HasPrefix(stderr, want) || strings.Contains(stdout, m.verdict) {
			t.Errorf("%v on a consistently edited part: exit %d, want 1 and %q, not %q:\n%s%s", m.args, code, want, m.verdict, stdout, stderr)
		}
	}
}
