package main

import (
	"io"
	"strings"
	"testing"
)

// parsed parses args as compute's command line, failing the test on an
// error.
func parsed(t *testing.T, args ...string) options {
	t.Helper()
	opts, err := parseFlags(args, io.Discard)
	if err != nil {
		t.Fatalf("%q: %v", args, err)
	}
	return opts
}

// TestBandTileIsClampedToTheTable: a -tile taller than the table is the
// table's n+1 rows in the band sweep too, and the estimate is that of the
// clamped tile. (-n 100000 -tile 1000000000 was estimated at 13.3 TiB, and
// with -force ran out of memory.)
func TestBandTileIsClampedToTheTable(t *testing.T) {
	huge := parsed(t, "-table", "gneg1", "-n", "100000", "-write", "values", "-tile", "1000000000")
	fits := parsed(t, "-table", "gneg1", "-n", "100000", "-write", "values", "-tile", "100001")
	if !huge.band || huge.tile != 100001 {
		t.Fatalf("band %v, tile %d; want the band sweep with tile 100001", huge.band, huge.tile)
	}
	if a, b := estimate(huge), estimate(fits); a != b {
		t.Fatalf("estimate with -tile 10⁹: %+v; with n+1: %+v", a, b)
	}
}

// TestValuesBeyondTheBand: values above the band sweep's largest are a
// usage error that names -sweep full, and the widest -values estimates a
// positive size. (-values 0-1024 failed with exit 1 after starting, and
// 0-2147483647 estimated -429926226329 B of disk.)
func TestValuesBeyondTheBand(t *testing.T) {
	for _, sweep := range []string{"auto", "band"} {
		_, stderr, code := runCompute(t, "-table", "gneg1", "-n", "100", "-write", "values", "-values", "0-1024",
			"-sweep", sweep, "-out", t.TempDir())
		if code != 2 || !strings.Contains(stderr, "-values") || !strings.Contains(stderr, "-sweep full") {
			t.Errorf("-sweep %s -values 0-1024: exit %d, %s", sweep, code, stderr)
		}
	}
	if _, stderr, code := runCompute(t, "-table", "gneg1", "-n", "100", "-write", "values", "-values", "0-1023",
		"-quiet", "-out", t.TempDir()); code != 0 {
		t.Errorf("-values 0-1023: exit %d, %s", code, stderr)
	}
	opts := parsed(t, "-table", "gneg1", "-n", "1000", "-write", "values", "-values", "0-2147483647", "-sweep", "full")
	if p := estimate(opts); p.disk < 1001*1001/2 || p.seconds <= 0 {
		t.Fatalf("-values 0-2147483647: %+v, want a positive disk of at least the cells kept", p)
	}
}

// TestNumbersAreDecimal: -n 010 is ten (it was octal eight), -n 0x10 a
// usage error naming -n (it was sixteen).
func TestNumbersAreDecimal(t *testing.T) {
	if opts := parsed(t, "-n", "010", "-write", "none"); opts.n != 10 {
		t.Errorf("-n 010 is %d", opts.n)
	}
	for _, arg := range []string{"0x10", "0o10", "1_0"} {
		if _, stderr, code := runCompute(t, "-n", arg, "-out", t.TempDir()); code != 2 || !strings.Contains(stderr, "-n") ||
			!strings.Contains(stderr, "decimal") {
			t.Errorf("-n %s: exit %d, %s", arg, code, stderr)
		}
	}
}

// TestSayWhatTheSweepCannotServe: a run the band cannot serve under -sweep
// auto says, before it starts, that it sweeps the whole table instead; a
// table file refused as too large points to the band's -write values; and
// -help's usage line names every flag.
func TestSayWhatTheSweepCannotServe(t *testing.T) {
	_, stderr, code := runCompute(t, "-table", "wythoff", "-n", "200", "-write", "values", "-values", "0-20", "-quiet", "-out", t.TempDir())
	if code != 0 || !strings.Contains(stderr, "the band sweep cannot compute wythoff") || !strings.Contains(stderr, "full sweep") {
		t.Errorf("wythoff -write values: exit %d, %s", code, stderr)
	}
	if _, stderr, _ := runCompute(t, "-table", "gneg1", "-n", "200", "-write", "values", "-quiet", "-out", t.TempDir()); strings.Contains(stderr, "band sweep cannot") {
		t.Errorf("gneg1 on the band: %s", stderr)
	}
	_, stderr, code = runCompute(t, "-table", "gneg1", "-n", "1000000000", "-out", t.TempDir())
	if code != 2 || !strings.Contains(stderr, "-write values") {
		t.Errorf("a table file at n = 10⁹: exit %d, %s", code, stderr)
	}
	var help strings.Builder
	parseFlags([]string{"-help"}, &help)
	usage, defaults, _ := strings.Cut(help.String(), "\n  -")
	for _, line := range strings.Split("  -"+defaults, "\n") {
		name, ok := strings.CutPrefix(line, "  -")
		if !ok {
			continue
		}
		name, _, _ = strings.Cut(name, " ")
		if !namesFlag(usage+"\n", name) {
			t.Errorf("the usage line does not name -%s:\n%s", name, usage)
		}
	}
}

// namesFlag reports whether the usage text names -name, followed by a
// space, a bracket, a bar or the end of a line.
func namesFlag(usage, name string) bool {
	for _, end := range []string{" ", "]", "|", "\n"} {
		if strings.Contains(usage, "-"+name+end) {
			return true
		}
	}
	return false
}
