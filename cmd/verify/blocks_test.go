package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/conjecture/pattern"
	"github.com/grundy-lab/grundy/results/valuesds"
)

// TestValueBlocks: the values go in order into blocks of at most budget
// bytes of index, each block a run lo … hi of the values; one value too
// large for the limit is refused.
func TestValueBlocks(t *testing.T) {
	pats := func(values ...int) []pattern.Pattern {
		var ps []pattern.Pattern
		for _, v := range values {
			ps = append(ps, pattern.Pattern{Value: v})
		}
		return ps
	}
	const n = 99 // 400 bytes a value
	for _, tc := range []struct {
		values []int
		budget int64
		want   [][2]int
	}{
		{[]int{0, 1, 2, 3, 4}, 1 << 30, [][2]int{{0, 4}}},
		{[]int{4, 0, 2, 1, 3}, 800, [][2]int{{0, 1}, {2, 3}, {4, 4}}},
		{[]int{0, 5, 6, 20}, 1200, [][2]int{{0, 0}, {5, 6}, {20, 20}}},
		{[]int{7}, 1, [][2]int{{7, 7}}}, // below one value: a block of its own
	} {
		blocks, err := valueBlocks(pats(tc.values...), n, tc.budget)
		if err != nil {
			t.Fatal(err)
		}
		var got [][2]int
		count := 0
		for _, b := range blocks {
			got = append(got, [2]int{b.lo, b.hi})
			for _, p := range b.patterns {
				if p.Value < b.lo || p.Value > b.hi {
					t.Errorf("%v: value %d in block %d-%d", tc.values, p.Value, b.lo, b.hi)
				}
			}
			count += len(b.patterns)
		}
		if len(got) != len(tc.want) || count != len(tc.values) {
			t.Errorf("%v, budget %d: blocks %v holding %d patterns, want %v", tc.values, tc.budget, got, count, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("%v, budget %d: blocks %v, want %v", tc.values, tc.budget, got, tc.want)
				break
			}
		}
	}
	if _, err := valueBlocks(pats(0), 1<<30, 1<<30); err == nil || !strings.Contains(err.Error(), "above the limit") {
		t.Errorf("one value of n = 2³⁰: %v", err)
	}
}

// claimLine matches the report's lines of pattern claims, without timings.
var claimLine = regexp.MustCompile(`(?m)^pattern\.\S+\s.*$`)

// TestClaimsFromInBlocks: a re-check in blocks of a few values reports
// what one block reports, on a table file and on a values dataset, names
// its blocks, still finds a planted defect in a later block, and -values
// re-checks only the patterns it names.
func TestClaimsFromInBlocks(t *testing.T) {
	const n = 300
	dir := t.TempDir()
	table := writeTable(t, dir, "gneg1", n)
	jsonPath := filepath.Join(dir, "patterns.json")
	if _, stderr, code := runVerify(t, "-patterns", "-in", table, "-values", "0-5", "-json", jsonPath); code != 0 {
		t.Fatalf("-patterns: exit %d: %s", code, stderr)
	}
	clean := writeDataset(t, n, 0, 0, -1)
	planted := writeDataset(t, n, 100, 98, 4) // G₋₁(100, 98) = 3, Theorem 4 (4)
	defaultBlock := claimsBlockBytes
	t.Cleanup(func() { claimsBlockBytes = defaultBlock })
	for _, in := range []string{table, clean} {
		claimsBlockBytes = defaultBlock
		whole, stderr, code := runVerify(t, "-claims-from", jsonPath, "-in", in)
		if code != 0 {
			t.Fatalf("%s in one block: exit %d: %s", in, code, stderr)
		}
		claimsBlockBytes = 2 * 4 * (n + 1)
		blocked, stderr, code := runVerify(t, "-claims-from", jsonPath, "-in", in)
		if code != 0 || !strings.Contains(stderr, "verify: block 3 of 3: the values 4-5 of ") {
			t.Fatalf("%s in blocks of two values: exit %d: %s", in, code, stderr)
		}
		if got, want := claimLine.FindAllString(blocked, -1), claimLine.FindAllString(whole, -1); strings.Join(got, "\n") != strings.Join(want, "\n") || len(got) != 6 {
			t.Errorf("%s: in blocks\n%s\nin one block\n%s", in, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}

	claimsBlockBytes = 4 * (n + 1)
	stdout, _, code := runVerify(t, "-claims-from", jsonPath, "-in", planted)
	if code != 3 || !strings.Contains(stdout, "pattern.gneg1.v3") || !strings.Contains(stdout, "x=100, y=98") {
		t.Fatalf("a planted defect of value 3, blocks of one value: exit %d, want 3 naming (100, 98)\n%s", code, stdout)
	}

	// The planted 4 breaks the patterns of 3 and 4 only.
	stdout, _, code = runVerify(t, "-claims-from", jsonPath, "-in", planted, "-values", "0-2")
	if code != 0 || len(claimLine.FindAllString(stdout, -1)) != 3 || strings.Contains(stdout, "v3") {
		t.Fatalf("-values 0-2 re-checks values 0, 1 and 2 only: exit %d\n%s", code, stdout)
	}
	_, stderr, code := runVerify(t, "-claims-from", jsonPath, "-in", planted, "-values", "30-40")
	if code != 2 || !strings.Contains(stderr, "-values 30-40 selects none of the 6 patterns") {
		t.Fatalf("-values selecting no pattern: exit %d, want 2: %s", code, stderr)
	}
}

// TestLaterBlocksCheckTheirParts: a block after the first reads only its
// values' row groups, but every part still against the manifest the first
// block checked: a part changed on disk in between is damage, exit 1.
func TestLaterBlocksCheckTheirParts(t *testing.T) {
	const n = 300
	clean := writeDataset(t, n, 0, 0, -1)
	di, err := pattern.OpenDatasetIndexer(clean)
	if err != nil {
		t.Fatal(err)
	}
	whole, _, err := pattern.ScanDataset(t.Context(), clean, 0, 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, block := range [][2]int{{0, 1}, {2, 4}, {5, 5}} {
		idx, _, err := di.Index(t.Context(), block[0], block[1])
		if err != nil {
			t.Fatal(err)
		}
		for v := block[0]; v <= block[1]; v++ {
			for x := range n + 1 {
				y, ok := idx.Where(v, x)
				wy, wok := whole.Where(v, x)
				if y != wy || ok != wok {
					t.Fatalf("block %v: value %d, row %d: (%d, %v), the whole scan (%d, %v)", block, v, x, y, ok, wy, wok)
				}
			}
		}
		if _, ok := idx.Where(block[1]+1, 10); ok {
			t.Errorf("block %v answers for value %d", block, block[1]+1)
		}
	}
	part := filepath.Join(clean, valuesds.PartName(64))
	data, err := os.ReadFile(part)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)/2] ^= 1
	if err := os.WriteFile(part, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := di.Index(t.Context(), 2, 3); err == nil || !strings.Contains(err.Error(), "damaged values dataset") {
		t.Fatalf("a part changed after the first block: %v", err)
	}
}
