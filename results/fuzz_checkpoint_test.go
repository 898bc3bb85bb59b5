package results

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/tables"
)

// FuzzResume feeds arbitrary checkpoint files to Resume and Replay beside a
// real partial file: they must refuse what does not match, never panic, and
// whatever they accept must be the rows of the table.
func FuzzResume(f *testing.F) {
	dir := f.TempDir()
	path := filepath.Join(dir, FileName("gneg1", 30))
	crashAfter(f, path, "gneg1", 30, 8, 2, nil)
	partial, err := os.ReadFile(PartialName(path))
	if err != nil {
		f.Fatal(err)
	}
	good, err := os.ReadFile(checkpointName(PartialName(path)))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add([]byte(`{"version": 1, "rows": 1000000, "offset": 8}`))
	r, _ := tables.Lookup("gneg1")
	want := tables.Reference(r.Rules, 30)
	f.Fuzz(func(t *testing.T, checkpoint []byte) {
		path := filepath.Join(t.TempDir(), FileName("gneg1", 30))
		os.WriteFile(PartialName(path), partial, 0o644)
		os.WriteFile(checkpointName(PartialName(path)), checkpoint, 0o644)
		w, err := Resume(path)
		if err != nil {
			return
		}
		defer w.file.Close()
		if w.info.N != 30 {
			return // a checkpoint of another table: Continue would refuse its rows
		}
		w.Replay(func(b engine.Band) error {
			for i, v := range b.Cells {
				if x, y := b.X0+i/b.Width, i%b.Width; x > 30 || v != want[x][y] {
					t.Fatalf("replayed G(%d,%d) = %d, not the table's", x, y, v)
				}
			}
			return nil
		})
	})
}
