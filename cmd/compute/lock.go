package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/grundy-lab/grundy/tables"
)

// A run holds an advisory lock (flock) on a lock file of each of its tables,
// one per table id and n whatever the format or -write (every run of that
// table writes beside the same names), from before it looks at any file of
// the table until it has finished with it. Two runs of one table would otherwise
// write the same partial file and checkpoint, and the second would rename
// away or erase the first's work. The lock is released by the kernel when
// the process ends in any way, kill -9 included, so a lock file left behind
// never blocks a later run.

// tableLock is a held lock on one table file.
type tableLock struct {
	file *os.File
	name string
}

// lockName is the lock file of table id at size n in the directory out.
func lockName(out, id string, n int) string {
	return filepath.Join(out, fmt.Sprintf(".%s_n%d.lock", id, n))
}

// errLocked reports that another process holds the lock of a table.
var errLocked = errors.New("another run is writing this table")

// lockTable takes the lock file name without waiting, and records holder
// (who this run is) in it for a second run's message. If another process
// holds it, the error wraps errLocked and names that process.
func lockTable(name, holder string) (*tableLock, error) {
	for {
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW, 0o644)
		if err != nil {
			return nil, fmt.Errorf("lock %s: %w", name, err)
		}
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
			f.Close()
			if errors.Is(err, syscall.EWOULDBLOCK) {
				return nil, fmt.Errorf("%w (%s; lock file %s): wait for it to finish or stop it, "+
					"then rerun with -resume; runs of other tables can go side by side", errLocked, lockHolder(name), name)
			}
			return nil, fmt.Errorf("lock %s: %w", name, err)
		}
		// The previous holder removes the file when it is done; if it did
		// so between our open and our flock, the lock is on a file no one
		// else will open, and guards nothing: take it again.
		if sameFile(f, name) {
			l := &tableLock{file: f, name: name}
			if err := l.record(holder); err != nil {
				l.release()
				return nil, err
			}
			return l, nil
		}
		f.Close()
	}
}

// record writes holder into the lock file.
func (l *tableLock) record(holder string) error {
	if err := l.file.Truncate(0); err != nil {
		return fmt.Errorf("lock %s: %w", l.name, err)
	}
	if _, err := l.file.WriteAt([]byte(holder), 0); err != nil {
		return fmt.Errorf("lock %s: %w", l.name, err)
	}
	return nil
}

// release removes the lock file and drops the lock, in that order, so that
// no other process can lock the removed file after us and believe it holds
// the table.
func (l *tableLock) release() {
	os.Remove(l.name)
	l.file.Close()
}

// sameFile reports whether the open file f is still the file at name.
func sameFile(f *os.File, name string) bool {
	opened, err := f.Stat()
	if err != nil {
		return false
	}
	current, err := os.Lstat(name)
	return err == nil && os.SameFile(opened, current)
}

// lockHolder describes the process that holds the lock file name, as it
// recorded itself.
func lockHolder(name string) string {
	data, err := os.ReadFile(name)
	if holder := strings.TrimSpace(string(data)); err == nil && holder != "" {
		return "held by " + holder
	}
	return "held by a process that has not written its details yet"
}

// describeSelf is what this run records in its lock files.
func describeSelf(args []string) string {
	host, _ := os.Hostname()
	return fmt.Sprintf("pid %d on %s, started %s, command: compute %s",
		os.Getpid(), host, time.Now().UTC().Format("2006-01-02 15:04:05 UTC"), strings.Join(args, " "))
}

// lockTables takes the locks of all the run's tables in out at size n, or
// none: on failure it releases those it took.
func lockTables(out string, rs []tables.Ruleset, n int, holder string) ([]*tableLock, error) {
	var locks []*tableLock
	for _, r := range rs {
		l, err := lockTable(lockName(out, r.ID, n), holder)
		if err != nil {
			releaseAll(locks)
			return nil, err
		}
		locks = append(locks, l)
	}
	return locks, nil
}

// releaseAll releases locks.
func releaseAll(locks []*tableLock) {
	for _, l := range locks {
		l.release()
	}
}
