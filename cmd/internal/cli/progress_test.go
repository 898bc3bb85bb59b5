package cli

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for the progress goroutine.
type syncBuffer struct {
	LockedWriter
	b bytes.Buffer
}

func newSyncBuffer() *syncBuffer {
	s := new(syncBuffer)
	s.W = &s.b
	return s
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestProgressOffATerminal: a writer that is not a terminal gets a line per
// interval, and none after stop.
func TestProgressOffATerminal(t *testing.T) {
	out := newSyncBuffer()
	stop := StartProgress(out, 10*time.Millisecond, func(elapsed time.Duration) string { return "still working" })
	deadline := time.Now().Add(5 * time.Second)
	for strings.Count(out.String(), "still working\n") < 2 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	stop()
	got := out.String()
	if strings.Count(got, "still working\n") < 2 {
		t.Fatalf("progress lines: %q", got)
	}
	time.Sleep(30 * time.Millisecond)
	if out.String() != got {
		t.Errorf("a line after stop: %q", out.String())
	}
	stop() // a second stop is harmless
}
