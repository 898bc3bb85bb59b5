// Package hostile writes a corpus of hostile values datasets: an honest
// dataset of G₋₁ made by the Go writer, and variants of it each damaged in
// one way a reader must catch — a statistic, a count or a size of a part's
// footer or page headers changed (the part's SHA-256 in the manifest
// recomputed, so that only the checks of its content can tell), a part
// grown to a size no part of its cells can have, a manifest field left out
// or malformed. Every reader of values datasets, Go's and Python's, is
// held to the same verdicts (docs/formats.md, "Hostile datasets").
package hostile

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/results/valuesds"
	"github.com/grundy-lab/grundy/results/valuesds/internal/compact"
	"github.com/grundy-lab/grundy/tables"
)

// Case is one dataset of the corpus, as cases.json lists it.
type Case struct {
	// Name is the case's subdirectory; the dataset is Name/gneg1_n600.values.
	Name    string `json:"name"`
	Dataset string `json:"dataset"` // the dataset's path, relative to the corpus
	Damage  string `json:"damage"`  // what was changed, in words; "" for an honest dataset
	// Verdict is "holds" (verify -in passes it), "refused" (a reader
	// refuses it as damaged: exit status 1 for verify) or "fails" (sound
	// as a file, but a cell is not the table's: verify -in names it, exit
	// status 3).
	Verdict string `json:"verdict"`
	// Reason is a substring of the Go reader's message (verify's, for
	// "fails").
	Reason string `json:"reason,omitempty"`
	// Resigned: the part's SHA-256 in the manifest was recomputed.
	Resigned bool `json:"resigned"`
	// Sparse: a part is a sparse file of that many bytes, which a copy
	// would write out in full: read it where it lies.
	Sparse int64 `json:"sparse_bytes,omitempty"`
}

// N, Block and the values are the honest dataset's: 3 parts of up to 256
// rows, 21 row groups each.
const (
	N     = 600
	Block = 256
)

// variant is how a case is made from a copy of the honest dataset at dir.
type variant struct {
	Case
	values results.ValueRange // of the dataset it starts from
	edit   func(dir string) error
}

// Write writes the corpus into out, one subdirectory a case, and
// out/cases.json, and returns the cases. With sparse false it leaves out
// the cases of sparse parts (10 GB and 1 TB: a file system that cannot
// hold them fails them).
func Write(ctx context.Context, out string, sparse bool) ([]Case, error) {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	var cases []Case
	for _, v := range variants() {
		if v.Sparse > 0 && !sparse {
			continue
		}
		v.Dataset = filepath.Join(v.Name, valuesds.DirName("gneg1", N))
		dir := filepath.Join(out, v.Dataset)
		if err := os.RemoveAll(filepath.Join(out, v.Name)); err != nil {
			return nil, err
		}
		if err := honest(ctx, dir, v.values); err != nil {
			return nil, fmt.Errorf("case %s: %w", v.Name, err)
		}
		if v.edit != nil {
			if err := v.edit(dir); err != nil {
				return nil, fmt.Errorf("case %s: %w", v.Name, err)
			}
		}
		cases = append(cases, v.Case)
	}
	b, err := json.MarshalIndent(map[string]any{"format": "grundy-hostile/1", "cases": cases}, "", "  ")
	if err != nil {
		return nil, err
	}
	return cases, os.WriteFile(filepath.Join(out, "cases.json"), append(b, '\n'), 0o644)
}

// honest writes the honest dataset of G₋₁ at N with values r into dir.
func honest(ctx context.Context, dir string, r results.ValueRange) error {
	rules, _ := tables.Lookup("gneg1")
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return err
	}
	return valuesds.WriteFullSweep(ctx, dir, rules, N, r, engine.Config{Workers: 1, Tile: 16}, valuesds.Options{BlockRows: Block})
}

// part0 is the first part's file name.
var part0 = valuesds.PartName(0)

// editPart rewrites the part file of dir with footer, which edits its
// footer's fields and may patch the file's bytes before it (pages), and
// re-signs the part in the manifest.
func editPart(dir, file string, footer func(data []byte, fields []compact.Field) error) error {
	path := filepath.Join(dir, file)
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	n := len(data)
	length := int(binary.LittleEndian.Uint32(data[n-8:]))
	at := n - 8 - length
	fields, _, err := compact.Decode(data[at : n-8])
	if err != nil {
		return err
	}
	body := data[:at]
	if err := footer(body, fields); err != nil {
		return err
	}
	enc := compact.Encode(nil, fields)
	out := append(append(append([]byte{}, body...), enc...), binary.LittleEndian.AppendUint32(nil, uint32(len(enc)))...)
	out = append(out, "PAR1"...)
	if err := os.WriteFile(path, out, 0o644); err != nil {
		return err
	}
	sum := sha256.Sum256(out)
	return editManifest(dir, func(m map[string]any) error {
		for _, p := range m["parts"].([]any) {
			if p := p.(map[string]any); p["file"] == file {
				p["sha256"] = hex.EncodeToString(sum[:])
			}
		}
		return nil
	})
}

