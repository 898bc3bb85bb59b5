package tables_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/tables"
	"github.com/grundy-lab/grundy/tables/solver"
)

// testdata/oeis_A003987.txt holds the terms of OEIS A003987 (the nim-sum
// table), and testdata/oeis_A004481.txt those of A004481 (Wythoff's Nim),
// copied from the OEIS, never computed: a failure means the reference
// implementation of nim or of Wythoff's Nim, or the Wythoff solver,
// disagrees with published data. The papers' printed tables are checked against the reference by the claims
// goishi.table1–4 and pass.table3 (package conjecture, whose testdata holds
// their transcriptions).

// readTerms parses a sequence file: '#' lines are comments, the terms are
// separated by commas or whitespace.
func readTerms(t *testing.T, name string) []int64 {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	var terms []int64
	for i, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		fields := strings.FieldsFunc(line, func(c rune) bool {
			return c == ',' || c == ' ' || c == '\t' || c == '\r'
		})
		for _, field := range fields {
			v, err := strconv.ParseInt(field, 10, 64)
			if err != nil {
				t.Fatalf("%s:%d: %v", name, i+1, err)
			}
			terms = append(terms, v)
		}
	}
	return terms
}

// TestGoldenOEIS compares the nim table with OEIS A003987, the table of
// n XOR m read by antidiagonals. The entry's programs give the order:
// seq(seq(Bits:-Xor(k,m-k),k=0..m),m=0..20), that is antidiagonal d = 0, 1,
// …, and within it k = 0..d, the term being T(k, d-k). The table is
// symmetric, so the order within an antidiagonal does not change the test,
// but we follow the entry and read term as G(x = k, y = d-k).
func TestGoldenOEIS(t *testing.T) {
	const file = "oeis_A003987.txt"
	t.Run(file, func(t *testing.T) {
		terms := readTerms(t, file)
		if len(terms) < 91 { // antidiagonals 0..12, as the entry's data holds
			t.Fatalf("%s: %d terms, want at least 91", file, len(terms))
		}
		// The last term lies on antidiagonal d with d(d+1)/2 ≤ len-1.
		maxD := 0
		for (maxD+1)*(maxD+2)/2 <= len(terms)-1 {
			maxD++
		}
		r, ok := tables.Lookup("nim")
		if !ok {
			t.Fatalf("no ruleset nim (valid: %s)", tables.ValidIDs())
		}
		ref := tables.Reference(r.Rules, maxD)
		i := 0
		for d := 0; i < len(terms); d++ {
			for k := 0; k <= d && i < len(terms); k++ {
				x, y := k, d-k
				if got, want := int64(ref[x][y]), terms[i]; got != want {
					t.Errorf("%s: term %d (antidiagonal %d, x=%d y=%d): OEIS %d, computed %d",
						file, i, d, x, y, want, got)
				}
				i++
			}
		}
		t.Logf("%s: compared %d terms (antidiagonals 0..%d)", file, len(terms), maxD)
	})
}

// TestGoldenOEISWythoff compares the Wythoff solver with OEIS A004481, the
// Sprague-Grundy values of Wythoff's game read by antidiagonals. The
// entry's Mathematica program, Table[t[n - m + 1, m], {n, 11}, {m, n}] with
// t[a, b] = SG(a − 1, b − 1), gives the order: antidiagonal d = 0, 1, …,
// and within it k = 0..d, the term being SG(d − k, k), so G(x = d − k,
// y = k).
func TestGoldenOEISWythoff(t *testing.T) {
	const file = "oeis_A004481.txt"
	terms := readTerms(t, file)
	if len(terms) != 91 { // antidiagonals 0..12, as the entry's data holds
		t.Fatalf("%s: %d terms, want 91", file, len(terms))
	}
	r, ok := tables.Lookup("wythoff")
	if !ok {
		t.Fatal("no wythoff ruleset")
	}
	// The game solver and the reference of the engine's ruleset, both.
	for name, g := range map[string][][]int32{"solver": solver.Wythoff.Grundy(12), "reference": tables.Reference(r.Rules, 12)} {
		i := 0
		for d := 0; i < len(terms); d++ {
			for k := 0; k <= d; k++ {
				x, y := d-k, k
				if got, want := int64(g[x][y]), terms[i]; got != want {
					t.Errorf("%s: term %d (antidiagonal %d, x=%d y=%d): OEIS %d, %s %d", file, i, d, x, y, want, name, got)
				}
				i++
			}
		}
	}
}
