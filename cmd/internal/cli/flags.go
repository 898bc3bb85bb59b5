package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// Parse parses args with fs without printing anything on a mistake: a
// mistyped flag is an error that suggests the closest defined one (see
// FlagError), not the whole usage. -h and -help print the usage and return
// flag.ErrHelp, as fs.Parse does.
//
// Integer flags read decimal numbers only (decimalValue): "010" is ten, and
// "0x10", "0o17", "0b1" and "1_000", which package flag would take, are
// errors naming the flag.
func Parse(fs *flag.FlagSet, args []string) error {
	fs.VisitAll(func(f *flag.Flag) {
		if _, done := f.Value.(decimalValue); !done && isInteger(f.Value) {
			f.Value = decimalValue{f.Value}
		}
	})
	usage, out := fs.Usage, fs.Output()
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	fs.Usage = usage
	fs.SetOutput(out)
	if errors.Is(err, flag.ErrHelp) {
		fs.Usage()
		return err
	}
	return FlagError(fs, err)
}

// isInteger reports whether v is one of package flag's integer values.
func isInteger(v flag.Value) bool {
	g, ok := v.(flag.Getter)
	if !ok {
		return false
	}
	switch g.Get().(type) {
	case int, int64, uint, uint64:
		return true
	}
	return false
}

// decimalValue is an integer flag that takes decimal digits only, with an
// optional sign, and hands them on without the leading zeros that would
// make package flag read them as octal.
type decimalValue struct{ flag.Value }

func (d decimalValue) Set(s string) error {
	sign, digits := "", s
	if len(s) > 0 && (s[0] == '-' || s[0] == '+') {
		sign, digits = s[:1], s[1:]
	}
	if digits == "" || strings.Trim(digits, "0123456789") != "" {
		return fmt.Errorf("%q is not a decimal number", s)
	}
	if sign == "+" {
		sign = ""
	}
	if digits = strings.TrimLeft(digits, "0"); digits == "" {
		digits = "0"
	}
	return d.Value.Set(sign + digits)
}

// Get is the flag's value, as flag.Getter has it.
func (d decimalValue) Get() any { return d.Value.(flag.Getter).Get() }

// String is the wrapped value's. Package flag's PrintDefaults also calls it
// on the zero decimalValue, which wraps nothing, to tell a zero default
// from another: that is "0", the zero of every integer flag.
func (d decimalValue) String() string {
	if d.Value == nil {
		return "0"
	}
	return d.Value.String()
}

// notDefined is how package flag starts the error of an unknown flag.
const notDefined = "flag provided but not defined: -"

// FlagError returns err, an error of fs.Parse, with a suggestion when it is
// an unknown flag close to a defined one: "-tabel: no such flag; did you
// mean -table? (see -h)". Other errors, and nil, are returned as they are.
func FlagError(fs *flag.FlagSet, err error) error {
	if err == nil {
		return nil
	}
	name, ok := strings.CutPrefix(err.Error(), notDefined)
	if !ok {
		return err
	}
	name = strings.TrimLeft(name, "-")
	if best := closestFlag(fs, name); best != "" {
		return fmt.Errorf("-%s: no such flag; did you mean -%s? (see -h)", name, best)
	}
	return fmt.Errorf("-%s: no such flag (see -h for the flags)", name)
}

// closestFlag is the flag of fs nearest to name by edit distance, if one is
// within a third of name's length (at least 1, at most 3 edits), or one of
// them starts with the other; "" if none is.
func closestFlag(fs *flag.FlagSet, name string) string {
	best, bestDist := "", min(3, max(1, len(name)/3))+1
	fs.VisitAll(func(f *flag.Flag) {
		d := editDistance(name, f.Name)
		if strings.HasPrefix(f.Name, name) || strings.HasPrefix(name, f.Name) {
			d = min(d, 1)
		}
		if d < bestDist {
			best, bestDist = f.Name, d
		}
	})
	return best
}

// editDistance is the Levenshtein distance of a and b, swaps of two
// neighbours counted as one edit (tabel → table).
func editDistance(a, b string) int {
	x, y := []rune(a), []rune(b)
	prev2 := make([]int, len(y)+1)
	prev := make([]int, len(y)+1)
	cur := make([]int, len(y)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(x); i++ {
		cur[0] = i
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(y)]
}

// Unused returns an error naming the first flag set on the command line
// that the mode does not use ("-values is not used by a claims run; it goes
// with -patterns"), or nil if every flag set is in used. hint is, for a
// flag, the phrase that says where it belongs, if any ("it goes with
// -patterns").
func Unused(fs *flag.FlagSet, mode string, used []string, hint map[string]string) error {
	var err error
	fs.Visit(func(f *flag.Flag) {
		if err != nil {
			return
		}
		for _, u := range used {
			if f.Name == u {
				return
			}
		}
		err = fmt.Errorf("-%s is not used by %s", f.Name, mode)
		if h := hint[f.Name]; h != "" {
			err = fmt.Errorf("%w; %s", err, h)
		}
	})
	return err
}
