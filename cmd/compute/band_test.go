package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/results/valuesds"
)

// datasetSum reads the values dataset dir in full (parts against their
// checksums, cells_sha256 recomputed) and returns its manifest.
func datasetSum(t *testing.T, dir string) valuesds.Manifest {
	t.Helper()
	m, err := valuesds.Check(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	return *m
}

// TestBandEqualsFullSweep runs compute with the band sweep and with the
// full sweep for every rook table: the two values datasets must hold the
// same cells (one cells_sha256), the full one with the g_sha256 of the
// whole table that -write none -sweep full prints, and the band's
// -write none must print the cells' checksum too.
func TestBandEqualsFullSweep(t *testing.T) {
	n, values := 3000, "0-200"
	if testing.Short() {
		n = 600
	}
	for _, id := range []string{"nim", "g1", "gneg1", "gstarneg1", "passnim"} {
		dir, full := t.TempDir(), t.TempDir()
		if _, stderr, code := runCompute(t, "-table", id, "-n", fmt.Sprint(n), "-out", full, "-write", "values",
			"-values", values, "-sweep", "full", "-quiet"); code != 0 {
			t.Fatalf("%s full: exit %d: %s", id, code, stderr)
		}
		f := datasetSum(t, filepath.Join(full, valuesds.DirName(id, int64(n))))
		want, cells := f.CellsSHA256, f.Cells
		if f.Sweep != valuesds.SweepFull || f.MaxValue == nil {
			t.Fatalf("%s full: sweep %s, max value %v", id, f.Sweep, f.MaxValue)
		}
		if stdout, _, code := runCompute(t, "-table", id, "-n", fmt.Sprint(n), "-out", full, "-write", "none", "-sweep", "full",
			"-quiet"); code != 0 || !strings.Contains(stdout, "sha256 "+f.GSHA256[:16]) {
			t.Errorf("%s: the full dataset's g_sha256 %s; -write none -sweep full: exit %d, %q", id, f.GSHA256, code, stdout)
		}
		stdout, stderr, code := runCompute(t, "-table", id, "-n", fmt.Sprint(n), "-out", dir, "-write", "values", "-values", values, "-quiet")
		if code != 0 {
			t.Fatalf("%s band: exit %d: %s", id, code, stderr)
		}
		m := datasetSum(t, filepath.Join(dir, valuesds.DirName(id, int64(n))))
		if m.CellsSHA256 != want || m.Cells != cells || m.Sweep != valuesds.SweepBand {
			t.Fatalf("%s: band dataset %d cells, %s (%s); full sweep %d cells, %s", id, m.Cells, m.CellsSHA256, m.Sweep, cells, want)
		}
		sum := "cells_sha256 " + want[:16] + " (" + valuesds.Format + ")"
		if !strings.Contains(stdout, sum) {
			t.Errorf("%s: the summary line does not give the checksum and its format: %q", id, stdout)
		}
		stdout, _, code = runCompute(t, "-table", id, "-n", fmt.Sprint(n), "-out", dir, "-write", "none", "-values", values, "-quiet")
		if code != 0 || !strings.Contains(stdout, sum) {
			t.Errorf("%s: -write none: exit %d, %q", id, code, stdout)
		}
	}
}

// TestSweepFlags checks which sweep a run takes and the flags that a
// sweep does not use.
func TestSweepFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		band bool
		err  string
	}{
		{[]string{"-write", "none"}, true, ""},
		{[]string{"-write", "values", "-values", "0-200"}, true, ""},
		{[]string{"-write", "table"}, false, ""},
		{[]string{"-write", "values", "-table", "wythoff"}, false, ""},
		{[]string{"-write", "none", "-sweep", "full"}, false, ""},
		{[]string{"-write", "table", "-sweep", "band"}, false, "writes no table file"},
		{[]string{"-write", "none", "-sweep", "band", "-table", "wythoff"}, false, "two rays"},
		{[]string{"-write", "none", "-sweep", "band", "-table", "deletenim"}, false, "anti-diagonals"},
		{[]string{"-write", "none", "-sets", "dense"}, false, "-sets does nothing in a band sweep"},
		{[]string{"-write", "values", "-format", "parquet"}, false, "writes no table file: drop -format"},
		{[]string{"-write", "values", "-format", "parquet", "-sweep", "full"}, false, "writes no table file: drop -format"},
		{[]string{"-write", "none", "-compress", "lz4"}, false, "-compress does nothing in a band sweep"},
		{[]string{"-write", "values", "-compress", "none", "-sweep", "full"}, false, "-write values writes no table file"},
		{[]string{"-write", "table,values", "-compress", "none"}, false, ""},
		{[]string{"-tabel", "gneg1"}, false, "did you mean -table?"},
		{[]string{"-write", "table", "-rows", "5-9"}, false, "-rows works with the band sweep only"},
		{[]string{"-write", "none", "-rows", "9-5"}, false, "give 0 ≤ A ≤ B"},
		{[]string{"-write", "none", "-rows", "5"}, false, "not a range of rows"},
		{[]string{"-values", "0-5"}, false, "give -write values"},
		{[]string{"-write", "none", "-sweep", "full", "-values", "0-5"}, false, "give -write values"},
		{[]string{"-write", "none", "-sweep", "sideways"}, false, "give band, full or auto"},
		{[]string{"-write", "none", "-claims", "goishi.thm4.*"}, true, ""},
		{[]string{"-write", "none", "-claims", "goishi.thm4.*", "-values", "0-2"}, false, ""},
		{[]string{"-write", "none", "-claims", "gneg1.definition"}, false, ""},
		{[]string{"-write", "none", "-claims", "gneg1.definition", "-sweep", "band"}, false, "not about the cells of one value"},
		{[]string{"-write", "none", "-claims", "goishi.thm4.1", "-sweep", "band", "-resume"}, false, "-claims with -resume needs -write to include table"},
		{[]string{"-write", "none", "-n", "5000000000"}, true, ""},
		{[]string{"-write", "none", "-n", "5000000000", "-sweep", "full"}, false, "the largest a full sweep takes"},
	} {
		opts, err := parseFlags(append([]string{"-table", "gneg1", "-n", "100"}, tc.args...), &strings.Builder{})
		if tc.err != "" {
			if _, ok := err.(usageError); !ok || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%v: got %v, want a usage error with %q", tc.args, err, tc.err)
			}
			continue
		}
		if err != nil || opts.band != tc.band {
			t.Errorf("%v: band %v, err %v; want band %v", tc.args, opts.band, err, tc.band)
		}
	}
}