// editManifest rewrites the manifest of dir with edit.
func editManifest(dir string, edit func(m map[string]any) error) error {
	path := filepath.Join(dir, valuesds.ManifestName)
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var m map[string]any
	dec := json.NewDecoder(bytesReader(data))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		return err
	}
	if err := edit(m); err != nil {
		return err
	}
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

// at follows ids through fields: a struct field's fields, or for a list
// the element given by the next id (an index).
func at(fields []compact.Field, path ...int) (*compact.Field, error) {
	var f *compact.Field
	for i := 0; i < len(path); i++ {
		var ok bool
		if f, ok = compact.Get(fields, int16(path[i])); !ok {
			return nil, fmt.Errorf("no field %d (path %v)", path[i], path)
		}
		switch f.Type {
		case compact.Struct:
			fields = f.Fields
		case compact.List:
			i++
			if i == len(path) || path[i] >= len(f.Elems) {
				return nil, fmt.Errorf("path %v: no element", path)
			}
			if i == len(path)-1 {
				return &compact.Field{Value: f.Elems[path[i]]}, errElement
			}
			fields = f.Elems[path[i]].Fields
		}
	}
	return f, nil
}

// errElement: at's path ended at a list element, which it cannot give by
// reference.
var errElement = errors.New("a list element")

// chunk is the path of the ColumnMetaData of column col of row group g.
func chunk(g, col int, more ...int) []int { return append([]int{4, g, 1, col, 3}, more...) }

// setInt sets the integer at path to f(old).
func setInt(f func(int64) int64, path ...int) func([]byte, []compact.Field) error {
	return func(_ []byte, fields []compact.Field) error {
		field, err := at(fields, path...)
		if err != nil {
			return err
		}
		field.Int = f(field.Int)
		return nil
	}
}

// setStat sets the min (id 6, and the deprecated 2) or max (5, 1) of the
// statistics at path to f(old), as PLAIN bytes of their width; deprecated
// false leaves the deprecated field, only says the new one.
func setStat(f func(int64) int64, id int, deprecated bool, path ...int) func([]byte, []compact.Field) error {
	return func(_ []byte, fields []compact.Field) error {
		ids := []int{id}
		if deprecated {
			ids = []int{id - 4}
		}
		for _, k := range ids {
			field, err := at(fields, append(path, k)...)
			if err != nil {
				return err
			}
			field.Bytes = plain(f(unplain(field.Bytes)), len(field.Bytes))
		}
		return nil
	}
}

func plain(v int64, width int) []byte {
	if width == 4 {
		return binary.LittleEndian.AppendUint32(nil, uint32(v))
	}
	return binary.LittleEndian.AppendUint64(nil, uint64(v))
}

func unplain(b []byte) int64 {
	if len(b) == 4 {
		return int64(int32(binary.LittleEndian.Uint32(b)))
	}
	return int64(binary.LittleEndian.Uint64(b))
}

// editPage edits the header of the first data page of column col of row
// group g with edit, which must leave its length as it was.
func editPage(g, col int, edit func(h []compact.Field) error) func([]byte, []compact.Field) error {
	return func(body []byte, fields []compact.Field) error {
		off, err := at(fields, chunk(g, col, 9)...)
		if err != nil {
			return err
		}
		h, n, err := compact.Decode(body[off.Int:])
		if err != nil {
			return err
		}
		if err := edit(h); err != nil {
			return err
		}
		enc := compact.Encode(nil, h)
		if len(enc) != n {
			return fmt.Errorf("the page header took %d bytes, edited %d", n, len(enc))
		}
		copy(body[off.Int:], enc)
		return nil
	}
}

func plus(d int64) func(int64) int64 { return func(v int64) int64 { return v + d } }
func to(x int64) func(int64) int64   { return func(int64) int64 { return x } }
func part(f func([]byte, []compact.Field) error) func(string) error {
	return func(dir string) error { return editPart(dir, part0, f) }
}
func manifest(f func(m map[string]any) error) func(string) error {
	return func(dir string) error { return editManifest(dir, f) }
}
