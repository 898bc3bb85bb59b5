package pattern_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/grundy-lab/grundy/conjecture/pattern"
	"github.com/grundy-lab/grundy/conjecture/proof"
	"github.com/grundy-lab/grundy/engine/band"
	"github.com/grundy-lab/grundy/tables"
)

// provedResults searches the values 0 … hi of table id over 0 ≤ x, y ≤ n
// on a band index and marks proved, as compute -patterns does, the values
// 0 … V of the largest V whose band state repeats within n rows, citing a
// certificate of program version "golden" by name and sha256, with the
// climb's outcome.
func provedResults(t *testing.T, id string, n int64, hi int) []pattern.Result {
	t.Helper()
	ctx := context.Background()
	rep, found, err := proof.Largest(ctx, id, hi, n, proof.Options{})
	if err != nil || !found {
		t.Fatalf("%s: no repeat within %d rows: %v", id, n, err)
	}
	cert, err := proof.NewCertificate(rep, "golden")
	if err != nil {
		t.Fatal(err)
	}
	outcome := proof.OutcomeOf(rep, hi, n)
	cert.Search = &outcome
	var data bytes.Buffer
	if err := cert.Encode(&data); err != nil {
		t.Fatal(err)
	}
	implied, err := proof.Patterns(ctx, rep, band.Config{})
	if err != nil {
		t.Fatal(err)
	}
	bi, _ := bandAndIndex(t, id, n, 0, hi, pattern.BandIndexOptions{})
	res, err := bi.SearchAll(ctx, pattern.Options{}, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, vp := range implied {
		offsets := make([]int, len(vp.Offsets))
		for i, d := range vp.Offsets {
			offsets[i] = int(d)
		}
		pr := pattern.Proof{Period: int(vp.Period), Start: int(vp.Start), Offsets: offsets, V: rep.V, X0: rep.X0, P: rep.P,
			Certificate: fmt.Sprintf("%s_n%d.proof.json", id, n), CertificateSHA256: fmt.Sprintf("%x", sha256.Sum256(data.Bytes())),
			SearchBound: outcome.Bound, FirstUnrepeatedV: outcome.FirstUnrepeatedV}
		if res[vp.Value], err = bi.ApplyProof(res[vp.Value], pr, pattern.Options{}); err != nil {
			t.Fatal(err)
		}
	}
	return res
}

// TestGoldenProved compares the patterns JSON and Markdown of G₋₁ and G_P
// at n = 2000 with their values proved (testdata/<id>_n2000.proved.*; go
// test -update rewrites them). The Markdown leads with the theorem, said
// once (the certificate's sha256 appears once), G_P's with the corollary
// for three-pile nim with a pass, and keeps every line within
// maxMarkdownLine.
func TestGoldenProved(t *testing.T) {
	for _, id := range []string{"gneg1", "passnim"} {
		r, _ := tables.Lookup(id)
		res := provedResults(t, id, paperN, 40)
		var js bytes.Buffer
		if err := pattern.Encode(&js, pattern.NewFile(id, paperN, res)); err != nil {
			t.Fatal(err)
		}
		md := pattern.Markdown(id, r.Symbol, paperN, res, nil)
		golden(t, filepath.Join("testdata", id+"_n2000.proved.json"), js.Bytes())
		golden(t, filepath.Join("testdata", id+"_n2000.proved.md"), []byte(md))
		pr := res[0].Proof
		head, _, _ := strings.Cut(md, "## Statements")
		if !strings.HasPrefix(md, "# Values of "+r.Symbol) || !strings.Contains(head, "## Proved for all x, y\n\nProved for all x, y (certificate "+pr.Certificate) {
			t.Errorf("%s: the Markdown does not lead with the proved statement:\n%.600s", id, md)
		}
		if want := fmt.Sprintf("for all x, y ≥ 0, the cells of %s with value v ≤ %d are exactly those the statements of v = 0 … %d below give", r.Symbol, pr.V, pr.V); !strings.Contains(md, want) {
			t.Errorf("%s: the Markdown lacks %q", id, want)
		}
		if pr.FirstUnrepeatedV != pr.V+1 {
			t.Fatalf("%s: V = %d proved with HI = 40, first unrepeated V %d: the golden file needs a climb that stops below HI", id, pr.V, pr.FirstUnrepeatedV)
		}
		if want := fmt.Sprintf("Searched, not proved: the band state of V = %d does not repeat within %d rows", pr.V+1, paperN); !strings.Contains(head, want) {
			t.Errorf("%s: the theorem's lead lacks %q", id, want)
		}
		if c := strings.Count(md, pr.CertificateSHA256); c != 1 {
			t.Errorf("%s: the certificate's sha256 appears %d times, want once", id, c)
		}
		if corollary := strings.Contains(md, "three-pile nim with a pass"); corollary != (id == "passnim") {
			t.Errorf("%s: the corollary for three-pile nim with a pass is there: %v", id, corollary)
		}
		for i, line := range strings.Split(md, "\n") {
			if length := utf8.RuneCountInString(line); length > maxMarkdownLine {
				t.Errorf("%s, line %d: %d characters: %.120s…", id, i+1, length, line)
			}
		}
	}
}

// TestEveryFieldWritten: every field of the patterns JSON's objects is
// written, also when it is zero, empty or null (a report's start of 0 was
// left out), save the fields only files of earlier versions hold: the keys
// of each object are those of its Go type's json tags.
func TestEveryFieldWritten(t *testing.T) {
	res := provedResults(t, "gneg1", 600, 40)
	var buf bytes.Buffer
	if err := pattern.Encode(&buf, pattern.NewFile("gneg1", 600, res)); err != nil {
		t.Fatal(err)
	}
	var file map[string]any
	if err := json.Unmarshal(buf.Bytes(), &file); err != nil {
		t.Fatal(err)
	}
	checkKeys(t, "file", file, reflect.TypeFor[pattern.File](), "max_period", "mined_to", "provenance")
	zeroStart := false
	for _, p := range file["patterns"].([]any) {
		checkKeys(t, "pattern", p.(map[string]any), reflect.TypeFor[pattern.Pattern]())
	}
	for _, v := range file["values"].([]any) {
		report := v.(map[string]any)
		checkKeys(t, "value report", report, reflect.TypeFor[pattern.Report]())
		zeroStart = zeroStart || report["start"] == 0.0
		if pr, ok := report["proof"].(map[string]any); ok {
			checkKeys(t, "proof", pr, reflect.TypeFor[pattern.Proof]())
		}
		if ex, ok := report["exceptions"].(map[string]any); ok {
			checkKeys(t, "exceptions", ex, reflect.TypeFor[pattern.ExceptionSummary]())
		}
		for _, st := range report["stages"].([]any) {
			checkKeys(t, "stage", st.(map[string]any), reflect.TypeFor[pattern.Stage]())
		}
	}
	if !zeroStart {
		t.Error("no value report with start 0 written: the case this test is for is not exercised")
	}
}

// checkKeys requires the keys of object to be the json tags of typ's
// fields, except those of absent.
func checkKeys(t *testing.T, what string, object map[string]any, typ reflect.Type, absent ...string) {
	t.Helper()
	var want []string
	for f := range typ.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.IsExported() && name != "-" && !slices.Contains(absent, name) {
			want = append(want, name)
		}
	}
	var got []string
	for k := range object {
		got = append(got, k)
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("%s written with the keys %v, want %v", what, got, want)
	}
}

