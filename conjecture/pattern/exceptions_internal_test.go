package pattern

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// omittedFromList is how a pattern's exceptions were left out before
// setExceptions summarised them from the column: listed, summarised from
// the list, and then the list, and the others beyond maxRuns, dropped.
func omittedFromList(p Pattern, list []Cell) ExceptionSummary {
	p.Exceptions, p.ExceptionsOmitted, p.summary = list, 0, nil
	s := p.SummarizeExceptions()
	if len(s.Others) > maxRuns {
		s.text = strings.Replace(s.String(), "(listed in the JSON)", "(omitted from the JSON)", 1)
		s.OthersOmitted, s.Others = len(s.Others), []Cell{}
	}
	return s
}

// TestSetExceptionsSummaryFromColumn compares the summary setExceptions
// streams from the column with the one taken from the full list, on random
// columns (some with a second cell in a few rows) whose rows below the start
// follow the rule, mirror it, or do neither, in numbers on both sides of
// maxRuns; and the list itself when it is short enough to keep.
func TestSetExceptionsSummaryFromColumn(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for trial := range 2000 {
		rows := 1 + rng.IntN(300)
		period := 1 + rng.IntN(5)
		offsets := make([]int, period)
		for i := range offsets {
			offsets[i] = rng.IntN(7) - 3
		}
		start := rng.IntN(rows + 1)
		other := 1 + rng.IntN(40) // one row in other breaks the rule
		d := make([]int32, rows)
		for x := range d {
			d[x] = int32(offsets[x%period])
			if x < start && rng.IntN(other) == 0 {
				d[x] = int32(rng.IntN(9) - 4)
			}
			if x+int(d[x]) < 0 {
				d[x] = int32(-x)
			}
		}
		col := column{value: 2, n: rows + 10, d: d}
		if rng.IntN(4) == 0 {
			for x := range min(start, rows) {
				if rng.IntN(20) == 0 {
					col.extra = append(col.extra, Cell{x, x + 11})
				}
			}
		}
		p := Pattern{Value: 2, Period: period, Start: start, Offsets: offsets}
		list := slices.AppendSeq([]Cell{}, col.cellsBelow(start))
		maxExceptions := rng.IntN(len(list) + 2)
		if !col.setExceptions(&p, maxExceptions) {
			t.Fatalf("trial %d: no row lacks the value, yet setExceptions refused", trial)
		}
		if maxExceptions == 0 || len(list) <= maxExceptions {
			if !reflect.DeepEqual(p.Exceptions, list) || p.ExceptionsOmitted != 0 {
				t.Fatalf("trial %d: listed %v (%d omitted), want %v", trial, p.Exceptions, p.ExceptionsOmitted, list)
			}
			continue
		}
		want := omittedFromList(p, list)
		got := p.SummarizeExceptions()
		if p.ExceptionsOmitted != len(list) || len(p.Exceptions) != 0 {
			t.Fatalf("trial %d: %d exceptions omitted and %d listed, want all %d omitted", trial, p.ExceptionsOmitted, len(p.Exceptions), len(list))
		}
		if !reflect.DeepEqual(got, want) || got.String() != want.String() {
			t.Fatalf("trial %d: summary from the column\n%+v\n%s\nfrom the list\n%+v\n%s", trial, got, got, want, want)
		}
	}
}

// TestSetExceptionsRefusesAMissingRow: a row below the start without the
// value leaves the pattern alone.
func TestSetExceptionsRefusesAMissingRow(t *testing.T) {
	col := column{value: 1, n: 20, d: []int32{0, absent, 1, 1, 1, 1}}
	for _, maxExceptions := range []int{0, 1} {
		p := Pattern{Value: 1, Period: 1, Start: 3, Offsets: []int{1}}
		if col.setExceptions(&p, maxExceptions) || p.Exceptions != nil || p.ExceptionsOmitted != 0 {
			t.Errorf("max %d: accepted %+v", maxExceptions, p)
		}
	}
}
