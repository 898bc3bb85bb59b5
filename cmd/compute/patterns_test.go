package main

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/cmd/internal/patternfiles"
	"github.com/grundy-lab/grundy/conjecture/pattern"
	"github.com/grundy-lab/grundy/conjecture/proof"
	"github.com/grundy-lab/grundy/engine/band"
)

// TestPatternsEndToEnd runs compute -patterns on G₋₁: the patterns file
// and its Markdown are written, every value up to the proved V (at least
// 3, Theorem 4 of the goishi-hiroi paper) is "proved" and no other is, the
// certificate checks on its own, and a certificate with one byte of its
// state changed does not.
func TestPatternsEndToEnd(t *testing.T) {
	dir := t.TempDir()
	const n = 5000
	stdout, stderr, code := runCompute(t, "-table", "gneg1", "-n", "5000", "-write", "none", "-values", "0-30",
		"-patterns", "-out", dir, "-quiet")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	jsonName, mdName := patternfiles.Names("gneg1", n)
	f, err := os.Open(filepath.Join(dir, jsonName))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	file, err := pattern.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	certPath := filepath.Join(dir, patternfiles.ProofName("gneg1", n))
	data, err := os.ReadFile(certPath)
	if err != nil {
		t.Fatal(err)
	}
	var cert proof.Certificate
	if err := json.Unmarshal(data, &cert); err != nil {
		t.Fatal(err)
	}
	if cert.V < 3 || cert.Table != "gneg1" {
		t.Fatalf("certificate of %s, V = %d: want gneg1, V ≥ 3", cert.Table, cert.V)
	}
	if p := file.Provenance; p == nil || p.Program != "compute" || !slices.Contains(p.Command, "-patterns") {
		t.Errorf("provenance %+v: want the compute command line", p)
	}
	if len(file.Values) != 31 {
		t.Fatalf("%d values reported, want 31", len(file.Values))
	}
	for _, r := range file.Values {
		proved := r.Status == pattern.Proved
		if proved != (r.Value <= cert.V) {
			t.Errorf("value %d: status %s, proved V = %d", r.Value, r.Status, cert.V)
		}
		if proved && (r.Proof == nil || r.Proof.Certificate != filepath.Base(certPath) || r.Period != r.Proof.Period || r.Start != r.Proof.Start) {
			t.Errorf("value %d: proof %+v, pattern period %d from %d", r.Value, r.Proof, r.Period, r.Start)
		}
	}
	if v3 := file.Values[3]; v3.Period != 4 || v3.Start != 6 {
		t.Errorf("value 3: period %d from %d, want Theorem 4(4): period 4 from 6", v3.Period, v3.Start)
	}
	md, err := os.ReadFile(filepath.Join(dir, mdName))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(md), "Proved for all x, y (certificate "+filepath.Base(certPath)) {
		t.Error("the Markdown does not say which values are proved for all x, y")
	}
	ctx := context.Background()
	if err := patternfiles.CheckFile(ctx, certPath, band.Config{Workers: 1}, nil); err != nil {
		t.Fatalf("the certificate does not check: %v", err)
	}
	cert.State[len(cert.State)/2] ^= 1
	planted := filepath.Join(dir, "planted.proof.json")
	changed, _ := json.Marshal(cert)
	if err := os.WriteFile(planted, changed, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := patternfiles.CheckFile(ctx, planted, band.Config{Workers: 1}, nil); !errors.Is(err, proof.ErrCertificate) {
		t.Errorf("a certificate with a changed state: %v, want ErrCertificate", err)
	}
}

// TestPatternsUsage: -patterns needs the band sweep and every row;
// -prove-bound needs -patterns and a bound -prove takes.
func TestPatternsUsage(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"-patterns", "-sweep", "full", "-write", "none"},
		{"-patterns", "-write", "table"},
		{"-patterns", "-write", "none", "-table", "wythoff"},
		{"-patterns", "-write", "none", "-rows", "10-20"},
		{"-prove-bound", "100", "-write", "none"},
		{"-patterns", "-write", "none", "-prove-bound", "-1"},
		// beyond proof.MaxBound, which -prove refuses too: it used to
		// print an estimate of 42,000 hours, then fail (exit 1)
		{"-patterns", "-write", "none", "-prove-bound", "100000000000000"},
	} {
		args = append(args, "-n", "100", "-out", dir, "-quiet")
		if _, stderr, code := runCompute(t, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2 (usage)\n%s", args, code, stderr)
		}
	}
}
