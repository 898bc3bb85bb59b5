package results

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/tables"
)

// resumeAndFinish resumes path and continues it to Commit as compute
// -resume does, returning the first error.
func resumeAndFinish(path, id string) (Summary, error) {
	w, err := Resume(path)
	if err != nil {
		return Summary{}, err
	}
	r, _ := tables.Lookup(id)
	info := w.Info()
	err = engine.Continue(context.Background(), r.Rules, info.N, engine.Config{Tile: info.Tile}, w.Rows(), w.Replay, w.WriteBand)
	if err != nil {
		w.Abort()
		return Summary{}, err
	}
	return w.Commit()
}

// TestCheckpointBitFlipsAreRefused flips one bit of each byte of a
// checkpoint file in turn, a different bit from byte to byte: each damaged checkpoint is refused by Resume with a message, and
// nothing panics. (A flip that changes only the case of a JSON key, which
// encoding/json ignores, leaves the same checkpoint and may be accepted.) (Before the checkpoint had a checksum, a third of such
// flips made -resume panic and a sixth committed a file verify rejects.)
func TestCheckpointBitFlipsAreRefused(t *testing.T) {
	const id, n, tile = "gneg1", 40, 8
	dir := t.TempDir()
	path := filepath.Join(dir, FileName(id, n))
	crashAfter(t, path, id, n, tile, 2, nil)
	partial, _ := os.ReadFile(PartialName(path))
	good, _ := os.ReadFile(checkpointName(PartialName(path)))
	original, err := readCheckpoint(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range good {
		bit := 8*i + i%8
		data := append([]byte(nil), good...)
		data[bit/8] ^= 1 << (bit % 8)
		os.WriteFile(PartialName(path), partial, 0o644)
		os.WriteFile(checkpointName(PartialName(path)), data, 0o644)
		if w, err := Resume(path); err == nil {
			same := reflect.DeepEqual(*w.resumed, original)
			w.Abort()
			if same {
				continue
			}
			t.Fatalf("bit %d flipped: Resume accepted the damaged checkpoint", bit)
		} else if !strings.Contains(err.Error(), "start afresh") {
			t.Fatalf("bit %d flipped: %v does not say what to do", bit, err)
		}
	}
}

// TestCheckpointFieldsAreCheckedAgainstThePartialFile alters one field of a
// checkpoint at a time and re-signs it, as a checkpoint written by a buggy
// or another program would be: every alteration is refused before Commit,
// and an unaltered one completes the table.
func TestCheckpointFieldsAreCheckedAgainstThePartialFile(t *testing.T) {
	const id, n, tile = "passnim", 50, 8
	want := writeReference(t, id, n, tile)
	for name, alter := range map[string]func(c *checkpoint){
		"nothing":                func(c *checkpoint) {},
		"rows one band more":     func(c *checkpoint) { c.Rows += tile },
		"rows not whole bands":   func(c *checkpoint) { c.Rows-- },
		"rows negative":          func(c *checkpoint) { c.Rows = -tile },
		"offset beyond the file": func(c *checkpoint) { c.Offset += 1 << 20 },
		"offset before a batch":  func(c *checkpoint) { c.Offset -= 8 },
		"offset zero":            func(c *checkpoint) { c.Offset = 0 },
		"schema end":             func(c *checkpoint) { c.SchemaEnd += 8 },
		"block body longer":      func(c *checkpoint) { c.Blocks[0].BodyLength += 8; c.Blocks[1].Offset += 8 },
		"block meta shorter":     func(c *checkpoint) { c.Blocks[1].MetaLength -= 8 },
		"block dropped":          func(c *checkpoint) { c.Blocks = c.Blocks[1:] },
		"blocks swapped":         func(c *checkpoint) { c.Blocks[0], c.Blocks[1] = c.Blocks[1], c.Blocks[0] },
		"placeholder moved":      func(c *checkpoint) { c.Placeholders[placeholderSHA256]++ },
		"placeholder missing":    func(c *checkpoint) { delete(c.Placeholders, placeholderSeconds) },
		"other n":                func(c *checkpoint) { c.Info.N++ },
		"other tile":             func(c *checkpoint) { c.Info.Tile = 4 },
		"tile zero":              func(c *checkpoint) { c.Info.Tile = 0 },
		"other compression":      func(c *checkpoint) { c.Info.Compression = LZ4 },
		"unknown compression":    func(c *checkpoint) { c.Info.Compression = "gzip" },
		"other symbol":           func(c *checkpoint) { c.Info.Symbol = "G" },
		"checksum of rows":       func(c *checkpoint) { c.SHA256 = strings.Repeat("0", 64) },
		"checksum not hex":       func(c *checkpoint) { c.SHA256 = strings.Repeat("z", 64) },
		"max value":              func(c *checkpoint) { c.MaxValue++ },
		"seconds huge":           func(c *checkpoint) { c.Seconds = 1e300 },
		"seconds negative":       func(c *checkpoint) { c.Seconds = -1 },
	} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), FileName(id, n))
			crashAfter(t, path, id, n, tile, 3, []byte{9, 9, 9})
			c, err := readCheckpoint(path)
			if err != nil {
				t.Fatal(err)
			}
			alter(&c)
			data, err := encodeCheckpoint(c)
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(checkpointName(PartialName(path)), data, 0o644)
			sum, err := resumeAndFinish(path, id)
			switch {
			case name == "nothing" && (err != nil || sum.SHA256 != want):
				t.Fatalf("an intact checkpoint: %v, g_sha256 %s, want %s", err, sum.SHA256, want)
			case name != "nothing" && err == nil:
				t.Fatalf("the altered checkpoint was resumed to the end (g_sha256 %s, the table's %s)", sum.SHA256, want)
			}
		})
	}
}

