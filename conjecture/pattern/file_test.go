package pattern_test

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/grundy-lab/grundy/conjecture/pattern"
	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/tables"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// goldenTables are the tables whose search results at n = paperN, v ≤ 40 are
// kept in testdata/ as patterns JSON and Markdown: a record of what the
// search finds, and a check that it does not change unnoticed.
var goldenTables = []string{"gneg1", "gstarneg1", "passnim"}

// searchAll searches the values 0 … maxValue of idx with default options.
func searchAll(t testing.TB, idx *pattern.Index) []pattern.Result {
	t.Helper()
	res := make([]pattern.Result, idx.MaxValue()+1)
	for v := range res {
		res[v] = search(t, idx, v, pattern.Options{})
	}
	return res
}

// TestGolden compares the patterns JSON and Markdown of the golden tables
// with testdata/; go test -update rewrites them.
func TestGolden(t *testing.T) {
	if testing.Short() {
		t.Skip("computes three tables at n = 2000")
	}
	for _, id := range goldenTables {
		r, _ := tables.Lookup(id)
		res := searchAll(t, computeIndex(t, id, paperN, 40, nil))
		var js bytes.Buffer
		if err := pattern.Encode(&js, pattern.NewFile(id, paperN, res)); err != nil {
			t.Fatal(err)
		}
		md := pattern.Markdown(id, r.Symbol, paperN, res, nil)
		for ext, got := range map[string][]byte{"json": js.Bytes(), "md": []byte(md)} {
			golden(t, filepath.Join("testdata", id+"_n2000."+ext), got)
		}
	}
}

// golden compares got with the file at path, or with -update writes it
// there.
func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the search's output; run go test -update after a deliberate change", path)
	}
}

// TestFileRoundTrip: Decode(Encode(f)) = f, and the encoding is the JSON of
// the schema.
func TestFileRoundTrip(t *testing.T) {
	res := searchAll(t, computeIndex(t, "gneg1", 400, 12, nil))
	f := pattern.NewFile("gneg1", 400, res)
	var buf bytes.Buffer
	if err := pattern.Encode(&buf, f); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{`"table": "gneg1"`, `"n": 400`, `"patterns": [`,
		`{"value":3,"period":4,"start":6,"offsets":[-2,-2,2,2],"exceptions":[[0,4],[1,3],[2,5],[3,1],[4,0],[5,2]],"exceptions_omitted":0,"confirmed_to":398}`} {
		if !strings.Contains(buf.String(), key) {
			t.Errorf("encoding lacks %s:\n%s", key, buf.String())
		}
	}
	got, err := pattern.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, f) {
		t.Errorf("round trip changed the file:\n got %+v\nwant %+v", got, f)
	}
}

