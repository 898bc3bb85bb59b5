package cli

import (
	"flag"
	"strings"
	"testing"
)

// TestPrintDefaultsSaysEachDefaultOnce: a flag whose usage states its
// default loses the flag package's "(default …)"; the others keep it.
func TestPrintDefaultsSaysEachDefaultOnce(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	var b strings.Builder
	fs.SetOutput(&b)
	fs.Int("n", -1, "read this n only (default: the largest n)")
	fs.String("values", "0-40", "the values to search (0-40 if not given); with -other every value if not given")
	fs.String("out", "out", "the directory")
	fs.Bool("quiet", false, "no progress")
	PrintDefaults(fs)
	want := "  -n int\n    \tread this n only (default: the largest n)\n" +
		"  -out string\n    \tthe directory (default \"out\")\n" +
		"  -quiet\n    \tno progress\n" +
		"  -values string\n    \tthe values to search (0-40 if not given); with -other every value if not given\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}