// TestFullDiskKeepsTheCheckpoint: a run whose disk fills up keeps its
// partial file and last checkpoint, whether the disk fills while writing a
// band or while committing, and a resume (on a disk with room) completes
// the same table.
func TestFullDiskKeepsTheCheckpoint(t *testing.T) {
	const id, n, tile = "gneg1", 200, 16
	want := writeReference(t, id, n, tile)
	r, _ := tables.Lookup(id)
	for _, limit := range []int{20000, 60000, 1 << 30} {
		path := filepath.Join(t.TempDir(), FileName(id, n))
		w, err := Create(path, Info{Table: id, N: n, Compression: Zstd, Tile: tile})
		if err != nil {
			t.Fatal(err)
		}
		w.CheckpointEvery(0)
		disk := &fullDisk{file: w.file, limit: limit}
		w.sink.w = disk
		err = engine.Compute(context.Background(), r.Rules, n, engine.Config{Tile: tile}, w.WriteBand)
		if err == nil {
			disk.limit = 100 // the footer does not fit
			_, err = w.Commit()
		}
		if !errors.Is(err, syscall.ENOSPC) {
			t.Fatalf("limit %d: the run ended with %v, want the disk-full error", limit, err)
		}
		saved := w.Keep()
		if saved == 0 {
			t.Fatalf("limit %d: no rows saved", limit)
		}
		c, err := readCheckpoint(path)
		if err != nil || c.Rows != saved {
			t.Fatalf("limit %d: the checkpoint after the failure: %v, %d rows, Keep says %d", limit, err, c.Rows, saved)
		}
		sum, err := resumeAndFinish(path, id)
		if err != nil || sum.SHA256 != want {
			t.Fatalf("limit %d: resumed after the full disk: %v, g_sha256 %s, want %s", limit, err, sum.SHA256, want)
		}
	}
}

// TestPartialSymlinkIsNotFollowed: a symbolic link under the partial name
// is replaced by a fresh run, never written through, and refused by Resume.
func TestPartialSymlinkIsNotFollowed(t *testing.T) {
	const id, n, tile = "nim", 30, 8
	dir := t.TempDir()
	path := filepath.Join(dir, FileName(id, n))
	victim := filepath.Join(dir, "precious.txt")
	os.WriteFile(victim, []byte("keep me"), 0o644)
	if err := os.Symlink(victim, PartialName(path)); err != nil {
		t.Fatal(err)
	}
	w := computeInto(t, path, id, n, tile, Zstd, 0)
	if _, err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(victim); string(data) != "keep me" {
		t.Fatalf("the symlink's target was overwritten: %q", data)
	}

	crashAfter(t, path, id, n, tile, 2, nil)
	os.Remove(PartialName(path))
	os.Symlink(victim, PartialName(path))
	if _, err := Resume(path); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Fatalf("Resume through a symlinked partial file: %v", err)
	}
	if data, _ := os.ReadFile(victim); string(data) != "keep me" {
		t.Fatalf("the symlink's target was truncated by Resume: %q", data)
	}
}

// TestCheckpointIsSigned: the checkpoint file carries the SHA-256 of its
// content.
func TestCheckpointIsSigned(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName("nim", 20))
	crashAfter(t, path, "nim", 20, 4, 1, nil)
	data, _ := os.ReadFile(checkpointName(PartialName(path)))
	var file checkpointFile
	if err := json.Unmarshal(data, &file); err != nil || file.SHA256 != sha256Hex(file.Checkpoint) {
		t.Fatalf("checkpoint file %s: %v", data, err)
	}
}
