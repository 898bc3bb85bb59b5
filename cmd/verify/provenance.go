package main

import (
	"github.com/grundy-lab/grundy/conjecture/pattern"
	"github.com/grundy-lab/grundy/conjecture/provenance"
)

// addInputs records in from every table file of in with the g_sha256 of
// its metadata.
func addInputs(from *provenance.Provenance, in inputSet) error {
	for _, f := range in.found {
		info, err := pattern.ReadInputInfo(f.path)
		if err != nil {
			return err
		}
		from.AddG(f.path, info.SHA256)
	}
	return nil
}
