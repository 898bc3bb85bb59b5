package results

import (
	"crypto/sha256"
	"fmt"
	"hash"
	"math"

	"github.com/grundy-lab/grundy/engine"
)

// digest accumulates what a table file records about its g column: the
// SHA-256 of g as little-endian int32 in row-major order, and the largest g.
type digest struct {
	hash hash.Hash
	max  int32
}

func newDigest() digest { return digest{hash: sha256.New(), max: math.MinInt32} }

// account takes in the next cells, in row-major order.
func (d *digest) account(cells []int32) {
	for _, v := range cells {
		d.max = max(d.max, v)
	}
	d.hash.Write(littleEndianBytes(cells))
}

// sum returns the hex checksum of every cell added.
func (d *digest) sum() string { return fmt.Sprintf("%x", d.hash.Sum(nil)) }

// bandCoordinates holds the x and y columns of a band, reused from band to
// band: y runs 0..n in every row and is filled once, x is constant along a row.
type bandCoordinates struct {
	xs, ys []int32
}

// of returns the x and y columns of b's cells.
func (c *bandCoordinates) of(b engine.Band) (xs, ys []int32) {
	cells := len(b.Cells)
	if len(c.ys) < cells {
		c.xs = make([]int32, cells)
		c.ys = make([]int32, cells)
		for i := range c.ys {
			c.ys[i] = int32(i % b.Width)
		}
	}
	xs, ys = c.xs[:cells], c.ys[:cells]
	for r := range b.Rows {
		row := xs[r*b.Width : (r+1)*b.Width]
		for i := range row {
			row[i] = int32(b.X0 + r)
		}
	}
	return xs, ys
}
