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
	cert := proveGameFile(t, mine, "verify-mine", dir)
	data, err := os.ReadFile(cert)
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
	if stdout, stderr, code := runVerify(t, "-certificate", cert, "-game", mine); code != 0 || !strings.Contains(stdout, "holds") {
		t.Errorf("-certificate with its own game file: exit %d\n%s\n%s", code, stdout, stderr)
	}
	o, err := tables.LoadGame(other)
	if err != nil {
		t.Fatal(err)
	}
	_, stderr, code := runVerify(t, "-certificate", cert, "-game", other)
	if code == 0 || !strings.Contains(stderr, g.Identity()) || !strings.Contains(stderr, o.Identity()) {
		t.Errorf("-certificate with another game file: exit %d, want a refusal naming %s and %s:\n%s", code, g.Identity(), o.Identity(), stderr)
	}
}

// TestPassGameChecked: a game whose pass leads to a game other than nim
// (misère two-heap nim with a pass) is checked from its own moves: its
// dataset holds under verify -in, read from the game it records, and a
// planted cell is named; verify -prove proves its values 0 … 6, and its
// certificate re-checks.
func TestPassGameChecked(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "misere.toml")
	text := "id = \"verify-misere-pass\"\npass = true\ncells = [ { x = 0, y = 0, value = -1 } ]\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	g, err := tables.LoadGame(path)
	if err != nil {
		t.Fatal(err)
	}
	r := g.Ruleset()
	if r.Rules.Passless == nil {
		t.Fatal("misère nim with a pass is swept without the passless table")
	}
	const n = 200
	clean := writeDatasetOf(t, r, n, 0, 0, -1)
	if stdout, stderr, code := runVerify(t, "-in", clean); code != 0 || !strings.Contains(stdout, "verify-misere-pass.band\tholds") {
		t.Fatalf("the honest dataset: exit %d\n%s\n%s", code, stdout, stderr)
	}
	// G(3, 5) of misère nim with a pass is 7: planted 1, the check names
	// the cell.
	planted := writeDatasetOf(t, r, n, 3, 5, 1)
	if stdout, stderr, code := runVerify(t, "-in", planted); code == 0 || !strings.Contains(stdout+stderr, "cell (3, 5)") {
		t.Errorf("a planted cell: exit %d\n%s\n%s", code, stdout, stderr)
	}
	if stdout, stderr, code := runVerify(t, "-certificate", proveGameFile(t, path, "verify-misere-pass", dir)); code != 0 || !strings.Contains(stdout, "holds") {
		t.Errorf("-certificate: exit %d\n%s\n%s", code, stdout, stderr)
	}
}

// proveGameFile runs verify -prove of the game file at path, of id, for the
// values 0 … 6 into dir/proofs and returns its certificate's path.
func proveGameFile(t *testing.T, path, id, dir string) string {
	t.Helper()
	out := filepath.Join(dir, "proofs")
	if stdout, stderr, code := runVerify(t, "-prove", "-table", path, "-values", "0-6", "-prove-bound", "20000", "-out", out); code != 0 {
		t.Fatalf("verify -prove of %s: exit %d\n%s\n%s", path, code, stdout, stderr)
	}
	certs, _ := filepath.Glob(filepath.Join(out, id+"*.proof.json"))
	if len(certs) == 0 {
		t.Fatalf("no certificate of %s in %s", id, out)
	}
	return certs[0]
}
