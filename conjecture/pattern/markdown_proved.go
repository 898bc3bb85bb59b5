package pattern

import (
	"fmt"
	"strings"
)

// passNimCorollary is what a proof of the values 0 … V of G_P says of
// three-pile nim with a pass, %d being V.
const passNimCorollary = "Corollary for three-pile nim with a pass (the pass usable once, by either player): " +
	"G_P(x, y) = z exactly when (x, y, z) is one of its P-positions, so by the symmetry of the game " +
	"G_P(x, y) = z if and only if G_P(y, z) = x, and its P-positions having a pile ≤ %[1]d are exactly the " +
	"permutations of the triples (x, y, G_P(x, y)) of the cells of value ≤ %[1]d stated below, for all piles.\n" +
	"Which positions are P-positions is an open problem (Manabe, Miyadera, Suetsugu, " +
	"\"On the Sprague-Grundy values of games with a pass\").\n"

// certified is a certificate the proved results cite and the values they
// are, in order.
type certified struct {
	proof  *Proof
	values []int
}

// provedSection writes the theorem the proved results (Result.Proof) of
// table state, once per certificate, before anything else: for all x, y ≥ 0
// the cells of value v ≤ V are those the statements below give; the
// certificate by name and sha256, the repeat it records and the outcome of
// the search that found it (searchSentence); for G_P the
// corollary for three-pile nim with a pass; and that the other values are
// observed to n only. Nothing if no value is proved.
func provedSection(b *strings.Builder, table, symbol string, n int, results []Result) {
	var certs []certified
	for _, r := range results {
		pr := r.Proof
		if pr == nil {
			continue
		}
		if k := len(certs) - 1; k >= 0 && certs[k].proof.Certificate == pr.Certificate && certs[k].proof.CertificateSHA256 == pr.CertificateSHA256 {
			certs[k].values = append(certs[k].values, r.Value)
			continue
		}
		certs = append(certs, certified{proof: pr, values: []int{r.Value}})
	}
	if len(certs) == 0 {
		return
	}
	b.WriteString("## Proved for all x, y\n\n")
	largest := 0
	for _, c := range certs {
		pr := c.proof
		largest = max(largest, pr.V)
		sum := pr.CertificateSHA256
		if sum == "" {
			sum = "not recorded"
		}
		fmt.Fprintf(b, "Proved for all x, y (certificate %s, sha256 %s): for all x, y ≥ 0, the cells of %s with value v ≤ %d "+
			"are exactly those the statements of v = %s below give, not only up to %d.\n",
			pr.Certificate, sum, symbol, pr.V, ValueRanges(c.values), n)
		fmt.Fprintf(b, "The certificate records that the band state of the values 0 … %d before row x₀ + P = %d is the one before row "+
			"x₀ = %d moved P = %d along the diagonal, so every later row repeats; verify -claims-from re-checks it and "+
			"every proved value against it.\n", pr.V, pr.X0+pr.P, pr.X0, pr.P)
		b.WriteString(searchSentence(pr))
	}
	if table == "passnim" {
		fmt.Fprintf(b, passNimCorollary, largest)
	}
	fmt.Fprintf(b, "The largest V proved is %d; the values above it are observed on 0 ≤ x, y ≤ %d only.\n\n", largest, n)
}

// ValueRanges writes increasing values as ranges, "0 … 16, 18"; no values
// is the empty string.
func ValueRanges(values []int) string { return valueRuns(values, " … ") }

// valueRuns writes increasing values as their runs of consecutive values,
// each as its first and last value joined by through, or as the value
// alone, separated by commas.
func valueRuns(values []int, through string) string {
	var parts []string
	for i := 0; i < len(values); {
		j := i
		for j+1 < len(values) && values[j+1] == values[j]+1 {
			j++
		}
		if j > i {
			parts = append(parts, fmt.Sprint(values[i])+through+fmt.Sprint(values[j]))
		} else {
			parts = append(parts, fmt.Sprint(values[i]))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}

// searchSentence says, as a search result and not a theorem, what the
// climb that found pr's certificate saw beyond its V: the first V whose
// band state does not repeat within the rows searched, or that every V up
// to the certificate's repeats within them, the climb stopping there, or
// that the certificate records no search (an earlier version).
func searchSentence(pr *Proof) string {
	switch {
	case pr.SearchBound == 0:
		return "The certificate records no search outcome (an earlier version): where the repeats end is not stated here.\n"
	case pr.FirstUnrepeatedV == 0:
		return fmt.Sprintf("Searched, not proved: every V ≤ %d repeats within %d rows; the search stopped at V = %d, "+
			"so nothing is known here of V = %d and above.\n", pr.V, pr.SearchBound, pr.V, pr.V+1)
	}
	return fmt.Sprintf("Searched, not proved: the band state of V = %d does not repeat within %d rows "+
		"(a repeat may lie beyond them).\n", pr.FirstUnrepeatedV, pr.SearchBound)
}
