package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNotFoundSaysWhatIsThere: a claims run whose -in is missing, or holds
// none of its tables at -n, names what its directory holds and the one
// command that makes what is missing; a missing -in named as a result of
// cmd/compute is taken for that result, never for a directory to fill with
// every table.
func TestNotFoundSaysWhatIsThere(t *testing.T) {
	dir := t.TempDir()
	tablesDir := filepath.Join(dir, "tables")
	if err := os.Mkdir(tablesDir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"gneg1", "passnim"} {
		writeTable(t, tablesDir, id, 20)
	}
	if err := os.Mkdir(filepath.Join(dir, "gneg1_n1000.values"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		args   []string
		want   []string
		unwant []string
	}{
		{"a dataset's name", []string{"-in", filepath.Join(dir, "gneg1_n999.values")},
			[]string{"no such file", dir + " holds the values datasets gneg1_n1000.values",
				"the values dataset of gneg1 at n = 999", "compute -table gneg1 -n 999 -write values -values LO-HI -out " + dir},
			[]string{"compute -table nim,"}},
		{"a table file's name", []string{"-in", filepath.Join(tablesDir, "gneg1_n30.arrow")},
			[]string{"the table file of gneg1 at n = 30", "compute -table gneg1 -n 30 -out " + tablesDir,
				"-in " + tablesDir + " -n 30", "table files of gneg1, passnim at n = 20"},
			[]string{"compute -table nim,"}},
		{"a directory", []string{"-in", filepath.Join(dir, "nowhere"), "-n", "7", "-claims", "goishi.*"},
			[]string{"compute tables there first: compute -table nim,g1,gneg1,gstarneg1 -n 7 -out " + filepath.Join(dir, "nowhere")},
			nil},
		{"another n", []string{"-in", tablesDir, "-n", "30", "-claims", "goishi.thm4.1,pass.lem4a"},
			[]string{"holds no table file of gneg1, passnim at n = 30", "it holds table files of gneg1, passnim at n = 20",
				"-in " + tablesDir + " -n 20 checks those", "compute them first: compute -table gneg1,passnim -n 30 -out " + tablesDir},
			nil},
		{"nothing there", []string{"-in", t.TempDir(), "-claims", "goishi.thm4.1"},
			[]string{"holds no table file of gneg1 (", "compute them first: compute -table gneg1 -out "},
			[]string{"it holds", " at n = "}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stdout, stderr, code := runVerify(t, tc.args...)
			if code != 1 {
				t.Errorf("exit %d, want 1", code)
			}
			for _, w := range tc.want {
				if !strings.Contains(stdout+stderr, w) {
					t.Errorf("output does not mention %q:\n%s%s", w, stdout, stderr)
				}
			}
			for _, w := range tc.unwant {
				if strings.Contains(stdout+stderr, w) {
					t.Errorf("output mentions %q:\n%s%s", w, stdout, stderr)
				}
			}
		})
	}
}

// TestSibling: the commands printed call compute beside verify when it is
// there, and compute as on PATH otherwise.
func TestSibling(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if got := sibling("./verify", "compute"); got != "compute" {
		t.Errorf("sibling(./verify) = %q with no ./compute", got)
	}
	if err := os.WriteFile(filepath.Join(dir, "compute"), nil, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ program, want string }{
		{filepath.Join(dir, "verify"), filepath.Join(dir, "compute")},
		{filepath.Join(t.TempDir(), "verify"), "compute"},
		{"verify", "compute"},
		{"./verify", "./compute"},
	} {
		if got := sibling(tc.program, "compute"); got != tc.want {
			t.Errorf("sibling(%q) = %q, want %q", tc.program, got, tc.want)
		}
	}
}
