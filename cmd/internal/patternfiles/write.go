package patternfiles

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/grundy-lab/grundy/conjecture/pattern"
	"github.com/grundy-lab/grundy/conjecture/provenance"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/tables"
)

// Names returns the patterns file's and its Markdown's names for table id
// at side n.
func Names(id string, n int64) (jsonName, mdName string) {
	base := fmt.Sprintf("%s_n%d.patterns", id, n)
	return base + ".json", base + ".md"
}

// Write writes the results of table r over 0 ≤ x, y ≤ n as
// <out>/<id>_n<N>.patterns.json and .md, atomically, and returns their
// paths. from, if not nil, is recorded as their provenance. The proof block
// of every proved value names its certificate, which must be in out, by
// file name and by the SHA-256 of its bytes (see stampCertificates).
func Write(out string, r tables.Ruleset, n int64, found []pattern.Result, from *provenance.Provenance) (jsonPath, mdPath string, err error) {
	jsonName, mdName := Names(r.ID, n)
	jsonPath, mdPath = filepath.Join(out, jsonName), filepath.Join(out, mdName)
	found, err = stampCertificates(out, r.ID, found)
	if err != nil {
		return "", "", fmt.Errorf("write %s: %w", jsonPath, err)
	}
	file := pattern.NewFile(r.ID, int(n), found)
	file.Provenance = from
	if err := results.WriteAtomic(jsonPath, func(f *os.File) error { return pattern.Encode(f, file) }); err != nil {
		return "", "", fmt.Errorf("write %s: %w", jsonPath, err)
	}
	md := pattern.Markdown(r.ID, r.Symbol, int(n), found, from)
	if id := r.Identity(); id != "" {
		md += fmt.Sprintf("\nThe game: %s, identity %s (the SHA-256 of its canonical form, docs/games.md).\n", r.ID, id)
	}
	if err := results.WriteAtomic(mdPath, func(f *os.File) error {
		_, err := f.WriteString(md)
		return err
	}); err != nil {
		return "", "", fmt.Errorf("write %s: %w", mdPath, err)
	}
	return jsonPath, mdPath, nil
}
