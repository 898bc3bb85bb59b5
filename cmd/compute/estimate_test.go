package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/tables"
)

// TestDiskEstimateCoversRealFiles writes every table with zstd and lz4 and
// requires each file to fit the disk the plan reserves for it. (With one
// rate of 1.4 bytes per cell for zstd, wythoff's files did not.)
func TestDiskEstimateCoversRealFiles(t *testing.T) {
	n := 1200
	if testing.Short() {
		n = 400
	}
	for _, c := range []results.Compression{results.Zstd, results.LZ4} {
		dir := t.TempDir()
		if _, stderr, code := runCompute(t, "-table", "all", "-n", fmt.Sprint(n), "-out", dir, "-compress", string(c)); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		for _, r := range tables.All() {
			st, err := os.Stat(filepath.Join(dir, results.FileName(r.ID, n)))
			if err != nil {
				t.Fatal(err)
			}
			planned := estimate(options{tables: []tables.Ruleset{r}, n: n, compression: c, cfg: defaultConfig()}).disk
			if st.Size() > planned {
				t.Errorf("%s, %s: the file has %d bytes, the plan reserves %d", r.ID, c, st.Size(), planned)
			}
		}
	}
}

// TestEstimateNeverOverflows plans the largest flag values: nothing
// overflows into a negative or small figure that would pass the checks.
func TestEstimateNeverOverflows(t *testing.T) {
	opts := options{tables: tables.All(), n: maxN, compression: results.None, cfg: defaultConfig()}
	opts.cfg.Tile = maxN + 1
	opts.cfg.Workers = math.MaxInt32
	p := estimate(opts)
	if p.cells <= 0 || p.memory < 1<<50 || p.disk < 1<<50 {
		t.Fatalf("plan of the largest run: %+v", p)
	}
}

// TestHugeTileIsNoPanic: -tile 9223372036854775807 used to overflow the
// estimate and panic in the engine; a tile above the table is the table.
func TestHugeTileIsNoPanic(t *testing.T) {
	stdout, stderr, code := runCompute(t, "-table", "nim", "-n", "40", "-out", t.TempDir(), "-tile", "9223372036854775807")
	if code != 0 {
		t.Fatalf("exit %d: %s %s", code, stdout, stderr)
	}
}

// defaultConfig is the engine configuration of the default flags.
func defaultConfig() engine.Config {
	opts, err := parseFlags(nil, io.Discard)
	if err != nil {
		panic(err)
	}
	return opts.cfg
}
