package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/tables"
)

// TestParquetSameValues checks that -format parquet writes the same values,
// by checksum and by every cell, as the Arrow file of the same table.
func TestParquetSameValues(t *testing.T) {
	const n = 257
	dir := t.TempDir()
	for _, format := range []string{"arrow", "parquet"} {
		if _, stderr, code := runCompute(t, "-table", "gstarneg1", "-n", fmt.Sprint(n), "-out", dir, "-tile", "16", "-format", format); code != 0 {
			t.Fatalf("-format %s: exit %d: %s", format, code, stderr)
		}
	}
	arrow, err := results.ReadInfo(filepath.Join(dir, results.Arrow.FileName("gstarneg1", n)))
	if err != nil {
		t.Fatal(err)
	}
	parquet, err := results.ReadInfo(filepath.Join(dir, results.Parquet.FileName("gstarneg1", n)))
	if err != nil {
		t.Fatal(err)
	}
	if parquet.SHA256 != arrow.SHA256 || parquet.MaxValue != arrow.MaxValue || parquet.N != n || parquet.Tile != 16 {
		t.Errorf("Parquet metadata %+v, Arrow %+v", parquet, arrow)
	}
}

// TestInterruptedParquetLeavesNothing cancels a Parquet run: no file is
// left, final or partial, and the message says it cannot be resumed.
func TestInterruptedParquetLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errOut bytes.Buffer
	err := run(ctx, []string{"-table", "gneg1", "-n", "300", "-out", dir, "-format", "parquet"}, &out, &errOut)
	if err == nil || !strings.Contains(err.Error(), "cannot be resumed") || !strings.Contains(err.Error(), "nothing was kept") {
		t.Fatalf("run = %v, want an interruption that keeps nothing", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("out holds %d entries after the interruption, want none", len(entries))
	}
}

// TestFormatUsageErrors checks the combinations -format refuses.
func TestFormatUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"-format", "csv"}, []string{"-format", `"csv"`, "parquet"}},
		{[]string{"-format", "parquet", "-compress", "lz4"}, []string{"lz4", "parquet", "zstd"}},
		{[]string{"-format", "parquet", "-resume"}, []string{"-resume", "-format arrow"}},
	} {
		_, stderr, code := runCompute(t, append(tc.args, "-n", "3", "-out", t.TempDir())...)
		if code != 2 {
			t.Errorf("%v: exit %d, want 2", tc.args, code)
		}
		for _, w := range tc.want {
			if !strings.Contains(stderr, w) {
				t.Errorf("%v: message %q lacks %q", tc.args, stderr, w)
			}
		}
	}
}

// TestList checks that -list prints every table, one line each, with its
// symbol and source, and computes nothing.
func TestList(t *testing.T) {
	stdout, stderr, code := runCompute(t, "-list", "-out", filepath.Join(t.TempDir(), "never"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	all := tables.All()
	if len(lines) != len(all) {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(all), stdout)
	}
	for i, r := range all {
		if f := strings.Fields(lines[i]); len(f) < 3 || f[0] != r.ID || f[1] != r.Symbol || !strings.Contains(lines[i], r.Source) {
			t.Errorf("line %q, want %s %s %s", lines[i], r.ID, r.Symbol, r.Source)
		}
	}
}
