package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/cmd/internal/cli"
	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/tables"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// writeTable computes table id at size n into dir as cmd/compute does and
// returns the file's path.
func writeTable(t *testing.T, dir, id string, n int) string {
	t.Helper()
	r, ok := tables.Lookup(id)
	if !ok {
		t.Fatalf("no table %q", id)
	}
	path := filepath.Join(dir, results.FileName(id, n))
	w, err := results.Create(path, results.Info{
		Table: r.ID, Symbol: r.Symbol, N: n, Definition: r.Definition, Source: r.Source,
		Compression: results.Zstd, Workers: 1, Tile: 8,
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := engine.Compute(context.Background(), r.Rules, n, engine.Config{Workers: 1, Tile: 8}, w.WriteBand); err != nil {
		w.Abort()
		t.Fatal(err)
	}
	if _, err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	return path
}

// runVerify runs the command with args and returns its output and exit
// status.
func runVerify(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = exitCode(run(context.Background(), args, &out, &errOut), &errOut)
	return out.String(), errOut.String(), code
}

// allTables writes every table at n = 24 into a new directory.
func allTables(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, id := range tables.IDs() {
		writeTable(t, dir, id, 24)
	}
	return dir
}

// TestGoldenReport runs the tables claims of both papers and a few solver
// claims on small tables and compares the text and JSON reports with
// testdata/report.txt and testdata/report.json (go test -update rewrites
// them).
func TestGoldenReport(t *testing.T) {
	dir := allTables(t)
	jsonPath := filepath.Join(dir, "report.json")
	stdout, stderr, code := runVerify(t, "-in", dir, "-bound", "4", "-json", jsonPath,
		"-claims", "goishi.*,pass.table?,pass.table2.corrected,pass.lem4?,pass.nim3,pass.def10note*")
	if code != 0 {
		t.Fatalf("exit %d, want 0 (goishi.thm4.4.printed, pass.table2 and pass.def10note fail, but their corrections hold: errata); stderr: %s", code, stderr)
	}
	report, err := os.ReadFile(jsonPath)
	if err != nil {
		t.Fatal(err)
	}
	// The provenance names the temporary directory and the version.
	stdout = strings.NewReplacer(dir, "DIR", cli.Version(), "VERSION").Replace(stdout)
	report = []byte(strings.NewReplacer(dir, "DIR", cli.Version(), "VERSION").Replace(string(report)))
	for _, golden := range []struct {
		file string
		got  []byte
	}{{"report.txt", []byte(stdout)}, {"report.json", report}} {
		path := filepath.Join("testdata", golden.file)
		if *update {
			if err := os.WriteFile(path, golden.got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test -update to create it)", err)
		}
		if !bytes.Equal(golden.got, want) {
			t.Errorf("%s differs from the output (run go test -update after checking the change):\n%s", path, golden.got)
		}
	}
}

func TestExitStatus(t *testing.T) {
	dir := allTables(t)
	tiny := t.TempDir() // G*₋₁ at n = 0: no 2×2 block for Proposition 1
	writeTable(t, tiny, "gstarneg1", 0)
	tests := []struct {
		name string
		args []string
		code int
		want []string // substrings of stdout + stderr
	}{
		{"printed reading fails, the reading checked holds: an erratum", []string{"-in", dir, "-claims", "goishi.thm4.*,pass.cor2", "-bound", "3"}, 0,
			[]string{"goishi.thm4.4", "holds", "625 cells", "reading: the Markdown copy of the paper prints n > 2; checked with n ≥ 2",
				"goishi.thm4.4.printed  erratum", "erratum of the paper: as printed it fails, and goishi.thm4.4 holds: the reading checked",
				"6 claims: 5 hold, 0 FAIL, 1 known erratum confirmed, 0 vacuous, 0 skipped"}},
		{"printed claim fails, its correction holds: an erratum", []string{"-in", dir, "-claims", "pass.table2*"}, 0,
			[]string{"pass.table2            erratum", "(y=2, z=14, h(z) = ⌊z/2⌋): claimed 13, actual 12",
				"erratum of the paper: as printed it fails, and pass.table2.corrected holds: Changed: the last two cells of row y = 2 swapped.",
				"2 claims: 1 hold, 0 FAIL, 1 known erratum confirmed, 0 vacuous, 0 skipped"}},
		{"all hold", []string{"-in", dir, "-claims", "goishi.thm4.1,goishi.thm4.4,*.definition"}, 0,
			[]string{"gneg1.definition", "josephusnim.definition", "625 cells", "11 claims: 11 hold, 0 FAIL, 0 known errata confirmed, 0 vacuous, 0 skipped"}},
		{"provenance", []string{"-in", dir, "-claims", "goishi.thm4.1"}, 0,
			[]string{"program: verify " + cli.Version(), "command: verify -in " + dir + " -claims goishi.thm4.1",
				"input: " + filepath.Join(dir, "gneg1_n24.arrow") + " (g_sha256 "}},
		{"fails", []string{"-in", dir, "-claims", "pass.table2"}, 3,
			[]string{"FAILS", "(y=2, z=14, h(z) = ⌊z/2⌋): claimed 13, actual 12", "1 of 1 claims fail",
				"see pass.table2.corrected: Changed: the last two cells of row y = 2 swapped."}},
		{"no tables", []string{"-in", t.TempDir(), "-claims", "goishi.*"}, 1,
			[]string{"holds no table file of nim, g1, gneg1, gstarneg1", "compute them first: compute -table nim,g1,gneg1,gstarneg1 -out"}},
		{"no tables, solver claims only", []string{"-in", t.TempDir(), "-claims", "pass.ex1"}, 0,
			[]string{"pass.ex1", "holds"}},
		{"version", []string{"-version"}, 0, []string{"verify " + cli.Version() + "\n"}},
		{"mistyped flag", []string{"-claim", "goishi.*"}, 2, []string{"-claim: no such flag; did you mean -claims? (see -h)"}},
		{"flag of another mode", []string{"-in", dir, "-values", "0-5"}, 2, []string{"-values is not used by a claims run; it goes with -patterns"}},
		{"version with another flag", []string{"-version", "-in", dir}, 2, []string{"-in is not used by -version"}},
		{"huge bound", []string{"-bound", "2147483647"}, 2, []string{"-bound 2147483647: give a bound from 1 to 16384"}},
		{"witness", []string{"-in", dir, "-claims", "pass.def10note2"}, 0,
			[]string{"pass.def10note2", "holds", "witness: ⟨0, 1, 2⟩ becomes P with the pass; ⟨0, 0, 1⟩ stays N"}},
		{"vacuous", []string{"-in", tiny, "-claims", "goishi.prop1"}, 1,
			[]string{"goishi.prop1  vacuous  nothing in its range lies in the table", "none holds or fails"}},
		{"unknown flag", []string{"-size", "3"}, 2, []string{"-size"}},
		{"stray argument", []string{"gneg1"}, 2, []string{`unexpected argument "gneg1"`}},
		{"negative bound", []string{"-bound", "-1"}, 2, []string{"-bound -1"}},
		{"zero cap", []string{"-cap", "0"}, 2, []string{"-cap 0"}},
		{"unknown claim", []string{"-claims", "goishi.thm9"}, 2, []string{`-claims: claim pattern "goishi.thm9" matches no claim`, "-list"}},
		{"bad pattern", []string{"-claims", "pass.["}, 2, []string{`-claims: claim pattern "pass.["`}},
		{"missing directory", []string{"-in", filepath.Join(dir, "nowhere")}, 1,
			[]string{"-in " + filepath.Join(dir, "nowhere"), "compute tables there first: compute -table "}},
		{"unwritable json", []string{"-in", dir, "-claims", "pass.lem4a", "-json", filepath.Join(dir, "no", "r.json")}, 1,
			[]string{"write -json " + filepath.Join(dir, "no", "r.json")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, code := runVerify(t, tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d; stderr: %s", code, tt.code, stderr)
			}
			for _, w := range tt.want {
				if !strings.Contains(stdout+stderr, w) {
					t.Errorf("output does not mention %q:\n%s%s", w, stdout, stderr)
				}
			}
		})
	}
}

// A broken input file is an error (exit 1) that names the file; it never
// crashes the command.
func TestBadFiles(t *testing.T) {
	tests := []struct {
		name  string
		spoil func(t *testing.T, dir, path string) string // returns the file the error must name
		want  string
	}{
		{"truncated", func(t *testing.T, dir, path string) string {
			data, _ := os.ReadFile(path)
			os.WriteFile(path, data[:len(data)/2], 0o644)
			return path
		}, "Arrow IPC file"},
		{"altered", func(t *testing.T, dir, path string) string {
			data, _ := os.ReadFile(path)
			data[len(data)/3] ^= 0xff
			os.WriteFile(path, data, 0o644)
			return path
		}, "read " + "DIR"},
		{"foreign", func(t *testing.T, dir, path string) string {
			data, _ := os.ReadFile(path)
			other := filepath.Join(dir, results.FileName("gneg1", 99))
			os.WriteFile(other, data, 0o644)
			return other
		}, `foreign file: it holds table "gstarneg1" at n = 24, but its name says "gneg1" at n = 99`},
		{"not arrow", func(t *testing.T, dir, path string) string {
			os.WriteFile(path, []byte("x,y,g\n0,0,0\n"), 0o644)
			return path
		}, "Arrow IPC file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := writeTable(t, dir, "gstarneg1", 24)
			writeTable(t, dir, "gneg1", 24)
			named := tt.spoil(t, dir, path)
			_, stderr, code := runVerify(t, "-in", dir, "-claims", "goishi.thm4.1,goishi.thm5.*", "-cap", "1")
			want := strings.ReplaceAll(tt.want, "DIR", dir)
			if code != 1 || !strings.Contains(stderr, named) || !strings.Contains(stderr, want) {
				t.Errorf("exit %d, stderr %q; want 1, naming %s and saying %q", code, stderr, named, want)
			}
		})
	}
}

// A table without a file skips its claims and says how to compute it; of
// several sizes of one table, the largest is read.
func TestTableChoice(t *testing.T) {
	dir := t.TempDir()
	writeTable(t, dir, "gneg1", 10)
	writeTable(t, dir, "gneg1", 24)
	os.WriteFile(filepath.Join(dir, "gneg1_nold.arrow"), []byte("not a table"), 0o644)
	stdout, stderr, code := runVerify(t, "-in", dir, "-claims", "goishi.thm4.1,goishi.thm5.1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, w := range []string{
		"tables: gneg1 n=24 (gneg1_n24.arrow)\n",
		"missing tables: gstarneg1 (compute them: compute -table gstarneg1 -out " + dir + ")\n",
		"goishi.thm4.1  holds    625 cells\n",
		"goishi.thm5.1  skipped  needs table gstarneg1, which is not among the inputs\n",
		"2 claims: 1 hold, 0 FAIL, 0 known errata confirmed, 0 vacuous, 1 skipped\n",
	} {
		if !strings.Contains(stdout, w) {
			t.Errorf("stdout does not contain %q:\n%s", w, stdout)
		}
	}
}

func TestList(t *testing.T) {
	stdout, _, code := runVerify(t, "-list", "-claims", "goishi.thm2,pass.prop1")
	want := "id           reads        bound  source\n" +
		"goishi.thm2  table gneg1  30     Theorem 2, Abuku, Fukui, Katayama, Suetsugu, Relationship between misère nim and two-player goishi hiroi (arXiv 2412.03996)\n" +
		"pass.prop1   solvers      4096   Proposition 1, Manabe, Miyadera, Suetsugu, On the Sprague-Grundy values of games with a pass\n"
	if code != 0 || stdout != want {
		t.Errorf("exit %d, stdout:\n%s\nwant:\n%s", code, stdout, want)
	}
}
