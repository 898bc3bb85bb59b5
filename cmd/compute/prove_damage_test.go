package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/cmd/internal/cli"
	"github.com/grundy-lab/grundy/cmd/internal/patternfiles"
	"github.com/grundy-lab/grundy/conjecture/proof"
	"github.com/grundy-lab/grundy/engine/band"
)

// A saved search with one bit flipped, its framing intact, is refused by
// -resume, naming the file and the way on: without its checksum it was
// taken, and the climb went on from a state that is not the table's.
func TestProveResumeDamagedState(t *testing.T) {
	const table, bound = "gneg1", 20000
	dir := t.TempDir()
	statePath := saveSearchMidClimb(t, table, bound, dir, func(st *proof.SearchState) bool { return st.V >= 3 && st.Sweep.Next > 0 })
	saved, err := os.ReadFile(statePath)
	if err != nil {
		t.Fatal(err)
	}
	// Bits of the sweep's state and of the marks, after the header.
	for _, at := range []int{len(saved) / 2, len(saved) - 40} {
		damaged := append([]byte(nil), saved...)
		damaged[at] ^= 0x10
		if err := os.WriteFile(statePath, damaged, 0o644); err != nil {
			t.Fatal(err)
		}
		_, stderr, code := runCompute(t, "-prove", "-resume", "-table", table, "-values", "0-30",
			"-prove-bound", fmt.Sprint(bound), "-out", dir, "-quiet")
		if code != 1 || !strings.Contains(stderr, statePath) || !strings.Contains(stderr, "SHA-256") || !strings.Contains(stderr, "move it away") {
			t.Errorf("byte %d of %d damaged: exit %d, %q; want 1 naming %s, its checksum and the way on", at, len(saved), code, stderr, statePath)
		}
	}
}

// A certificate whose check was stopped waits at its pending name, not at
// its own, and compute -prove says how to go on; -resume checks and
// publishes it, and refuses it under another -prove-bound.
func TestProveResumePendingCertificate(t *testing.T) {
	const table, bound, hi = "gneg1", 20000, 30
	rep, found, err := proof.Largest(context.Background(), table, hi, bound, proof.Options{Config: band.Config{Workers: 1}})
	if err != nil || !found {
		t.Fatalf("no repeat: %v", err)
	}
	c, err := proof.NewCertificate(rep, cli.Version())
	if err != nil {
		t.Fatal(err)
	}
	outcome := proof.OutcomeOf(rep, hi, bound)
	c.Search = &outcome
	dir := t.TempDir()
	path := filepath.Join(dir, patternfiles.CertificateName(table))
	if err := patternfiles.WritePending(c, path); err != nil {
		t.Fatal(err)
	}
	args := []string{"-prove", "-resume", "-table", table, "-values", fmt.Sprint("0-", hi), "-prove-bound", fmt.Sprint(bound), "-out", dir, "-quiet"}
	stopped, cancel := context.WithCancel(context.Background())
	cancel()
	var stdout, stderr strings.Builder
	code := exitCode(run(stopped, args, &stdout, &stderr), &stderr)
	if want := "awaits its check at " + patternfiles.PendingName(path) + ": rerun with -resume"; code != 1 || !strings.Contains(stderr.String(), want) {
		t.Errorf("a check stopped: exit %d, %q; want 1 and %q", code, stderr.String(), want)
	}
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("a certificate whose check was stopped is at its name %s (%v)", path, err)
	}
	other := append([]string{}, args...)
	other[7] = fmt.Sprint(bound + 1)
	if _, stderr, code := runCompute(t, other...); code != 1 || !strings.Contains(stderr, fmt.Sprintf("give -prove-bound %d", bound)) {
		t.Errorf("another -prove-bound: exit %d, %q", code, stderr)
	}
	out, errOut, code := runCompute(t, args...)
	line := fmt.Sprintf("the values 0 … %d repeat with period P = %d from row x0 = %d", rep.V, rep.P, rep.X0)
	if code != 0 || !strings.Contains(out, line) {
		t.Fatalf("the pending certificate resumed: exit %d\n%s%s\nwant %q", code, out, errOut, line)
	}
	if _, err := os.Stat(patternfiles.PendingName(path)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the pending certificate is left after its check (%v)", err)
	}
	if err := patternfiles.CheckFile(context.Background(), path, band.Config{Workers: 1}, nil); err != nil {
		t.Error(err)
	}
}

// What an interrupted climb says is saved is what it saved: the search it
// saved last, the one it resumed from, the certificate it climbed on
// from, or nothing (it used to say "the search is saved in" before its
// first save, and -resume then started from V = 0).
func TestProveInterruptedSaysWhatIsSaved(t *testing.T) {
	saved := &proof.SearchState{V: 7, Sweep: band.State{Next: 1 << 18}}
	for _, tc := range []struct {
		name           string
		saved, resumed *proof.SearchState
		known          *proof.KnownRepeat
		says           string
	}{
		{"saved", saved, nil, nil, "the search of V = 7 is saved in dir/gneg1.prove-state as of row 262144"},
		{"resumed, not saved", nil, saved, nil, "dir/gneg1.prove-state still holds the search of V = 7 as of row 262144"},
		{"from a certificate", nil, nil, &proof.KnownRepeat{V: 5}, "to climb on from the certificate dir/gneg1.proof.json (V = 5) again"},
		{"nothing", nil, nil, nil, "this run saved nothing"},
	} {
		var out strings.Builder
		printInterrupted(&out, "gneg1", "dir/gneg1.prove-state", "dir/gneg1.proof.json", "bin/compute -prove -resume", tc.saved, tc.resumed, tc.known)
		if !strings.Contains(out.String(), tc.says) || tc.saved == nil && strings.Contains(out.String(), "is saved in") ||
			tc.known != nil && !strings.Contains(out.String(), "bin/compute -prove -resume") {
			t.Errorf("%s: %q, want %q", tc.name, out.String(), tc.says)
		}
	}
}
