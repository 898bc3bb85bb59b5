package main

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"time"

	"github.com/grundy-lab/grundy/cmd/internal/cli"
	"github.com/grundy-lab/grundy/cmd/internal/patternfiles"
	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/conjecture/pattern"
	"github.com/grundy-lab/grundy/conjecture/provenance"
	"github.com/grundy-lab/grundy/engine/band"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/results/valuesds"
)

// valueRange is the inclusive range of values of -values.
type valueRange struct{ lo, hi int }

// maxSearchedValue bounds -values: the index keeps one int32 per value and
// row, so 10⁴ values of a table of n = 10⁴ already take 400 MB.
const maxSearchedValue = 10000

// parseValueRange reads -values, "lo-hi" or a single value "v", 0 ≤ lo ≤
// hi ≤ maxSearchedValue, as compute reads its -values.
func parseValueRange(s string) (valueRange, error) {
	r, err := results.ParseValueRange(s, maxSearchedValue)
	return valueRange{int(r.Lo), int(r.Hi)}, err
}

// patternTableFile checks that -in names one table file, values file or
// values dataset directory, as -patterns needs.
func patternTableFile(in string) error {
	st, err := os.Stat(in)
	switch {
	case err != nil:
		return fmt.Errorf("-in %s: %w", in, err)
	case st.IsDir() && !valuesds.IsDataset(in):
		return usagef("-in %s is a directory, not a values dataset (<id>_n<N>.values); -patterns needs one table file, "+
			"values file or values dataset, e.g. -in %s", in, filepath.Join(in, "gneg1_n10000.arrow"))
	}
	return nil
}

// runPatterns searches the table file -in for the pattern of every value of
// -values and prints one line per value, writing -json and -markdown if set.
func runPatterns(ctx context.Context, opts options, stdout, stderr io.Writer) error {
	if err := patternTableFile(opts.in); err != nil {
		return err
	}
	start := time.Now()
	stop := cli.StartProgress(stderr, progressInterval, func(elapsed time.Duration) string {
		return fmt.Sprintf("verify: still searching the patterns of %s after %s", opts.in, elapsed)
	})
	defer stop()
	if err := checkIndexSize(opts.in, opts.values.lo, opts.values.hi); err != nil {
		return err
	}
	idx, info, err := pattern.ScanInput(ctx, opts.in, opts.values.lo, opts.values.hi)
	if err != nil {
		return err
	}
	warnUnchecked(stderr, opts.in)
	if err := addInput(&opts.from, opts.in); err != nil {
		return err
	}
	var found []pattern.Result
	for v := opts.values.lo; v <= opts.values.hi; v++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		r, err := pattern.Search(idx, v, pattern.Options{MaxPeriod: opts.maxPeriod})
		if err != nil {
			return fmt.Errorf("search value %d of %s: %w", v, opts.in, err)
		}
		found = append(found, r)
	}
	fmt.Fprintf(stdout, "%s n=%d (%s): values %d..%d; rule for the whole table: %s\n",
		info.Table, info.N, opts.in, opts.values.lo, opts.values.hi, found[0].Rule)
	withPattern, unstable := 0, 0
	for _, r := range found {
		fmt.Fprintln(stdout, r)
		if r.Found {
			withPattern++
		}
		if r.Status == pattern.Unstable {
			unstable++
		}
	}
	fmt.Fprintf(stdout, "%d of %d values have a pattern (conjectures verified for 0 ≤ x, y ≤ %d); %d unstable\n",
		withPattern, len(found), info.N, unstable)
	if opts.json != "" {
		var buf bytes.Buffer
		file := pattern.NewFile(info.Table, info.N, found)
		file.Provenance = &opts.from
		if err := pattern.Encode(&buf, file); err != nil {
			return fmt.Errorf("write -json %s: %w", opts.json, err)
		}
		if err := os.WriteFile(opts.json, buf.Bytes(), 0o644); err != nil {
			return fmt.Errorf("write -json %s: %w", opts.json, err)
		}
	}
	if opts.markdown != "" {
		md := pattern.Markdown(info.Table, info.Symbol, info.N, found, &opts.from)
		if err := os.WriteFile(opts.markdown, []byte(md), 0o644); err != nil {
			return fmt.Errorf("write -markdown %s: %w", opts.markdown, err)
		}
	}
	fmt.Fprintf(stderr, "verify: patterns of %d values in %.1fs\n", len(found), time.Since(start).Seconds())
	return nil
}

// claimsBlockBytes is the most a -claims-from re-check indexes at a time:
// 4 bytes a row and value, so 20 values a block at n = 10⁷. A block after
// the first reads only its values' row groups of a values dataset
// (pattern.DatasetIndexer), a table file whole again. With the collector's
// target at a quarter above the live heap (main) and each block's index
// returned before the next is made, a re-check stays under 2 GB.
var claimsBlockBytes int64 = 768 << 20

