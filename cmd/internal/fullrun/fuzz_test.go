package fullrun

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// FuzzLoadCheckpoint feeds changed state files to -resume: none may make
// it panic or hang, and one it accepts must resume to the checksums of an
// uninterrupted run (the fuzzer cannot forge a checksum, so in practice
// only the unchanged file resumes). The seeds are the state files of
// interrupted runs with and without a values dataset (whose parts are not
// there: such a state passes every other check and is refused at its
// first part).
func FuzzLoadCheckpoint(f *testing.F) {
	seeds := map[bool][]byte{}
	for _, values := range []bool{true, false} {
		dir := f.TempDir()
		job := testJob(f, dir, values)
		job.N = 100
		interrupted(f, job)
		data, err := os.ReadFile(filepath.Join(dir, StateFileName(job.Table.ID, job.N)))
		if err != nil {
			f.Fatal(err)
		}
		seeds[values] = data
		f.Add(data, values)
	}
	want := map[bool]Result{}
	for _, values := range []bool{true, false} {
		job := testJob(f, f.TempDir(), values)
		job.N = 100
		want[values] = mustRun(f, job)
	}
	f.Fuzz(func(t *testing.T, state []byte, values bool) {
		dir := t.TempDir()
		job := testJob(t, dir, values)
		job.N, job.Resume = 100, true
		if err := os.WriteFile(filepath.Join(dir, StateFileName(job.Table.ID, job.N)), state, 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := start(job)
		if err != nil {
			return
		}
		got, err := r.run(context.Background())
		if err != nil {
			t.Fatalf("a state file that resumed failed to finish: %v", err)
		}
		if got.GSHA256 != want[values].GSHA256 {
			t.Fatalf("a changed state file resumed to g_sha256 %s, an uninterrupted run %s", got.GSHA256, want[values].GSHA256)
		}
	})
}
