package proof

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lab/grundy/engine/band"
)

// servedTables are the rook tables the proofs serve.
var servedTables = append([]string{"nim", "g1", "gneg1", "gstarneg1", "passnim"}, passGames...)

// Search finds exactly the repeat of the exhaustive search (every row's
// key kept and compared), for every served table and V = 0 … 12, with the
// marks on every row and sparser, chunks of many sizes, and one or two
// workers; and it is found only when X0+P is within the bound.
func TestSearchMatchesExhaustive(t *testing.T) {
	ctx := context.Background()
	const bound = 20000
	variants := []Options{
		{Config: band.Config{Workers: 1}},
		{Config: band.Config{Workers: 2}, chunk: 7, maxMarks: 50},
		{Config: band.Config{Workers: 1}, chunk: 1, maxMarks: 3},
		{Config: band.Config{Workers: 2, Tile: 3, Segment: 5}, chunk: 64, maxMarks: 1000},
	}
	top := 12
	if testing.Short() {
		top = 8
	}
	for _, table := range servedTables {
		for v := 0; v <= top; v++ {
			want, wantFound, err := exhaustiveSearch(ctx, table, v, bound)
			if err != nil {
				t.Fatal(err)
			}
			for i, opt := range variants {
				got, found, err := Search(ctx, table, v, bound, opt)
				if err != nil {
					t.Fatalf("%s, V = %d, variant %d: %v", table, v, i, err)
				}
				if found != wantFound || got.X0 != want.X0 || got.P != want.P || !got.State.Repeats(want.State) || got.State.Next != want.X0 {
					t.Errorf("%s, V = %d, variant %d: found %v at %d, %d; the exhaustive search %v at %d, %d",
						table, v, i, found, got.X0, got.P, wantFound, want.X0, want.P)
				}
			}
			if !wantFound {
				continue
			}
			for _, b := range []int64{want.X0 + want.P - 1, want.X0 + want.P} {
				_, found, err := Search(ctx, table, v, b, Options{Config: testConfig, maxMarks: 2})
				if err != nil || found != (b == want.X0+want.P) {
					t.Errorf("%s, V = %d, bound %d: found %v (%v), want %v", table, v, b, found, err, b == want.X0+want.P)
				}
			}
		}
	}
}

// A planted hash that tells apart only whether a column is empty makes
// most rows candidates, both for the marks and in the lockstep: every
// collision is refused by the exact comparison and the repeat found is
// the exhaustive search's, with marks on every row or sparse.
func TestPlantedCollisionsMakeNoRepeat(t *testing.T) {
	weak := func(int) uint64 { return 1 }
	ctx := context.Background()
	for i, opt := range []Options{{hash: weak}, {hash: weak, chunk: 40, maxMarks: 30}} {
		opt.Config = testConfig
		rejected := 0
		for _, tc := range []struct {
			table string
			v     int
		}{{"gneg1", 7}, {"g1", 6}, {"passnim", 9}, {"gstarneg1", 8}} {
			want, _, err := exhaustiveSearch(ctx, tc.table, tc.v, 3000)
			if err != nil {
				t.Fatal(err)
			}
			got, found, err := Search(ctx, tc.table, tc.v, 3000, opt)
			if err != nil || !found || got.X0 != want.X0 || got.P != want.P {
				t.Errorf("%s, V = %d, variant %d: weak hash found %v at %d, %d (%v); want %d, %d", tc.table, tc.v, i, found, got.X0, got.P, err, want.X0, want.P)
			}
			rejected += got.Rejected
		}
		if rejected == 0 {
			t.Errorf("variant %d: the weak hash made no collision to reject", i)
		}
	}
}

// errStop is the interruption of the resume tests.
var errStop = errors.New("stopped")

