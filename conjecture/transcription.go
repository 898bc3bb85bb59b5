package conjecture

import (
	"bufio"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"
)

// CellState says what a transcribed cell holds.
type CellState uint8

const (
	Printed CellState = iota // a value, as printed
	Lost                     // "?": printed, but lost in the PDF conversion
	Blank                    // ".": the paper prints nothing there
)

// Transcription is a table as a paper prints it: value[r][c] is the value
// of row r, column c when state[r][c] is printed.
type Transcription struct {
	Value [][]int
	State [][]CellState
}

// ParseTranscription reads a Transcription: '#' lines and blank lines are
// comments; every other line is one row of whitespace-separated cells, an
// integer, "?" for a lost cell or "." for a blank one. All rows must have
// the same number of cells, and there must be at least one.
func ParseTranscription(r io.Reader) (Transcription, error) {
	var t Transcription
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		fields := strings.Fields(s)
		if len(t.Value) > 0 && len(fields) != len(t.Value[0]) {
			return Transcription{}, fmt.Errorf("line %d: %d cells, but the first row has %d", line, len(fields), len(t.Value[0]))
		}
		values := make([]int, len(fields))
		states := make([]CellState, len(fields))
		for c, field := range fields {
			switch field {
			case "?":
				states[c] = Lost
			case ".":
				states[c] = Blank
			default:
				v, err := strconv.ParseInt(field, 10, 32)
				if err != nil {
					return Transcription{}, fmt.Errorf("line %d, cell %d: %q is not an integer, ? or .", line, c, field)
				}
				values[c] = int(v)
			}
		}
		t.Value = append(t.Value, values)
		t.State = append(t.State, states)
	}
	if err := sc.Err(); err != nil {
		return Transcription{}, err
	}
	if len(t.Value) == 0 {
		return Transcription{}, fmt.Errorf("no rows")
	}
	return t, nil
}

// Transcribed returns the transcription testdata/name of fsys, a paper
// package's embedded files. The files are part of the program, so a
// missing or malformed one panics, as regexp.MustCompile does; the tests
// parse every file.
func Transcribed(fsys fs.FS, name string) Transcription {
	f, err := fsys.Open("testdata/" + name)
	if err != nil {
		panic(fmt.Sprintf("conjecture: %v", err))
	}
	defer f.Close()
	t, err := ParseTranscription(f)
	if err != nil {
		panic(fmt.Sprintf("conjecture: testdata/%s: %v", name, err))
	}
	return t
}

// WithCell returns a copy of t with row r, column c printed as v.
func (t Transcription) WithCell(r, c, v int) Transcription {
	u := Transcription{Value: make([][]int, len(t.Value)), State: make([][]CellState, len(t.State))}
	for i := range t.Value {
		u.Value[i] = append([]int(nil), t.Value[i]...)
		u.State[i] = append([]CellState(nil), t.State[i]...)
	}
	u.Value[r][c], u.State[r][c] = v, Printed
	return u
}
