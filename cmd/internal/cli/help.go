package cli

import (
	"flag"
	"io"
	"strings"
)

// PrintDefaults prints the flags of fs to its output as fs.PrintDefaults
// does, but for the "(default …)" that the flag package adds to a flag
// whose usage states its default itself ("(default: …)" or "… if not
// given"): -help then says each default once, in the usage's words (the
// flag package's would contradict it, -n's -1 beside "the largest n",
// say).
func PrintDefaults(fs *flag.FlagSet) {
	var b strings.Builder
	out := fs.Output()
	fs.SetOutput(&b)
	fs.PrintDefaults()
	fs.SetOutput(out)
	for _, line := range strings.SplitAfter(b.String(), "\n") {
		if i := strings.LastIndex(line, " (default "); i > 0 && statesDefault(line[:i]) {
			line = line[:i] + "\n"
		}
		io.WriteString(out, line)
	}
}

// statesDefault reports whether a flag's usage says what it defaults to.
func statesDefault(usage string) bool {
	return strings.Contains(usage, "(default:") || strings.Contains(usage, "if not given")
}
