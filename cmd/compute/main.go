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
// table from its last checkpoint and skips the tables already complete.
//
// Exit status: 0 on success, 1 on a runtime failure, 2 on a usage error.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(exitCode(err, os.Stderr))
}

// exitCode reports err on stderr and maps it to the exit status.
func exitCode(err error, stderr io.Writer) int {
	var usage usageError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &usage):
		fmt.Fprintln(stderr, "compute:", err)
		return 2
	default:
		fmt.Fprintln(stderr, "compute:", err)
		return 1
	}
}
