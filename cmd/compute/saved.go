package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"syscall"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
)

// savedRows says what an interrupted or failed run of the table file path
// left for -resume: rows rows under its last checkpoint.
func savedRows(path string, rows, n int) string {
	if rows == 0 {
		return fmt.Sprintf("no rows were saved yet (nothing was written to %s); rerun, with or without -resume, to start again", path)
	}
	return fmt.Sprintf("rows 0..%d of %d are saved in %s: rerun with -resume to continue from row %d",
		rows-1, n+1, results.PartialName(path), rows)
}

// failed is the error of a run of the table file path that failed with err
// after w kept its last checkpoint. When the disk is full it says how to go
// on elsewhere: the partial file and its checkpoint carry no paths, so
// they resume from any directory.
func failed(id, path string, err error, rows, n int) error {
	msg := fmt.Errorf("%s: %w; %s", id, err, savedRows(path, rows, n))
	if !errors.Is(err, syscall.ENOSPC) || rows == 0 {
		return msg
	}
	partial := results.PartialName(path)
	return fmt.Errorf("%w. The disk of %s is full: free space there and rerun with -resume, or move %s and %s to a "+
		"directory with room and run compute -resume -out THERE with the same -table, -n, -tile and -compress",
		msg, filepath.Dir(path), partial, partial+".checkpoint")
}

// errTableInterrupted is wrapped by the error of a table file's run that
// Ctrl-C or SIGTERM stopped after its last checkpoint was taken:
// withResumeCommand adds the command that goes on.
var errTableInterrupted = errors.New("interrupted")

// stopTable keeps the saved rows of the table file w at path, whose run err
// stopped (Ctrl-C when interrupted: then a last checkpoint is taken; in the
// replay of the saved rows when replay), and says how to go on.
func stopTable(id, path string, w results.Writer, err error, interrupted, replay bool, n int) error {
	switch {
	case replay && !interrupted:
		w.Keep()
		if errors.Is(err, engine.ErrKnownRows) {
			return fmt.Errorf("%s: %w; the saved rows are damaged: start afresh without -resume", id, err)
		}
		return fmt.Errorf("%s: %w", id, err)
	case !interrupted:
		return failed(id, path, err, w.Keep(), n)
	}
	rows, serr := w.Suspend()
	if errors.Is(serr, results.ErrNotResumable) {
		return fmt.Errorf("%s: interrupted; nothing was kept: %w", id, serr)
	}
	if serr != nil {
		return fmt.Errorf("%s: interrupted, and the last checkpoint failed: %w; %s", id, serr, savedRows(path, rows, n))
	}
	return fmt.Errorf("%s: %w; %s", id, errTableInterrupted, savedRows(path, rows, n))
}
