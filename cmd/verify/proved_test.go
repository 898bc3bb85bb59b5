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

	"github.com/grundy-lab/grundy/cmd/internal/bandrun"
	"github.com/grundy-lab/grundy/cmd/internal/patternfiles"
	"github.com/grundy-lab/grundy/conjecture/pattern"
	"github.com/grundy-lab/grundy/engine/band"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/tables"
)

// provedPatterns writes into dir what compute -table id -n n -write none
// -values 0-hi -patterns -prove-bound n writes: the certificate of the
// largest V ≤ hi whose band state repeats within n rows and the patterns
// file of the values 0 … hi, those up to V proved. It returns the patterns
// file's path and V.
func provedPatterns(t *testing.T, dir, id string, n int64, hi int) (string, int) {
	t.Helper()
	ctx := context.Background()
	r, _ := tables.Lookup(id)
	cfg := band.Config{Workers: 1}
	proved, err := patternfiles.Prove(ctx, id, n, hi, n, dir, cfg)
	if err != nil || !proved.Found {
		t.Fatalf("prove %s: found %v, %v", id, proved.Found, err)
	}
	res, err := bandrun.Run(ctx, bandrun.Job{Table: r, N: n, Values: results.ValueRange{Lo: 0, Hi: int32(hi)}, Rows: [2]int64{0, n},
		Out: dir, Workers: 1, Patterns: &bandrun.PatternSearch{Proofs: proved.Proofs}})
	if err != nil {
		t.Fatal(err)
	}
	jsonPath, _, err := patternfiles.Write(dir, r, n, res.Patterns.Results, nil)
	if err != nil {
		t.Fatal(err)
	}
	return jsonPath, proved.Repeat.V
}

// readFile decodes the patterns file at path.
func readFile(t *testing.T, path string) pattern.File {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	file, err := pattern.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return file
}

// writeFile encodes file to path.
func writeFile(t *testing.T, path string, file pattern.File) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := pattern.Encode(f, file); err != nil {
		t.Fatal(err)
	}
}