// A search stopped after a few chunks and resumed from its last saved
// state (through its binary encoding) finds the repeat of one that ran
// through; so does a climb of Largest stopped in the middle.
func TestResumeAfterInterrupt(t *testing.T) {
	const table, v, bound = "gneg1", 15, 50000
	want, found, err := Search(context.Background(), table, v, bound, Options{Config: testConfig})
	if err != nil || !found {
		t.Fatalf("no repeat to resume towards: %v", err)
	}
	for _, stopAt := range []int{1, 3, 8} {
		saved := interrupted(t, stopAt, func(opt Options) error {
			_, _, err := Search(context.Background(), table, v, bound, opt)
			return err
		})
		if saved.Sweep.Next == 0 || saved.Sweep.Next >= want.X0+want.P {
			t.Fatalf("stopped at row %d: not within the search (repeat %d, %d)", saved.Sweep.Next, want.X0, want.P)
		}
		got, found, err := Search(context.Background(), table, v, bound, Options{Config: testConfig, chunk: 100, Resume: saved})
		if err != nil || !found || got.X0 != want.X0 || got.P != want.P {
			t.Errorf("resumed at row %d: %v at %d, %d (%v); want %d, %d", saved.Sweep.Next, found, got.X0, got.P, err, want.X0, want.P)
		}
	}
	wantTop, _, err := Largest(context.Background(), table, 14, 3000, Options{Config: testConfig})
	if err != nil {
		t.Fatal(err)
	}
	saved := interrupted(t, 10, func(opt Options) error {
		_, _, err := Largest(context.Background(), table, 14, 3000, opt)
		return err
	})
	if saved.V == 0 || saved.BelowP == 0 {
		t.Fatalf("the climb stopped at V = %d, below it %d, %d: resumes nothing", saved.V, saved.BelowX0, saved.BelowP)
	}
	got, found, err := Largest(context.Background(), table, 14, 3000, Options{Config: testConfig, Resume: saved})
	if err != nil || !found || got.V != wantTop.V || got.X0 != wantTop.X0 || got.P != wantTop.P {
		t.Errorf("climb resumed at V = %d: V = %d, %d, %d (%v); want V = %d, %d, %d", saved.V, got.V, got.X0, got.P, err, wantTop.V, wantTop.X0, wantTop.P)
	}
}

// interrupted runs search with a save after every chunk of 100 rows and
// stops it at the stopAt-th save, returning the last state saved, decoded
// from its encoding.
func interrupted(t *testing.T, stopAt int, search func(Options) error) *SearchState {
	t.Helper()
	var last []byte
	saves := 0
	opt := Options{Config: testConfig, chunk: 100, Save: func(st *SearchState) error {
		b, err := st.MarshalBinary()
		if err != nil {
			return err
		}
		last, saves = b, saves+1
		if saves == stopAt {
			return errStop
		}
		return nil
	}}
	if err := search(opt); !errors.Is(err, errStop) {
		t.Fatalf("the search was not stopped at save %d: %v", stopAt, err)
	}
	var st SearchState
	if err := st.UnmarshalBinary(last); err != nil {
		t.Fatal(err)
	}
	return &st
}

// A saved state is refused when cut short, when given to another search,
// and when a mark is not where the search puts its marks.
func TestSearchStateRefused(t *testing.T) {
	saved := interrupted(t, 2, func(opt Options) error {
		_, _, err := Search(context.Background(), "passnim", 12, 40000, opt)
		return err
	})
	b, err := saved.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	for _, cut := range []int{0, 10, len(b) / 2, len(b) - 1} {
		var st SearchState
		if err := st.UnmarshalBinary(b[:cut]); !errors.Is(err, ErrSearchState) {
			t.Errorf("cut to %d bytes: %v, want ErrSearchState", cut, err)
		}
	}
	var back SearchState
	if err := back.UnmarshalBinary(append(b, 0)); !errors.Is(err, ErrSearchState) {
		t.Errorf("a byte appended: %v, want ErrSearchState", err)
	}
	// One bit flipped anywhere, the framing intact, is damage the
	// checksum catches: in the sweep's state or a mark's key it would
	// otherwise go on from a state that is not the table's.
	for i := range b {
		flipped := slices.Clone(b)
		flipped[i] ^= 1 << (i % 8)
		var st SearchState
		if err := st.UnmarshalBinary(flipped); !errors.Is(err, ErrSearchState) {
			t.Fatalf("bit %d of byte %d flipped: %v, want ErrSearchState", i%8, i, err)
		}
	}
	// A state of version 2, with no checksum, is refused as such.
	v2 := append([]byte(searchStateMagicV2), b[len(searchStateMagic):len(b)-sha256.Size]...)
	if err := back.UnmarshalBinary(v2); !errors.Is(err, ErrSearchState) || !strings.Contains(err.Error(), "no checksum") {
		t.Errorf("a state of version 2: %v, want ErrSearchState saying it has no checksum", err)
	}
	moved := *saved
	moved.Marks = append([]Mark{{Key: 1, Row: 3}}, saved.Marks...) // not a multiple of the stride 16
	for name, tc := range map[string]struct {
		v     int
		bound int64
		st    *SearchState
	}{
		"another V":      {7, 40000, saved},
		"another bound":  {6, 40001, saved},
		"a planted mark": {6, 40000, &moved},
	} {
		_, _, err := Search(context.Background(), "passnim", tc.v, tc.bound, Options{Config: testConfig, Resume: tc.st})
		if !errors.Is(err, ErrSearchState) {
			t.Errorf("%s: %v, want ErrSearchState", name, err)
		}
	}
	if _, err := confirmRepeat(context.Background(), "passnim", 6, 10, 8, Options{Config: testConfig}); !errors.Is(err, ErrSearchState) {
		t.Errorf("a repeat that does not hold confirmed: %v", err)
	}
}

