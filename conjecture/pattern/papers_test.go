package pattern_test

import (
	"bufio"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/conjecture/pattern"
)

// The papers' seeds, relative to this package.
const (
	goishiPaper = "../../../shared/seeds/001_1e4022ffdf93bdb5.txt"
	passPaper   = "../../../shared/seeds/002_6a1fb5bc99238621.txt"
)

// family is one set {(p·n + cx, p·n + cy) | n ≥ n₀} of a printed statement.
type family struct{ p, cx, cy int }

// String writes the family as the papers do, "(4n−2, 4n)".
func (f family) String() string {
	term := func(c int) string {
		s := fmt.Sprintf("%dn", f.p)
		if f.p == 1 {
			s = "n"
		}
		switch {
		case c > 0:
			s += fmt.Sprintf("+%d", c)
		case c < 0:
			s += fmt.Sprintf("−%d", -c)
		}
		return s
	}
	return fmt.Sprintf("(%s, %s)", term(f.cx), term(f.cy))
}

// statement is a result of a paper in the paper's own terms: G(x, y) = value
// iff (x, y) is in one of the families for n ≥ n0, or one of exceptions.
type statement struct {
	where      string // the paper, item and lines it is transcribed from
	table      string
	value      int
	n0         int
	families   []family
	exceptions []pattern.Cell
}

// pattern converts s into the row-by-row form of pattern.Pattern, the way
// the package doc says the two forms correspond: family (p·n+cx, p·n+cy)
// covers the residue cx mod p with offset cy − cx from row p·n₀ + cx on.
func (s statement) pattern(t *testing.T) pattern.Pattern {
	t.Helper()
	p := s.families[0].p
	want := pattern.Pattern{Value: s.value, Period: p, Start: -1, Offsets: make([]int, p), Exceptions: s.exceptions}
	covered := make([]bool, p)
	for _, f := range s.families {
		r := ((f.cx % p) + p) % p
		if f.p != p || covered[r] {
			t.Fatalf("%s: families do not cover each residue mod %d once", s.where, p)
		}
		covered[r] = true
		want.Offsets[r] = f.cy - f.cx
		if first := p*s.n0 + f.cx; want.Start < 0 || first < want.Start {
			want.Start = first
		}
	}
	return want
}

// paperStatements are Theorems 4 and 5 of the goishi-hiroi paper and Lemma 4
// of the pass paper as their proofs state them (the package doc explains the
// two places where the printed statement differs in form).
var paperStatements = []statement{
	// 001 line 263 and proof line 270: A₀ = {(n, n) | n ≥ 2} ∪ {(0,1), (1,0)}.
	{"Theorem 4(1), 001:263", "gneg1", 0, 2, []family{{1, 0, 0}}, cells(0, 1, 1, 0)},
	// 001 line 264, proof line 271: A₁ = {(2n, 2n−1), (2n−1, 2n) | n ≥ 2}.
	{"Theorem 4(2), 001:264", "gneg1", 1, 2, []family{{2, 0, -1}, {2, -1, 0}}, cells(0, 2, 1, 1, 2, 0)},
	// 001 line 265, proof line 275: A₂ = {(2n, 2n+1), (2n+1, 2n) | n ≥ 2}.
	{"Theorem 4(3), 001:265", "gneg1", 2, 2, []family{{2, 0, 1}, {2, 1, 0}}, cells(0, 3, 1, 2, 2, 1, 3, 0)},
	// 001 line 266 prints n > 2; the proof, line 276, has "Let n ≥ 2", as
	// does the other copy of the paper (000); the table agrees with n ≥ 2.
	{"Theorem 4(4), 001:266,276", "gneg1", 3, 2, []family{{4, -2, 0}, {4, -1, 1}, {4, 0, -2}, {4, 1, -1}},
		cells(0, 4, 1, 3, 2, 5, 3, 1, 4, 0, 5, 2)},
	// 001 line 282: B₀ = {(n, n) | n ≥ 0}, no exceptions.
	{"Theorem 5(1), 001:282", "gstarneg1", 0, 0, []family{{1, 0, 0}}, nil},
	// 001 line 283: B₁ = {(2n, 2n+1), (2n+1, 2n) | n ≥ 2}.
	{"Theorem 5(2), 001:283", "gstarneg1", 1, 2, []family{{2, 0, 1}, {2, 1, 0}}, cells(0, 2, 1, 3, 2, 0, 3, 1)},
	// 001 line 284: B₂ = {(4n+2, 4n), (4n+3, 4n+1), (4n, 4n+2), (4n+1, 4n+3) | n ≥ 1}.
	{"Theorem 5(3), 001:284", "gstarneg1", 2, 1, []family{{4, 2, 0}, {4, 3, 1}, {4, 0, 2}, {4, 1, 3}},
		cells(0, 3, 1, 2, 2, 1, 3, 0)},
	// 001 line 285: B₃ = {(4n−2, 4n), (4n−1, 4n+1), (4n, 4n−2), (4n+1, 4n−1) | n ≥ 2}.
	{"Theorem 5(4), 001:285", "gstarneg1", 3, 2, []family{{4, -2, 0}, {4, -1, 1}, {4, 0, -2}, {4, 1, -1}},
		cells(0, 4, 1, 5, 2, 3, 3, 2, 4, 0, 5, 1)},
	// 002 lines 363–369: x = y = 0, or (2n−1, 2n), (2n, 2n−1) for a positive integer n.
	{"Lemma 4(a), 002:363", "passnim", 0, 1, []family{{2, -1, 0}, {2, 0, -1}}, cells(0, 0)},
	// 002 line 500, the proof of 4(b): "x + y = 2 or x = y > 2".
	{"Lemma 4(b), 002:500", "passnim", 1, 3, []family{{1, 0, 0}}, cells(0, 2, 1, 1, 2, 0)},
	// 002 lines 381–385 and proof lines 508–512: the nine exceptions, then
	// (4n+1, 4n+4), (4n+2, 4n+3), (4n+3, 4n+2), (4n+4, 4n+1) for n ≥ 2.
	{"Lemma 4(c), 002:381,508", "passnim", 2, 2, []family{{4, 1, 4}, {4, 2, 3}, {4, 3, 2}, {4, 4, 1}},
		cells(0, 1, 1, 0, 2, 2, 3, 5, 4, 7, 5, 3, 6, 8, 7, 4, 8, 6)},
}

