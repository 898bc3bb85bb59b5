package main

import (
	"bytes"
	"os"
	"os/exec"
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

// TestGameFileClaimsFrom: verify -claims-from -game refuses, as
// -certificate -game does, a game file whose identity is not the one the
// patterns file records, or the one a values dataset -in records, naming
// both identities and the files (exit 1); a game file that cannot be read
// is a usage error (exit 2); the game file of the files succeeds. The
// files are those of compute -patterns -write values on two games of one
// id, each in a process of its own (a process knows one game by an id),
// and so is each verify run: a refusal comes from the check, not from the
// game already known. Each refused run is also run without the check's
// cause (without -game, or on the patterns' own dataset) and holds, so
// that without the check the mismatch would pass.
func TestGameFileClaimsFrom(t *testing.T) {
	if testing.Short() {
		t.Skip("builds compute and verify")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin") + string(filepath.Separator)
	if out, err := exec.Command("go", "build", "-o", bin, ".", "../compute").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	games := map[string]string{ // one id, two games
		"mine":  "id = \"claims-game\"\ncells = [ { x = 0, y = 0, value = -1 }, { x = 1, y = 1, value = -1 } ]\n",
		"other": "id = \"claims-game\"\ncells = [ { x = 0, y = 0, value = -1 } ]\n",
		"bad":   "id = \"claims-game\"\ncolour = \"red\"\n",
	}
	file, identity, patterns, dataset := map[string]string{}, map[string]string{}, map[string]string{}, map[string]string{}
	for name, text := range games {
		file[name] = filepath.Join(dir, name+".toml")
		if err := os.WriteFile(file[name], []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if name == "bad" {
			continue
		}
		g, err := tables.LoadGame(file[name])
		if err != nil {
			t.Fatal(err)
		}
		identity[name] = g.Identity()
		out := filepath.Join(dir, name)
		compute := exec.Command(bin+"compute", "-table", file[name], "-n", "2000", "-write", "values", "-values", "0-8", "-patterns", "-quiet", "-out", out)
		if b, err := compute.CombinedOutput(); err != nil {
			t.Fatalf("compute %s: %v\n%s", name, err, b)
		}
		patterns[name] = filepath.Join(out, "claims-game_n2000.patterns.json")
		dataset[name] = filepath.Join(out, "claims-game_n2000.values")
	}
	tests := []struct {
		name      string
		args      []string
		code      int
		want      []string // in stderr (stdout for exit 0)
		unchecked []string // the same run without the check's cause: it holds
	}{
		{"its own game file", []string{"-claims-from", patterns["mine"], "-in", dataset["mine"], "-game", file["mine"]}, 0,
			[]string{"proved: claims-game values 0 … 8", "9 claims: 9 hold"}, nil},
		{"without -game", []string{"-claims-from", patterns["mine"], "-in", dataset["mine"]}, 0, []string{"9 claims: 9 hold"}, nil},
		{"another game file than the patterns'", []string{"-claims-from", patterns["mine"], "-in", dataset["mine"], "-game", file["other"]}, 1,
			[]string{"-claims-from " + patterns["mine"], "-game " + file["other"], identity["mine"], identity["other"]},
			[]string{"-claims-from", patterns["mine"], "-in", dataset["mine"]}},
		{"another game file than the dataset's", []string{"-claims-from", patterns["other"], "-in", dataset["mine"], "-game", file["other"]}, 1,
			[]string{"-in " + dataset["mine"], "-game " + file["other"], identity["mine"], identity["other"]},
			[]string{"-claims-from", patterns["other"], "-in", dataset["other"], "-game", file["other"]}},
		{"a dataset of another game than the patterns'", []string{"-claims-from", patterns["mine"], "-in", dataset["other"]}, 1,
			[]string{"-claims-from " + patterns["mine"], "-in " + dataset["other"], identity["mine"], identity["other"]},
			[]string{"-claims-from", patterns["mine"], "-in", dataset["mine"]}},
		{"a missing game file", []string{"-claims-from", patterns["mine"], "-in", dataset["mine"], "-game", filepath.Join(dir, "none.toml")}, 2,
			[]string{"-game", "none.toml"}, nil},
		{"not a game file", []string{"-claims-from", patterns["mine"], "-in", dataset["mine"], "-game", file["bad"]}, 2,
			[]string{"-game", file["bad"], "colour"}, nil},
		{"-game with -patterns", []string{"-patterns", "-in", dataset["mine"], "-game", file["mine"]}, 2,
			[]string{"-game is not used by -patterns; it goes with -claims-from"}, nil},
	}
	verify := func(args []string) (string, string, int) {
		cmd := exec.Command(bin+"verify", args...)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		if _, ok := err.(*exec.ExitError); err != nil && !ok {
			t.Fatal(err)
		}
		return stdout.String(), stderr.String(), cmd.ProcessState.ExitCode()
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, code := verify(tt.args)
			said := stderr
			if tt.code == 0 {
				said = stdout
			}
			if code != tt.code {
				t.Fatalf("exit %d, want %d\nstdout: %s\nstderr: %s", code, tt.code, stdout, stderr)
			}
			for _, w := range tt.want {
				if !strings.Contains(said, w) {
					t.Errorf("output does not say %q:\n%s", w, said)
				}
			}
			if tt.unchecked != nil {
				if stdout, stderr, code := verify(tt.unchecked); code != 0 {
					t.Errorf("without the check's cause, exit %d, want 0:\n%s\n%s", code, stdout, stderr)
				}
			}
		})
	}
}
