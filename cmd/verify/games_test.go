package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/tables"
)

// TestGameFileProofs: verify -prove takes a game file; its certificate
// records the game, re-checks on its own, and -game refuses a game file of
// another identity, naming both.
func TestGameFileProofs(t *testing.T) {
	dir := t.TempDir()
	mine := filepath.Join(dir, "mine.toml")
	other := filepath.Join(dir, "other.toml")
	for path, text := range map[string]string{
		mine:  "id = \"verify-mine\"\ncells = [ { x = 0, y = 0, value = -1 }, { x = 1, y = 1, value = -1 } ]\n",
		other: "id = \"verify-mine\"\ncells = [ { x = 0, y = 0, value = -1 } ]\n",
	} {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(dir, "proofs")
	if stdout, stderr, code := runVerify(t, "-prove", "-table", mine, "-values", "0-6", "-prove-bound", "20000", "-out", out); code != 0 {
		t.Fatalf("verify -prove of a game file: exit %d\n%s\n%s", code, stdout, stderr)
	}
	certs, _ := filepath.Glob(filepath.Join(out, "verify-mine*.proof.json"))
	if len(certs) == 0 {
		t.Fatalf("no certificate of verify-mine in %s", out)
	}
	data, err := os.ReadFile(certs[0])
	if err != nil {
		t.Fatal(err)
	}
	g, err := tables.LoadGame(mine)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), g.Identity()) {
		t.Errorf("the certificate does not record the game's identity %s", g.Identity())
	}
	if stdout, stderr, code := runVerify(t, "-certificate", certs[0], "-game", mine); code != 0 || !strings.Contains(stdout, "holds") {
		t.Errorf("-certificate with its own game file: exit %d\n%s\n%s", code, stdout, stderr)
	}
	o, err := tables.LoadGame(other)
	if err != nil {
		t.Fatal(err)
	}
	_, stderr, code := runVerify(t, "-certificate", certs[0], "-game", other)
	if code == 0 || !strings.Contains(stderr, g.Identity()) || !strings.Contains(stderr, o.Identity()) {
		t.Errorf("-certificate with another game file: exit %d, want a refusal naming %s and %s:\n%s", code, g.Identity(), o.Identity(), stderr)
	}
}
