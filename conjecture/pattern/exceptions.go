package pattern

import (
	"cmp"
	"fmt"
	"iter"
	"maps"
	"slices"
	"strings"
)

// ExceptionSummary sorts the exceptions of a pattern, the cells of its value
// in the rows x < Start, by how they relate to the periodic rule.
type ExceptionSummary struct {
	// Total is the number of cells of the value in the rows x < Start,
	// those that follow the rule included.
	Total int `json:"total"`
	// Exceptions is how many of them do not follow the rule: Total minus
	// FollowRule, the mirror images and the others.
	Exceptions int `json:"exceptions"`
	// FollowRule: cells (x, y) with y = x + d(x mod p), as if the rule
	// started earlier.
	FollowRule int `json:"follow_rule"`
	// Mirror: cells (x, y) whose mirror (y, x) is a cell of the periodic
	// part (y ≥ Start): the table being symmetric, these are forced.
	Mirror int `json:"mirror"`
	// Others are the rest.
	Others []Cell `json:"others"`
	// OthersSymmetric: the mirror (y, x) of every other cell is an
	// exception too, so the others are the table's symmetry at work.
	OthersSymmetric bool `json:"others_symmetric"`
	// OthersOmitted, when positive, is how many others were left out of
	// Others with the pattern's exceptions (Options.MaxExceptions).
	OthersOmitted int `json:"others_omitted"`
	// text is String's sentence, taken before the others were omitted.
	text string
}

// otherCells is what the sentence of an ExceptionSummary says of its other
// cells: how many, their first and last rows, the count of each offset
// y − x, and the cells themselves, the first keep of them.
type otherCells struct {
	cells       []Cell
	keep        int
	count       int
	first, last int
	offsets     map[int]int
}

// add counts the next other cell c, in row-major order.
func (o *otherCells) add(c Cell) {
	if o.count == 0 {
		o.first, o.offsets = c.X, map[int]int{}
	}
	if len(o.cells) < o.keep {
		o.cells = append(o.cells, c)
	}
	o.count++
	o.last = c.X
	o.offsets[c.Y-c.X]++
}

// summarize sorts the exceptions of p, the cells of cells in row-major
// order, into a summary; isException reports whether a cell is one of them
// (for the mirrors of the others). The summary's Others are the first keep
// others; the second result describes all of them.
func summarize(p Pattern, cells iter.Seq[Cell], isException func(Cell) bool, keep int) (ExceptionSummary, otherCells) {
	s := ExceptionSummary{Others: []Cell{}, OthersSymmetric: true}
	others := otherCells{keep: keep}
	for c := range cells {
		s.Total++
		switch {
		case c.Y == c.X+p.Offsets[c.X%p.Period]:
			s.FollowRule++
		case c.Y >= p.Start && p.predict(c.Y) == c.X:
			s.Mirror++
		default:
			others.add(c)
			s.OthersSymmetric = s.OthersSymmetric && isException(Cell{c.Y, c.X})
		}
	}
	s.Exceptions = s.Total - s.FollowRule
	s.Others = append(s.Others, others.cells...)
	s.OthersSymmetric = s.OthersSymmetric && others.count > 0
	return s, others
}

// SummarizeExceptions sorts the exceptions of p (see ExceptionSummary).
// Of a pattern whose exceptions were omitted, it is their summary taken
// before.
func (p Pattern) SummarizeExceptions() ExceptionSummary {
	if p.summary != nil {
		return *p.summary
	}
	isException := func(c Cell) bool {
		_, found := slices.BinarySearchFunc(p.Exceptions, c, compareCells)
		return found
	}
	s, _ := summarize(p, slices.Values(p.Exceptions), isException, len(p.Exceptions))
	return s
}

// omitted is the summary s, with its others o, of exceptions about to be
// left out of a pattern: more than maxRuns others are left out too, the
// sentence being taken before.
func omitted(s ExceptionSummary, o otherCells) ExceptionSummary {
	if o.count > maxRuns {
		s.text = strings.Replace(s.sentence(o), "(listed in the JSON)", "(omitted from the JSON)", 1)
		s.OthersOmitted, s.Others = o.count, []Cell{}
	}
	return s
}

// maxOffsetCounts is how many offsets offsetCounts names.
const maxOffsetCounts = 6

// offsetCounts writes the most common offsets y − x of the others with
// their counts, "y − x = +17 (900), −17 (880), … and 40 cells with 9 other
// offsets".
func offsetCounts(o otherCells) string {
	count := o.offsets
	offsets := slices.SortedFunc(maps.Keys(count), func(a, b int) int { return cmp.Or(count[b]-count[a], a-b) })
	shown := make([]string, 0, maxOffsetCounts)
	rest := o.count
	for _, d := range offsets[:min(len(offsets), maxOffsetCounts)] {
		shown = append(shown, fmt.Sprintf("%s (%d)", signed(d), count[d]))
		rest -= count[d]
	}
	text := "y − x = " + strings.Join(shown, ", ")
	if extra := len(offsets) - len(shown); extra > 0 {
		text += fmt.Sprintf(" and %d cells with %d other offsets", rest, extra)
	}
	return text
}

// String summarises the cells below x₀ in one sentence, the cells that
// follow the rule counted apart from the exceptions, listing the others
// when there are at most maxRuns of them.
func (s ExceptionSummary) String() string {
	if s.text != "" {
		return s.text
	}
	others := otherCells{keep: len(s.Others)}
	for _, c := range s.Others {
		others.add(c)
	}
	return s.sentence(others)
}

// sentence is String's sentence, the others being o.
func (s ExceptionSummary) sentence(o otherCells) string {
	if s.Total == 0 {
		return "none"
	}
	var head string
	switch {
	case s.FollowRule == 0:
		head = fmt.Sprintf("%d %s, all exceptions to the rule", s.Total, cells(s.Total))
	case s.Exceptions == 0:
		return fmt.Sprintf("%d %s, all following the rule below x₀; no exceptions", s.Total, cells(s.Total))
	default:
		head = fmt.Sprintf("%d %s: %d %s the rule below x₀ and %d %s to it", s.Total, cells(s.Total),
			s.FollowRule, plural(s.FollowRule, "follows", "follow"), s.Exceptions, plural(s.Exceptions, "is an exception", "are exceptions"))
	}
	var parts []string
	if s.Mirror > 0 {
		parts = append(parts, fmt.Sprintf("%d are mirror images (y, x) of cells of the periodic part", s.Mirror))
	}
	symmetric := ""
	if s.OthersSymmetric {
		symmetric = ", a set closed under (x, y) → (y, x)"
	}
	switch {
	case o.count == 0:
	case o.count <= maxRuns:
		parts = append(parts, fmt.Sprintf("the others are %s%s", cellSet(o.cells), symmetric))
	default:
		parts = append(parts, fmt.Sprintf("%d others in rows %d…%d%s, %s (listed in the JSON)",
			o.count, o.first, o.last, symmetric, offsetCounts(o)))
	}
	switch {
	case len(parts) == 0:
		return head
	case s.Mirror == 0: // the others are all the exceptions
		return head + "; " + strings.Replace(strings.Replace(parts[0], "the others are", "they are", 1),
			fmt.Sprintf("%d others in", o.count), "they lie in", 1)
	}
	return head + "; of the exceptions, " + strings.Join(parts, "; ")
}

// cells is "cell" or "cells" as n asks.
func cells(n int) string { return plural(n, "cell", "cells") }

// plural is one if n is 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
