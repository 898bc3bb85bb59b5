package pattern

import (
	"strings"
	"testing"
)

// searchSentence states the search's outcome as a search result: the
// first V that does not repeat within the bound, every V up to the
// certificate's repeating (the climb stopped at HI), or none recorded; it
// never names a V the proof block does not.
func TestSearchSentence(t *testing.T) {
	for _, tc := range []struct {
		name    string
		pr      Proof
		want    string
		notWant string
	}{
		{"an unrepeated V", Proof{V: 31, SearchBound: 1000000, FirstUnrepeatedV: 32},
			"Searched, not proved: the band state of V = 32 does not repeat within 1000000 rows", "every V"},
		{"stopped at HI", Proof{V: 12, SearchBound: 5000},
			"every V ≤ 12 repeats within 5000 rows; the search stopped at V = 12", "does not repeat"},
		{"an earlier version", Proof{V: 12}, "records no search outcome", "V = 13"},
	} {
		got := searchSentence(&tc.pr)
		if !strings.Contains(got, tc.want) || strings.Contains(got, tc.notWant) {
			t.Errorf("%s: %q, want %q and not %q", tc.name, got, tc.want, tc.notWant)
		}
	}
}
