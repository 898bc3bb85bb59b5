package results

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/tables"
)

// computeInto creates the file of table id at path, checkpointing every
// interval, and writes all its rows; the writer is returned uncommitted.
func computeInto(t testing.TB, path, id string, n, tile int, c Compression, every time.Duration) *TableWriter {
	t.Helper()
	r, _ := tables.Lookup(id)
	w, err := Create(path, Info{Table: id, N: n, Compression: c, Tile: tile})
	if err != nil {
		t.Fatal(err)
	}
	w.CheckpointEvery(every)
	if err := engine.Compute(context.Background(), r.Rules, n, engine.Config{Tile: tile}, w.WriteBand); err != nil {
		t.Fatal(err)
	}
	return w
}

// crashAfter writes table id with a checkpoint after each of the first
// saved bands, then one more band without a checkpoint and a torn tail of
// garbage, and abandons the writer as a killed process would.
func crashAfter(t testing.TB, path, id string, n, tile, saved int, tail []byte) {
	t.Helper()
	r, _ := tables.Lookup(id)
	w, err := Create(path, Info{Table: id, N: n, Compression: Zstd, Tile: tile})
	if err != nil {
		t.Fatal(err)
	}
	w.CheckpointEvery(0)
	bands := 0
	stop := errors.New("crash")
	err = engine.Compute(context.Background(), r.Rules, n, engine.Config{Tile: tile}, func(b engine.Band) error {
		if bands == saved {
			w.CheckpointEvery(time.Hour)
		}
		if bands == saved+1 {
			return stop
		}
		bands++
		return w.WriteBand(b)
	})
	if !errors.Is(err, stop) {
		t.Fatalf("crash run: %v", err)
	}
	if _, err := w.file.Write(tail); err != nil {
		t.Fatal(err)
	}
	w.file.Close()
}

// finish resumes path and completes it, returning the summary.
func finish(t *testing.T, path, id string, n, tile int) Summary {
	t.Helper()
	r, _ := tables.Lookup(id)
	w, err := Resume(path)
	if err != nil {
		t.Fatal(err)
	}
	err = engine.Continue(context.Background(), r.Rules, n, engine.Config{Tile: tile}, w.Rows(), w.Replay, w.WriteBand)
	if err != nil {
		t.Fatal(err)
	}
	sum, err := w.Commit()
	if err != nil {
		t.Fatal(err)
	}
	return sum
}

// TestResumeCutsWhatFollowsTheCheckpoint: batches written after the last
// checkpoint and a torn write are cut off and recomputed, and the result is
// the file an uninterrupted run writes.
func TestResumeCutsWhatFollowsTheCheckpoint(t *testing.T) {
	const id, n, tile = "passnim", 150, 16
	w := computeInto(t, filepath.Join(t.TempDir(), FileName(id, n)), id, n, tile, Zstd, time.Hour)
	want, err := w.Commit()
	if err != nil {
		t.Fatal(err)
	}
	// Killed before its first checkpoint, a run leaves nothing to resume.
	early := filepath.Join(t.TempDir(), FileName(id, n))
	crashAfter(t, early, id, n, tile, 0, []byte{1, 2, 3})
	if _, err := Resume(early); !errors.Is(err, ErrNoCheckpoint) {
		t.Fatalf("Resume of a run killed before any checkpoint: %v", err)
	}
	for _, saved := range []int{1, 4, 8} {
		for _, tail := range [][]byte{nil, {0xFF, 0xFF, 0xFF, 0xFF, 0x10}, make([]byte, 1000)} {
			path := filepath.Join(t.TempDir(), FileName(id, n))
			crashAfter(t, path, id, n, tile, saved, tail)
			got := finish(t, path, id, n, tile)
			if got.SHA256 != want.SHA256 {
				t.Fatalf("saved %d bands, tail %d bytes: g_sha256 %s, uninterrupted %s", saved, len(tail), got.SHA256, want.SHA256)
			}
			if _, err := Scan(path, func(engine.Band) error { return nil }); err != nil {
				t.Fatalf("the resumed file does not read back: %v", err)
			}
			if entries, _ := os.ReadDir(filepath.Dir(path)); len(entries) != 1 {
				t.Fatalf("left behind: %v", entries)
			}
		}
	}
}

// TestResumeDetectsDamage: a partial file altered before its checkpoint, or
// shorter than it, is refused with a message saying to start afresh.
func TestResumeDetectsDamage(t *testing.T) {
	const id, n, tile = "gneg1", 100, 8
	for name, damage := range map[string]func(path string){
		"flipped byte": func(path string) {
			data, _ := os.ReadFile(path)
			data[len(data)/2] ^= 0x55
			os.WriteFile(path, data, 0o644)
		},
		"truncated": func(path string) {
			st, _ := os.Stat(path)
			os.Truncate(path, st.Size()/2)
		},
	} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), FileName(id, n))
			crashAfter(t, path, id, n, tile, 6, nil)
			damage(PartialName(path))
			r, _ := tables.Lookup(id)
			w, err := Resume(path)
			if err == nil {
				err = engine.Continue(context.Background(), r.Rules, n, engine.Config{Tile: tile}, w.Rows(), w.Replay, w.WriteBand)
			}
			if err == nil {
				t.Fatal("a damaged partial file was resumed")
			}
			t.Log(err)
		})
	}
}

func TestResumeWithoutCheckpoint(t *testing.T) {
	if _, err := Resume(filepath.Join(t.TempDir(), "x_n3.arrow")); !errors.Is(err, ErrNoCheckpoint) {
		t.Fatalf("Resume without a checkpoint: %v", err)
	}
}

// TestPartialFileIsRefused: readers refuse the partial file of an
// interrupted run, saying it is unfinished.
func TestPartialFileIsRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName("gneg1", 60))
	crashAfter(t, path, "gneg1", 60, 8, 3, nil)
	_, err := Scan(PartialName(path), func(engine.Band) error { return nil })
	if err == nil || !strings.Contains(err.Error(), "incomplete table file") || !strings.Contains(err.Error(), "-resume") {
		t.Fatalf("Scan of a partial file: %v", err)
	}
}

// TestResumeAfterKillInCommit: a run killed while Commit was filling in the
// metadata (the footer written, one value patched) resumes and completes.
func TestResumeAfterKillInCommit(t *testing.T) {
	const id, n, tile = "nim", 40, 8
	path := filepath.Join(t.TempDir(), FileName(id, n))
	w := computeInto(t, path, id, n, tile, LZ4, 0)
	// What Commit does before it is killed: the footer, one value.
	w.sink.Write(encodeFooter(w.schema.Metadata(), w.sink.blocks))
	sha := strings.Repeat("f", 64)
	if err := patchMetadata(w.file, w.sink.placeholders, map[string]string{placeholderSHA256: sha}); err != nil {
		t.Fatal(err)
	}
	w.file.Close()

	sum := finish(t, path, id, n, tile)
	info, err := Scan(path, func(engine.Band) error { return nil })
	if err != nil {
		t.Fatalf("the resumed file does not read back: %v", err)
	}
	if info.SHA256 != sum.SHA256 || sum.SHA256 == sha {
		t.Fatalf("metadata g_sha256 %s, summary %s", info.SHA256, sum.SHA256)
	}
}
