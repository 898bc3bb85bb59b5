package bandrun

import (
	"cmp"
	"encoding/json"
	"fmt"
	"github.com/grundy-lab/grundy/tables"
	"io"
	"path/filepath"

	"github.com/grundy-lab/grundy/conjecture/pattern"
	"github.com/grundy-lab/grundy/engine/band"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/results/valuesds"
)

// checkpointFormat names the header of a band run's state file: version 2
// holds a cells_sha256 state of valuesds.Format (grundy-values/3), version
// 1 one of grundy-values/2, which this version cannot go on with.
const (
	checkpointFormat  = "grundy-band-state/2"
	checkpointFormat1 = "grundy-band-state/1"
)

// maxCheckpointBytes caps what -resume reads of a state file: a band state
// is a few hundred sets of at most band.MaxCap+1 bits, plus the values
// dataset's part list (a few dozen bytes a part).
const maxCheckpointBytes = 256 << 20

// StateFileName is the state file of a band run of table id at size n:
// hidden, and distinct from the state of a full sweep.
func StateFileName(id string, n int64) string { return fmt.Sprintf(".%s_n%d.band.state", id, n) }

// checkpoint is a band run's state file header: the run it belongs to (the
// flags that change its output, all checked on -resume) and its consumers'
// state at row Next. The band's own State follows it in the file.
type checkpoint struct {
	Format   string          `json:"format"`
	Table    string          `json:"table"`
	Game     string          `json:"game_sha256,omitempty"` // the game's identity; none before 2026-12-06
	N        int64           `json:"n"`
	Values   string          `json:"values"`
	Rows     [2]int64        `json:"rows"`
	Write    string          `json:"write"`
	Next     int64           `json:"next"`
	Cells    int64           `json:"cells"`
	CellSum  []byte          `json:"cells_sha256_state"`
	Visited  int64           `json:"visited"`
	Seconds  float64         `json:"seconds"`
	Progress json.RawMessage `json:"values_progress,omitempty"`
	// Patterns says the run searches patterns (-patterns), and
	// PatternIndex is then its index's state at row Next, whose chunks
	// are in the journal in the run's spill directory.
	Patterns     bool                    `json:"patterns,omitempty"`
	PatternIndex *pattern.BandIndexState `json:"pattern_index,omitempty"`
}

// saveCheckpoint writes cp and st atomically to the state file path, under
// cp's format (checkpointFormat if it has none); wrap,
// if not nil, wraps the writer of st (tests fill the disk there).
func saveCheckpoint(path string, cp checkpoint, st band.State, wrap func(io.Writer) io.Writer) error {
	body, err := st.MarshalBinary()
	if err != nil {
		return err
	}
	cp.Format = cmp.Or(cp.Format, checkpointFormat)
	return results.SaveState(path, cp, func(w io.Writer) error {
		if wrap != nil {
			w = wrap(w)
		}
		_, err := w.Write(body)
		return err
	})
}

// loadCheckpoint reads the state file path, checks its checksum and its
// header against want (the run resuming it: same table, n, values, rows and
// -write), and decodes the band state, which band.Resume checks further.
func loadCheckpoint(path string, want checkpoint) (checkpoint, band.State, error) {
	var cp checkpoint
	body, err := results.LoadStateInto(path, &cp, maxCheckpointBytes)
	if err != nil {
		return checkpoint{}, band.State{}, err
	}
	base := filepath.Base(path)
	mismatch := func(what string, got, run any) error {
		return fmt.Errorf("resume from %s: it was saved by a run with %s %v, this run has %v: "+
			"rerun with the same flags, or without -resume to start afresh", base, what, got, run)
	}
	switch {
	case cp.Format == checkpointFormat1:
		return cp, band.State{}, fmt.Errorf("resume from %s: it was saved by an earlier version, whose cells_sha256 is of %s, not %s: "+
			"finish the run with that version, or start afresh without -resume", base, valuesds.Format2, valuesds.Format)
	case cp.Format != checkpointFormat:
		return cp, band.State{}, fmt.Errorf("resume from %s: not a band run's state (%q): start afresh without -resume", base, cp.Format)
	case cp.Table != want.Table:
		return cp, band.State{}, mismatch("table", cp.Table, want.Table)
	case tables.OtherGame(cp.Table, cp.Game, want.Game):
		return cp, band.State{}, fmt.Errorf("resume from %s: it was saved by a run of the game %s of identity %s, this game file's identity is %s: "+
			"resume with the game file of that run, or start afresh without -resume", base, cp.Table, cmp.Or(cp.Game, "(none recorded)"), want.Game)
	case cp.N != want.N:
		return cp, band.State{}, mismatch("n", cp.N, want.N)
	case cp.Values != want.Values:
		return cp, band.State{}, mismatch("-values", cp.Values, want.Values)
	case cp.Rows != want.Rows:
		return cp, band.State{}, mismatch("-rows", cp.Rows, want.Rows)
	case cp.Write != want.Write:
		return cp, band.State{}, mismatch("-write", cp.Write, want.Write)
	case cp.Patterns != want.Patterns:
		return cp, band.State{}, mismatch("-patterns", cp.Patterns, want.Patterns)
	case cp.Patterns && (cp.PatternIndex == nil || cp.PatternIndex.Rows != cp.Next):
		return cp, band.State{}, fmt.Errorf("resume from %s: its pattern index is missing or not at its row %d: start afresh without -resume", base, cp.Next)
	case cp.Next < 0 || cp.Next > want.Rows[1]+1 || cp.Cells < 0 || cp.Visited < 0 || cp.Seconds < 0:
		return cp, band.State{}, fmt.Errorf("resume from %s: its row %d, cells %d or seconds %g are out of range: start afresh without -resume",
			base, cp.Next, cp.Cells, cp.Seconds)
	}
	var st band.State
	if err := st.UnmarshalBinary(body); err != nil {
		return cp, st, fmt.Errorf("resume from %s: %w: start afresh without -resume", base, err)
	}
	if st.Next != cp.Next {
		return cp, st, fmt.Errorf("resume from %s: the band state is at row %d, its header at row %d: start afresh without -resume", base, st.Next, cp.Next)
	}
	return cp, st, nil
}
