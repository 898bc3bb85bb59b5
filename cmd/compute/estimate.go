package main

import (
	"fmt"
	"io"
	"runtime"
	"strings"
	"syscall"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
)

// File bytes per cell of each compression, measured on gneg1 and passnim at
// n = 3000, 10000 and 32768 (zstd 1.10–1.32, lz4 3.1, none 12.0) and rounded up.
var bytesPerCell = map[results.Compression]float64{
	results.Zstd: 1.4,
	results.LZ4:  3.2,
	results.None: 12.05,
}

// cellsPerCoreSecond is the rate of compute and write, zstd, per core,
// measured at n = 10000 on the project's 2-core machine (about 3.3·10⁷
// cells/s with 2 workers) and rounded down; estimates are for planning.
const cellsPerCoreSecond = 1.5e7

// plan is what a run will need.
type plan struct {
	cells   int64
	memory  int64 // peak, one table at a time
	disk    int64
	seconds float64
}

// estimate plans the run of opts.
func estimate(opts options) plan {
	perTable := int64(opts.n+1) * int64(opts.n+1)
	cells := perTable * int64(len(opts.tables))
	band := int64(opts.cfg.Tile) * int64(opts.n+1) * 4
	cores := min(opts.cfg.Workers, runtime.NumCPU())
	// One table at a time: the peak is that of the hungriest.
	var engineBytes int64
	for _, r := range opts.tables {
		engineBytes = max(engineBytes, engine.MemoryBytes(r.Rules, opts.n, opts.cfg))
	}
	return plan{
		cells: cells,
		// The engine's column sets and bands, the writer's x and y columns
		// and about three bands of compression buffers, times 2.5 for the
		// garbage collector's headroom, plus the zstd encoders' windows:
		// this gives 325 MB and 1.13 GB at n = 10000 and 32768, where the
		// peak RSS measured was 260 MB and 1.12 GB.
		memory:  (engineBytes+5*band)*5/2 + 150<<20,
		disk:    int64(float64(cells)*bytesPerCell[opts.compression]) + 4096,
		seconds: float64(cells) / (cellsPerCoreSecond * float64(cores)),
	}
}

// checkPlan refuses, unless -force, a run that does not fit this machine's
// memory or the free space of -out (exit 2, with the estimate), and prints
// the estimate on stderr for a run expected to take more than a few seconds.
func checkPlan(p plan, opts options, stderr io.Writer) error {
	summary := fmt.Sprintf("%d cells, about %s of memory, %s of disk (%s) and %s",
		p.cells, formatBytes(p.memory), formatBytes(p.disk), opts.compression, formatDuration(p.seconds))
	if total, ok := machineMemory(); ok && p.memory > total && !opts.force {
		return usagef("-n %d needs %s: more memory than this machine's %s; lower -n, -workers or -tile, or pass -force",
			opts.n, summary, formatBytes(total))
	}
	if free, ok := freeSpace(opts.out); ok && p.disk > free && !opts.force {
		return usagef("-n %d needs %s: more disk than the %s free in -out %s; free space, choose another -out or -compress, or pass -force",
			opts.n, summary, formatBytes(free), opts.out)
	}
	if p.seconds > 10 {
		fmt.Fprintf(stderr, "compute: %s at n=%d: %s\n", tableIDs(opts), opts.n, summary)
	}
	return nil
}

// freeSpace returns the bytes available to this user on the file system of
// dir; ok is false where that cannot be told.
func freeSpace(dir string) (int64, bool) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return 0, false
	}
	return int64(st.Bavail) * int64(st.Bsize), true
}

// tableIDs lists the tables of the run for a message.
func tableIDs(opts options) string {
	ids := make([]string, len(opts.tables))
	for i, r := range opts.tables {
		ids[i] = r.ID
	}
	return strings.Join(ids, ",")
}

// formatDuration renders an estimated number of seconds for people.
func formatDuration(s float64) string {
	switch {
	case s < 90:
		return fmt.Sprintf("about %.0f s", max(s, 1))
	case s < 90*60:
		return fmt.Sprintf("about %.0f min", s/60)
	}
	return fmt.Sprintf("about %.1f h", s/3600)
}
