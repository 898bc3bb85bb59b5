package valuesds

import (
	"strings"
	"testing"
)

// TestStatsCheck holds a chunk of three pages against its statistics, the
// values given in batches that cross the pages' ends: true statistics
// pass, and a page's or the chunk's min or max off by one, or values
// more or fewer than the pages hold, are named.
func TestStatsCheck(t *testing.T) {
	values := []int64{5, 3, 9, 4, 4, 8, 1, 7, 2, 6}
	honest := func() chunkLayout {
		return chunkLayout{stats: stats{1, 9}, pages: []pageLayout{
			{values: 3, stats: stats{3, 9}, hasStats: true},
			{values: 4, stats: stats{1, 8}, hasStats: true},
			{values: 3, stats: stats{2, 7}, hasStats: false},
		}}
	}
	for _, tc := range []struct {
		name   string
		edit   func(c *chunkLayout)
		values []int64
		want   string
	}{
		{"honest", func(*chunkLayout) {}, values, ""},
		{"page 1 min raised", func(c *chunkLayout) { c.pages[1].stats.min = 2 }, values, "page 1 say min 2"},
		{"page 0 max lowered", func(c *chunkLayout) { c.pages[0].stats.max = 8 }, values, "page 0 say min 3, max 8"},
		{"chunk min raised", func(c *chunkLayout) { c.stats.min = 2 }, values, "statistics say min 2"},
		{"chunk max raised", func(c *chunkLayout) { c.stats.max = 10 }, values, "max 10"},
		{"one value more", func(*chunkLayout) {}, append(values[:10:10], 5), "more values than its pages hold"},
		{"one value fewer", func(*chunkLayout) {}, values[:9], "fewer values than its pages hold"},
	} {
		for _, batch := range []int{1, 2, 4, 10} {
			c := honest()
			tc.edit(&c)
			s := newStatsCheck[int64](&c)
			var err error
			for a := 0; a < len(tc.values) && err == nil; a += batch {
				err = s.add(tc.values[a:min(a+batch, len(tc.values))])
			}
			if err == nil {
				err = s.finish()
			}
			if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
				t.Errorf("%s, batches of %d: %v, want %q", tc.name, batch, err, tc.want)
			}
		}
	}
}
