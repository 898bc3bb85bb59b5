package pattern

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// File is the patterns JSON of one table, as cmd/verify writes it with -json
// and reads it back as claims with -claims-from:
//
//	{"table": "gneg1", "n": 10000, "patterns": [{"value": 3, "period": 4,
//	 "start": 6, "offsets": [-2, -2, 2, 2], "exceptions": [[0, 4], …],
//	 "confirmed_to": 9998}, …], "no_pattern": [16, …]}
//
// Offsets are indexed by x mod period; max_period, mined_to and no_pattern
// record how the search was run and which values it found nothing for.
type File struct {
	Table     string    `json:"table"`
	N         int       `json:"n"`
	MaxPeriod int       `json:"max_period,omitempty"`
	MinedTo   int       `json:"mined_to,omitempty"`
	Patterns  []Pattern `json:"patterns"`
	NoPattern []int     `json:"no_pattern,omitempty"`
}

// NewFile collects the results of searching table (an id such as "gneg1")
// over 0 ≤ x, y ≤ n: found patterns under Patterns, the other values under
// NoPattern. MaxPeriod and MinedTo come from the first result.
func NewFile(table string, n int, results []Result) File {
	f := File{Table: table, N: n, Patterns: []Pattern{}}
	for i, r := range results {
		if i == 0 {
			f.MaxPeriod, f.MinedTo = r.MaxPeriod, r.MinedTo
		}
		if r.Found {
			f.Patterns = append(f.Patterns, r.Pattern)
		} else {
			f.NoPattern = append(f.NoPattern, r.Value)
		}
	}
	return f
}

// Validate reports the first way f is malformed: an empty table id, n or a
// search setting out of range, an invalid pattern (see Pattern.Validate), or
// a value listed twice.
func (f File) Validate() error {
	switch {
	case f.Table == "":
		return errors.New("patterns file: no table")
	case f.N < 0 || f.N > maxCoord:
		return fmt.Errorf("patterns file: n = %d out of range", f.N)
	case f.MaxPeriod < 0 || f.MaxPeriod > MaxPeriodLimit:
		return fmt.Errorf("patterns file: max_period %d outside 0…%d", f.MaxPeriod, MaxPeriodLimit)
	case f.MinedTo < 0 || f.MinedTo > maxCoord:
		return fmt.Errorf("patterns file: mined_to %d out of range", f.MinedTo)
	}
	seen := make(map[int]bool)
	for _, p := range f.Patterns {
		if err := p.Validate(); err != nil {
			return fmt.Errorf("patterns file: %w", err)
		}
		if seen[p.Value] {
			return fmt.Errorf("patterns file: value %d listed twice", p.Value)
		}
		seen[p.Value] = true
	}
	for _, v := range f.NoPattern {
		if v < 0 || v > maxCoord {
			return fmt.Errorf("patterns file: no_pattern value %d out of range", v)
		}
		if seen[v] {
			return fmt.Errorf("patterns file: value %d listed twice", v)
		}
		seen[v] = true
	}
	return nil
}

// Encode writes f to w as JSON after validating it, one pattern per line so
// that long exception lists stay readable and diffs stay small.
func Encode(w io.Writer, f File) error {
	if err := f.Validate(); err != nil {
		return err
	}
	f = f.normalized()
	table, err := json.Marshal(f.Table)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "{\n  \"table\": %s,\n  \"n\": %d,\n", table, f.N)
	if f.MaxPeriod != 0 {
		fmt.Fprintf(&b, "  \"max_period\": %d,\n", f.MaxPeriod)
	}
	if f.MinedTo != 0 {
		fmt.Fprintf(&b, "  \"mined_to\": %d,\n", f.MinedTo)
	}
	b.WriteString("  \"patterns\": [")
	for i, p := range f.Patterns {
		data, err := json.Marshal(p)
		if err != nil {
			return err
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n    ")
		b.Write(data)
	}
	if len(f.Patterns) > 0 {
		b.WriteString("\n  ")
	}
	b.WriteByte(']')
	if f.NoPattern != nil {
		data, err := json.Marshal(f.NoPattern)
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, ",\n  \"no_pattern\": %s", data)
	}
	b.WriteString("\n}\n")
	_, err = w.Write(b.Bytes())
	return err
}

// Decode reads one patterns file from r and validates it. Unknown fields,
// trailing data and any malformed pattern are errors: the file is outside
// input, and a pattern read from it is about to be trusted as a claim.
func Decode(r io.Reader) (File, error) {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	var f File
	if err := dec.Decode(&f); err != nil {
		return File{}, fmt.Errorf("patterns file: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return File{}, errors.New("patterns file: data after the JSON object")
	}
	if err := f.Validate(); err != nil {
		return File{}, err
	}
	return f.normalized(), nil
}

// normalized returns f with empty lists in one form: no patterns and no
// exceptions as empty lists (JSON []), no NoPattern values as nil (omitted).
func (f File) normalized() File {
	if f.Patterns == nil {
		f.Patterns = []Pattern{}
	}
	for i := range f.Patterns {
		if f.Patterns[i].Exceptions == nil {
			f.Patterns[i].Exceptions = []Cell{}
		}
	}
	if len(f.NoPattern) == 0 {
		f.NoPattern = nil
	}
	return f
}
