package conjecture_test

import (
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/conjecture/papers"
)

func TestSelect(t *testing.T) {
	tests := []struct {
		list string
		want []string // ids, or nil with err
		err  string
	}{
		{list: "pass.lem4c", want: []string{"pass.lem4c"}},
		{list: " pass.lem4? , goishi.thm4.4 ", want: []string{"goishi.thm4.4", "pass.lem4a", "pass.lem4b", "pass.lem4c"}},
		{list: "pass.table2*", want: []string{"pass.table2", "pass.table2.corrected"}},
		{list: "goishi.thm5.*", want: []string{"goishi.thm5.1", "goishi.thm5.2", "goishi.thm5.3", "goishi.thm5.4"}},
		{list: "pass.lem9", err: `claim pattern "pass.lem9" matches no claim`},
		{list: "pass.[", err: `claim pattern "pass.[": syntax error in pattern`},
		{list: "goishi.*,,pass.*", err: `empty claim pattern in "goishi.*,,pass.*"`},
		{list: " ", err: "no claim patterns"},
	}
	for _, tt := range tests {
		patterns, err := conjecture.ParsePatterns(tt.list)
		var got []conjecture.Claim
		if err == nil {
			got, err = conjecture.Select(papers.All(), patterns)
		}
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("%q: err = %v, want %q", tt.list, err, tt.err)
			}
			continue
		}
		var ids []string
		for _, c := range got {
			ids = append(ids, c.ID)
		}
		if err != nil || !slices.Equal(ids, tt.want) {
			t.Errorf("%q: got %v, %v; want %v", tt.list, ids, err, tt.want)
		}
	}
}

// FuzzParsePatterns: the parser never panics; what it accepts are
// non-empty, trimmed, well-formed patterns, one per comma-separated entry.
func FuzzParsePatterns(f *testing.F) {
	f.Add("goishi.*,pass.lem4c")
	f.Add(" a , [b")
	f.Add(",")
	f.Fuzz(func(t *testing.T, list string) {
		patterns, err := conjecture.ParsePatterns(list)
		if err != nil {
			return
		}
		if len(patterns) != strings.Count(list, ",")+1 {
			t.Fatalf("%q gave %d patterns", list, len(patterns))
		}
		for _, p := range patterns {
			if _, err := path.Match(p, ""); p == "" || p != strings.TrimSpace(p) || err != nil {
				t.Fatalf("%q gave the pattern %q (%v)", list, p, err)
			}
		}
		if _, err := conjecture.Select(papers.All(), patterns); err != nil && !strings.Contains(err.Error(), "matches no claim") {
			t.Fatalf("Select(%q): %v", patterns, err)
		}
	})
}
