package conjecture

import (
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/conjecture/pattern"
)

// TestPatternStatement: a short period lists its offsets; a long one is
// stated in its compact form and points to the pattern file, in a line a
// report can show.
func TestPatternStatement(t *testing.T) {
	f := pattern.File{Table: "gneg1", N: 10000}
	short := pattern.Pattern{Value: 7, Period: 4, Start: 2, Offsets: []int{2, 2, -2, -2}}
	if got := patternStatement(f, "p.json", short); !strings.Contains(got, "d = (+2, +2, -2, -2)") {
		t.Errorf("period 4: %q does not list the offsets", got)
	}
	long := pattern.Pattern{Value: 16, Period: 1008, Start: 100, Offsets: make([]int, 1008)}
	for i := range long.Offsets {
		long.Offsets[i] = 5
	}
	got := patternStatement(f, "p.json", long)
	if len(got) > 500 || !strings.Contains(got, "y = x + 5") || !strings.Contains(got, "period 1008") || !strings.Contains(got, "p.json") {
		t.Errorf("period 1008: %d characters, %q", len(got), got)
	}
}
