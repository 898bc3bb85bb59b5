package conjecture

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseTranscription(t *testing.T) {
	tests := []struct {
		name, in string
		want     Transcription
		err      string
	}{
		{"cells and comments", "# header\n\n 1 -1\n ? .\n",
			Transcription{Value: [][]int{{1, -1}, {0, 0}}, State: [][]CellState{{Printed, Printed}, {Lost, Blank}}}, ""},
		{"ragged", "1 2\n3\n", Transcription{}, "line 2: 1 cells, but the first row has 2"},
		{"not a number", "1 x\n", Transcription{}, `line 1, cell 1: "x" is not an integer, ? or .`},
		{"too large", "1 99999999999\n", Transcription{}, `line 1, cell 1: "99999999999" is not an integer, ? or .`},
		{"empty", "# only a comment\n", Transcription{}, "no rows"},
	}
	for _, tt := range tests {
		got, err := ParseTranscription(strings.NewReader(tt.in))
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("%s: err = %v, want %q", tt.name, err, tt.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: got %+v, %v; want %+v", tt.name, got, err, tt.want)
		}
	}
}

// FuzzParseTranscription: the parser never panics, and what it accepts is
// rectangular with a state for every value.
func FuzzParseTranscription(f *testing.F) {
	f.Add("# c\n1 2\n? .\n")
	f.Add("1\n")
	f.Add(" -3 \t 4\n\n5 6")
	f.Fuzz(func(t *testing.T, in string) {
		got, err := ParseTranscription(strings.NewReader(in))
		if err != nil {
			return
		}
		for r := range got.Value {
			if len(got.Value[r]) != len(got.Value[0]) || len(got.State[r]) != len(got.Value[r]) {
				t.Fatalf("row %d is ragged: %d values, %d states, first row %d", r, len(got.Value[r]), len(got.State[r]), len(got.Value[0]))
			}
		}
	})
}
