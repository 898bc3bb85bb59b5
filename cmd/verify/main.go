// Command verify checks the statements of the papers in ../shared/seeds,
// as registered in package conjecture, against computed table files and
// against solvers of the games, and reports where they fail.
//
// Usage:
//
//	verify -in DIR [-n N] [-claims goishi.*,pass.lem4c] [-bound B] [-cap N] [-json FILE] [-list]
//
// It reads <DIR>/<table>_n<N>.arrow as cmd/compute writes them (with -n,
// the files of that N; without, the largest N of each table), checks every
// selected claim whose table is present and skips, saying why, those whose
// table is not, and prints one line per claim: its id, holds, FAILS or
// skipped, what was checked, and the first counterexamples. A name that is
// not a regular file, such as a FIFO, is an error, never waited on.
//
// With -patterns it searches one table file for periodic patterns of its
// values instead (conjecture/pattern), printing one line per value and
// writing them as JSON (-json) and as statements in the papers' style
// (-markdown); with -claims-from it re-checks such a JSON file's patterns as
// claims against another, usually larger, table:
//
//	verify -patterns -in out/gneg1_n10000.arrow [-values 0-40] [-max-period P] [-json FILE] [-markdown FILE]
//	verify -claims-from patterns.json -in FILE|DIR [-game GAME.toml] [-cap N] [-json FILE]
//
// -game refuses, naming both identities, a patterns file (or a values
// dataset -in) that records another game than the game file, as it does
// with -certificate.
//
// With -in a values dataset alone it checks every cell of the dataset
// against the definition of its table (conjecture/bandcheck):
//
//	verify -in out/gneg1_n1000000.values
//
// With -prove it proves, from a repeated band state (conjecture/proof),
// that the values 0 … V of each table are periodic for all x, y, for the
// largest V ≤ HI that repeats within -prove-bound rows, writes the certificates
// and re-checks them; -certificate re-checks one on its own (exit 1 when
// it does not hold), after printing the rows and cells its check reads
// and the time it should take, and refuses one above -max-cells cells:
//
//	verify -prove [-table gneg1,gstarneg1,passnim] [-values 0-HI] [-prove-bound ROWS] [-out DIR] [-workers N]
//	verify -certificate FILE [-game GAME.toml] [-max-cells N] [-recheck-search] [-workers N]
//
// A JSON file given to the wrong flag (a patterns file to -certificate, a
// certificate to -claims-from or -in) is told by its "format" field and
// sent to the flag that takes it; the partial result of an unfinished run
// of cmd/compute given to -in is sent back to compute -resume.
//
// Exit status: 0 if every checked claim holds, 3 if a counterexample was
// found, 1 on a runtime failure (an unreadable, truncated or foreign
// file, a certificate that does not hold, an interruption, an internal
// error), 2 on a usage error (a flag a mode does not use, a file given to
// the wrong flag).
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
	// A pattern index is most of the heap and lives for its whole block, so
	// Go's default target (a heap twice the live data) would double the
	// peak; a quarter keeps it near the live heap, as in compute. GOGC, when
	// set, still decides.
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
	fmt.Fprintln(stderr, "verify:", err)
	var usage usageError
	switch {
	case errors.Is(err, errFails):
		return 3
	case errors.As(err, &usage):
		return 2
	}
	return 1
}
