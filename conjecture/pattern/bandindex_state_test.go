package pattern_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/grundy-lab/grundy/conjecture/pattern"
)

// bandRow is one row of a band sweep, kept to be fed again.
type bandRow struct {
	x    int64
	ys   []int64
	vals []int32
}

// sweptRows returns the rows of table id's band sweep over 0 ≤ x, y ≤ n,
// values 0 … hi.
func sweptRows(t testing.TB, id string, n int64, hi int) []bandRow {
	t.Helper()
	var rows []bandRow
	sweepBand(t, id, n, hi, func(x int64, ys []int64, vals []int32) error {
		rows = append(rows, bandRow{x, append([]int64(nil), ys...), append([]int32(nil), vals...)})
		return nil
	})
	return rows
}

// feed adds rows[from:to] to b.
func feed(t testing.TB, b *pattern.BandIndex, rows []bandRow, from, to int64) {
	t.Helper()
	for _, r := range rows[from:to] {
		if err := b.Row(r.x, r.ys, r.vals); err != nil {
			t.Fatal(err)
		}
	}
}

// searchedIndex finishes b and returns its search of every value and its
// stats.
func searchedIndex(t testing.TB, b *pattern.BandIndex) ([]pattern.Result, pattern.BandIndexStats) {
	t.Helper()
	if err := b.Finish(); err != nil {
		t.Fatal(err)
	}
	res, err := b.SearchAll(context.Background(), pattern.Options{}, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res, b.Stats()
}

// TestBandIndexResume saves an index with a journal at rows before, at and
// after chunk boundaries (the rows after the state in the open chunk left
// out, as a band run's interrupted block leaves them), closes it, resumes it
// from the state (twice in a row for some) and feeds the rest: the search
// and the stats equal those of an index that took every row at once, with
// the chunks all in memory, all spilled, and split between the two.
func TestBandIndexResume(t *testing.T) {
	const id, n, lo, hi, chunk = "gneg1", 3000, 2, 14, 512
	rows := sweptRows(t, id, n, hi)
	for _, budget := range []int64{1 << 30, 64, 3000} {
		whole, err := pattern.NewBandIndex(n, lo, hi, pattern.BandIndexOptions{ChunkRows: chunk, MemoryBudget: budget, SpillDir: t.TempDir()})
		if err != nil {
			t.Fatal(err)
		}
		feed(t, whole, rows, 0, n+1)
		want, wantStats := searchedIndex(t, whole)
		whole.Close()
		for _, stops := range [][]int64{{0}, {1}, {511}, {512}, {513, 1024}, {1500, 1501, 2900}, {n + 1}} {
			opt := pattern.BandIndexOptions{ChunkRows: chunk, MemoryBudget: budget, Journal: filepath.Join(t.TempDir(), "chunks")}
			b, err := pattern.NewBandIndex(n, lo, hi, opt)
			if err != nil {
				t.Fatal(err)
			}
			at := int64(0)
			for _, stop := range stops {
				past := min(n+1, stop/chunk*chunk+chunk-1, stop+100) // rows past the state, in its chunk
				feed(t, b, rows, at, past)
				st, err := b.StateAt(stop)
				if err != nil {
					t.Fatalf("budget %d, state at %d: %v", budget, stop, err)
				}
				if err := b.Close(); err != nil {
					t.Fatal(err)
				}
				if b, err = pattern.ResumeBandIndex(n, lo, hi, opt, st); err != nil {
					t.Fatalf("budget %d, resume at %d: %v", budget, stop, err)
				}
				at = stop
			}
			feed(t, b, rows, at, n+1)
			got, gotStats := searchedIndex(t, b)
			if !reflect.DeepEqual(got, want) || gotStats != wantStats {
				t.Errorf("budget %d, resumed at %v: stats %+v, want %+v; results equal: %v", budget, stops, gotStats, wantStats, reflect.DeepEqual(got, want))
			}
			b.Close()
		}
	}
}

// TestBandIndexStateRefused: a state is refused, naming why, by an index of
// another n, values or chunk size, and with a journal that is missing, cut
// short, altered, or holds another number of chunks, and with an open chunk
// altered; the untouched state resumes.
func TestBandIndexStateRefused(t *testing.T) {
	const id, n, lo, hi, chunk = "gneg1", 2000, 0, 10, 256
	rows := sweptRows(t, id, n, hi)
	dir := t.TempDir()
	journal := filepath.Join(dir, "chunks")
	opt := pattern.BandIndexOptions{ChunkRows: chunk, MemoryBudget: 100, Journal: journal}
	b, err := pattern.NewBandIndex(n, lo, hi, opt)
	if err != nil {
		t.Fatal(err)
	}
	feed(t, b, rows, 0, 1300)
	st, err := b.StateAt(1300)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.StateAt(1000); err == nil {
		t.Error("a state at a row of a chunk already flushed was taken")
	}
	b.Close()
	good, err := os.ReadFile(journal) // longer than st says: Close stored the open chunk
	if err != nil {
		t.Fatal(err)
	}
	if int64(len(good)) <= st.JournalBytes {
		t.Fatalf("the journal holds %d bytes, the state %d: want chunks appended after it", len(good), st.JournalBytes)
	}
	flipped := append([]byte(nil), good...)
	flipped[len(flipped)/2] ^= 1
	otherOpen := st
	otherOpen.Open = append([]byte(nil), st.Open...)
	otherOpen.Open[len(otherOpen.Open)-1] ^= 0x40
	moreRows := st
	moreRows.Rows += chunk
	for _, tc := range []struct {
		name    string
		n       int64
		lo, hi  int
		chunk   int
		journal []byte // nil: none
		st      pattern.BandIndexState
		ok      bool
	}{
		{"untouched (chunks appended after the state)", n, lo, hi, chunk, good, st, true},
		{"another n", n + 1, lo, hi, chunk, good, st, false},
		{"other values", n, lo, hi + 1, chunk, good, st, false},
		{"another chunk size", n, lo, hi, 2 * chunk, good, st, false},
		{"no journal", n, lo, hi, chunk, nil, st, false},
		{"journal cut short", n, lo, hi, chunk, good[:st.JournalBytes-1], st, false},
		{"journal altered", n, lo, hi, chunk, flipped, st, false},
		{"more chunks than the journal", n, lo, hi, chunk, good, moreRows, false},
		{"open chunk altered", n, lo, hi, chunk, good, otherOpen, false},
	} {
		os.Remove(journal)
		if tc.journal != nil {
			if err := os.WriteFile(journal, tc.journal, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		o := opt
		o.ChunkRows = tc.chunk
		r, err := pattern.ResumeBandIndex(tc.n, tc.lo, tc.hi, o, tc.st)
		if (err == nil) != tc.ok {
			t.Errorf("%s: resumed %v, want %v (%v)", tc.name, err == nil, tc.ok, err)
		}
		if err == nil {
			r.Close()
		} else {
			t.Logf("%s: %v", tc.name, err)
		}
	}
}

// FuzzResumeBandIndex resumes an index from arbitrary journal bytes and an
// arbitrary open chunk and row count, the state signed with the journal's
// true SHA-256 so that the records themselves are read: outside input on
// disk. It must refuse or resume, never panic nor allocate beyond a chunk;
// an index it resumes takes the remaining rows or refuses them. The seeds
// are a real journal and state, and edge cases.
func FuzzResumeBandIndex(f *testing.F) {
	const n, lo, hi, chunk = 300, 0, 3, 64
	rows := sweptRows(f, "gneg1", n, hi)
	journal := filepath.Join(f.TempDir(), "chunks")
	b, err := pattern.NewBandIndex(n, lo, hi, pattern.BandIndexOptions{ChunkRows: chunk, MemoryBudget: 50, Journal: journal})
	if err != nil {
		f.Fatal(err)
	}
	feed(f, b, rows, 0, 150)
	st, err := b.StateAt(150)
	if err != nil {
		f.Fatal(err)
	}
	b.Close()
	good, err := os.ReadFile(journal)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good[:st.JournalBytes], st.Open, st.Rows)
	f.Add([]byte{}, []byte{}, int64(0))
	f.Add([]byte{0xff, 0xff, 0xff, 0x7f}, st.Open, int64(64))
	f.Add(good, []byte{0x28, 0xb5, 0x2f, 0xfd}, int64(301))
	f.Fuzz(func(t *testing.T, data, open []byte, resumeAt int64) {
		path := filepath.Join(t.TempDir(), "chunks")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(data)
		state := pattern.BandIndexState{N: n, Lo: lo, Hi: hi, ChunkRows: chunk, Rows: resumeAt,
			JournalBytes: int64(len(data)), JournalSHA256: hex.EncodeToString(sum[:]), Open: open}
		r, err := pattern.ResumeBandIndex(n, lo, hi, pattern.BandIndexOptions{ChunkRows: chunk, MemoryBudget: 50, Journal: path}, state)
		if err != nil {
			return
		}
		defer r.Close()
		for _, row := range rows[resumeAt:] {
			if r.Row(row.x, row.ys, row.vals) != nil {
				return
			}
		}
		if r.Finish() == nil {
			r.SearchAll(context.Background(), pattern.Options{}, 1, nil)
		}
	})
}
