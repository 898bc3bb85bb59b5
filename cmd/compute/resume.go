package main

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/grundy-lab/grundy/cmd/internal/bandrun"
	"github.com/grundy-lab/grundy/cmd/internal/fullrun"
)

// self is the program as it was invoked (os.Args[0]: bin/compute, compute
// on PATH, …), the first word of the command lines compute prints, so that
// they run as printed from where the user ran this one.
var self = os.Args[0]

// withResumeCommand adds to err, when it is the interruption of a run that
// saved its state (a band run, a full sweep without a table file, or a
// table file's rows; a -patterns run stopped while it proves, before its
// sweep, has nothing to save, and -resume starts it afresh), the command
// line that goes on from there: the run's own with -resume, and without
// -claims, whose state is not saved.
func withResumeCommand(err error, opts options) error {
	if !(errors.Is(err, bandrun.ErrInterrupted) || errors.Is(err, fullrun.ErrInterrupted) || errors.Is(err, errTableInterrupted)) {
		return err
	}
	cmd, dropped := resumeCommand(self, opts.args)
	note := ""
	if dropped {
		note = " (the claims' state is not saved: check them on the finished dataset with verify)"
	}
	return fmt.Errorf("%w\nto go on: %s%s", err, cmd, note)
}

// resumeCommand is the command line program args (compute's flags) with
// -resume, and without -claims; dropped says whether it had -claims.
// Words that a POSIX shell would split or expand are quoted.
func resumeCommand(program string, args []string) (cmd string, dropped bool) {
	words := []string{shellQuote(program)}
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
