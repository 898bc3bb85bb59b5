package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/tables"
)

// writePlanted writes table id at size n into dir, with the value at (x, y)
// replaced by v, and returns the file's path.
func writePlanted(t *testing.T, dir, id string, n, x, y int, v int32) string {
	t.Helper()
	r, _ := tables.Lookup(id)
	path := filepath.Join(dir, results.FileName(id, n))
	w, err := results.Create(path, results.Info{Table: id, Symbol: r.Symbol, N: n, Compression: results.Zstd, Tile: 16})
	if err != nil {
		t.Fatal(err)
	}
	err = engine.Compute(context.Background(), r.Rules, n, engine.Config{Tile: 16}, func(b engine.Band) error {
		if x >= b.X0 && x < b.X0+b.Rows {
			b.Cells[(x-b.X0)*b.Width+y] = v
		}
		return w.WriteBand(b)
	})
	if err != nil {
		w.Abort()
		t.Fatal(err)
	}
	if _, err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestPatternsFindAndRecheck runs the search on G₋₁, checks that it prints
// Theorem 4 (4) (period 4, offsets −2, −2, +2, +2 from x = 6), writes the
// JSON and Markdown, and that the patterns re-checked on a larger table
// hold, and fail on a table with a planted defect, naming its cell.
func TestPatternsFindAndRecheck(t *testing.T) {
	dir := t.TempDir()
	small := writeTable(t, dir, "gneg1", 300)
	jsonPath := filepath.Join(dir, "patterns.json")
	mdPath := filepath.Join(dir, "patterns.md")
	stdout, stderr, code := runVerify(t, "-patterns", "-in", small, "-values", "0-5", "-json", jsonPath, "-markdown", mdPath)
	if code != 0 {
		t.Fatalf("-patterns: exit %d: %s", code, stderr)
	}
	if want := "v=3 period=4 start=6 offsets=[-2,-2,+2,+2] exceptions=6"; !strings.Contains(stdout, want) {
		t.Errorf("stdout lacks %q:\n%s", want, stdout)
	}
	var file struct {
		Table    string `json:"table"`
		N        int    `json:"n"`
		Patterns []struct {
			Value  int   `json:"value"`
			Period int   `json:"period"`
			Start  int   `json:"start"`
			Offset []int `json:"offsets"`
		} `json:"patterns"`
	}
	data, err := os.ReadFile(jsonPath)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	if file.Table != "gneg1" || file.N != 300 || len(file.Patterns) != 6 {
		t.Errorf("patterns JSON holds table %q n=%d with %d patterns", file.Table, file.N, len(file.Patterns))
	}
	md, _ := os.ReadFile(mdPath)
	if !strings.Contains(string(md), "G₋₁(x, y) = 3 if and only if") {
		t.Errorf("Markdown lacks the statement of value 3:\n%s", md)
	}

	larger := t.TempDir()
	writeTable(t, larger, "gneg1", 500)
	if stdout, stderr, code := runVerify(t, "-claims-from", jsonPath, "-in", larger); code != 0 {
		t.Fatalf("-claims-from on n=500: exit %d\n%s%s", code, stdout, stderr)
	}

	// G₋₁(100, 98) = 3 by Theorem 4 (4): 100 ≡ 0 (mod 4), offset −2.
	planted := writePlanted(t, t.TempDir(), "gneg1", 500, 100, 98, 999)
	stdout, _, code = runVerify(t, "-claims-from", jsonPath, "-in", planted)
	if code != 3 {
		t.Fatalf("-claims-from on a planted defect: exit %d, want 3\n%s", code, stdout)
	}
	if !strings.Contains(stdout, "pattern.gneg1.v3") || !strings.Contains(stdout, "x=100, y=98") {
		t.Errorf("the report does not name the defect at (100, 98):\n%s", stdout)
	}
}

func TestPatternUsageErrors(t *testing.T) {
	dir := t.TempDir()
	file := writeTable(t, dir, "gneg1", 20)
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"directory", []string{"-patterns", "-in", dir}, "one table file"},
		{"bad values", []string{"-patterns", "-in", file, "-values", "5-2"}, "-values"},
		{"values not a number", []string{"-patterns", "-in", file, "-values", "a-b"}, "-values"},
		{"max period", []string{"-patterns", "-in", file, "-max-period", "0"}, "-max-period"},
		{"both modes", []string{"-patterns", "-claims-from", "p.json", "-in", file}, "-claims-from"},
		{"markdown alone", []string{"-markdown", "x.md"}, "-markdown"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, stderr, code := runVerify(t, tt.args...)
			if code != 2 || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stderr %q; want 2 and a message naming %s", code, stderr, tt.want)
			}
		})
	}
}

