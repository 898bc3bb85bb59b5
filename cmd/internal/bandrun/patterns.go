package bandrun

import (
	"context"
	"errors"
	"fmt"

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

// newPatternIndex makes the index of the job's pattern search.
func (j Job) newPatternIndex() (*pattern.BandIndex, error) {
	opt := j.Patterns.Index
	if opt.SpillDir == "" {
		opt.SpillDir = j.Out
	}
	return pattern.NewBandIndex(j.N, int(j.Values.Lo), int(j.Values.Hi), opt)
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