// runPatternClaims re-checks the patterns of -claims-from (those of
// -values, if given) against the table of -in (a file, or a directory
// holding the patterns' table) and reports them like claims. The values
// are indexed in blocks of at most claimsBlockBytes, one after the other,
// so that memory does not grow with the number of values.
func runPatternClaims(ctx context.Context, opts options, stdout, stderr io.Writer) error {
	file, err := readPatternsFile(opts.claimsFrom, &opts.from)
	if err != nil {
		return err
	}
	if err := checkPatternsGame(opts, file); err != nil {
		return err
	}
	if file, err = selectPatterns(file, opts); err != nil {
		return err
	}
	if err := checkProved(ctx, file, &opts, stdout); err != nil {
		return err
	}
	path, in, err := patternClaimsInput(opts.in, file.Table)
	if err != nil {
		return err
	}
	start := time.Now()
	stop := cli.StartProgress(stderr, progressInterval, func(elapsed time.Duration) string {
		return fmt.Sprintf("verify: still re-checking %d patterns after %s", len(file.Patterns), elapsed)
	})
	defer stop()
	info, err := pattern.ReadInputInfo(path)
	if err != nil {
		return err
	}
	if info.Table != file.Table {
		return fmt.Errorf("%s holds table %q, but the patterns of %s are of table %q", path, info.Table, opts.claimsFrom, file.Table)
	}
	blocks, err := valueBlocks(file.Patterns, info.N, claimsBlockBytes)
	if err != nil {
		return fmt.Errorf("-claims-from %s on %s: %w", opts.claimsFrom, path, err)
	}
	index := scanBlock(path)
	var reports []conjecture.Report
	for i, b := range blocks {
		if len(blocks) > 1 {
			fmt.Fprintf(stderr, "verify: block %d of %d: the values %d-%d of %s\n", i+1, len(blocks), b.lo, b.hi, path)
		}
		idx, err := index(ctx, b.lo, b.hi)
		if err != nil {
			return err
		}
		part := file
		part.Patterns = b.patterns
		r, err := conjecture.CheckPatterns(part, opts.claimsFrom, idx, opts.opts.Cap)
		if err != nil {
			return err
		}
		reports = append(reports, r...)
		if len(blocks) > 1 {
			debug.FreeOSMemory() // the block's index, unused from here, before the next one is made
		}
	}
	warnUnchecked(stderr, path)
	if err := addInputs(&opts.from, in); err != nil {
		return err
	}
	return finishReport(opts, in, reports, time.Since(start), stdout, stderr)
}

// selectPatterns keeps the patterns and the reports of file whose value
// -values names, when it is given, so that the values marked proved that
// are checked (checkProved) are those asked about, each with its pattern;
// it refuses a file with no pattern left or with a value above what
// -patterns searches.
func selectPatterns(file pattern.File, opts options) (pattern.File, error) {
	if opts.valuesGiven {
		asked := func(v int) bool { return v >= opts.values.lo && v <= opts.values.hi }
		kept := file.Patterns[:0:0]
		for _, p := range file.Patterns {
			if asked(p.Value) {
				kept = append(kept, p)
			}
		}
		reports := file.Values[:0:0]
		for _, r := range file.Values {
			if asked(r.Value) {
				reports = append(reports, r)
			}
		}
		file.Values = reports
		if len(kept) == 0 {
			return pattern.File{}, usagef("-values %d-%d selects none of the %d patterns of %s: give values that have one (see its no_pattern)",
				opts.values.lo, opts.values.hi, len(file.Patterns), opts.claimsFrom)
		}
		file.Patterns = kept
	}
	for _, p := range file.Patterns {
		if p.Value > maxSearchedValue {
			return pattern.File{}, fmt.Errorf("-claims-from %s: a pattern of value %d, above the %d that -patterns searches: not a file verify wrote",
				opts.claimsFrom, p.Value, maxSearchedValue)
		}
	}
	return file, nil
}

// valueBlock is a run of values lo … hi whose index fits a block, and the
// patterns of those values.
type valueBlock struct {
	lo, hi   int
	patterns []pattern.Pattern
}

