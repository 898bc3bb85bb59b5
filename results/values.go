package results

import (
	"fmt"
	"strconv"
	"strings"
)

// A values file, written by earlier versions (compute -write values now
// writes a values dataset, package valuesds) and still read, holds the
// positions of the cells whose value lies in a range LO … HI: columns v, x,
// y (int32), one row per such cell, ordered by x, then y, in record batches
// of whole x-rows. It carries the metadata of a table file, its g_sha256 and
// max_value those of the whole table, plus KeyValues; no checksum covers
// its rows.

// KeyValues is the metadata key of a values file's range, "LO-HI".
const KeyValues = "values"

// ValuesFileName is the name of the values file of table id at size n:
// "<id>_n<n>.values.arrow".
func ValuesFileName(id string, n int) string { return fmt.Sprintf("%s_n%d.values.arrow", id, n) }

// ValueRange is an inclusive range of Grundy values, Lo ≤ Hi.
type ValueRange struct{ Lo, Hi int32 }

// String is the range as KeyValues and the -values flags spell it.
func (r ValueRange) String() string { return fmt.Sprintf("%d-%d", r.Lo, r.Hi) }

// ParseValueRange reads "LO-HI" or a single value "V", 0 ≤ LO ≤ HI ≤ limit.
func ParseValueRange(s string, limit int) (ValueRange, error) {
	lo, hi, isRange := strings.Cut(strings.TrimSpace(s), "-")
	if !isRange {
		hi = lo
	}
	a, errLo := strconv.Atoi(strings.TrimSpace(lo))
	b, errHi := strconv.Atoi(strings.TrimSpace(hi))
	switch {
	case errLo != nil || errHi != nil || a < 0:
		return ValueRange{}, fmt.Errorf("%q is not a value or a range lo-hi of values ≥ 0, such as 0-40", s)
	case a > b:
		return ValueRange{}, fmt.Errorf("%q is an empty range", s)
	case b > limit:
		return ValueRange{}, fmt.Errorf("%q goes beyond %d", s, limit)
	}
	return ValueRange{int32(a), int32(b)}, nil
}
