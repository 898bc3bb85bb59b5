// Command corpus writes the corpus of hostile values datasets of package
// hostile into a directory, one subdirectory a case, and cases.json:
//
//	go run ./results/valuesds/hostile/corpus -out DIR [-sparse=false]
//
// Two cases hold sparse parts of 10 GB and 1 TB (-sparse=false leaves
// them out): read them where they lie, never copy them. Exit status 0 on
// success, 1 on failure, 2 on a usage error.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/grundy-lab/grundy/results/valuesds/hostile"
)

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("corpus", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "", "the directory to write the corpus into (required)")
	sparse := fs.Bool("sparse", true, "write the cases of sparse parts of 10 GB and 1 TB")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *out == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "corpus: give the directory to write into: -out DIR (and no argument)")
		return 2
	}
	cases, err := hostile.Write(ctx, *out, *sparse)
	if err != nil {
		fmt.Fprintln(stderr, "corpus:", err)
		return 1
	}
	fmt.Fprintf(stdout, "%d cases in %s (listed in %s/cases.json)\n", len(cases), *out, *out)
	return 0
}
