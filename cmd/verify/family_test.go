package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// familyTestdata is a family grundy-family run wrote (testdata/family/f3.toml,
// n = 300, values 0-4): G₋₁ and G₁'s rules without the pass, proved, and
// with it, refused by the band. Only the files verify -family reads are kept.
const familyTestdata = "testdata/family/f3.family"

// copyFamily copies the test family into a new directory.
func copyFamily(t *testing.T) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "f3.family")
	err := filepath.WalkDir(familyTestdata, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(familyTestdata, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// edit replaces old by new in the file at path, and fails if old is not there.
func edit(t *testing.T, path, old, new string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(old)) {
		t.Fatalf("%s holds no %q", path, old)
	}
	if err := os.WriteFile(path, bytes.Replace(data, []byte(old), []byte(new), 1), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestFamilyHolds(t *testing.T) {
	stdout, stderr, code := runVerify(t, "-family", copyFamily(t), "-workers", "1")
	if code != 0 || !strings.Contains(stdout, "holds: 4 members, 4 distinct games") {
		t.Fatalf("exit %d:\n%s%s", code, stdout, stderr)
	}
}

// TestFamilyPlantedFaults: each fault in a member's files or the catalog
// is found, named, and exits 1.
func TestFamilyPlantedFaults(t *testing.T) {
	m0 := filepath.Join("members", "f3-m0000")
	for _, tc := range []struct {
		name  string
		plant func(t *testing.T, dir string)
		want  string
	}{
		{"a certificate's x0", func(t *testing.T, dir string) {
			edit(t, filepath.Join(dir, m0, "f3-m0000_n300.proof.json"), `"x0": 12`, `"x0": 11`)
		}, "f3-m0000_n300.proof.json"},
		{"a certificate of another member", func(t *testing.T, dir string) {
			other, err := os.ReadFile(filepath.Join(dir, "members", "f3-m0001", "f3-m0001_n300.proof.json"))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, m0, "f3-m0000_n300.proof.json"), other, 0o644); err != nil {
				t.Fatal(err)
			}
		}, "not a certificate of the member's game"},
		{"a game file's cell", func(t *testing.T, dir string) {
			edit(t, filepath.Join(dir, m0, "game.toml"), "value = -1", "value = 0")
		}, "game.toml is the game f3-m0000 of identity"},
		{"a member's status", func(t *testing.T, dir string) {
			edit(t, filepath.Join(dir, m0, "member.json"), `"status": "complete"`, `"status": "not computed"`)
		}, "member f3-m0000: status is complete; its files say not computed"},
		{"a value's period in a patterns file", func(t *testing.T, dir string) {
			edit(t, filepath.Join(dir, m0, "f3-m0000_n300.patterns.json"), `{"value":0,"status":"proved","grade":"A","period":1,`,
				`{"value":0,"status":"proved","grade":"A","period":3,`)
		}, "values.parquet: member f3-m0000"},
		{"a member absent", func(t *testing.T, dir string) {
			if err := os.RemoveAll(filepath.Join(dir, "members", "f3-m0001")); err != nil {
				t.Fatal(err)
			}
		}, "member f3-m0001: open"},
		{"a truncated catalog", func(t *testing.T, dir string) {
			path := filepath.Join(dir, "catalog.parquet")
			data, _ := os.ReadFile(path)
			os.WriteFile(path, data[:len(data)/2], 0o644)
		}, "catalog.parquet"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := copyFamily(t)
			tc.plant(t, dir)
			stdout, stderr, code := runVerify(t, "-family", dir, "-workers", "1")
			if code != 1 || !strings.Contains(stdout+stderr, tc.want) {
				t.Fatalf("exit %d, want 1 naming %q:\n%s%s", code, tc.want, stdout, stderr)
			}
		})
	}
}

func TestFamilyUsage(t *testing.T) {
	for _, args := range [][]string{{"-family"}, {"-family", "x", "extra"}, {"-family", "x", "-workers", "-1"}, {"-family", "x", "-in", "y"}} {
		if _, stderr, code := runVerify(t, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2: %s", args, code, stderr)
		}
	}
}

// TestFamilyCatalogThatNeverEnds: a catalog whose reading does not end
// (the Parquet library looped for ever on a damaged page header the fuzz
// test found) is an error once parquetTimeout has passed.
func TestFamilyCatalogThatNeverEnds(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	defer func(d time.Duration, read func(string) ([]map[string]string, error)) {
		parquetTimeout, readFamilyTable = d, read
	}(parquetTimeout, readFamilyTable)
	parquetTimeout = 100 * time.Millisecond
	readFamilyTable = func(string) ([]map[string]string, error) { <-release; return nil, nil }
	stdout, stderr, code := runVerify(t, "-family", copyFamily(t))
	if code != 1 || !strings.Contains(stderr, "its reading did not end within 100ms") {
		t.Fatalf("exit %d:\n%s%s", code, stdout, stderr)
	}
}

// FuzzFamilyCatalog: whatever the bytes of catalog.parquet, reading them
// returns rows or an error, never a panic.
func FuzzFamilyCatalog(f *testing.F) {
	defer func(d time.Duration) { parquetTimeout = d }(parquetTimeout)
	parquetTimeout = 5 * time.Second
	for _, name := range []string{"catalog.parquet", "values.parquet"} {
		data, err := os.ReadFile(filepath.Join(familyTestdata, name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "catalog.parquet")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		readParquetRowsWithin(path) //nolint:errcheck // only that it returns
	})
}
