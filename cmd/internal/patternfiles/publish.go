package patternfiles

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/grundy-lab/grundy/conjecture/proof"
	"github.com/grundy-lab/grundy/engine/band"
	"github.com/grundy-lab/grundy/results"
)

// ErrCheckInterrupted reports that the check of a certificate was stopped
// by its context: the certificate is kept, unchecked, at its pending name
// (PendingName), and CheckPending finishes it.
var ErrCheckInterrupted = errors.New("the check of the certificate was interrupted")

// PendingName is where a certificate to be published at path waits for
// its check: path with ".unchecked" appended, a name that no reader of
// certificates (*.proof.json) takes for one.
func PendingName(path string) string { return path + ".unchecked" }

// Publish writes c to PendingName(path), atomically, checks it from the
// file (proof.CheckProgress, the independent band check, reporting its
// rows to progress, if set) and only then renames it to path, so that a
// file at path has always passed its check. A certificate that does not
// check is removed; one whose check ctx stops is kept at its pending name,
// and the error wraps ErrCheckInterrupted and names it.
func Publish(ctx context.Context, c proof.Certificate, path string, cfg band.Config, progress func(rows int64)) error {
	if err := WritePending(c, path); err != nil {
		return err
	}
	return CheckPending(ctx, path, cfg, progress)
}

// WritePending writes c, atomically, to PendingName(path), where it waits
// for CheckPending.
func WritePending(c proof.Certificate, path string) error {
	pending := PendingName(path)
	if err := results.WriteAtomic(pending, func(f *os.File) error { return c.Encode(f) }); err != nil {
		return fmt.Errorf("write the certificate %s: %w", pending, err)
	}
	return nil
}

// CheckPending checks the certificate waiting at PendingName(path) and
// publishes it at path as Publish does: renamed to path once it checks,
// removed if it does not, kept if ctx stops the check (the error wraps
// ErrCheckInterrupted). A missing pending file is an error wrapping
// fs.ErrNotExist.
func CheckPending(ctx context.Context, path string, cfg band.Config, progress func(rows int64)) error {
	pending := PendingName(path)
	err := CheckFile(ctx, pending, cfg, progress)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return err
	case err != nil && ctx.Err() != nil:
		return fmt.Errorf("%w: the certificate is kept, unchecked, at %s (%w)", ErrCheckInterrupted, pending, err)
	case err != nil:
		if rerr := os.Remove(pending); rerr != nil {
			return fmt.Errorf("the certificate does not check: %w (and it could not be removed: %w)", err, rerr)
		}
		return fmt.Errorf("the certificate does not check, and was removed: %w", err)
	}
	if err := os.Rename(pending, path); err != nil {
		return fmt.Errorf("publish the checked certificate %s: %w", path, err)
	}
	return nil
}
