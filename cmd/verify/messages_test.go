package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/cmd/internal/cli"
	"github.com/grundy-lab/grundy/results/valuesds"
)

// messageInputs writes, in a new directory, a table file of G₋₁ at
// n = 60, its patterns file, a certificate of G₋₁ with V = 3 and a JSON
// object of no known kind, and returns their paths.
func messageInputs(t *testing.T) (table, patterns, certificate, other string) {
	t.Helper()
	dir := t.TempDir()
	table = writeTable(t, dir, "gneg1", 60)
	patterns = filepath.Join(dir, "gneg1_n60.patterns.json")
	if _, stderr, code := runVerify(t, "-patterns", "-in", table, "-values", "0-3", "-json", patterns); code != 0 {
		t.Fatalf("-patterns: exit %d: %s", code, stderr)
	}
	if _, stderr, code := runVerify(t, "-prove", "-table", "gneg1", "-values", "0-3", "-prove-bound", "1000", "-out", dir); code != 0 {
		t.Fatalf("-prove: exit %d: %s", code, stderr)
	}
	certificate = filepath.Join(dir, "gneg1_V3.proof.json")
	other = filepath.Join(dir, "other.json")
	if err := os.WriteFile(other, []byte(`{"format": "something/1", "table": "gneg1"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	return table, patterns, certificate, other
}

// A JSON file given to the wrong flag is told by its kind and sent to the
// flag that takes it, exit status 2; a JSON object of no known kind goes
// to the flag's own reader, which refuses it (exit 1).
func TestWrongKindOfJSON(t *testing.T) {
	table, patterns, certificate, other := messageInputs(t)
	manifest := filepath.Join(writeDataset(t, 100, 0, 0, -1), valuesds.ManifestName)
	for _, tc := range []struct {
		name string
		args []string
		code int
		says []string
	}{
		{"patterns to -certificate", []string{"-certificate", patterns}, 2,
			[]string{"-certificate " + patterns + ": this is a patterns file, not a proof certificate", "give it to -claims-from (verify -claims-from " + patterns + " -in DATA)"}},
		{"certificate to -claims-from", []string{"-claims-from", certificate, "-in", table}, 2,
			[]string{"-claims-from " + certificate + ": this is a proof certificate (grundy-proof/1), not a patterns file", "give it to -certificate (verify -certificate " + certificate + ")"}},
		{"patterns to -patterns -in", []string{"-patterns", "-in", patterns}, 2,
			[]string{"-in " + patterns + ": this is a patterns file, not a table file, values file or values dataset", "give it to -claims-from"}},
		{"certificate to -claims-from -in", []string{"-claims-from", patterns, "-in", certificate}, 2,
			[]string{"this is a proof certificate (grundy-proof/1)", "give it to -certificate"}},
		{"manifest to -in", []string{"-patterns", "-in", manifest}, 2,
			[]string{"this is the manifest of a values dataset (" + valuesds.Format + ")", "give the dataset's directory"}},
		{"format 1 manifest to -in", []string{"-patterns", "-in", "../../results/valuesds/testdata/v1/gneg1_n3000.values/" + valuesds.ManifestName}, 2,
			[]string{"this is the manifest of a values dataset (" + valuesds.Format1 + ")", "give the dataset's directory"}},
		{"another JSON to -certificate", []string{"-certificate", other}, 1, []string{"proof: certificate does not hold"}},
	} {
		_, stderr, code := runVerify(t, tc.args...)
		if code != tc.code {
			t.Errorf("%s: exit %d, want %d: %s", tc.name, code, tc.code, stderr)
		}
		for _, want := range tc.says {
			if !strings.Contains(stderr, want) {
				t.Errorf("%s: the message does not say %q:\n%s", tc.name, want, stderr)
			}
		}
	}
}

// A table file given to a claims run, which reads a directory, is a usage
// error that says how to pass it (its directory and n) and which modes
// take a file; no hint is a go run.
func TestTableFileToAClaimsRun(t *testing.T) {
	table, _, _, _ := messageInputs(t)
	_, stderr, code := runVerify(t, "-in", table)
	if code != 2 {
		t.Errorf("exit %d, want 2: %s", code, stderr)
	}
	for _, want := range []string{"verify -in " + filepath.Dir(table) + " -n 60", "verify -patterns -in " + table, "-claims-from PATTERNS.json -in " + table} {
		if !strings.Contains(stderr, want) {
			t.Errorf("the message does not say %q:\n%s", want, stderr)
		}
	}
	if strings.Contains(stderr, "go run") {
		t.Errorf("the message suggests go run:\n%s", stderr)
	}
	if _, stderr, code := runVerify(t, "-in", table, "-n", "60", "-claims", "goishi.thm4.1"); code != 2 || !strings.Contains(stderr, "is a file") {
		t.Errorf("with -n: exit %d: %s", code, stderr)
	}
}

// The hidden partial result of an unfinished run, a values dataset's
// directory or a table file, is a usage error that says how to finish the
// run (compute … -resume, a Parquet file run again) and what to verify
// then; a directory that only looks like one by its start is not.
func TestUnfinishedRun(t *testing.T) {
	dir := t.TempDir()
	dataset := filepath.Join(dir, ".gneg1_n1000.values.partial")
	arrow := filepath.Join(dir, ".passnim_n500.arrow.partial")
	parquet := filepath.Join(dir, ".nim_n20.parquet.partial")
	odd := filepath.Join(dir, ".notes.partial")
	if err := os.Mkdir(dataset, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{arrow, parquet, odd} {
		if err := os.WriteFile(f, []byte("ARROW1"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		args []string
		says []string
	}{
		{[]string{"-in", dataset}, []string{"unfinished run", "compute -table gneg1 -n 1000 -write values -values LO-HI -out " + dir + " -resume",
			"verify -in " + filepath.Join(dir, "gneg1_n1000.values")}},
		{[]string{"-patterns", "-in", dataset}, []string{"-resume"}},
		{[]string{"-in", arrow, "-claims", "pass.lem4c"}, []string{"compute -table passnim -n 500 -out " + dir + " -resume"}},
		{[]string{"-claims-from", "p.json", "-in", parquet}, []string{"cannot resume", "compute -table nim -n 20 -format parquet -out " + dir}},
		{[]string{"-in", odd}, []string{"unfinished run of cmd/compute", "-resume"}},
	} {
		_, stderr, code := runVerify(t, tc.args...)
		if code != 2 {
			t.Errorf("%v: exit %d, want 2: %s", tc.args, code, stderr)
		}
		for _, want := range tc.says {
			if !strings.Contains(stderr, want) {
				t.Errorf("%v: the message does not say %q:\n%s", tc.args, want, stderr)
			}
		}
	}
	if err := unfinishedRun(filepath.Join(dir, ".partial-notes")); err != nil {
		t.Errorf("a name that is no partial result: %v", err)
	}
}

// The check of a values dataset (-in DATASET alone) refuses the flags it
// does not use, -n first among them, saying why; without them it runs.
func TestDatasetCheckRefusesUnusedFlags(t *testing.T) {
	dataset := writeDataset(t, 100, 0, 0, -1)
	for _, tc := range []struct {
		args []string
		says string
	}{
		{[]string{"-in", dataset, "-n", "5"}, "-n is not used by the check of a values dataset (verify -in DATASET); the dataset holds one n"},
		{[]string{"-in", dataset, "-json", "r.json"}, "-json is not used by the check of a values dataset"},
		{[]string{"-in", dataset, "-values", "0-3"}, "-values is not used by the check of a values dataset"},
	} {
		if _, stderr, code := runVerify(t, tc.args...); code != 2 || !strings.Contains(stderr, tc.says) {
			t.Errorf("%v: exit %d, want 2 saying %q: %s", tc.args, code, tc.says, stderr)
		}
	}
	if stdout, stderr, code := runVerify(t, "-in", dataset); code != 0 || !strings.Contains(stdout, "gneg1.band\tholds") {
		t.Errorf("-in DATASET: exit %d: %s%s", code, stdout, stderr)
	}
}

// -help's synopsis names every mode, -prove and -certificate among them,
// and every flag that it lists below, from either mode's help.
func TestHelpListsEveryFlag(t *testing.T) {
	for _, args := range [][]string{{"-help"}, {"-prove", "-help"}} {
		_, stderr, code := runVerify(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		synopsis, flags, _ := strings.Cut(stderr, "\n\n")
		for _, mode := range []string{"verify -prove", "verify -certificate FILE", "verify -in DATASET", "verify -list", "verify -patterns", "verify -claims-from", "verify -version"} {
			if !strings.Contains(synopsis, mode) {
				t.Errorf("%v: the synopsis lacks %q:\n%s", args, mode, synopsis)
			}
		}
		listed := 0
		sc := bufio.NewScanner(strings.NewReader(flags))
		for sc.Scan() {
			name, ok := strings.CutPrefix(sc.Text(), "  -")
			if !ok {
				continue
			}
			name, _, _ = strings.Cut(name, " ")
			listed++
			if !strings.Contains(synopsis, "-"+name+" ") && !strings.Contains(synopsis, "-"+name+"]") && !strings.HasSuffix(synopsis, "-"+name) {
				t.Errorf("%v: the synopsis lacks -%s:\n%s", args, name, synopsis)
			}
		}
		if listed < 8 {
			t.Errorf("%v: only %d flags listed:\n%s", args, listed, flags)
		}
	}
}

// -version prints the version the reports record: the certificates of
// -prove, and the provenance of a patterns file; a version unlike any
// other (results.Version among them) stands in for it, so that a report
// recording another cannot pass. The version is cli.Version.
func TestOneVersion(t *testing.T) {
	if programVersion() != cli.Version() {
		t.Fatalf("verify's version %q is not cli.Version %q", programVersion(), cli.Version())
	}
	defer func(v func() string) { programVersion = v }(programVersion)
	const testVersion = "9.9.9-test"
	programVersion = func() string { return testVersion }
	_, patterns, certificate, _ := messageInputs(t)
	stdout, _, code := runVerify(t, "-version")
	if code != 0 || stdout != "verify "+testVersion+"\n" {
		t.Fatalf("-version: exit %d, %q; want verify %s", code, stdout, testVersion)
	}
	for _, path := range []string{certificate, patterns} {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var file struct {
			Version    string `json:"version"`
			Provenance struct {
				Version string `json:"version"`
			} `json:"provenance"`
		}
		if err := json.Unmarshal(data, &file); err != nil {
			t.Fatal(err)
		}
		if got := file.Version + file.Provenance.Version; got != testVersion {
			t.Errorf("%s records version %q; -version prints %q", path, got, testVersion)
		}
	}
}

// -certificate prints the rows and cells its check reads before it
// starts, and refuses a certificate above -max-cells, exit 2, naming the
// flag and the figure to raise it to: the figure itself passes, one less
// does not. Flags of -prove are refused with -certificate, and -max-cells
// with -prove.
func TestCertificateWork(t *testing.T) {
	_, _, certificate, _ := messageInputs(t)
	// G₋₁, V = 3: x0 = 6, P = 4, so rows 0 … 9, 10 rows of 4 cells.
	_, stderr, code := runVerify(t, "-certificate", certificate, "-max-cells", "40")
	if code != 0 || !strings.Contains(stderr, "checking 10 rows, 40 cells of gneg1, V = 3; about 0s") {
		t.Errorf("-max-cells 40: exit %d: %s", code, stderr)
	}
	_, stderr, code = runVerify(t, "-certificate", certificate, "-max-cells", "39")
	if code != 2 || !strings.Contains(stderr, "above -max-cells 39: raise -max-cells to at least 40") {
		t.Errorf("-max-cells 39: exit %d: %s", code, stderr)
	}
	for _, tc := range []struct {
		args []string
		says string
	}{
		{[]string{"-certificate", certificate, "-table", "nim"}, "-table is not used by -certificate; it goes with -prove"},
		{[]string{"-prove", "-max-cells", "5"}, "-max-cells is not used by -prove"},
		{[]string{"-certificate", certificate, "-max-cells", "0"}, "-max-cells 0: give a positive number"},
		{[]string{"-certificate", ""}, "-certificate: give the certificate file"},
	} {
		if _, stderr, code := runVerify(t, tc.args...); code != 2 || !strings.Contains(stderr, tc.says) {
			t.Errorf("%v: exit %d, want 2 saying %q: %s", tc.args, code, tc.says, stderr)
		}
	}
}

// A certificate followed by more data, or with a key given twice, is
// refused (exit 1) with the reason, before any sweep.
func TestCertificateStrictAtTheCommandLine(t *testing.T) {
	_, _, certificate, _ := messageInputs(t)
	data, err := os.ReadFile(certificate)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for name, tc := range map[string]struct {
		data []byte
		says string
	}{
		"trailing.proof.json": {append(data, `{"v": 40}`...), "data after the JSON object"},
		"twice.proof.json":    {[]byte(strings.Replace(string(data), "{", `{"v": `+strconv.Itoa(40)+`,`, 1)), `the key "v" is given twice`},
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, tc.data, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, stderr, code := runVerify(t, "-certificate", path); code != 1 || !strings.Contains(stderr, tc.says) {
			t.Errorf("%s: exit %d, want 1 saying %q: %s", name, code, tc.says, stderr)
		}
	}
}

// FuzzSniffJSON: sniffJSON never panics on any file, and a file it names
// a kind of starts, after white space, with a JSON object.
func FuzzSniffJSON(f *testing.F) {
	f.Add([]byte(`{"format": "grundy-proof/1"}`))
	f.Add([]byte(` {"table": "gneg1", "n": 5, "patterns": []}`))
	f.Add([]byte(`{"format": "grundy-patterns/2", "table": "x"}`))
	f.Add([]byte("ARROW1\x00\x00"))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "f.json")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if kind, ok := sniffJSON(path); ok && !strings.HasPrefix(strings.TrimLeft(string(data), " \t\r\n"), "{") {
			t.Fatalf("%q: kind %q of a file that is no JSON object", data, kind.name)
		}
	})
}
