package cli

import (
	"bytes"
	"errors"
	"flag"
	"strings"
	"testing"
	"time"
)

// newFlags is a flag set like the commands': -table, -tile, -n, -values.
func newFlags(out *bytes.Buffer) *flag.FlagSet {
	fs := flag.NewFlagSet("compute", flag.ContinueOnError)
	fs.SetOutput(out)
	fs.String("table", "", "tables")
	fs.Int("tile", 0, "tile")
	fs.Int("n", 0, "size")
	fs.String("values", "", "values")
	fs.Usage = func() { fs.PrintDefaults() }
	return fs
}

// TestParseSuggests: a mistyped flag is one line naming the flag meant,
// with no usage printed (it used to print 40 lines of usage and no hint).
func TestParseSuggests(t *testing.T) {
	tests := []struct {
		arg, want string
	}{
		{"-tabel", "-tabel: no such flag; did you mean -table? (see -h)"},
		{"-tabl", "-tabl: no such flag; did you mean -table? (see -h)"},
		{"-valeus", "-valeus: no such flag; did you mean -values? (see -h)"},
		{"-size", "-size: no such flag (see -h for the flags)"},
		{"--tile=3x", `invalid value "3x" for flag -tile: "3x" is not a decimal number`},
	}
	for _, tt := range tests {
		var out bytes.Buffer
		err := Parse(newFlags(&out), []string{tt.arg})
		if err == nil || err.Error() != tt.want || out.Len() != 0 {
			t.Errorf("Parse(%s) = %v, printed %q; want %q and nothing printed", tt.arg, err, out.String(), tt.want)
		}
	}
	var out bytes.Buffer
	if err := Parse(newFlags(&out), []string{"-h"}); !errors.Is(err, flag.ErrHelp) || !strings.Contains(out.String(), "-table") {
		t.Errorf("-h: %v, printed %q; want flag.ErrHelp and the usage", err, out.String())
	}
}

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"tabel", "table", 1}, {"tile", "table", 2}, {"n", "", 1}, {"values", "valeus", 1}, {"abc", "xyz", 3}} {
		if got := editDistance(c.a, c.b); got != c.d {
			t.Errorf("editDistance(%q, %q) = %d, want %d", c.a, c.b, got, c.d)
		}
	}
}

// TestUnused: a flag the mode does not use is named, with the mode that
// does; flags left at their defaults are not.
func TestUnused(t *testing.T) {
	var out bytes.Buffer
	fs := newFlags(&out)
	if err := fs.Parse([]string{"-n", "10", "-values", "0-5"}); err != nil {
		t.Fatal(err)
	}
	err := Unused(fs, "a table run", []string{"n", "table"}, map[string]string{"values": "it goes with -write values"})
	if err == nil || err.Error() != "-values is not used by a table run; it goes with -write values" {
		t.Errorf("Unused = %v", err)
	}
	if err := Unused(fs, "a values run", []string{"n", "values"}, nil); err != nil {
		t.Errorf("Unused with every flag used = %v", err)
	}
}

// TestNumbersAreDecimal: integer flags read decimal numbers only, leading
// zeros included ("010" is ten, not octal eight), and refuse hexadecimal,
// octal and binary prefixes and underscores with an error naming the flag.
// Durations and strings are untouched.
func TestNumbersAreDecimal(t *testing.T) {
	for _, tc := range []struct {
		arg  string
		want int64 // for every integer kind
		bad  bool
	}{
		{"10", 10, false},
		{"010", 10, false},
		{"-010", -10, false},
		{"+7", 7, false},
		{"0", 0, false},
		{"000", 0, false},
		{"0x10", 0, true},
		{"0X10", 0, true},
		{"0o17", 0, true},
		{"0b101", 0, true},
		{"1_000", 0, true},
		{"1e3", 0, true},
		{"", 0, true},
	} {
		for _, name := range []string{"i", "i64", "u", "u64"} {
			fs := flag.NewFlagSet("test", flag.ContinueOnError)
			i, i64, u, u64 := fs.Int("i", 1, ""), fs.Int64("i64", 1, ""), fs.Uint("u", 1, ""), fs.Uint64("u64", 1, "")
			d := fs.Duration("d", 0, "")
			err := Parse(fs, []string{"-" + name, tc.arg, "-d", "1m"})
			if tc.want < 0 && (name == "u" || name == "u64") {
				continue
			}
			if tc.bad {
				if err == nil || !strings.Contains(err.Error(), "-"+name) || !strings.Contains(err.Error(), "decimal") {
					t.Errorf("-%s %q: error %v, want a refusal naming -%s", name, tc.arg, err, name)
				}
				continue
			}
			got := map[string]int64{"i": int64(*i), "i64": *i64, "u": int64(*u), "u64": int64(*u64)}[name]
			if err != nil || got != tc.want || *d != time.Minute {
				t.Errorf("-%s %q: %d, %v (d %v); want %d", name, tc.arg, got, err, *d, tc.want)
			}
		}
	}
}

// TestHelpListsDecimalFlags: the defaults of integer flags print as
// before, a zero default unsaid (package flag calls String on a zero
// decimalValue to tell; it panicked, printed inside -help's output).
func TestHelpListsDecimalFlags(t *testing.T) {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.Int("bound", 0, "rows")
	fs.Int("tile", 64, "rows of a band")
	var out strings.Builder
	fs.SetOutput(&out)
	if err := Parse(fs, []string{"-h"}); err != flag.ErrHelp {
		t.Fatalf("-h: %v", err)
	}
	fs.PrintDefaults()
	help := out.String()
	if strings.Contains(help, "panic") || !strings.Contains(help, "(default 64)") || strings.Contains(help, "(default 0)") {
		t.Errorf("-h printed:\n%s", help)
	}
}
