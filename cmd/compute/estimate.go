package main

import (
	"fmt"
	"io"
	"math"
	"runtime"
	"strings"
	"syscall"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/tables"
)

// cellsPerCoreSecond is the rate of compute and write, zstd, per core,
// measured at n = 10000 on the project's 2-core machine (about 3.3·10⁷
// cells/s with 2 workers) and rounded down; estimates are for planning.
const cellsPerCoreSecond = 1.5e7

// parquetCellsPerSecond is the rate of a Parquet table file's writer,
// which a second worker does not speed up: G₋₁ at n = 14000 took 12.45 s
// with one worker and 11.62 s with two (1.6–1.7·10⁷ cells/s; Arrow 5.7
// and 5.4 s), at 2·10⁴ 22.5 s (1.8·10⁷), on the 2-core AMD EPYC,
// 2026-11-27; rounded down. The plan had said 13 s at 2·10⁴.
const parquetCellsPerSecond = 1.5e7

// plan is what a run will need.
type plan struct {
	cells   int64
	memory  int64 // peak, one table at a time
	disk    int64
	seconds float64
}

// estimate plans the run of opts. Its arithmetic is in float64 and
// saturates at math.MaxInt64, so that no flag value makes it overflow.
func estimate(opts options) plan {
	if opts.band {
		return bandEstimate(opts)
	}
	if !opts.write.table() {
		return streamEstimate(opts)
	}
	perTable := float64(opts.n+1) * float64(opts.n+1)
	cores := min(opts.cfg.Workers, opts.planCPUs())
	var cells, seconds, disk, rest float64
	if opts.compression != results.None {
		rest = batchRestBytes(opts.n, opts.cfg.Tile, opts.compression)
	}
	for _, r := range opts.tables {
		cells += perTable
		perCell := cellSeconds(r, opts, 1/cellsPerCoreSecond, cores)
		if opts.format == results.Parquet {
			perCell = max(perCell, 1/parquetCellsPerSecond)
		}
		seconds += perTable * perCell
		// The footer lists each record batch in 24 bytes, reserved at a KiB;
		// the schema and footer with their metadata, about 10 KiB.
		batches := math.Ceil(float64(opts.n+1) / float64(opts.cfg.Tile))
		disk += tableFileBytes(r.ID, opts.n, opts.cfg.Tile, opts.compression, rest) + 1024*batches + 16<<10
	}
	disk += float64(valuesFileBytes(opts))
	return plan{
		cells:   saturate(cells),
		memory:  saturate(memoryBytes(opts)),
		disk:    saturate(disk),
		seconds: seconds,
	}
}

// memoryBytes is the peak memory of the run: one table at a time, so that
// of the hungriest. The engine's column sets and bands, the writer's x and
// y columns and about three bands of compression buffers, times 2.5 for the
// garbage collector's headroom, plus the zstd encoders' windows: this gives
// 325 MB and 1.13 GB at n = 10000 and 32768, where the peak RSS measured
// was 260 MB and 1.12 GB.
func memoryBytes(opts options) float64 {
	band := float64(opts.cfg.Tile) * float64(opts.n+1) * 4
	// engine.MemoryBytes counts in int64; where its bands alone would pass
	// an exabyte, no machine has the memory anyway.
	if band*float64(opts.cfg.Workers+6) > 1<<60 {
		return math.Inf(1)
	}
	var engineBytes int64
	for _, r := range opts.tables {
		engineBytes = max(engineBytes, engine.MemoryBytes(r.Rules, opts.n, opts.cfg))
	}
	return (float64(engineBytes)+5*band)*5/2 + 150<<20
}

// saturate converts v to int64, the values beyond its range to its ends.
func saturate(v float64) int64 {
	if v >= math.MaxInt64 {
		return math.MaxInt64
	}
	return int64(v)
}

// checkPlan refuses, unless -force, a run that does not fit this machine's
// memory or the free space of -out (exit 2, with the estimate), and prints
// the estimate on stderr for a run expected to take more than a few
// seconds, with what -sets dense would cost where it is the faster choice.
func checkPlan(p plan, opts options, stderr io.Writer) error {
	summary := fmt.Sprintf("%d cells, about %s of memory, %s of disk (%s) and %s",
		p.cells, formatBytes(p.memory), formatBytes(p.disk), opts.compression, formatDuration(p.seconds))
	band := ""
	if opts.write.table() {
		band = bandHint(opts.tables)
	}
	if total, ok := machineMemory(); ok && p.memory > total && !opts.force {
		return usagef("-n %d needs %s: more memory than this machine's %s; lower -n, -workers or -tile, or pass -force%s",
			opts.n, summary, formatBytes(total), band)
	}
	if free, ok := freeSpace(opts.out); ok && p.disk > free && !opts.force {
		return usagef("-n %d needs %s: more disk than the %s free in -out %s; free space, choose another -out or -compress, or pass -force%s",
			opts.n, summary, formatBytes(free), opts.out, band)
	}
	if p.seconds > 10 {
		whole := ""
		if opts.resume && opts.band {
			whole = " for the whole run (a resumed one says below what is left)"
		}
		fmt.Fprintf(stderr, "compute: %s at n=%d: %s%s\n", tableIDs(opts), opts.n, summary, whole)
		if total, ok := machineMemory(); ok {
			if hint := denseSetsHint(opts, total); hint != "" {
				fmt.Fprintln(stderr, hint)
			}
		}
	}
	return nil
}

// bandHint is what a refusal of table files too large adds: keep only the
// cells of some values with the band sweep, for the tables it serves, and
// nothing for a run of tables it serves none of.
func bandHint(rs []tables.Ruleset) string {
	var served, not []string
	for _, r := range rs {
		if _, err := r.BandRules(); err == nil {
			served = append(served, r.ID)
		} else {
			not = append(not, r.ID)
		}
	}
	const keep = "; or keep only the cells of some values%s with -write values -values LO-HI (the band sweep, to n = 10¹² − 1%s)"
	switch {
	case len(served) == 0:
		return ""
	case len(not) == 0:
		return fmt.Sprintf(keep, "", "")
	default:
		return fmt.Sprintf(keep, " of "+strings.Join(served, ","), "; it does not serve "+strings.Join(not, ", "))
	}
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

// planCPUs is the number of CPUs the plan of opts counts on: opts.cpus, or
// the machine's when it is 0.
func (opts options) planCPUs() int {
	if opts.cpus > 0 {
		return opts.cpus
	}
	return runtime.NumCPU()
}