// TestDecodeRejects: malformed patterns files are refused with an error.
func TestDecodeRejects(t *testing.T) {
	const ok = `{"table":"t","n":9,"patterns":[{"value":1,"period":2,"start":1,"offsets":[1,-1],"exceptions":[[0,1]],"confirmed_to":8}]}`
	if _, err := pattern.Decode(strings.NewReader(ok)); err != nil {
		t.Fatalf("valid file refused: %v", err)
	}
	for name, data := range map[string]string{
		"not JSON":             `{"table":`,
		"trailing data":        ok + `{}`,
		"unknown field":        `{"table":"t","n":9,"patterns":[],"comment":"x"}`,
		"no table":             `{"n":9,"patterns":[]}`,
		"negative n":           `{"table":"t","n":-1,"patterns":[]}`,
		"zero period":          `{"table":"t","n":9,"patterns":[{"value":1,"period":0,"start":0,"offsets":[],"exceptions":[],"confirmed_to":0}]}`,
		"huge period":          `{"table":"t","n":9,"patterns":[{"value":1,"period":70000,"start":0,"offsets":[0],"exceptions":[],"confirmed_to":0}]}`,
		"offsets mismatch":     `{"table":"t","n":9,"patterns":[{"value":1,"period":2,"start":0,"offsets":[0],"exceptions":[],"confirmed_to":0}]}`,
		"negative column":      `{"table":"t","n":9,"patterns":[{"value":1,"period":1,"start":2,"offsets":[-3],"exceptions":[],"confirmed_to":0}]}`,
		"negative value":       `{"table":"t","n":9,"patterns":[{"value":-1,"period":1,"start":0,"offsets":[0],"exceptions":[],"confirmed_to":0}]}`,
		"exception at start":   `{"table":"t","n":9,"patterns":[{"value":1,"period":1,"start":1,"offsets":[0],"exceptions":[[1,2]],"confirmed_to":0}]}`,
		"exceptions unordered": `{"table":"t","n":9,"patterns":[{"value":1,"period":1,"start":3,"offsets":[0],"exceptions":[[1,2],[0,1]],"confirmed_to":0}]}`,
		"exception triple":     `{"table":"t","n":9,"patterns":[{"value":1,"period":1,"start":3,"offsets":[0],"exceptions":[[1,2,3]],"confirmed_to":0}]}`,
		"exception fraction":   `{"table":"t","n":9,"patterns":[{"value":1,"period":1,"start":3,"offsets":[0],"exceptions":[[1,2.5]],"confirmed_to":0}]}`,
		"huge offset":          `{"table":"t","n":9,"patterns":[{"value":1,"period":1,"start":0,"offsets":[9999999999],"exceptions":[],"confirmed_to":0}]}`,
		"value twice":          `{"table":"t","n":9,"patterns":[],"no_pattern":[4,4]}`,
		"value found and not":  `{"table":"t","n":9,"patterns":[{"value":4,"period":1,"start":0,"offsets":[0],"exceptions":[],"confirmed_to":0}],"no_pattern":[4]}`,
	} {
		if _, err := pattern.Decode(strings.NewReader(data)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// TestScanFile indexes a table file and finds what the engine's stream gives.
func TestScanFile(t *testing.T) {
	const n = 150
	r, _ := tables.Lookup("gstarneg1")
	path := filepath.Join(t.TempDir(), results.FileName(r.ID, n))
	w, err := results.Create(path, results.Info{Table: r.ID, Symbol: r.Symbol, N: n, Compression: results.Zstd, Workers: 1, Tile: 16})
	if err != nil {
		t.Fatal(err)
	}
	if err := engine.Compute(context.Background(), r.Rules, n, engine.Config{Tile: 16}, w.WriteBand); err != nil {
		w.Abort()
		t.Fatal(err)
	}
	if _, err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	idx, info, err := pattern.ScanFile(context.Background(), path, 5)
	if err != nil {
		t.Fatal(err)
	}
	if info.Table != r.ID || idx.N() != n || idx.Rows() != n+1 {
		t.Fatalf("ScanFile: table %q, n = %d, %d rows", info.Table, idx.N(), idx.Rows())
	}
	if got, want := searchAll(t, idx), searchAll(t, computeIndex(t, r.ID, n, 5, nil)); !reflect.DeepEqual(got, want) {
		t.Errorf("from the file:\n%v\nfrom the engine:\n%v", got, want)
	}
	if _, _, err := pattern.ScanFile(context.Background(), filepath.Join(t.TempDir(), "missing.arrow"), 5); err == nil {
		t.Error("ScanFile of a missing file: no error")
	}
}

// maxMarkdownLine is the longest line a Markdown report may have, in
// characters, so that it stays readable.
const maxMarkdownLine = 500

// TestMarkdownLinesShort renders the report of every table the engine
// computes, values 0 … 40, and requires every line to be at most
// maxMarkdownLine characters.
func TestMarkdownLinesShort(t *testing.T) {
	n := 1200
	if testing.Short() {
		n = 300
	}
	for _, r := range tables.All() {
		res := searchAll(t, computeIndex(t, r.ID, n, 40, nil))
		for i, line := range strings.Split(pattern.Markdown(r.ID, r.Symbol, n, res, nil), "\n") {
			if length := utf8.RuneCountInString(line); length > maxMarkdownLine {
				t.Errorf("%s, line %d: %d characters: %.120s…", r.ID, i+1, length, line)
			}
		}
	}
}
