package valuesds

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// FuzzParseManifest: any bytes are a valid manifest or an error, never a
// panic; a manifest it accepts encodes to one it accepts again.
func FuzzParseManifest(f *testing.F) {
	table, _ := randomTable(4, 12, 5)
	dir := datasetDir(f)
	writeDataset(f, dir, testMeta(12, 0, 5), table, 5)
	data, err := os.ReadFile(filepath.Join(dir, ManifestName))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	full := filepath.Join(f.TempDir(), DirName("gneg1", 10))
	gneg1Dataset(f, full, 10, 0, 3, 4)
	data, _ = os.ReadFile(filepath.Join(full, ManifestName))
	f.Add(data)
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ParseManifest(data)
		if err != nil {
			return
		}
		again, err := encodeManifest(m)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ParseManifest(again); err != nil {
			t.Fatalf("an accepted manifest re-encodes to a refused one: %v", err)
		}
	})
}

// FuzzScanPart: a mutated part, with its sha256 in the manifest recomputed
// so that the decoder sees it, is read back as cells that pass Scan's
// checks, or refused as damaged, never a panic.
func FuzzScanPart(f *testing.F) {
	const n = 12
	table, _ := randomTable(8, n, 5)
	seed := datasetDir(f)
	writeDataset(f, seed, testMeta(n, 0, 5), table, 5)
	manifest, err := os.ReadFile(filepath.Join(seed, ManifestName))
	if err != nil {
		f.Fatal(err)
	}
	for x := range 3 {
		data, err := os.ReadFile(filepath.Join(seed, PartName(int64(x*5))))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, uint8(x))
	}
	f.Fuzz(func(t *testing.T, data []byte, which uint8) {
		dir := filepath.Join(t.TempDir(), DirName("test", n))
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		m, err := ParseManifest(manifest)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range m.Parts {
			original, _ := os.ReadFile(filepath.Join(seed, p.File))
			os.WriteFile(filepath.Join(dir, p.File), original, 0o644)
		}
		p := &m.Parts[int(which)%len(m.Parts)]
		os.WriteFile(filepath.Join(dir, p.File), data, 0o644)
		p.SHA256 = fmt.Sprintf("%x", sha256.Sum256(data))
		out, _ := encodeManifest(m)
		os.WriteFile(filepath.Join(dir, ManifestName), out, 0o644)
		scanAll(t, dir, ScanOptions{Rook: true}) // scanAll checks the order of what it gets
	})
}