// TestKillBandRunAndResume kills the real binary at random moments of a
// band run that writes a values dataset, resuming each time, until a run
// finishes: the dataset must be the one an uninterrupted run writes.
func TestKillBandRunAndResume(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and kills the binary")
	}
	bin := buildCompute(t)
	// n = 6·10⁵ took 0.9 s and let only 2 kills land once parts were
	// encoded by a counting sort (2026-11-27): 1.5·10⁶, and kills twice as
	// early, land 3 or more.
	const id, n = "gneg1", 1_500_000
	args := []string{"-table", id, "-n", fmt.Sprint(n), "-write", "values", "-values", "0-60", "-quiet"}
	whole := t.TempDir()
	if _, stderr, code := runCompute(t, append(args, "-out", whole)...); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := datasetSum(t, filepath.Join(whole, valuesds.DirName(id, n)))
	dir := t.TempDir()
	kills, _ := killUntilDone(t, bin, append(args, "-out", dir, "-checkpoint", "0", "-resume"), 11, 50, func() {})
	if kills < 3 {
		t.Errorf("only %d kills landed before the run was done; the test needs a larger n", kills)
	}
	got := datasetSum(t, filepath.Join(dir, valuesds.DirName(id, n)))
	if got.CellsSHA256 != want.CellsSHA256 || got.Cells != want.Cells {
		t.Fatalf("after %d kills: %d cells, %s; uninterrupted: %d, %s", kills, got.Cells, got.CellsSHA256, want.Cells, want.CellsSHA256)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("left behind: %v", entries)
	}
	t.Logf("%d kills", kills)
}

// TestClaimsOnTheBand checks Theorem 4 of the goishi-hiroi paper on a
// band run: every claim holds (its printed reading is an erratum), exit 0.
func TestClaimsOnTheBand(t *testing.T) {
	stdout, stderr, code := runCompute(t, "-table", "gneg1", "-n", "3000", "-out", t.TempDir(), "-write", "none",
		"-values", "0-3", "-claims", "goishi.thm4.*", "-quiet")
	if code != 0 || !strings.Contains(stdout, "gneg1: 5 claims: 4 hold, 1 errata of the papers, 0 FAIL") {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
}

// TestVersion prints the program's version and nothing else; -version
// with another flag is a usage error.
func TestVersion(t *testing.T) {
	stdout, _, code := runCompute(t, "-version")
	if code != 0 || !strings.HasPrefix(stdout, "compute ") {
		t.Errorf("-version: exit %d, %q", code, stdout)
	}
	if _, stderr, code := runCompute(t, "-version", "-n", "5"); code != 2 || !strings.Contains(stderr, "-n is not used by -version") {
		t.Errorf("-version -n 5: exit %d, %q", code, stderr)
	}
}
