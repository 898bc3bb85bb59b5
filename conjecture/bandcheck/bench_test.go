package bandcheck

import (
	"context"
	"flag"
	"math"
	"syscall"
	"testing"
	"time"

	"github.com/grundy-lab/grundy/conjecture/moves"
	bandsweep "github.com/grundy-lab/grundy/engine/band"
	"github.com/grundy-lab/grundy/tables"
)

var (
	benchRows = flag.Int64("check-rows", 30000, "rows streamed by BenchmarkCheck")
	benchV    = flag.Int("check-v", 80, "cap V of BenchmarkCheck")
)

// sweptRows returns rows 0 … rows−1 of table id with cap v, n = MaxInt32
// (as a certificate is checked), from the band sweep, held in memory so
// that the benchmark times the check alone.
func sweptRows(b testing.TB, id string, rows int64, v int) []Rows {
	b.Helper()
	r, _ := tables.Lookup(id)
	rules, err := r.BandRules()
	if err != nil {
		b.Fatal(err)
	}
	sw, err := bandsweep.New(rules, math.MaxInt32, v, bandsweep.Config{Workers: 1})
	if err != nil {
		b.Fatal(err)
	}
	var out []Rows
	err = sw.Run(context.Background(), rows, func(r bandsweep.Rows) error {
		out = append(out, Rows{X0: r.X0, Start: append([]int32(nil), r.Start...),
			Y: append([]int64(nil), r.Y...), Value: append([]int32(nil), r.Value...)})
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return out
}

// fullRows returns the rows 0 … n of table id with cap v from the plain
// mex table, for the tables the band does not sweep (Wythoff's Nim).
func fullRows(id string, n int64, v int) []Rows {
	g, _ := moves.Lookup(id)
	r := Rows{Start: []int32{0}}
	for _, row := range g.Table(int(n)) {
		for y, val := range row {
			if val >= 0 && int(val) <= v {
				r.Y, r.Value = append(r.Y, int64(y)), append(r.Value, val)
			}
		}
		r.Start = append(r.Start, int32(len(r.Y)))
	}
	return []Rows{r}
}

// cpuTime is the CPU time (user and system) the process has used: on a
// machine shared with other jobs it varies less than the wall time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkCheck times the check of -check-rows rows of each rook table
// with cap -check-v, as verify -certificate streams them (n = MaxInt32),
// and of Wythoff's Nim over 0 ≤ x, y ≤ 600 with V = 20, reporting the
// wall and CPU time per streamed cell.
func BenchmarkCheck(b *testing.B) {
	type input struct {
		id   string
		n    int64
		v    int
		rows func(b *testing.B) []Rows
	}
	var inputs []input
	for _, id := range []string{"gneg1", "gstarneg1", "passnim", "nim"} {
		inputs = append(inputs, input{id, math.MaxInt32, *benchV, func(b *testing.B) []Rows { return sweptRows(b, id, *benchRows, *benchV) }})
	}
	inputs = append(inputs, input{"wythoff", 600, 20, func(*testing.B) []Rows { return fullRows("wythoff", 600, 20) }})
	for _, in := range inputs {
		b.Run(in.id, func(b *testing.B) {
			rows := in.rows(b)
			cells := 0
			for _, r := range rows {
				cells += len(r.Y)
			}
			b.ResetTimer()
			cpu := cpuTime()
			for range b.N {
				c, err := New(in.id, in.n, in.v)
				if err != nil {
					b.Fatal(err)
				}
				for _, r := range rows {
					if err := c.Rows(r); err != nil {
						b.Fatal(err)
					}
				}
			}
			perCell := float64(b.N) * float64(cells)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/perCell, "ns/cell")
			b.ReportMetric(float64((cpuTime()-cpu).Nanoseconds())/perCell, "cpu-ns/cell")
		})
	}
}
