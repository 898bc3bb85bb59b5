// Package cli is what the commands share around their run function:
// cancellation on SIGINT and SIGTERM, reported as an interruption; a panic
// turned into an error that says it is a bug, so that a crash never exits
// with the status of a usage error; the program's version; flag parsing
// that suggests the flag meant; and progress lines for logs.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"github.com/grundy-lab/grundy/engine"
)

// RunFunc is a command's whole work: parse args, do it, report on stdout
// and stderr.
type RunFunc func(ctx context.Context, args []string, stdout, stderr io.Writer) error

// Run calls run with a context that the first SIGINT or SIGTERM cancels; a
// second one ends the process at once, as if uncaught, should anything not
// honour the cancellation. A panic in the goroutine of run becomes an
// *InternalError, and so does one in an engine worker, which the engine
// recovers. Panics in other goroutines and the runtime's fatal errors,
// out of memory among them, cannot be recovered: the Go runtime ends the
// process with status 2 and a stack trace on stderr. An error of run caused
// by the signal's cancellation is returned as an *Interrupted.
func Run(run RunFunc, args []string, stdout, stderr io.Writer) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		stop()
	}()
	return interrupted(ctx, Guard(ctx, run, args, stdout, stderr))
}

// interrupted returns err as an *Interrupted if ctx, cancelled by a signal,
// caused it; otherwise err as it is.
func interrupted(ctx context.Context, err error) error {
	if err != nil && ctx.Err() != nil && errors.Is(err, context.Canceled) {
		return &Interrupted{Err: err}
	}
	return err
}

// Interrupted is the error of a run that SIGINT or SIGTERM stopped: it
// says "interrupted", not the context's "context canceled", and unwraps to
// the error it replaces.
type Interrupted struct{ Err error }

func (e *Interrupted) Error() string { return "interrupted (SIGINT or SIGTERM); nothing more was done" }

func (e *Interrupted) Unwrap() error { return e.Err }

// Guard calls run, turning a panic in its goroutine, or one that the engine
// recovered in a worker (*engine.WorkerPanic), into an *InternalError.
func Guard(ctx context.Context, run RunFunc, args []string, stdout, stderr io.Writer) (err error) {
	defer Recover(&err)
	err = run(ctx, args, stdout, stderr)
	if wp, ok := errors.AsType[*engine.WorkerPanic](err); ok {
		return &InternalError{Value: wp.Value, Stack: wp.Stack}
	}
	return err
}

// Recover, deferred, turns a panic of the calling function into an
// *InternalError in *err. Defer it in functions that other goroutines
// call, such as the callbacks of the engine, whose panics Guard does not see.
func Recover(err *error) {
	if p := recover(); p != nil {
		*err = &InternalError{Value: p, Stack: debug.Stack()}
	}
}

// InternalError is a panic caught at the top of a command: a bug, not the
// user's mistake.
type InternalError struct {
	Value any
	Stack []byte
}

func (e *InternalError) Error() string {
	return fmt.Sprintf("internal error: %v\n"+
		"This is a bug, not a problem with your input. Please report it at "+
		"https://github.com/grundy-lab/grundy/issues with the command line, the program version "+
		"and this message, stack included:\n%s", e.Value, e.Stack)
}
