package main

import (
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
)

// progress is a progress bar on a terminal, and nothing elsewhere or with
// -quiet, so logs and pipes stay clean.
type progress struct{ bar *progressbar.ProgressBar }

// newProgress shows cells done, cells/s and the ETA of one table on stderr.
func newProgress(stderr io.Writer, quiet bool, table string, cells int64) progress {
	if quiet || !isTerminal(stderr) {
		return progress{}
	}
	return progress{progressbar.NewOptions64(cells,
		progressbar.OptionSetWriter(stderr),
		progressbar.OptionSetDescription(table),
		progressbar.OptionSetItsString("cells"),
		progressbar.OptionShowIts(),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(200*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)}
}

func (p progress) add(cells int64) {
	if p.bar != nil {
		p.bar.Add64(cells)
	}
}

func (p progress) finish() {
	if p.bar != nil {
		p.bar.Exit()
	}
}

// isTerminal reports whether w is a character device, such as a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
