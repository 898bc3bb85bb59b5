package pattern_test

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/grundy-lab/grundy/conjecture/pattern"
)

// FuzzDecode feeds arbitrary bytes to the patterns-file reader, which reads
// outside input: it must return an error or a valid file, never panic, and a
// file it accepts must survive Encode and Decode unchanged. The seed corpus
// is the head of each golden patterns file of testdata/ (its first
// patterns, value reports and laws: whole files of 100 KB slow the fuzzer
// to a few executions a minute) and small edge cases.
func FuzzDecode(f *testing.F) {
	paths, err := filepath.Glob(filepath.Join("testdata", "*.json"))
	if err != nil || len(paths) == 0 {
		f.Fatalf("no seed files in testdata/: %v", err)
	}
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		file, err := pattern.Decode(bytes.NewReader(data))
		if err != nil {
			f.Fatalf("%s: %v", path, err)
		}
		file.Patterns, file.Values, file.Laws = file.Patterns[:min(3, len(file.Patterns))], file.Values[:min(3, len(file.Values))], file.Laws[:min(2, len(file.Laws))]
		var head bytes.Buffer
		if err := pattern.Encode(&head, file); err != nil {
			f.Fatalf("%s: %v", path, err)
		}
		f.Add(head.Bytes())
	}
	for _, s := range []string{
		`{"table":"t","n":0,"patterns":[]}`,
		`{"table":"t","n":9,"patterns":[{"value":1,"period":2,"start":1,"offsets":[1,-1],"exceptions":[[0,1]],"confirmed_to":8}],"no_pattern":[2]}`,
		`{"table":"t","n":9,"patterns":[{"value":0,"period":65536,"start":0,"offsets":[0],"exceptions":null,"confirmed_to":-1}]}`,
		`{"table":"t","n":9,"patterns":[{"value":0,"period":1,"start":3,"offsets":[-3],"exceptions":[[0,1e9]],"confirmed_to":0}]}`,
		`{"table":"t","n":0,"patterns":[],"provenance":{"program":"verify","version":"v1","command":["verify","-in","x"],"inputs":[{"path":"x","checksum":"g_sha256","sha256":"ab"}]}}`,
		`[]`, `null`, ``,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := pattern.Decode(bytes.NewReader(data))
		if err != nil {
			return
		}
		if err := file.Validate(); err != nil {
			t.Fatalf("Decode accepted an invalid file: %v", err)
		}
		var buf bytes.Buffer
		if err := pattern.Encode(&buf, file); err != nil {
			t.Fatalf("Encode of a decoded file: %v", err)
		}
		again, err := pattern.Decode(&buf)
		if err != nil {
			t.Fatalf("Decode of an encoded file: %v\n%s", err, buf.String())
		}
		if !reflect.DeepEqual(again, file) {
			t.Fatalf("round trip changed the file:\n got %+v\nwant %+v", again, file)
		}
	})
}