// The search's sweeps take the far side beyond the rows Check reaches.
func TestFarSide(t *testing.T) {
	s, err := newSearcher("gneg1", 3, CheckedRows(3), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if s.side != FarSide {
		t.Errorf("bound %d sweeps with side %d, want %d", CheckedRows(3), s.side, FarSide)
	}
	if _, err := newSearcher("gneg1", 3, MaxBound+1, Options{}); err == nil {
		t.Error(fmt.Sprint("bound ", MaxBound+1, " taken"))
	}
}

// Rows beyond MaxInt32 are swept and keyed as the rows P·k before them:
// the state before row X0 of a repeat, moved k·P down the diagonal past
// 3·2³¹ rows, gives the same cells (moved), the same keys and, after a
// thousand rows, the same state moved, for G₋₁ and G_P (whose pass reads
// the high bits of x and y: moved by k·P + 2, its rows differ).
func TestBeyondInt32(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		table string
		v     int
	}{{"gneg1", 9}, {"passnim", 9}} {
		rep, found, err := Search(ctx, tc.table, tc.v, 10000, Options{Config: testConfig})
		if err != nil || !found {
			t.Fatalf("%s: no repeat (%v)", tc.table, err)
		}
		near := rep.State
		near.N = FarSide
		s, err := newSearcher(tc.table, tc.v, MaxBound, Options{Config: testConfig})
		if err != nil {
			t.Fatal(err)
		}
		type cell struct{ x, y int64 }
		sweep := func(st band.State) ([]cell, []uint64, band.State) {
			// cursorAt with the rows' cells unpacked: the search reads
			// only their hashes.
			cfg := s.cfg
			cfg.RowHash = s.hasher.rows
			sw, err := band.Resume(s.rules, s.side, s.v, cfg, st)
			if err != nil {
				t.Fatal(err)
			}
			tr, err := trackerAt(st, s.hasher)
			if err != nil {
				t.Fatal(err)
			}
			c := cursor{sw: sw, tr: tr}
			var cells []cell
			var keys []uint64
			err = c.sw.Run(ctx, st.Next+1000, func(r band.Rows) error {
				for i := range r.Len() {
					x := r.X0 + int64(i) - st.Next
					for k := r.Start[i]; k < r.Start[i+1]; k++ {
						cells = append(cells, cell{x, r.Y[k] - st.Next})
					}
					c.tr.add(r.Hash[i])
					keys = append(keys, c.tr.key())
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			return cells, keys, c.sw.State()
		}
		nearCells, nearKeys, nearEnd := sweep(near)
		for _, planted := range []int64{0, 2} {
			far := near
			shift := rep.P*(3*math.MaxInt32/rep.P+1) + planted
			far.Next, far.Lo = near.Next+shift, near.Lo+shift
			farCells, farKeys, farEnd := sweep(far)
			same := slices.Equal(nearCells, farCells) && slices.Equal(nearKeys, farKeys) && nearEnd.Repeats(farEnd)
			if want := planted == 0 || !s.rules.NimSum; same != want || farEnd.Next <= math.MaxInt32 {
				t.Errorf("%s: the rows from %d the same as those from %d moved %d: %v, want %v", tc.table, far.Next, near.Next, shift, same, want)
			}
		}
	}
}

// A climb saves every V whose search outlasts its first chunk, however
// far off SaveEvery is: a kill loses at most the V being searched.
func TestClimbSavesEachV(t *testing.T) {
	const hi, bound, chunk = 30, 3000, 100
	var saved []int
	top, _, err := Largest(context.Background(), "gneg1", hi, bound, Options{Config: testConfig, SaveEvery: time.Hour, chunk: chunk,
		Save: func(st *SearchState) error {
			saved = append(saved, st.V)
			return nil
		}})
	if err != nil || top.V == hi {
		t.Fatalf("the climb reached V = %d (%v): the test needs a V that fails", top.V, err)
	}
	long := 0
	for v := 0; v <= top.V+1; v++ {
		rep, found, err := Search(context.Background(), "gneg1", v, bound, Options{Config: testConfig})
		if err != nil {
			t.Fatal(err)
		}
		if found && rep.X0+rep.P < chunk {
			continue
		}
		long++
		if !slices.Contains(saved, v) {
			t.Errorf("V = %d searched past its first chunk, never saved (saves of %v)", v, saved)
		}
	}
	if long < 3 {
		t.Errorf("only %d searches outlasted a chunk: the test shows little", long)
	}
}

// A climb given the repeat of a V below the top (a certificate's) reaches
// the top a climb from V = 0 reaches, through the same Proved calls from
// that V on, and so does one stopped above it and resumed; a known repeat
// that does not hold is refused, not climbed from.
func TestLargestFromKnownRepeat(t *testing.T) {
	const table, hi, bound = "gneg1", 40, 3000
	var fromZero []Repeat
	want, found, err := Largest(context.Background(), table, hi, bound, Options{Config: testConfig, Proved: func(r Repeat) { fromZero = append(fromZero, r) }})
	if err != nil || !found || want.V < 3 || want.V >= hi {
		t.Fatalf("no climb to start inside, or no V above it searched: V = %d, %v", want.V, err)
	}
	known := fromZero[2]
	var fromKnown []Repeat
	got, found, err := Largest(context.Background(), table, hi, bound, Options{Config: testConfig,
		Known: &KnownRepeat{V: known.V, X0: known.X0, P: known.P}, Proved: func(r Repeat) { fromKnown = append(fromKnown, r) }})
	if err != nil || !found || got.V != want.V || got.X0 != want.X0 || got.P != want.P {
		t.Fatalf("from V = %d: V = %d, %d, %d (%v); want V = %d, %d, %d", known.V, got.V, got.X0, got.P, err, want.V, want.X0, want.P)
	}
	if len(fromKnown) != len(fromZero)-2 || fromKnown[0].V != known.V {
		t.Errorf("from V = %d: proved %d V from V = %d; want %d from V = %d", known.V, len(fromKnown), fromKnown[0].V, len(fromZero)-2, known.V)
	}
	// Given the top, stopped in the search of the V above it (which sweeps
	// the whole bound), the search saved names the top's repeat, and
	// resuming from that save ends at the top again.
	saved := interrupted(t, 1, func(opt Options) error {
		opt.Known = &KnownRepeat{V: want.V, X0: want.X0, P: want.P}
		_, _, err := Largest(context.Background(), table, hi, bound, opt)
		return err
	})
	if saved.V != want.V+1 || saved.BelowX0 != want.X0 || saved.BelowP != want.P {
		t.Fatalf("stopped at V = %d naming %d, %d below; want V = %d naming %d, %d", saved.V, saved.BelowX0, saved.BelowP, want.V+1, want.X0, want.P)
	}
	got, found, err = Largest(context.Background(), table, hi, bound, Options{Config: testConfig, Resume: saved})
	if err != nil || !found || got.V != want.V || got.X0 != want.X0 || got.P != want.P {
		t.Errorf("resumed at V = %d: V = %d, %d, %d (%v); want V = %d, %d, %d", saved.V, got.V, got.X0, got.P, err, want.V, want.X0, want.P)
	}
	forged := KnownRepeat{V: known.V, X0: known.X0, P: known.P + 1}
	if _, _, err := Largest(context.Background(), table, hi, bound, Options{Config: testConfig, Known: &forged}); !errors.Is(err, ErrSearchState) {
		t.Errorf("a known repeat with P one too many: %v, want ErrSearchState", err)
	}
}

// The exact sweeps of a repeat report their progress as Resweep, of the
// repeat's X0+P rows: the one a search makes of the repeat it found for
// the certificate's state (a bound beyond the rows Check reaches), and
// the one Largest makes of a known repeat before it climbs on.
func TestResweepProgress(t *testing.T) {
	const table, v = "gneg1", 31 // x0 + P = 334,068 rows, more than a chunk
	for name, run := range map[string]func(Options) (Repeat, bool, error){
		"search": func(opt Options) (Repeat, bool, error) {
			return Search(context.Background(), table, v, CheckedRows(v)+1, opt)
		},
		"known": func(opt Options) (Repeat, bool, error) {
			opt.Known = &KnownRepeat{V: v, X0: 1428, P: 332_640}
			return Largest(context.Background(), table, v, 400_000, opt)
		},
	} {
		var resweeps []Progress
		rep, found, err := run(Options{Config: testConfig, Progress: func(p Progress) {
			if p.Resweep {
				resweeps = append(resweeps, p)
			}
		}})
		if err != nil || !found || rep.X0+rep.P != 334_068 {
			t.Fatalf("%s: %v, x0 = %d, P = %d (%v); want x0 + P = 334068", name, found, rep.X0, rep.P, err)
		}
		if len(resweeps) == 0 {
			t.Fatalf("%s: no Resweep progress", name)
		}
		for _, p := range resweeps {
			if p.V != v || p.Limit != rep.X0+rep.P || p.Rows < defaultChunk || p.Rows > p.Limit {
				t.Errorf("%s: progress %+v; want V = %d, rows ≥ %d of %d", name, p, v, defaultChunk, rep.X0+rep.P)
			}
		}
	}
}
