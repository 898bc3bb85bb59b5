package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/grundy-lab/grundy/engine"
)

// TestPanicIsAnInternalError: a panic in run comes back as an
// *InternalError that says it is a bug, how to report it and where it
// happened, rather than crashing with the runtime's status 2, which is also
// the status of a usage error.
func TestPanicIsAnInternalError(t *testing.T) {
	err := Guard(context.Background(), func(context.Context, []string, io.Writer, io.Writer) error {
		var m map[string]int
		m["boom"]++
		return nil
	}, nil, io.Discard, io.Discard)
	var internal *InternalError
	if !errors.As(err, &internal) {
		t.Fatalf("Guard returned %v", err)
	}
	for _, want := range []string{"internal error", "assignment to entry in nil map", "bug", "report", "TestPanicIsAnInternalError"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the message does not say %q:\n%s", want, err)
		}
	}
}

// TestErrorsPassThrough: Guard returns run's own error unchanged.
func TestErrorsPassThrough(t *testing.T) {
	want := errors.New("disk full")
	if err := Guard(context.Background(), func(context.Context, []string, io.Writer, io.Writer) error { return want }, nil, io.Discard, io.Discard); err != want {
		t.Fatalf("Guard returned %v", err)
	}
}

// TestRecoverInAnotherGoroutine: a panic in a goroutine that defers
// Recover becomes an *InternalError there, instead of ending the process.
func TestRecoverInAnotherGoroutine(t *testing.T) {
	done := make(chan error)
	go func() {
		var err error
		defer func() { done <- err }()
		defer Recover(&err)
		panic("writer state broken")
	}()
	var internal *InternalError
	if err := <-done; !errors.As(err, &internal) || internal.Value != "writer state broken" {
		t.Fatalf("Recover gave %v", err)
	}
}

// TestWorkerPanicIsAnInternalError: a panic the engine recovered in one of
// its workers reaches the top as an *InternalError too, however the command
// wrapped it, so it exits 1 with the bug report text and not 2.
func TestWorkerPanicIsAnInternalError(t *testing.T) {
	err := Guard(context.Background(), func(context.Context, []string, io.Writer, io.Writer) error {
		return fmt.Errorf("computing gneg1: %w", &engine.WorkerPanic{Value: "index out of range", Stack: []byte("engine.(*sweep).fillTile")})
	}, nil, io.Discard, io.Discard)
	var internal *InternalError
	if !errors.As(err, &internal) {
		t.Fatalf("Guard returned %v", err)
	}
	for _, want := range []string{"internal error", "index out of range", "report", "fillTile"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the message does not say %q:\n%s", want, err)
		}
	}
}

// TestSignalIsInterrupted: a run that SIGINT stops is reported as
// interrupted, not as "context canceled".
func TestSignalIsInterrupted(t *testing.T) {
	err := Run(func(ctx context.Context, _ []string, _, _ io.Writer) error {
		if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
			return err
		}
		<-ctx.Done()
		return fmt.Errorf("check the claims: %w", ctx.Err())
	}, nil, io.Discard, io.Discard)
	if _, ok := errors.AsType[*Interrupted](err); !ok || !strings.HasPrefix(err.Error(), "interrupted") || !errors.Is(err, context.Canceled) {
		t.Fatalf("Run = %v; want an *Interrupted that unwraps to context.Canceled", err)
	}
}
