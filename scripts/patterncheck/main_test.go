package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/conjecture/pattern"
	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/tables"
)

// TestZFunction compares the Z-function with its definition.
func TestZFunction(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		s := make([]int32, rng.IntN(40))
		for i := range s {
			s[i] = rng.Int32N(3)
		}
		z := zFunction(s)
		for i := 1; i < len(s); i++ {
			k := 0
			for i+k < len(s) && s[k] == s[i+k] {
				k++
			}
			if int(z[i]) != k {
				t.Fatalf("%v: z[%d] = %d, want %d", s, i, z[i], k)
			}
		}
	}
}

// TestLeastPeriod compares the Z-function search with trying every period
// and walking each tail back row by row, on sequences with a periodic tail
// after a random head, some with rows lacking the value.
func TestLeastPeriod(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 2000 {
		rows := 20 + rng.IntN(200)
		p, head := 1+rng.IntN(12), rng.IntN(rows)
		d := make([]int16, rows)
		for x := range d {
			if x < head {
				d[x] = int16(rng.IntN(3))
			} else {
				d[x] = int16((x - head) % p % 3)
			}
			if rng.IntN(60) == 0 {
				d[x] = absent
			}
		}
		n := int64(rows + 5) // every row decided
		got, gotOK := leastPeriod(d, n, 4, 0)
		want, wantOK := bruteLeastPeriod(d, 4)
		if gotOK != wantOK || got != want {
			t.Fatalf("trial %d: %v: got %+v %v, want %+v %v", trial, d, got, gotOK, want, wantOK)
		}
	}
}

// bruteLeastPeriod is leastPeriod by its definition, every row decided.
func bruteLeastPeriod(d []int16, minPeriods int) (fit, bool) {
	rows := int64(len(d))
	for p := 1; int64(p*minPeriods) <= rows; p++ {
		start := rows - int64(p)
		for start > 0 && d[start-1] != absent && d[start-1] == d[start-1+int64(p)] {
			start--
		}
		if d[rows-1] == absent {
			start = rows // an absent last row matches nothing
		}
		f := fit{period: p, start: start, repetitions: int((rows - start) / int64(p))}
		holeBelow := false
		for x := range start {
			holeBelow = holeBelow || d[x] == absent
		}
		if f.repetitions >= minPeriods && f.start <= rows-(rows+3)/4 && !holeBelow {
			return f, true
		}
	}
	return fit{}, false
}

// patternsOf writes the patterns file of the pattern search on table id,
// values 0 … hi, to a file and returns its path.
func patternsOf(t *testing.T, id string, n, hi int) string {
	t.Helper()
	r, _ := tables.Lookup(id)
	idx := pattern.NewIndex(n, hi)
	if err := engine.Compute(context.Background(), r.Rules, n, engine.Config{}, idx.AddBand); err != nil {
		t.Fatal(err)
	}
	var results []pattern.Result
	for v := range hi + 1 {
		res, err := pattern.Search(idx, v, pattern.Options{})
		if err != nil {
			t.Fatal(err)
		}
		results = append(results, res)
	}
	var buf bytes.Buffer
	if err := pattern.Encode(&buf, pattern.NewFile(id, n, results)); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), id+".json")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestRun checks the pattern search's files of three tables, then plants
