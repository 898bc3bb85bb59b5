package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/results/valuesds"
	"github.com/grundy-lab/grundy/tables"
)

// TestLegacyDatasetVerified: verify -in a dataset of format 1 or 2 checks
// it with that format's cells_sha256, and gives its cells' checksum in
// today's format: that of the same cells written now by the full engine.
func TestLegacyDatasetVerified(t *testing.T) {
	outputs := map[string]string{}
	for _, version := range []string{"v1", "v2"} {
		stdout, stderr, code := runVerify(t, "-in", "../../results/valuesds/testdata/"+version+"/gneg1_n3000.values")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", version, code, stderr)
		}
		outputs[version] = stdout
	}
	r, _ := tables.Lookup("gneg1")
	dir := filepath.Join(t.TempDir(), valuesds.DirName("gneg1", 3000))
	w, err := valuesds.Create(dir, valuesds.Meta{Table: r.ID, Symbol: r.Symbol, N: 3000, Values: results.ValueRange{Lo: 0, Hi: 20},
		Sweep: valuesds.SweepBand, Rows: valuesds.RowRange{First: 0, Last: 3000}}, valuesds.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var scratch valuesds.Rows
	if err := engine.Compute(context.Background(), r.Rules, 3000, engine.Config{}, func(b engine.Band) error { return w.WriteBand(b, &scratch) }); err != nil {
		t.Fatal(err)
	}
	if err := w.Commit(valuesds.Final{Workers: 1}); err != nil {
		t.Fatal(err)
	}
	d, err := valuesds.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	for version, earlier := range map[string]string{"v1": "grundy-values/1, cells_sha256 a2982bbc81627fb8", "v2": "grundy-values/2, cells_sha256 62077697f6e31e26"} {
		want := earlier + "… in that format; " + d.Manifest.CellsSHA256[:16] + "… in today's grundy-values/3"
		if stdout := outputs[version]; !strings.Contains(stdout, "gneg1.band\tholds") || !strings.Contains(stdout, want) {
			t.Errorf("verify -in %s: %q lacks %q", version, stdout, want)
		}
	}
}
