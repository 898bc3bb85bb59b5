package results

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/grundy-lab/grundy/engine"
)

// FuzzResume feeds arbitrary checkpoints to Resume beside a real partial
// file and, whatever Resume accepts, continues the run through Replay and
// the engine to Commit, as compute -resume does. Each input is tried twice:
// as the whole checkpoint file, and as its content wrapped with a correct
// checksum, so that the fuzzer reaches the field checks behind the checksum.
// Nothing may panic, and a run that commits must have written the table.
func FuzzResume(f *testing.F) {
	const id, n, tile = "gneg1", 30, 8
	dir := f.TempDir()
	path := filepath.Join(dir, FileName(id, n))
	crashAfter(f, path, id, n, tile, 2, nil)
	partial, err := os.ReadFile(PartialName(path))
	if err != nil {
		f.Fatal(err)
	}
	good, err := os.ReadFile(checkpointName(PartialName(path)))
	if err != nil {
		f.Fatal(err)
	}
	var file checkpointFile
	if err := json.Unmarshal(good, &file); err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add([]byte(file.Checkpoint))
	f.Add([]byte(`{"info": {"Table": "gneg1", "N": 30, "Tile": 8, "Compression": "zstd"}, "rows": 1000000, "offset": 8}`))
	want := writeReference(f, id, n, tile)
	f.Fuzz(func(t *testing.T, data []byte) {
		wrapped, err := json.Marshal(checkpointFile{Version: checkpointVersion, SHA256: sha256Hex(data), Checkpoint: data})
		for _, checkpoint := range [][]byte{data, wrapped} {
			if err != nil && len(checkpoint) == 0 {
				continue // data is not JSON, so it cannot be wrapped
			}
			path := filepath.Join(t.TempDir(), FileName(id, n))
			os.WriteFile(PartialName(path), partial, 0o644)
			os.WriteFile(checkpointName(PartialName(path)), checkpoint, 0o644)
			// The checkpoint must describe the partial file's own schema,
			// so whatever Resume accepts is table id at n.
			sum, err := resumeAndFinish(path, id)
			if err != nil {
				continue
			}
			got, err := Scan(path, func(engine.Band) error { return nil })
			if err != nil {
				t.Fatalf("a resumed run committed a file that does not read back: %v", err)
			}
			if sum.SHA256 != want || got.SHA256 != want {
				t.Fatalf("a resumed run committed g_sha256 %s (metadata %s), the table's is %s", sum.SHA256, got.SHA256, want)
			}
		}
	})
}

// writeReference computes table id uninterrupted and returns its g_sha256.
func writeReference(tb testing.TB, id string, n, tile int) string {
	w := computeInto(tb, filepath.Join(tb.TempDir(), FileName(id, n)), id, n, tile, Zstd, 0)
	sum, err := w.Commit()
	if err != nil {
		tb.Fatal(err)
	}
	return sum.SHA256
}
