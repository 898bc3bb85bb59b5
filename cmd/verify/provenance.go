package main

import (
	"github.com/grundy-lab/grundy/conjecture/pattern"
	"github.com/grundy-lab/grundy/conjecture/provenance"
	"github.com/grundy-lab/grundy/results/valuesds"
)

// cellsSHA256 is the checksum kind of a values dataset in a provenance:
// the cells_sha256 of its manifest, which a whole scan checks; that of a
// dataset of an earlier format, whose cells_sha256 is defined otherwise,
// names the format.
func cellsSHA256(m *valuesds.Manifest) string {
	if valuesds.EarlierFormat(m.Format) {
		return "cells_sha256 of " + m.Format
	}
	return "cells_sha256"
}

// addInputs records in from every table file of in (see addInput).
func addInputs(from *provenance.Provenance, in inputSet) error {
	for _, f := range in.found {
		if err := addInput(from, f.path); err != nil {
			return err
		}
	}
	return nil
}

// addInput records in from the input at path: a values dataset by its
// cells_sha256, a table or values file by the g_sha256 of its metadata.
func addInput(from *provenance.Provenance, path string) error {
	if valuesds.IsDataset(path) {
		d, err := valuesds.Open(path)
		if err != nil {
			return err
		}
		from.Inputs = append(from.Inputs, provenance.Input{Path: path, Checksum: cellsSHA256(d.Manifest), SHA256: d.Manifest.CellsSHA256})
		return nil
	}
	info, err := pattern.ReadInputInfo(path)
	if err != nil {
		return err
	}
	from.AddG(path, info.SHA256)
	return nil
}
