package thesis

import (
	"embed"

	"github.com/grundy-lab/grundy/conjecture"
)

// printedTables holds the transcriptions of the tables the paper prints;
// each file's header comment cites its source and lists the lost cells.
//
//go:embed testdata/*.txt
var printedTables embed.FS

// transcribed returns the embedded transcription testdata/name; a
// malformed file panics when the claims are built.
func transcribed(name string) conjecture.Transcription {
	return conjecture.Transcribed(printedTables, name)
}
