package patternfiles

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/grundy-lab/grundy/cmd/internal/cli"
	"github.com/grundy-lab/grundy/conjecture/proof"
	"github.com/grundy-lab/grundy/engine/band"
)

// Publish puts a certificate at its name only once it checks: one that
// does not check is left nowhere, one whose check is stopped waits at its
// pending name, and CheckPending then publishes it.
func TestPublish(t *testing.T) {
	cfg := band.Config{Workers: 1}
	rep, found, err := proof.Search(context.Background(), "gneg1", 3, 1000, proof.Options{Config: cfg})
	if err != nil || !found {
		t.Fatalf("no repeat of gneg1, V = 3: %v", err)
	}
	good, err := proof.NewCertificate(rep, cli.Version())
	if err != nil {
		t.Fatal(err)
	}
	if good.P < 2 {
		t.Fatalf("P = %d: the forgery P+1 needs P ≥ 2 to be no repeat", good.P)
	}
	forged := good
	forged.P++ // not a multiple of P > 1: only the sweep tells
	absent := func(t *testing.T, path string) {
		t.Helper()
		if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s is there (%v)", path, err)
		}
	}

	t.Run("does not check", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), CertificateName("gneg1"))
		if err := Publish(context.Background(), forged, path, cfg, nil); !errors.Is(err, proof.ErrCertificate) {
			t.Fatalf("a forged certificate published: %v", err)
		}
		absent(t, path)
		absent(t, PendingName(path))
	})
	t.Run("interrupted", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), CertificateName("gneg1"))
		stopped, cancel := context.WithCancel(context.Background())
		cancel()
		if err := Publish(stopped, good, path, cfg, nil); !errors.Is(err, ErrCheckInterrupted) {
			t.Fatalf("a check stopped before it began: %v, want ErrCheckInterrupted", err)
		}
		absent(t, path)
		if err := CheckPending(context.Background(), path, cfg, nil); err != nil {
			t.Fatalf("the pending certificate: %v", err)
		}
		absent(t, PendingName(path))
		if err := CheckFile(context.Background(), path, cfg, nil); err != nil {
			t.Errorf("the published certificate: %v", err)
		}
	})
}