// paperN is the table size of the paper tests: large enough for the
// patterns of values up to 40 with periods up to 500 to repeat four times,
// small enough to compute in a blink.
const paperN = 2000

// TestPapersRediscovered runs the search on G₋₁, G*₋₁ and G_P and requires it
// to find each statement of the papers exactly: period, start, offsets and
// exceptions, confirmed up to the table's edge.
func TestPapersRediscovered(t *testing.T) {
	indexes := map[string]*pattern.Index{}
	for _, s := range paperStatements {
		t.Run(s.where, func(t *testing.T) {
			idx := indexes[s.table]
			if idx == nil {
				idx = computeIndex(t, s.table, paperN, 3, nil)
				indexes[s.table] = idx
			}
			want := s.pattern(t)
			got := search(t, idx, s.value, pattern.Options{})
			if !got.Found {
				t.Fatalf("no pattern found: %v", got)
			}
			if want.Exceptions == nil {
				want.Exceptions = []pattern.Cell{}
			}
			want.ConfirmedTo = got.ConfirmedTo
			if !reflect.DeepEqual(got.Pattern, want) {
				t.Errorf("found %+v\nwant  %+v", got.Pattern, want)
			}
			// Every predicted cell within the table is confirmed.
			if maxOffset := slices.Max(want.Offsets); got.ConfirmedTo < paperN-max(maxOffset, 0)-1 {
				t.Errorf("confirmed to %d only, of n = %d", got.ConfirmedTo, paperN)
			}
		})
	}
}

// TestMarkdownPaperForm renders each rediscovered statement and requires the
// paper's own families and bound on n: the Markdown is the printed statement.
func TestMarkdownPaperForm(t *testing.T) {
	for _, s := range paperStatements {
		t.Run(s.where, func(t *testing.T) {
			md := pattern.Markdown(s.table, "G", paperN, []pattern.Result{{Pattern: s.pattern(t), Found: true}}, nil)
			for _, f := range s.families {
				if !strings.Contains(md, f.String()) {
					t.Errorf("no family %v in\n%s", f, md)
				}
			}
			if bound := fmt.Sprintf("| n ≥ %d}", s.n0); !strings.Contains(md, bound) {
				t.Errorf("no %q in\n%s", bound, md)
			}
		})
	}
}

// TestPrintedStatementsSameCells compares the cells of the search's form of
// Lemma 4(b) and 4(c) with the statements as printed, whose form differs.
func TestPrintedStatementsSameCells(t *testing.T) {
	printed := map[int]func(x, y int) bool{
		// 002 lines 373–377: (x, y) ∈ {(0,2), (2,0)}, or x = y, x ≠ 0, x ≠ 2.
		1: func(x, y int) bool {
			return x == 0 && y == 2 || x == 2 && y == 0 || x == y && x != 0 && x != 2
		},
		// 002 lines 381–385: the nine cells, or (x−1) ⊕ (y−1) = 3 with x, y ≥ 9.
		2: func(x, y int) bool {
			return slices.Contains(cells(0, 1, 1, 0, 2, 2, 3, 5, 4, 7, 5, 3, 6, 8, 7, 4, 8, 6), pattern.Cell{X: x, Y: y}) ||
				x >= 9 && y >= 9 && (x-1)^(y-1) == 3
		},
	}
	const n = 300
	idx := computeIndex(t, "passnim", n, 2, nil)
	for v, holds := range printed {
		for x := 0; x <= n; x++ {
			y, ok := idx.Where(v, x)
			if !ok {
				continue // beyond the table's edge
			}
			for yy := 0; yy <= n; yy++ {
				if holds(x, yy) != (yy == y) {
					t.Errorf("G_P = %d, row %d: table has it at y = %d, printed Lemma 4 says (%d,%d) is %v",
						v, x, y, x, yy, holds(x, yy))
				}
			}
		}
	}
}