func TestPatternClaimsBadFile(t *testing.T) {
	dir := t.TempDir()
	table := writeTable(t, dir, "gneg1", 20)
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"table": "gneg1", "n": 20, "patterns": [{"value": 1}]}`), 0o644)
	_, stderr, code := runVerify(t, "-claims-from", bad, "-in", table)
	if code != 1 || !strings.Contains(stderr, bad) {
		t.Errorf("exit %d, stderr %q; want 1 and the file named", code, stderr)
	}
}

func TestParseValueRange(t *testing.T) {
	tests := []struct {
		in     string
		lo, hi int
		ok     bool
	}{
		{"0-40", 0, 40, true}, {"7", 7, 7, true}, {" 3 - 5 ", 3, 5, true},
		{"5-2", 0, 0, false}, {"-1", 0, 0, false}, {"x", 0, 0, false}, {"0-10001", 0, 0, false}, {"", 0, 0, false},
	}
	for _, tt := range tests {
		r, err := parseValueRange(tt.in)
		if (err == nil) != tt.ok || (tt.ok && (r.lo != tt.lo || r.hi != tt.hi)) {
			t.Errorf("parseValueRange(%q) = %+v, %v", tt.in, r, err)
		}
	}
}

func FuzzParseValueRange(f *testing.F) {
	for _, s := range []string{"0-40", "7", "5-2", "-1", "1--2", " 3 - 5 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := parseValueRange(s)
		if err == nil && (r.lo < 0 || r.lo > r.hi || r.hi > maxSearchedValue) {
			t.Fatalf("parseValueRange(%q) accepted %+v", s, r)
		}
	})
}

// TestInterruptedPatternSearch: a cancelled search stops with an error.
func TestInterruptedPatternSearch(t *testing.T) {
	file := writeTable(t, t.TempDir(), "gneg1", 200)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errOut bytes.Buffer
	err := run(ctx, []string{"-patterns", "-in", file}, &out, &errOut)
	if !errors.Is(err, context.Canceled) || exitCode(err, &errOut) != 1 {
		t.Fatalf("cancelled -patterns returned %v", err)
	}
}

// TestReportsRepeat: two runs on the same files write the same reports.
func TestReportsRepeat(t *testing.T) {
	dir := allTables(t)
	var reports [2][]byte
	path := filepath.Join(t.TempDir(), "report.json") // one path: the command line is in the report
	for i := range reports {
		runVerify(t, "-in", dir, "-claims", "goishi.*,pass.table3,pass.lem4*", "-json", path)
		reports[i], _ = os.ReadFile(path)
	}
	if len(reports[0]) == 0 || !bytes.Equal(reports[0], reports[1]) {
		t.Fatalf("the reports of two runs differ (%d and %d bytes)", len(reports[0]), len(reports[1]))
	}
	var patterns [2][]byte
	file := filepath.Join(dir, "gstarneg1_n24.arrow")
	path = filepath.Join(t.TempDir(), "patterns.json")
	for i := range patterns {
		runVerify(t, "-patterns", "-in", file, "-values", "0-6", "-json", path)
		patterns[i], _ = os.ReadFile(path)
	}
	if len(patterns[0]) == 0 || !bytes.Equal(patterns[0], patterns[1]) {
		t.Fatal("the patterns of two runs differ")
	}
}

// TestPatternsUnstable plants a defect at G₋₁(250, 252) = 3 (Theorem 4(4):
// row 250 ≡ 2 mod 4 has its 3 at y = x + 2). The fit on the first half of the
// rows then breaks at row 250, too late for a pattern to start after it:
// -patterns must call the value unstable and name the row, not state a
// pattern, and the Markdown must say so too.
func TestPatternsUnstable(t *testing.T) {
	dir := t.TempDir()
	path := writePlanted(t, dir, "gneg1", 300, 250, 252, 999)
	mdPath := filepath.Join(dir, "patterns.md")
	stdout, stderr, code := runVerify(t, "-patterns", "-in", path, "-values", "3", "-markdown", mdPath)
	if code != 0 {
		t.Fatalf("-patterns: exit %d: %s", code, stderr)
	}
	for _, want := range []string{"v=3 unstable: no pattern under the rule", "period 4 from x₀ = 6 held on rows 6…249",
		"breaks at row 250: G(250,252) ≠ 3", "0 of 1 values have a pattern", "1 unstable"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	md, err := os.ReadFile(mdPath)
	if err != nil {
		t.Fatal(err)
	}
	if want := "| 3 | unstable | – |"; !strings.Contains(string(md), want) {
		t.Errorf("Markdown lacks %q:\n%s", want, md)
	}
}
