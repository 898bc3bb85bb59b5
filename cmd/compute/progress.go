package main

import (
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/grundy-lab/grundy/cmd/internal/cli"
)

// progress is a progress bar on a terminal; elsewhere (a log, a pipe) a
// line every cli.ProgressInterval, so that an overnight run's log shows it
// is alive; nothing with -quiet.
type progress struct {
	bar      *progressbar.ProgressBar
	done     *atomic.Int64
	stop     func()
	finished *sync.Once
}

// newProgress shows the units (cells, rows) done of total, their rate and
// the ETA of one table on stderr.
func newProgress(stderr io.Writer, quiet bool, table, units string, total int64) progress {
	switch {
	case quiet:
		return progress{}
	case cli.IsTerminal(stderr):
		return progress{finished: new(sync.Once), bar: progressbar.NewOptions64(total,
			progressbar.OptionSetWriter(stderr),
			progressbar.OptionSetDescription(table),
			progressbar.OptionSetItsString(units),
			progressbar.OptionShowIts(),
			progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionThrottle(200*time.Millisecond),
			progressbar.OptionClearOnFinish(),
		)}
	}
	done := new(atomic.Int64)
	stop := cli.StartProgress(stderr, cli.ProgressInterval, func(elapsed time.Duration) string {
		n := done.Load()
		line := fmt.Sprintf("compute: %s: %d of %d %s (%.1f%%) in %v, %.3g %s/s", table, n, total, units,
			100*float64(n)/float64(max(total, 1)), elapsed, float64(n)/elapsed.Seconds(), units)
		if n > 0 {
			line += fmt.Sprintf(", about %v to go", (time.Duration(float64(elapsed) * float64(total-n) / float64(n))).Round(time.Second))
		}
		return line
	})
	return progress{finished: new(sync.Once), done: done, stop: stop}
}

// add counts units more done.
func (p progress) add(units int64) {
	if p.bar != nil {
		p.bar.Add64(units)
	}
	if p.done != nil {
		p.done.Add(units)
	}
}

// borrowed is p for one of the tables that share it: finish does nothing
// for it, the owner's call ends p.
func (p progress) borrowed() progress {
	p.finished = nil
	return p
}

// finish clears the bar, or stops the lines; only the first call counts.
func (p progress) finish() {
	if p.finished == nil {
		return
	}
	p.finished.Do(func() {
		if p.bar != nil {
			p.bar.Exit()
		}
		if p.stop != nil {
			p.stop()
		}
	})
}
