package conjecture

import (
	"bufio"
	"embed"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// papers holds the transcriptions of the tables the papers print; each
// file's header comment cites its source and lists the lost cells.
//
//go:embed testdata/*.txt
var papers embed.FS

// cellState says what a transcribed cell holds.
type cellState uint8

const (
	printed cellState = iota // a value, as printed
	lost                     // "?": printed, but lost in the PDF conversion
	blank                    // ".": the paper prints nothing there
)

// transcription is a table as a paper prints it: value[r][c] is the value
// of row r, column c when state[r][c] is printed.
type transcription struct {
	value [][]int
	state [][]cellState
}

// parseTranscription reads a transcription: '#' lines and blank lines are
// comments; every other line is one row of whitespace-separated cells, an
// integer, "?" for a lost cell or "." for a blank one. All rows must have
// the same number of cells, and there must be at least one.
func parseTranscription(r io.Reader) (transcription, error) {
	var t transcription
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		fields := strings.Fields(s)
		if len(t.value) > 0 && len(fields) != len(t.value[0]) {
			return transcription{}, fmt.Errorf("line %d: %d cells, but the first row has %d", line, len(fields), len(t.value[0]))
		}
		values := make([]int, len(fields))
		states := make([]cellState, len(fields))
		for c, field := range fields {
			switch field {
			case "?":
				states[c] = lost
			case ".":
				states[c] = blank
			default:
				v, err := strconv.ParseInt(field, 10, 32)
				if err != nil {
					return transcription{}, fmt.Errorf("line %d, cell %d: %q is not an integer, ? or .", line, c, field)
				}
				values[c] = int(v)
			}
		}
		t.value = append(t.value, values)
		t.state = append(t.state, states)
	}
	if err := sc.Err(); err != nil {
		return transcription{}, err
	}
	if len(t.value) == 0 {
		return transcription{}, fmt.Errorf("no rows")
	}
	return t, nil
}

// transcribed returns the embedded transcription testdata/name. The files
// are part of the program, so a missing or malformed one panics, as
// regexp.MustCompile does; a test parses every file.
func transcribed(name string) transcription {
	f, err := papers.Open("testdata/" + name)
	if err != nil {
		panic(fmt.Sprintf("conjecture: %v", err))
	}
	defer f.Close()
	t, err := parseTranscription(f)
	if err != nil {
		panic(fmt.Sprintf("conjecture: testdata/%s: %v", name, err))
	}
	return t
}

// withCell returns a copy of t with row r, column c printed as v.
func (t transcription) withCell(r, c, v int) transcription {
	u := transcription{value: make([][]int, len(t.value)), state: make([][]cellState, len(t.state))}
	for i := range t.value {
		u.value[i] = append([]int(nil), t.value[i]...)
		u.state[i] = append([]cellState(nil), t.state[i]...)
	}
	u.value[r][c], u.state[r][c] = v, printed
	return u
}
