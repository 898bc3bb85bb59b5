package engine

import (
	"fmt"
	"runtime/debug"
)

// WorkerPanic is the error of a sweep whose worker goroutine panicked: a bug
// in the engine or in a Rules callback such as Excluded, never a fault of the
// caller's input. The sweep stops as on any other error; without the
// recovery the panic would end the whole process from a goroutine no caller
// can guard.
type WorkerPanic struct {
	Value any    // what was passed to panic
	Stack []byte // the worker's stack at the panic
}

func (p *WorkerPanic) Error() string {
	return fmt.Sprintf("engine: internal error: a worker panicked: %v\n%s", p.Value, p.Stack)
}

// RecoverWorker, deferred at the top of a worker goroutine (or of a
// sweep's work done on the caller's), turns its panic into a *WorkerPanic
// in *err; without a panic it leaves *err alone.
func RecoverWorker(err *error) {
	if p := recover(); p != nil {
		*err = &WorkerPanic{Value: p, Stack: debug.Stack()}
	}
}