// valueBlocks splits patterns, in the order of their values, into blocks
// whose index of 4·(n+1) bytes a value, lo … hi, takes at most budget
// bytes. A single value above the budget gets a block of its own if it is
// within maxIndexBytes, and is refused otherwise.
func valueBlocks(patterns []pattern.Pattern, n int, budget int64) ([]valueBlock, error) {
	sorted := slices.Clone(patterns)
	slices.SortStableFunc(sorted, func(a, b pattern.Pattern) int { return cmp.Compare(a.Value, b.Value) })
	perValue := 4 * int64(n+1)
	if perValue > maxIndexBytes {
		return nil, fmt.Errorf("indexing one value of a table of n = %d takes %d MiB, above the limit of %d MiB", n, perValue>>20, maxIndexBytes>>20)
	}
	var blocks []valueBlock
	for _, p := range sorted {
		if k := len(blocks) - 1; k >= 0 && int64(p.Value-blocks[k].lo+1)*perValue <= budget {
			blocks[k].hi = p.Value
			blocks[k].patterns = append(blocks[k].patterns, p)
			continue
		}
		blocks = append(blocks, valueBlock{lo: p.Value, hi: p.Value, patterns: []pattern.Pattern{p}})
	}
	return blocks, nil
}

// scanBlock returns how the blocks of the input at path are indexed: a
// values dataset through one pattern.DatasetIndexer (its first block reads
// every cell and checks cells_sha256, the others only their row groups),
// anything else by a scan of its own per block.
func scanBlock(path string) func(ctx context.Context, lo, hi int) (*pattern.Index, error) {
	var indexer *pattern.DatasetIndexer
	return func(ctx context.Context, lo, hi int) (*pattern.Index, error) {
		if !valuesds.IsDataset(path) {
			idx, _, err := pattern.ScanInput(ctx, path, lo, hi)
			return idx, err
		}
		if indexer == nil {
			var err error
			if indexer, err = pattern.OpenDatasetIndexer(path); err != nil {
				return nil, err
			}
		}
		idx, _, err := indexer.Index(ctx, lo, hi)
		return idx, err
	}
}

// checkProved authenticates the values file marks proved
// (patternfiles.CheckProved: each certificate found beside -claims-from by
// name and sha256, re-checked, and every proved value exactly what it
// implies), records the certificates in opts.from and says what they prove.
func checkProved(ctx context.Context, file pattern.File, opts *options, stdout io.Writer) error {
	certified, err := patternfiles.CheckProved(ctx, file, filepath.Dir(opts.claimsFrom), band.Config{})
	if err != nil {
		return fmt.Errorf("-claims-from %s: %w", opts.claimsFrom, err)
	}
	for _, c := range certified {
		path := filepath.Join(filepath.Dir(opts.claimsFrom), c.Name)
		opts.from.Inputs = append(opts.from.Inputs, provenance.Input{Path: path, Checksum: provenance.FileSHA256, SHA256: c.SHA256})
		fmt.Fprintf(stdout, "proved: %s values %s by %s (sha256 %s…), re-checked: the band state of the values 0 … %d repeats with period %d from row %d, "+
			"and it implies the period, start and offsets the file states for each of them\n",
			file.Table, pattern.ValueRanges(c.Values), path, c.SHA256[:16], c.Certificate.V, c.Certificate.P, c.Certificate.X0)
	}
	return nil
}

// patternClaimsInput resolves -in for -claims-from: a table file, values
// file or values dataset directory as it is, or in another directory the
// table file of table with the largest n.
func patternClaimsInput(in, table string) (string, inputSet, error) {
	st, err := os.Stat(in)
	if err != nil {
		return "", inputSet{}, fmt.Errorf("-in %s: %w", in, err)
	}
	if st.IsDir() && !valuesds.IsDataset(in) {
		set, err := findTables(in, []string{table})
		if err != nil {
			return "", inputSet{}, err
		}
		if len(set.found) == 0 {
			return "", inputSet{}, fmt.Errorf("-in %s holds no file of table %s (compute it: compute -table %s -out %s)",
				in, table, table, in)
		}
		return set.found[0].path, set, nil
	}
	info, err := pattern.ReadInputInfo(in)
	if err != nil {
		return "", inputSet{}, err
	}
	f := tableFile{ID: info.Table, File: filepath.Base(filepath.Clean(in)), N: info.N, path: in}
	return in, inputSet{dir: filepath.Dir(in), found: []tableFile{f}}, nil
}

// warnUnchecked says, for a values file of an earlier version, that no
// checksum covers its rows: its cells are checked against the file's own
// invariants as they are read, but a damaged cell that keeps them could
// still be reported as a counterexample. A values dataset has a sha256
// per part and cells_sha256, checked before anything is reported.
func warnUnchecked(stderr io.Writer, path string) {
	if results.IsValuesFileName(path) && !valuesds.IsDataset(path) {
		fmt.Fprintf(stderr, "verify: %s is a values file of an earlier version, with no checksum of its rows: "+
			"a counterexample found in it may be damage; to be sure, compute the values again as a dataset "+
			"(compute -write values) and verify that\n", path)
	}
}
