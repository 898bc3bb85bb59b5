package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/grundy-lab/grundy/cmd/internal/bandrun"
	"github.com/grundy-lab/grundy/cmd/internal/fullrun"
)

// withResumeCommand adds to err, when it is the interruption of a run that
// saved its state (a band run or a full sweep without a table file; a
// -patterns run stopped while it proves, before its sweep, has nothing to
// save, and -resume starts it afresh), the command line that goes on from
// there: the run's own with -resume, and without -claims, whose state is
// not saved.
func withResumeCommand(err error, opts options) error {
	if !(errors.Is(err, bandrun.ErrInterrupted) || errors.Is(err, fullrun.ErrInterrupted)) {
		return err
	}
	cmd, dropped := resumeCommand(opts.args)
	note := ""
	if dropped {
		note = " (the claims' state is not saved: check them on the finished dataset with verify)"
	}
	return fmt.Errorf("%w\nto go on: %s%s", err, cmd, note)
}

// resumeCommand is the command line args (compute's flags) with -resume,
// and without -claims; dropped says whether it had -claims. Arguments that
// a POSIX shell would split or expand are quoted.
func resumeCommand(args []string) (cmd string, dropped bool) {
	words := []string{"compute"}
	for i := 0; i < len(args); i++ {
		name, _, hasValue := strings.Cut(strings.TrimLeft(args[i], "-"), "=")
		if !strings.HasPrefix(args[i], "-") {
			words = append(words, shellQuote(args[i]))
			continue
		}
		switch name {
		case "resume": // added at the end, whatever its value here
			continue
		case "claims":
			dropped = true
			if !hasValue {
				i++ // its value is the next argument
			}
			continue
		}
		words = append(words, shellQuote(args[i]))
	}
	return strings.Join(append(words, "-resume"), " "), dropped
}

// shellQuote quotes s for a POSIX shell unless it is made of characters
// that need none.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./=,:@%+-") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
