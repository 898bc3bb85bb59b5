// Command patterncheck checks a patterns file (the JSON of compute
// -patterns or verify -patterns -json) against the table itself, with a
// search of its own that shares no code with package conjecture/pattern.
//
//	go run ./scripts/patterncheck -patterns gneg1_n10000000.patterns.json
//
// It sweeps the band of the file's table to its n for the values it reports
// (package engine/band), keeps for every value v and row x the offset
// d_v(x) = f_v(x) − x, and then, for each value:
//
//   - it finds the least period p for which the rows from some x₀ on repeat
//     with period p for at least MinPeriods (default 8) whole periods before
//     the last decided row, x₀ in the first three quarters of the decided
//     rows and every row below x₀ holding v (the acceptance rule of the
//     pattern search, with 8 periods instead of 4). It finds it with the
//     Z-function of the reversed offsets: Z[p] + p is the length of the
//     longest tail with period p, so one linear pass gives every period's
//     tail at once, where the pattern search tries the periods one by one;
//   - it checks that the file reports the same p and x₀ for every value it
//     finds that way, and that every pattern the file reports holds on
//     every row of the table from its start to n.
//
// It prints one line per disagreement and a summary, and exits 1 if there
// is any disagreement, 2 on a usage error.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	switch {
	case err == nil:
	case errors.Is(err, flag.ErrHelp):
		os.Exit(2)
	case errors.As(err, new(usageError)):
		fmt.Fprintln(os.Stderr, "patterncheck:", err)
		os.Exit(2)
	default:
		fmt.Fprintln(os.Stderr, "patterncheck:", err)
		os.Exit(1)
	}
}

// usageError is a bad command line.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// errDisagree is returned when the file and the independent search differ.
var errDisagree = errors.New("the patterns file and the independent search disagree")

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("patterncheck", flag.ContinueOnError)
	fs.SetOutput(stderr)
	path := fs.String("patterns", "", "the patterns JSON to check (required)")
	minPeriods := fs.Int("min-periods", 8, "whole periods the independent search requires")
	maxPeriod := fs.Int("max-period", 0, "largest period searched (0: as many as the rows allow)")
	maxBytes := fs.Int64("max-memory", 8<<30, "refuse a check whose offsets take more bytes than this")
	if err := fs.Parse(args); err != nil {
		return err
	}
	switch {
	case *path == "":
		return usageError{"-patterns is required: the patterns JSON to check"}
	case *minPeriods < 1:
		return usageError{fmt.Sprintf("-min-periods %d: give a positive number", *minPeriods)}
	case *maxPeriod < 0:
		return usageError{fmt.Sprintf("-max-period %d: give 0 or a positive number", *maxPeriod)}
	}
	file, err := readPatterns(*path)
	if err != nil {
		return err
	}
	if need := int64(file.maxValue()+1) * (file.N + 1) * 2; need > *maxBytes {
		return fmt.Errorf("%s: the offsets of %d values over %d rows take %d bytes, above -max-memory %d",
			*path, file.maxValue()+1, file.N+1, need, *maxBytes)
	}
	offsets, err := sweepOffsets(ctx, file.Table, file.N, file.maxValue())
	if err != nil {
		return err
	}
	disagreements := 0
	found, checked := 0, 0
	for _, rep := range file.Values {
		d := offsets.of(rep.Value)
		limit := *maxPeriod // the file's own limit on periods, if lower
		if m := rep.Rule.MaxPeriod; m > 0 && (limit == 0 || m < limit) {
			limit = m
		}
		if fit, ok := leastPeriod(d, file.N, *minPeriods, limit); ok {
			found++
			if !rep.hasPattern() || rep.Period != fit.period || rep.Start != fit.start {
				disagreements++
				fmt.Fprintf(stdout, "value %d: the independent search finds period %d from x₀ = %d (%d periods); the file says %s\n",
					rep.Value, fit.period, fit.start, fit.repetitions, rep.describe())
			}
		}
		if rep.hasPattern() {
			checked++
			if x, ok := contradiction(d, file.N, rep.Period, rep.Start); ok {
				disagreements++
				fmt.Fprintf(stdout, "value %d: the file's period %d from x₀ = %d is contradicted by row %d\n",
					rep.Value, rep.Period, rep.Start, x)
			}
		}
	}
	fmt.Fprintf(stdout, "%s n = %d, %d values: the independent search found %d with at least %d periods; "+
		"%d reported patterns checked on every row to n; %d disagreements\n",
		file.Table, file.N, len(file.Values), found, *minPeriods, checked, disagreements)
	if disagreements > 0 {
		return errDisagree
	}
	return nil
}

// patternsFile is the part of the patterns JSON this check reads.
type patternsFile struct {
	Table  string        `json:"table"`
	N      int64         `json:"n"`
	Values []valueReport `json:"values"`
}

// valueReport is what the file says about one value.
type valueReport struct {
	Value  int    `json:"value"`
	Status string `json:"status"`
	Period int    `json:"period"`
	Start  int64  `json:"start"`
	Rule   struct {
		MaxPeriod int `json:"max_period"`
	} `json:"rule"`
}

// hasPattern reports whether the file gives the value a pattern.
func (r valueReport) hasPattern() bool { return r.Period > 0 }

// describe is the file's finding in words.
func (r valueReport) describe() string {
	if !r.hasPattern() {
		return fmt.Sprintf("status %q, no pattern", r.Status)
	}
	return fmt.Sprintf("status %q, period %d from x₀ = %d", r.Status, r.Period, r.Start)
}

// maxValue is the largest value the file reports on.
func (f patternsFile) maxValue() int {
	top := 0
	for _, r := range f.Values {
		top = max(top, r.Value)
	}
	return top
}

// readPatterns reads and checks the file's table, n and values.
func readPatterns(path string) (patternsFile, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return patternsFile{}, fmt.Errorf("read the patterns file: %w", err)
	}
	var f patternsFile
	if err := json.Unmarshal(raw, &f); err != nil {
		return patternsFile{}, fmt.Errorf("%s: %w", path, err)
	}
	seen := map[int]bool{}
	for _, r := range f.Values {
		if r.Value < 0 || r.Value > 1023 || seen[r.Value] || r.Period < 0 || r.Start < 0 {
			return patternsFile{}, fmt.Errorf("%s: value %d is listed twice or out of range (values 0…1023, periods and starts ≥ 0)", path, r.Value)
		}
		seen[r.Value] = true
	}
	if f.N < 0 || len(f.Values) == 0 {
		return patternsFile{}, fmt.Errorf("%s: no values, or a negative n: not a patterns file", path)
	}
	return f, nil
}
