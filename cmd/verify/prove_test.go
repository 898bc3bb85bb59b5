package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// -prove writes certificates that -certificate accepts (exit 0), and one
// with a planted period is refused (exit 1), naming why.
func TestProveAndCertificate(t *testing.T) {
	dir := t.TempDir()
	var out, errs bytes.Buffer
	err := run(context.Background(), []string{"-prove", "-table", "gneg1,passnim", "-values", "0-8", "-bound", "5000", "-out", dir}, &out, &errs)
	if err != nil {
		t.Fatalf("-prove: %v\n%s", err, errs.String())
	}
	for _, want := range []string{"gneg1: largest proved V = 8", "goishi.thm4.4", "passnim: largest proved V = 8", "pass.lem4c"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("-prove output lacks %q:\n%s", want, out.String())
		}
	}
	path := filepath.Join(dir, "gneg1_V3.proof.json")
	out.Reset()
	if err := run(context.Background(), []string{"-certificate", path}, &out, &errs); err != nil || !strings.Contains(out.String(), "holds") {
		t.Fatalf("-certificate %s: %v, %s", path, err, out.String())
	}

	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var c map[string]any
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	c["p"] = 2
	planted := filepath.Join(dir, "planted.proof.json")
	b, _ = json.Marshal(c)
	if err := os.WriteFile(planted, b, 0o644); err != nil {
		t.Fatal(err)
	}
	err = run(context.Background(), []string{"-certificate", planted}, &out, &errs)
	if code := exitCode(err, &errs); code != 1 || !strings.Contains(err.Error(), "no repeat") {
		t.Errorf("planted P: exit %d, %v; want 1 and no repeat", code, err)
	}
	if code := exitCode(run(context.Background(), []string{"-prove", "-values", "3-8"}, &out, &errs), &errs); code != 2 {
		t.Errorf("-values 3-8: exit %d, want 2", code)
	}
}