// TestCoverageReported: the JSON and the Markdown say which cells the
// independent check covered (the certificate's: values 0 … V, rows
// 0 … x0+P−1) and which values rest on the engine's cells alone
// (rows_checked false): those above V, where a planted engine error would
// change the report unnoticed by any check; with no proof, nothing was
// checked and the report says so.
func TestCoverageReported(t *testing.T) {
	res := provedResults(t, "gneg1", 600, 40)
	pr := res[0].Proof
	file := pattern.NewFile("gneg1", 600, res)
	want := &pattern.Coverage{Values: [2]int{0, pr.V}, Rows: [2]int64{0, pr.X0 + pr.P - 1}, By: "the check of certificate gneg1_n600.proof.json, which verify -certificate repeats"}
	if !reflect.DeepEqual(file.IndependentCheck, want) {
		t.Errorf("independent_check %+v, want %+v", file.IndependentCheck, want)
	}
	for _, r := range file.Values {
		if r.RowsChecked != (r.Value <= pr.V) {
			t.Errorf("value %d: rows_checked %v, proved V = %d", r.Value, r.RowsChecked, pr.V)
		}
	}
	md := pattern.Markdown("gneg1", "G₋₁", 600, res, nil)
	for _, s := range []string{
		fmt.Sprintf("The independent check covered the cells of the values 0 … %d on the rows 0 … %d", pr.V, pr.X0+pr.P-1),
		fmt.Sprintf("The statements of the values %d … 40 rest on the engine's cells alone", pr.V+1),
	} {
		if !strings.Contains(md, s) {
			t.Errorf("the Markdown lacks %q", s)
		}
	}
	unproved := searchAll(t, computeIndex(t, "gneg1", 600, 5, nil))
	if f := pattern.NewFile("gneg1", 600, unproved); f.IndependentCheck != nil || slices.ContainsFunc(f.Values, func(r pattern.Report) bool { return r.RowsChecked }) {
		t.Errorf("a search without proofs reports checked cells: %+v", f.IndependentCheck)
	}
	if md := pattern.Markdown("gneg1", "G₋₁", 600, unproved, nil); !strings.Contains(md, "No independent check covered the rows of this search") {
		t.Error("the Markdown of a search without proofs does not say that nothing was checked")
	}
}
