package fullrun

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/results/valuesds"
	"github.com/grundy-lab/grundy/tables"
)

// checkpointFormat names the header of a full sweep's state file.
const checkpointFormat = "grundy-full-state/1"

// StateFileName is the state file of a full sweep of table id at size n
// that writes no table file: hidden, and distinct from a band run's.
func StateFileName(id string, n int) string { return results.StateFileName(id, n) }

// checkpoint is a full sweep's state file header: the run it belongs to
// (the flags that change its output, all checked on -resume) and its
// consumers' state at row Rows, the first row not yet swept. The engine's
// own state (engine.Sweeper.WriteState) follows it in the file.
type checkpoint struct {
	Format string `json:"format"`
	Table  string `json:"table"`
	Game   string `json:"game_sha256,omitempty"` // the game's identity; none before 2026-12-06
	N      int    `json:"n"`
	Tile   int    `json:"tile"`
	Write  string `json:"write"`
	// Values is -values with -write values, empty otherwise.
	Values string `json:"values"`
	Rows   int    `json:"rows"`
	// Sum is g_sha256 and the largest value of rows 0 … Rows−1.
	Sum results.TableSumState `json:"table_sum"`
	// Progress is the values dataset's valuesds.Progress, with -write values.
	Progress json.RawMessage `json:"values_progress,omitempty"`
	Seconds  float64         `json:"seconds"`
}

// saveCheckpoint writes cp and the engine state of sw atomically to path.
func saveCheckpoint(path string, cp checkpoint, sw *engine.Sweeper) error {
	cp.Format = checkpointFormat
	return results.SaveState(path, cp, sw.WriteState)
}

// resumed is what a state file restores: the engine, the sums, and the
// values dataset's progress.
type resumed struct {
	cp       checkpoint
	sw       *engine.Sweeper
	sum      *results.TableSum
	progress *valuesds.Progress
}

// loadCheckpoint reads the state file path, checks its checksum, checks
// every field of its header against want (the run resuming it) and against
// the others, and rebuilds the engine from the state that follows. A field
// out of line is refused even under a right checksum: the rows must be a
// whole number of bands, the g_sha256 state must have taken exactly those
// rows, the values dataset's progress must end at that row, and the engine
// must stand there too.
func loadCheckpoint(path string, want checkpoint, r tables.Ruleset, cfg engine.Config) (resumed, error) {
	var cp checkpoint
	body, err := results.LoadStateInto(path, &cp, math.MaxInt64)
	if err != nil {
		return resumed{}, err
	}
	base := filepath.Base(path)
	refuse := func(format string, args ...any) (resumed, error) {
		return resumed{}, fmt.Errorf("resume from %s: %s: start afresh without -resume", base, fmt.Sprintf(format, args...))
	}
	mismatch := func(what string, got, run any) (resumed, error) {
		return resumed{}, fmt.Errorf("resume from %s: it was saved by a run with %s %v, this run has %v: "+
			"rerun with the same flags, or without -resume to start afresh", base, what, got, run)
	}
	width := cp.N + 1
	switch {
	case cp.Format != checkpointFormat:
		return refuse("not a full sweep's state (%q)", cp.Format)
	case cp.Table != want.Table:
		return mismatch("table", cp.Table, want.Table)
	case tables.OtherGame(cp.Table, cp.Game, want.Game):
		return mismatch("the game of identity", cmp.Or(cp.Game, "(none recorded)"), want.Game)
	case cp.N != want.N:
		return mismatch("n", cp.N, want.N)
	case cp.Tile != want.Tile:
		return mismatch("-tile", cp.Tile, want.Tile)
	case cp.Write != want.Write:
		return mismatch("-write", cp.Write, want.Write)
	case cp.Values != want.Values:
		return mismatch("-values", cp.Values, want.Values)
	case cp.Rows < 0 || cp.Rows > width || (cp.Rows%cp.Tile != 0 && cp.Rows != width):
		return refuse("row %d is not a whole number of bands of %d rows of a table of side %d", cp.Rows, cp.Tile, width)
	case math.IsNaN(cp.Seconds) || cp.Seconds < 0 || cp.Seconds > 1e10:
		return refuse("its time %v is out of range", cp.Seconds)
	case (cp.Progress != nil) != (want.Write == "values"):
		return refuse("it has values progress %t, this run writes values %t", cp.Progress != nil, want.Write == "values")
	}
	if err := checkSum(cp.Sum, cp.Rows, cp.N); err != nil {
		return refuse("%v", err)
	}
	res := resumed{cp: cp}
	if res.sum, err = results.RestoreTableSum(cp.Sum); err != nil {
		return refuse("%v", err)
	}
	if cp.Progress != nil {
		dec := json.NewDecoder(bytes.NewReader(cp.Progress))
		dec.DisallowUnknownFields()
		var p valuesds.Progress
		if err := dec.Decode(&p); err != nil {
			return refuse("its values progress does not decode: %v", err)
		}
		if p.NextRow != int64(cp.Rows) {
			return refuse("its values dataset goes on from row %d, the sweep from row %d", p.NextRow, cp.Rows)
		}
		res.progress = &p
	}
	if res.sw, err = engine.ReadSweeper(bytes.NewReader(body), r.Rules, cp.N, cfg); err != nil {
		return refuse("%v", err)
	}
	if res.sw.Next() != cp.Rows {
		return refuse("the engine stands at row %d, the header at row %d", res.sw.Next(), cp.Rows)
	}
	return res, nil
}

// checkSum checks that the g_sha256 state st has taken exactly the cells of
// rows rows of a table of side n+1, and that its largest value is one a
// table can hold (from −1, the least base value, to 2n+1).
func checkSum(st results.TableSumState, rows, n int) error {
	cells, err := st.Cells()
	if err != nil {
		return err
	}
	if want := int64(rows) * int64(n+1); cells != want {
		return fmt.Errorf("its g_sha256 state has taken %d cells, the %d rows %d", cells, rows, want)
	}
	switch {
	case rows == 0 && st.MaxValue != math.MinInt32:
		return fmt.Errorf("it has a largest value %d before any row", st.MaxValue)
	case rows > 0 && (st.MaxValue < -1 || int64(st.MaxValue) > 2*int64(n)+1):
		return fmt.Errorf("its largest value %d is out of range for n = %d", st.MaxValue, n)
	}
	return nil
}

// marshalProgress is p as the state file records it.
func marshalProgress(p valuesds.Progress) (json.RawMessage, error) {
	data, err := json.Marshal(p)
	if err != nil {
		return nil, fmt.Errorf("save the values dataset's progress: %w", err)
	}
	return data, nil
}