// TestTheorem4Item4AsPrinted documents the one disagreement with a printed
// statement: 001 line 266 bounds A₃ by n > 2, but G₋₁(6, 8) = G₋₁(7, 9) =
// G₋₁(8, 6) = G₋₁(9, 7) = 3, the family members for n = 2.
func TestTheorem4Item4AsPrinted(t *testing.T) {
	idx := computeIndex(t, "gneg1", 20, 3, nil)
	for _, c := range cells(6, 8, 7, 9, 8, 6, 9, 7) {
		if y, ok := idx.Where(3, c.X); !ok || y != c.Y {
			t.Errorf("G₋₁(%d,%d) ≠ 3: row %d has 3 at y = %d", c.X, c.Y, c.X, y)
		}
	}
}

// TestCitationsMatchSeeds checks that the seed lines the statements above cite
// say what is transcribed from them, so that a line number cannot drift.
func TestCitationsMatchSeeds(t *testing.T) {
	for _, c := range []struct {
		path    string
		line    int
		snippet string
	}{
		{goishiPaper, 263, `A_0 = \{(n, n) \mid n \geq 2\}`},
		{goishiPaper, 264, `A_1 = \{(2n, 2n-1), (2n-1, 2n) \mid n \geq 2\}`},
		{goishiPaper, 265, `A_2 = \{(2n, 2n+1), (2n+1, 2n) \mid n \geq 2\}`},
		{goishiPaper, 266, `(4n+1, 4n-1) \mid n > 2\}`},
		{goishiPaper, 266, `(0, 4), (1, 3), (2, 5), (3, 1), (4, 0), (5, 2)`},
		{goishiPaper, 276, `Let  $n \ge 2$`},
		{goishiPaper, 282, `B_0 = \{(n,n) \mid n \ge 0\}`},
		{goishiPaper, 283, `B_1 = \{(2n, 2n+1), (2n+1, 2n) \mid n \ge 2\}`},
		{goishiPaper, 284, `B_2 = \{(4n+2, 4n), (4n+3, 4n+1), (4n, 4n+2), (4n+1, 4n+3) \mid n \ge 1\}`},
		{goishiPaper, 285, `B_3 = \{(4n-2, 4n), (4n-1, 4n+1), (4n, 4n-2), (4n+1, 4n-1) \mid n \ge 2\}`},
		{goishiPaper, 285, `(0,4), (1,5), (2,3), (3,2), (4,0), (5,1)`},
		{passPaper, 357, "Lemma 4"},
		{passPaper, 365, "x=y=0"},
		{passPaper, 367, "x=2n-1 and y=2ny=2n for a positive integer"},
		{passPaper, 375, `(x,y)\in\{(0,2),(2,0)\}`},
		{passPaper, 377, `x=y,x\neq 0, and x2x\neq 2`},
		{passPaper, 383, `\{(0,1),(1,0),(2,2),(3,5),(4,7),(5,3),(6,8),(7,4),(8,6)\}`},
		{passPaper, 385, `(x-1)\oplus(y-1)=3 and x,y9x,y\geq 9`},
		{passPaper, 500, "x+y=2x+y=2 or x=y>2x=y>2"},
		{passPaper, 508, "(x,y)=(4n+1,4n+4),(4n+2,4n+3),(4n+3,4n+2),"},
		{passPaper, 512, `Let n2n\geq 2`},
	} {
		line, err := seedLine(c.path, c.line)
		if err != nil {
			t.Skipf("seeds not available: %v", err)
		}
		if !strings.Contains(line, c.snippet) {
			t.Errorf("%s:%d does not contain %q", c.path, c.line, c.snippet)
		}
	}
}

// seedLine returns line number n (from 1) of the file at path.
func seedLine(path string, n int) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for i := 1; sc.Scan(); i++ {
		if i == n {
			return sc.Text(), nil
		}
	}
	return "", fmt.Errorf("%s has fewer than %d lines", path, n)
}

// TestPublishedNamesThePapersItems: Published names, for each statement of
// the papers transcribed above, the item it is transcribed from, and
// nothing for the values no paper states.
func TestPublishedNamesThePapersItems(t *testing.T) {
	for _, s := range paperStatements {
		item, paper := pattern.Published(s.table, s.value)
		if want, _, _ := strings.Cut(s.where, ","); item != want || paper == "" {
			t.Errorf("Published(%s, %d) = %q of %q, want %q", s.table, s.value, item, paper, want)
		}
	}
	for _, c := range []struct {
		table string
		value int
	}{{"gneg1", 4}, {"gstarneg1", 4}, {"passnim", 3}, {"nim", 0}, {"gneg1", -1}} {
		if item, paper := pattern.Published(c.table, c.value); item != "" || paper != "" {
			t.Errorf("Published(%s, %d) = %q of %q, want none", c.table, c.value, item, paper)
		}
	}
}
