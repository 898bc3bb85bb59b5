// Command compute fills 2-D Sprague-Grundy tables and writes each as an
// Arrow IPC file <out>/<id>_n<N>.arrow.
//
// Usage:
//
//	compute -table gneg1,gstarneg1,passnim -n 10000 [-out DIR] [-workers K] [-tile T] [-compress zstd|lz4|none]
//	        [-quiet] [-force] [-resume] [-checkpoint 1m]
//
// A table is written to a hidden partial file beside its final name, which
// it takes only when complete. Every -checkpoint the rows written are synced
// and recorded; after a kill, -resume (with the same flags) continues each
// table from its last checkpoint and skips the tables whose file is
// complete, which it checks. A run holds a lock on each of its tables, so a
// second run of one of them refuses at once, naming the first.
//
// Exit status: 0 on success, 1 on a runtime failure (an internal error
// included), 2 on a usage error, 3 when a claim checked with -claims has a
// counterexample.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/grundy-lab/grundy/cmd/internal/cli"
)

func main() {
	err := cli.Run(run, os.Args[1:], os.Stdout, os.Stderr)
	os.Exit(exitCode(err, os.Stderr))
}

// exitCode reports err on stderr and maps it to the exit status.
func exitCode(err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	fmt.Fprintln(stderr, "compute:", err)
	var usage usageError
	if errors.As(err, &usage) {
		return 2
	}
	if errors.Is(err, errClaimsFail) {
		return 3
	}
	return 1
}
