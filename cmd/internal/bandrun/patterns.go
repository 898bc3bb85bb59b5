package bandrun

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/grundy-lab/grundy/conjecture/pattern"
	"github.com/grundy-lab/grundy/results/valuesds"
)

// PatternSearch is the pattern search of a band run (Job.Patterns): every
// value of Job.Values is indexed on every row as the band streams
// (pattern.BandIndex, bounded memory, its chunks journaled in Job.Out and
// read back from there beyond its budget, so that the state file can
// resume it) and searched after the sweep, Workers values at a time.
type PatternSearch struct {
	Options pattern.Options
	Index   pattern.BandIndexOptions
	// Workers is how many values are searched at once, each holding its
	// column of 4·(n+1) bytes; 0 means 1.
	Workers int
	// Proofs are the values' proofs, by value (see pattern.Proof): each
	// result of a proved value is marked proved, and a disagreement
	// between the proof and the rows fails the run.
	Proofs map[int]pattern.Proof
	// Progress, if set, is told the values searched and the values in all.
	Progress func(done, total int)
	// Write, if set, writes the search's files once it is done, before the
	// values dataset is published and the state file removed: a run killed
	// before it resumes and writes them again, one killed after it finds
	// them written (patternsPublished).
	Write func(PatternResult) error
}

// PatternResult is what the pattern search of a run found.
type PatternResult struct {
	Results []pattern.Result
	Index   pattern.BandIndexStats
	// Seconds is the time of the search after the sweep.
	Seconds float64
}

// checkPatterns returns why job cannot search patterns, or nil.
func (j Job) checkPatterns() error {
	if j.Patterns == nil {
		return nil
	}
	chunk := j.Patterns.Index.ChunkRows
	if chunk == 0 {
		chunk = pattern.DefaultChunkRows
	}
	switch {
	case j.Rows != [2]int64{0, j.N}:
		return fmt.Errorf("patterns are searched on every row 0-%d: the rows %d-%d are not all of them", j.N, j.Rows[0], j.Rows[1])
	case int64(chunk)%j.blockRows() != 0:
		// A state is saved at a block's end while the sweep may have
		// indexed rows of the next block: they must be in the same open
		// chunk (pattern.BandIndex.StateAt).
		return fmt.Errorf("the pattern index's chunks of %d rows are not made of the run's blocks of %d rows", chunk, j.blockRows())
	}
	return nil
}

// openPatternIndex makes the index of the job's pattern search, its
// chunks journaled in spillDir(j): afresh, the directory emptied first of
// what a killed run left, or, given the state of a resumed state file,
// from that state and the journal.
func (j Job) openPatternIndex(saved *pattern.BandIndexState) (*pattern.BandIndex, error) {
	opt := j.Patterns.Index
	dir := spillDir(j)
	opt.SpillDir, opt.Journal = "", filepath.Join(dir, journalName)
	if saved != nil {
		idx, err := pattern.ResumeBandIndex(j.N, int(j.Values.Lo), int(j.Values.Hi), opt, *saved)
		if err != nil {
			return nil, fmt.Errorf("resume the pattern index: %w: start afresh without -resume", err)
		}
		return idx, nil
	}
	if err := os.RemoveAll(dir); err != nil {
		return nil, fmt.Errorf("remove the spill files of an earlier run: %w", err)
	}
	if err := os.Mkdir(dir, 0o755); err != nil {
		return nil, fmt.Errorf("make the pattern index's spill directory: %w", err)
	}
	idx, err := pattern.NewBandIndex(j.N, int(j.Values.Lo), int(j.Values.Hi), opt)
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	return idx, nil
}

// closePatterns closes the pattern index and removes its spill directory,
// unless a state file is left that stands on its journal (an interrupted
// run, or one whose disk filled).
func (r *runner) closePatterns() {
	r.patterns.Close()
	if _, err := os.Lstat(r.statePath); errors.Is(err, os.ErrNotExist) {
		os.RemoveAll(spillDir(r.job))
	}
}

// savePatternState puts the pattern index's state at the row remembered
// last into the state to save, if the run searches patterns.
func (r *runner) savePatternState() error {
	if r.patterns == nil {
		return nil
	}
	st, err := r.patterns.StateAt(r.saved.Next)
	if err != nil {
		return r.failed(fmt.Errorf("save the pattern index: %w", err))
	}
	r.saved.PatternIndex = &st
	return nil
}

// beforeSearch says that the next block is the sweep's last, of a run
// searching patterns, and the state at its start is not saved: then it is
// saved, so that a run stopped while it searches resumes from there rather
// than from the start.
func (r *runner) beforeSearch() bool {
	return r.patterns != nil && r.job.nextStop(r.sw.Next()) > r.job.Rows[1] && r.fileRow < r.sw.Next()
}

// searchInterrupted is the error of a run stopped while it searched the
// patterns: the state saved before the last block (beforeSearch) is kept,
// with the journal and the values dataset's parts, and -resume sweeps that
// block again and searches.
func (r *runner) searchInterrupted() error {
	return fmt.Errorf("%w while searching the patterns: the state at row %d is saved in %s; "+
		"rerun with -resume to go on from there", ErrInterrupted, r.fileRow, r.statePath)
}

// write writes the search's files with ps.Write, if set.
func (ps *PatternSearch) write(res PatternResult) error {
	if ps.Write == nil {
		return nil
	}
	return ps.Write(res)
}

// patternsPublished says that a -patterns run with a values dataset was
// killed after it published the dataset (no partial directory is left)
// and before it removed its state file (a -patterns state of this run):
// it wrote its pattern files first (PatternSearch.Write), so the run is
// complete if the dataset is. Any other complete dataset, one that a run
// without -patterns wrote say, is computed again with the patterns.
func (j Job) patternsPublished(statePath string, head checkpoint) bool {
	partial := valuesds.PartialDir(filepath.Join(j.Out, valuesds.DirName(j.Table.ID, j.N)))
	if _, err := os.Lstat(partial); !errors.Is(err, os.ErrNotExist) {
		return false
	}
	_, _, err := loadCheckpoint(statePath, head)
	return err == nil
}

// searchPatterns finishes the index and searches every value, applying
// the proofs.
func searchPatterns(ctx context.Context, idx *pattern.BandIndex, ps *PatternSearch) (PatternResult, error) {
	if err := idx.Finish(); err != nil {
		return PatternResult{}, err
	}
	res, err := idx.SearchAll(ctx, ps.Options, ps.Workers, ps.Progress)
	if err != nil {
		return PatternResult{}, err
	}
	for i, r := range res {
		if pr, ok := ps.Proofs[r.Value]; ok {
			if res[i], err = idx.ApplyProof(r, pr, ps.Options); err != nil {
				return PatternResult{}, err
			}
		}
	}
	return PatternResult{Results: res, Index: idx.Stats()}, nil
}

// journalName is the pattern index's journal in spillDir.
const journalName = "chunks.journal"

// spillDir is the directory of the pattern index's journal of a run of j:
// one per table and n, which the run's lock makes its own, kept with the
// run's state file, removed when the run finishes and by the next fresh
// run (what a kill -9 left there).
func spillDir(j Job) string {
	return filepath.Join(j.Out, fmt.Sprintf(".%s_n%d.patterns-spill", j.Table.ID, j.N))
}
