package main

import (
	"bytes"
	"math/rand"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// uninterruptedRun runs the binary bin with args to the end and returns
// how long it took.
func uninterruptedRun(t *testing.T, bin string, args ...string) time.Duration {
	t.Helper()
	began := time.Now()
	run, stderr := startCompute(t, bin, args...)
	if err := run.Wait(); err != nil {
		t.Fatalf("the uninterrupted run: %v: %s", err, stderr)
	}
	return time.Since(began)
}

// interruptUntilDone starts the binary bin with args again and again, and
// calls stop on each run still going after delay(attempt), with the channel
// its exit comes on; stop says whether it stopped the run (false: the run
// finished as it came). It goes on until a run exits by itself (a failed
// run ends the test) and returns how many runs stop stopped and what the
// run that finished printed. The run of attempt interruptedRuns is left to
// finish, however slow the machine has become since the delays were set
// (a CI runner's other tests: 40 runs under ever later kills did not
// finish once).
func interruptUntilDone(t *testing.T, bin string, args []string, delay func(attempt int) time.Duration,
	stop func(attempt int, cmd *exec.Cmd, done <-chan error, stderr *bytes.Buffer) bool) (int, string) {
	t.Helper()
	stopped := 0
	for attempt := 0; ; attempt++ {
		cmd, stderr := startCompute(t, bin, args...)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		var late <-chan time.Time // nil, never ready, for the last run
		if attempt < interruptedRuns {
			late = time.After(delay(attempt))
		}
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("run %d failed: %v\n%s", attempt, err, stderr)
			}
			return stopped, cmd.Stdout.(*bytes.Buffer).String()
		case <-late:
			if !stop(attempt, cmd, done, stderr) {
				return stopped, cmd.Stdout.(*bytes.Buffer).String()
			}
			stopped++
		}
	}
}

// interruptedRuns bounds the runs interruptUntilDone interrupts.
const interruptedRuns = 40

// signalUntilDone starts the binary bin with args (with -resume) again and
// again, sending it SIGINT and SIGTERM in turn at a random moment of a run
// as long as full, (3 + rand(spread) + step·attempt)% of it with a source
// seeded by seed: later with every attempt, whatever the machine's speed
// (fixed delays let a fast machine finish first). It goes on until a run
// exits by itself, and returns the stderr of every run the signal stopped,
// each of which must have exited 1 saying the command that resumes.
func signalUntilDone(t *testing.T, bin string, args []string, full time.Duration, seed int64, spread, step int) []string {
	t.Helper()
	rng := rand.New(rand.NewSource(seed))
	var stopped []string
	interruptUntilDone(t, bin, args, func(attempt int) time.Duration {
		return full * time.Duration(3+rng.Intn(spread)+step*attempt) / 100
	}, func(attempt int, cmd *exec.Cmd, done <-chan error, stderr *bytes.Buffer) bool {
		sig := []syscall.Signal{syscall.SIGINT, syscall.SIGTERM}[attempt%2]
		cmd.Process.Signal(sig)
		if err := <-done; err == nil { // it finished as the signal came
			return false
		}
		if code := cmd.ProcessState.ExitCode(); code != 1 || !strings.Contains(stderr.String(), "to go on: "+shellQuote(bin)+" ") {
			t.Fatalf("%v at attempt %d: exit %d, %s", sig, attempt, code, stderr)
		}
		stopped = append(stopped, stderr.String())
		return true
	})
	return stopped
}
