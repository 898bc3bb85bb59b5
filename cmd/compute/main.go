// Command compute fills 2-D Sprague-Grundy tables and writes each as an
// Arrow IPC file <out>/<id>_n<N>.arrow (or, with -format parquet, a
// Parquet file), a values dataset <out>/<id>_n<N>.values/ of the cells with
// chosen values, or nothing but the checksum, checking claims on the rows as
// they stream. Without a table file it sweeps only the band of the values
// kept where the rules allow (-sweep band, package bandrun), and the whole
// table otherwise or with -sweep full (package fullrun).
//
// Usage:
//
//	compute -table gneg1,gstarneg1,passnim -n 10000 [-out DIR] [-workers K] [-tile T]
//	        [-format arrow|parquet] [-compress zstd|lz4|none] [-quiet] [-force] [-resume] [-checkpoint 1m]
//	        [-write table,values|none] [-values LO-HI] [-claims PATTERNS] [-sets auto|dense|sparse]
//	        [-sweep auto|band|full] [-rows A-B] [-patterns [-prove-bound ROWS]]
//	compute -list
//	compute -version
//
// A file is written under a hidden partial name beside its final one, which
// it takes only when complete. Every -checkpoint the rows written are synced
// and recorded (with no table file, the sweep's state and the values
// dataset's finished parts are saved instead);
// after a kill, -resume (with the same flags) continues each table from its
// last checkpoint and skips the tables whose files are complete, which it
// checks. A run holds a lock on each of its tables, so a second run of one
// of them refuses at once, naming the first.
//
// Ctrl-C or SIGTERM saves what is done and prints the command that resumes
// (exit 1).
//
// Exit status: 0 on success, 1 on a runtime failure (an internal error
// included) or an interruption, 2 on a usage error, 3 when a claim checked with -claims has a
// counterexample.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"github.com/grundy-lab/grundy/cmd/internal/cli"
)

func main() {
	// The engine's value sets are most of the heap and live to the end of
	// the run, so Go's default target (a heap twice the live data) would
	// double the peak; a quarter keeps it near the live heap (sparse sets at
	// n = 3·10⁴: 158 → 105 MB peak RSS) at no CPU cost measurable beside the
	// noise. GOGC, when set, still decides.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(25)
	}
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
