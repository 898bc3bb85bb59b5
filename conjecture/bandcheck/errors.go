package bandcheck

import (
	"errors"
	"fmt"
)

var (
	// ErrUnsupported reports a table the checker cannot check.
	ErrUnsupported = errors.New("bandcheck: table not supported")
	// ErrStream reports a stream of the wrong shape: rows out of order or
	// missing, cells out of order or outside the table.
	ErrStream = errors.New("bandcheck: malformed stream")
)

// CellError is a cell where the stream and the definition disagree: the
// first such cell in row order.
type CellError struct {
	X, Y int64
	// Value is the value the stream gives the cell, when InStream.
	Value    int32
	InStream bool
	// Want is the capped value the definition gives: V + 1 stands for
	// any value > V, which the stream must leave out.
	Want int32
	// V is the cap of the run, Lo the least value the stream carries.
	V  int
	Lo int32
}

// Error says which cell, what the stream has and what the definition gives.
func (e *CellError) Error() string {
	has := "the stream has no cell (absent: a value > " + fmt.Sprint(e.V) + ")"
	if e.Lo > 0 {
		has = fmt.Sprintf("the stream has no cell (absent: a value below %d or above %d)", e.Lo, e.V)
	}
	if e.InStream {
		has = "the stream has " + fmt.Sprint(e.Value)
	}
	want := fmt.Sprint(e.Want)
	if int(e.Want) > e.V {
		want = fmt.Sprintf("a value > %d (absent)", e.V)
	} else if e.Want >= 0 && e.Want < e.Lo {
		want += fmt.Sprintf(" (below %d: absent)", e.Lo)
	}
	return fmt.Sprintf("bandcheck: cell (%d, %d): %s, the definition gives %s", e.X, e.Y, has, want)
}
