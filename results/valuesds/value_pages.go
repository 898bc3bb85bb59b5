package valuesds

import "sync"

// A page of column v is count times the value v, PLAIN: the same bytes, so
// the same compressed bytes, wherever (v, count) recurs. A band run's parts
// hold each of its values once a row, so the same V+1 pages recur part
// after part; and they were most of what zstd read (4 bytes a cell of v,
// against about 1 of x and y). They are compressed once and kept.
var compressedValuePages = valuePageCache{pages: make(map[valuePageKey][]byte)}

// valuePageKey names a page of column v: its value and its count.
type valuePageKey struct {
	v     int32
	count int
}

// valuePageCache is the compressed pages of column v kept, shared by the
// parts written at once; it holds at most valuePagesKept.
type valuePageCache struct {
	mu    sync.Mutex
	pages map[valuePageKey][]byte
}

// valuePagesKept bounds the pages kept (a hundred bytes or so each): a band
// run of values 0 … V needs V+1 of them, and a few more for its first and
// last parts; beyond it the cache starts over.
const valuePagesKept = 8192

// get returns the compressed page of key, if kept; the caller must not
// change it.
func (c *valuePageCache) get(key valuePageKey) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	page, ok := c.pages[key]
	return page, ok
}

// put keeps page as the compressed page of key.
func (c *valuePageCache) put(key valuePageKey, page []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.pages) >= valuePagesKept {
		clear(c.pages)
	}
	c.pages[key] = page
}