// a wrong start, a wrong period and a pattern where there is none, each of
// which must be named.
func TestRun(t *testing.T) {
	planted := map[string]int{}
	for _, id := range []string{"gneg1", "gstarneg1", "passnim"} {
		path := patternsOf(t, id, 3000, 24)
		for _, minPeriods := range []string{"4", "8"} {
			var out bytes.Buffer
			if err := run(context.Background(), []string{"-patterns", path, "-min-periods", minPeriods}, &out, &out); err != nil {
				t.Fatalf("%s, %s periods: %v\n%s", id, minPeriods, err, out.String())
			}
			if !strings.Contains(out.String(), " 0 disagreements") {
				t.Errorf("%s: %s", id, out.String())
			}
		}
		for _, plant := range []struct {
			name   string
			change func(v map[string]any) bool
		}{
			{"start", func(v map[string]any) bool {
				if num(v, "period") == 0 { // no pattern: period 0 (absent in files of earlier versions)
					return false
				}
				v["start"] = num(v, "start") + 1
				return true
			}},
			{"period", func(v map[string]any) bool {
				if num(v, "period") == 0 { // no pattern: period 0 (absent in files of earlier versions)
					return false
				}
				v["period"] = num(v, "period") * 2
				return true
			}},
			{"pattern where there is none", func(v map[string]any) bool {
				if num(v, "period") != 0 {
					return false
				}
				v["period"], v["start"] = 3.0, 0.0
				return true
			}},
		} {
			file, value := plantIn(t, path, plant.change)
			if file == "" {
				continue // no value of that kind in this table
			}
			planted[plant.name]++
			var out bytes.Buffer
			err := run(context.Background(), []string{"-patterns", file, "-min-periods", "4"}, &out, &out)
			if !errors.Is(err, errDisagree) || !strings.Contains(out.String(), "value "+value+":") {
				t.Errorf("%s, planted %s in value %s: err %v\n%s", id, plant.name, value, err, out.String())
			}
		}
	}
	if len(planted) != 3 {
		t.Errorf("planted only %v: some kind of error was never tried", planted)
	}
}

// plantIn applies change to the first value of the file at path it
// accepts, and returns the changed file's path and the value.
func plantIn(t *testing.T, path string, change func(map[string]any) bool) (string, string) {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var f map[string]any
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	for _, v := range f["values"].([]any) {
		if change(v.(map[string]any)) {
			out, _ := json.Marshal(f)
			planted := filepath.Join(t.TempDir(), "planted.json")
			if err := os.WriteFile(planted, out, 0o644); err != nil {
				t.Fatal(err)
			}
			return planted, fmt.Sprint(num(v.(map[string]any), "value"))
		}
	}
	return "", ""
}

// num is the number under key, 0 when the key is left out.
func num(v map[string]any, key string) float64 {
	f, _ := v[key].(float64)
	return f
}

// TestUsage checks the usage errors.
func TestUsage(t *testing.T) {
	for _, args := range [][]string{{}, {"-patterns", "x", "-min-periods", "0"}, {"-patterns", "x", "-max-period", "-1"}} {
		var out bytes.Buffer
		if err := run(context.Background(), args, &out, &out); !errors.As(err, new(usageError)) {
			t.Errorf("%v: %v, want a usage error", args, err)
		}
	}
}

// TestComputePatterns checks the files of compute -patterns, the pattern
// search on the band sweep with its proofs, made by the real command.
func TestComputePatterns(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs cmd/compute")
	}
	bin := filepath.Join(t.TempDir(), "compute")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/grundy-lab/grundy/cmd/compute").CombinedOutput(); err != nil {
		t.Fatalf("build compute: %v\n%s", err, out)
	}
	ctx := context.Background()
	for _, id := range []string{"gneg1", "gstarneg1", "passnim"} {
		dir := t.TempDir()
		cmd := exec.Command(bin, "-table", id, "-n", "20000", "-values", "0-40", "-write", "none", "-patterns", "-out", dir, "-quiet")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("compute %s: %v\n%s", id, err, out)
		}
		path := filepath.Join(dir, id+"_n20000.patterns.json")
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var file struct{ Values []valueReport }
		if err := json.Unmarshal(raw, &file); err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(file.Values, func(r valueReport) bool { return r.Status == "proved" }) {
			t.Errorf("%s: no value proved", id)
		}
		for _, minPeriods := range []string{"4", "8"} {
			var stdout bytes.Buffer
			if err := run(ctx, []string{"-patterns", path, "-min-periods", minPeriods}, &stdout, &stdout); err != nil {
				t.Errorf("%s, %s periods: %v\n%s", id, minPeriods, err, stdout.String())
			}
		}
	}
}
