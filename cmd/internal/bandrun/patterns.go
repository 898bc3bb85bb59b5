package bandrun

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/grundy-lab/grundy/conjecture/pattern"
)

// PatternSearch is the pattern search of a band run (Job.Patterns): every
// value of Job.Values is indexed on every row as the band streams
// (pattern.BandIndex, bounded memory, spilling to Job.Out beyond its
// budget) and searched after the sweep, Workers values at a time.
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
	switch {
	case j.Patterns == nil:
		return nil
	case j.Resume:
		return errors.New("patterns cannot be searched on a resumed run: the index of the rows swept is not saved; run without -resume")
	case j.Rows != [2]int64{0, j.N}:
		return fmt.Errorf("patterns are searched on every row 0-%d: the rows %d-%d are not all of them", j.N, j.Rows[0], j.Rows[1])
	}
	return nil
}

// newPatternIndex makes the index of the job's pattern search, and the
// function that closes it. Without a spill directory of its own it spills
// to spillDir(j), emptied first of what a killed run left, and removed by
// the closing function.
func (j Job) newPatternIndex() (*pattern.BandIndex, func(), error) {
	opt := j.Patterns.Index
	removeSpill := func() {}
	if opt.SpillDir == "" {
		opt.SpillDir = spillDir(j)
		if err := os.RemoveAll(opt.SpillDir); err != nil {
			return nil, nil, fmt.Errorf("remove the spill files of an earlier run: %w", err)
		}
		if err := os.Mkdir(opt.SpillDir, 0o755); err != nil {
			return nil, nil, fmt.Errorf("make the pattern index's spill directory: %w", err)
		}
		removeSpill = func() { os.RemoveAll(opt.SpillDir) }
	}
	idx, err := pattern.NewBandIndex(j.N, int(j.Values.Lo), int(j.Values.Hi), opt)
	if err != nil {
		removeSpill()
		return nil, nil, err
	}
	return idx, func() {
		idx.Close()
		removeSpill()
	}, nil
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

// spillDir is the directory of the pattern index's spill files of a run of
// j: one per table and n, which the run's lock makes its own, so that the
// next run removes what a kill -9 left there.
func spillDir(j Job) string {
	return filepath.Join(j.Out, fmt.Sprintf(".%s_n%d.patterns-spill", j.Table.ID, j.N))
}
