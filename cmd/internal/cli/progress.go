package cli

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"
)

// ProgressInterval is how often StartProgress writes a line.
const ProgressInterval = time.Minute

// IsTerminal reports whether w is a terminal (a character device), where a
// command may redraw a progress bar; a file, a pipe or any other writer is not.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// LockedWriter serializes the writes to W, a writer several goroutines
// share, such as a run's notes and its progress lines. Its zero value
// needs W set.
type LockedWriter struct {
	mu sync.Mutex
	W  io.Writer
}

// Write writes p to W once no other Write is under way.
func (l *LockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.W.Write(p)
}

// StartProgress writes, every interval until stop is called, the line that
// line returns for the time elapsed, to w, unless w is a terminal: a long
// run whose stderr goes to a log then shows it is alive. line is called
// from another goroutine; stop waits for a line being written, so that
// none follows it. An interval ≤ 0 writes nothing.
func StartProgress(w io.Writer, interval time.Duration, line func(elapsed time.Duration) string) (stop func()) {
	if interval <= 0 || IsTerminal(w) {
		return func() {}
	}
	start := time.Now()
	ticker := time.NewTicker(interval)
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-done:
				return
			case <-ticker.C:
				fmt.Fprintln(w, line(time.Since(start).Round(time.Second)))
			}
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			ticker.Stop()
			close(done)
			wg.Wait()
		})
	}
}