// TestProvedAuthenticated: -claims-from re-checks the certificate a
// patterns file names and refuses, exit 1 naming the value, every way of
// marking "proved" what the certificate does not prove.
func TestProvedAuthenticated(t *testing.T) {
	const n = 3000
	dir := t.TempDir()
	jsonPath, v := provedPatterns(t, dir, "gneg1", n, 24)
	table := writeTable(t, t.TempDir(), "gneg1", 400)
	stdout, stderr, code := runVerify(t, "-claims-from", jsonPath, "-in", table)
	if want := fmt.Sprintf("proved: gneg1 values 0 … %d by %s", v, filepath.Join(dir, patternfiles.ProofName("gneg1", n))); code != 0 || !strings.Contains(stdout, want) {
		t.Fatalf("the patterns file as written: exit %d, want 0 and %q\n%s%s", code, want, stdout, stderr)
	}
	// -values picks the proved values checked: those it names, each with
	// its pattern (the others' patterns were left out of the check, and
	// their proofs were refused for it).
	for _, values := range []string{fmt.Sprintf("0-%d", v-2), fmt.Sprintf("%d-%d", v-1, v+2)} {
		lo, hi := 0, v-2
		if values[0] != '0' {
			lo, hi = v-1, v
		}
		stdout, stderr, code := runVerify(t, "-claims-from", jsonPath, "-in", table, "-values", values)
		if want := fmt.Sprintf("proved: gneg1 values %d … %d by", lo, hi); code != 0 || !strings.Contains(stdout, want) {
			t.Errorf("-values %s: exit %d, want 0 and %q\n%s%s", values, code, want, stdout, stderr)
		}
	}
	// The certificate of another table, beside the patterns file.
	other, err := patternfiles.Prove(context.Background(), "passnim", n, 4, n, dir, band.Config{Workers: 1})
	if err != nil || !other.Found {
		t.Fatalf("prove passnim: %v", err)
	}
	otherSum := fileSum(t, other.Path)
	certPath := filepath.Join(dir, patternfiles.ProofName("gneg1", n))
	edited := filepath.Join(dir, "edited.proof.json") // the certificate with P + 1, which does not hold
	var cert map[string]any
	if err := json.Unmarshal([]byte(readString(t, certPath)), &cert); err != nil {
		t.Fatal(err)
	}
	cert["p"] = cert["p"].(float64) + 1
	if data, err := json.Marshal(cert); err != nil || os.WriteFile(edited, data, 0o644) != nil {
		t.Fatal(err)
	}
	editedSum := fileSum(t, edited)
	stable, found := -1, -1 // the first values above V that are stable, that have a pattern
	for _, r := range readFile(t, jsonPath).Values {
		if r.Value > v && r.Status == pattern.Stable && stable < 0 {
			stable = r.Value
		}
		if r.Value > v && r.Period > 0 && found < 0 {
			found = r.Value
		}
	}
	if stable < 0 {
		t.Fatalf("no stable value above V = %d to forge", v)
	}
	cases := []struct {
		name  string
		forge func(f *pattern.File)
		value int
		want  string
	}{
		{"a stable value edited to proved with a copied proof block", func(f *pattern.File) {
			pr := *f.Values[v].Proof
			f.Values[stable].Status, f.Values[stable].Proof = pattern.Proved, &pr
		}, stable, fmt.Sprintf("which proves the values 0 … %d only", v)},
		{"the values above V made proved with their own periods and starts", func(f *pattern.File) {
			for i := range f.Values {
				if r := &f.Values[i]; r.Value > v && r.Period > 0 {
					pr := *f.Values[v].Proof
					pr.Period, pr.Start = r.Period, r.Start
					r.Status, r.Proof = pattern.Proved, &pr
				}
			}
		}, found, fmt.Sprintf("which proves the values 0 … %d only", v)},
		{"an edited proof.period", func(f *pattern.File) { f.Values[3].Proof.Period = 8 }, 3, "the proof block says period 8 from x₀ = 6"},
		{"an edited proof.start", func(f *pattern.File) { f.Values[4].Proof.Start = 16 }, 4, "the proof block says period 4 from x₀ = 16"},
		{"an edited proof.p", func(f *pattern.File) { f.Values[2].Proof.P *= 2 }, 2, "the proof block says V ="},
		{"an edited first unrepeated V", func(f *pattern.File) { f.Values[1].Proof.FirstUnrepeatedV++ }, 1,
			fmt.Sprintf("the first unrepeated V %d; the certificate records %d and %d", v+2, n, v+1)},
		{"an edited search bound", func(f *pattern.File) { f.Values[2].Proof.SearchBound = 10 * n }, 2,
			fmt.Sprintf("the search bound %d rows", 10*n)},
		{"the search's outcome dropped from the proof blocks", func(f *pattern.File) {
			for i := range f.Values {
				if pr := f.Values[i].Proof; pr != nil {
					pr.SearchBound, pr.FirstUnrepeatedV = 0, 0
				}
			}
		}, 0, "the search bound 0 rows and the first unrepeated V 0"},
		{"an edited pattern offset", func(f *pattern.File) { f.Patterns[5].Offsets[0] = -3 }, 5, "its pattern is period 6 from x₀ = 12 with offsets [-3"},
		{"a proof block pointing at another table's certificate", func(f *pattern.File) {
			for i := range f.Values {
				if pr := f.Values[i].Proof; pr != nil {
					pr.Certificate, pr.CertificateSHA256 = filepath.Base(other.Path), otherSum
				}
			}
		}, 0, "a certificate of table passnim, not gneg1"},
		{"a certificate edited, its sha256 updated in the patterns file", func(f *pattern.File) {
			for i := range f.Values {
				if pr := f.Values[i].Proof; pr != nil {
					pr.Certificate, pr.CertificateSHA256, pr.P = filepath.Base(edited), editedSum, pr.P+1
				}
			}
		}, 0, "which does not check"},
		{"a proof block pointing at a missing file", func(f *pattern.File) {
			for i := range f.Values {
				if pr := f.Values[i].Proof; pr != nil {
					pr.Certificate = "gneg1_n9999.proof.json"
				}
			}
		}, 0, "no such file"},
		{"a proof block pointing out of the directory", func(f *pattern.File) {
			f.Values[0].Proof.Certificate = "../" + filepath.Base(certPath)
		}, 0, "want the name of a file beside the patterns file"},
		{"a proof block without its sha256", func(f *pattern.File) { f.Values[0].Proof.CertificateSHA256 = "" }, 0, "without its certificate_sha256"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := readFile(t, jsonPath)
			c.forge(&f)
			forged := filepath.Join(dir, "forged.patterns.json")
			writeFile(t, forged, f)
			stdout, stderr, code := runVerify(t, "-claims-from", forged, "-in", table)
			if want := fmt.Sprintf("value %d ", c.value); code != 1 || !strings.Contains(stderr, want) || !strings.Contains(stderr, c.want) {
				t.Errorf("exit %d, want 1 naming %q and %q:\n%s%s", code, want, c.want, stdout, stderr)
			}
		})
	}
	t.Run("a certificate whose bytes changed", func(t *testing.T) {
		data, err := os.ReadFile(certPath)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(certPath, append(data, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		defer os.WriteFile(certPath, data, 0o644)
		stdout, stderr, code := runVerify(t, "-claims-from", jsonPath, "-in", table)
		if code != 1 || !strings.Contains(stderr, "value 0 cites "+certPath+" with sha256") {
			t.Errorf("exit %d, want 1 naming value 0 and the sha256:\n%s%s", code, stdout, stderr)
		}
	})
}

// readString is the content of the file at path.
func readString(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// fileSum is the SHA-256 of the file at path, in hex.
func fileSum(t *testing.T, path string) string {
	t.Helper()
	return fmt.Sprintf("%x", sha256.Sum256([]byte(readString(t, path))))
}
