package band

import (
	"cmp"
	"context"
	"fmt"
	"slices"
)

// The pass (Rules.Passless).
//
// With the pass, a cell's options are its rook options and c₀(x, y) =
// min(G₀(x, y), V+1), the capped cell of the passless table G₀ at the same
// place: excluding a value above V changes no capped mex, so the capped
// table of G₀ is all the sweep with the pass needs, and it is itself a band
// sweep of O(n·V). The Sweeper so holds a sweep of G₀ (passSweep.inner) and
// runs it over each segment's rows before it sweeps them (fill): it keeps
// the segment's rows of G₀ a byte a column around the diagonal (passRows),
// and a cell's excluded value is one byte load. The two sweeps stand at the
// same row between segments, so State holds both (State.Passless).

// exclusion is E(x, y) of a sweep's rules: x XOR y (nimSum), the capped
// cell of the passless table (pass, the rows of the segment being swept),
// or nothing.
type exclusion struct {
	nimSum bool
	pass   *passRows
}

// at is the value cell (x, y) excludes, or −1 for none (or one above v,
// which changes no capped mex).
func (e exclusion) at(x, y int64, v int) int {
	if e.pass != nil {
		return e.pass.at(x, y)
	}
	if e.nimSum {
		if z := x ^ y; z <= int64(v) {
			return int(z)
		}
	}
	return -1
}

// passRows holds the capped cells of rows x0 … x0+rows−1 of the passless
// table: byte k of row x0+i, bytes[i·stride + left + k] for −left ≤ k ≤
// left, is v+1 for its cell (x0+i, x0+i+k) of value v ≤ V, and 0 where it
// has none, as Dense has them; the cells further from the diagonal (every
// cell when V > OneSidedMaxCap, whose values do not fit a byte; left is
// then −1) are in far, by row then column, row i's at
// far[farStart[i]:farStart[i+1]]. A one-sided sweep's rows walk no
// further right of the diagonal than left (its span is at most left+1),
// so its kernel reads the bytes alone.
type passRows struct {
	x0       int64
	rows     int
	left     int
	stride   int
	bytes    []byte
	far      []Cell
	farStart []int32
	// hashes holds the rows' Config.PasslessRowHash values, if the
	// passless sweep has them, HashWords a row.
	hashes []uint64
}

// newPassRows prepares the rows of a passless table of the values 0 … v,
// for a sweep whose one-sided span is span (0: V+3).
func newPassRows(v, span int) *passRows {
	if v > OneSidedMaxCap {
		return &passRows{left: -1}
	}
	left := max(v+2, span-1)
	return &passRows{left: left, stride: (2*left + 1 + 15) &^ 15}
}

// reset empties p for rows from x0 on, with room for rows of them.
func (p *passRows) reset(x0 int64, rows int) {
	p.x0, p.rows = x0, 0
	if need := rows * p.stride; len(p.bytes) < need {
		p.bytes = make([]byte, need)
	}
	p.far = p.far[:0]
	p.farStart = append(p.farStart[:0], 0)
	p.hashes = p.hashes[:0]
}

// diagonal is the index in bytes of row x0+i's byte at its diagonal.
func (p *passRows) diagonal(i int) int { return i*p.stride + p.left }

// add keeps the cells of r, the rows after those held: the emit of the
// passless sweep, which reads its rows' dense form where they have one, or
// their packed cells (Config.DenseOnly).
func (p *passRows) add(r Rows) error {
	if r.X0 != p.x0+int64(p.rows) || p.rows+r.Len() > p.room() {
		return fmt.Errorf("band: the passless sweep gave rows %d … %d to a segment of rows %d … %d",
			r.X0, r.X0+int64(r.Len())-1, p.x0, p.x0+int64(p.room())-1)
	}
	p.hashes = append(p.hashes, r.Hash...)
	d, packed := r.Packed.Dense, r.Packed
	for i := range r.Len() {
		x := r.X0 + int64(i)
		var row []byte
		if p.left >= 0 {
			at := p.diagonal(p.rows)
			row = p.bytes[at-p.left : at+p.left+1]
		}
		switch {
		case d.Bytes != nil && d.Left == p.left:
			copy(row, d.Row(i))
		case d.Bytes != nil:
			clear(row)
			for j, b := range d.Row(i) {
				if b != 0 {
					p.put(row, x, x-int64(d.Left)+int64(j), int32(b)-1)
				}
			}
		default:
			clear(row)
			for _, c := range packed.Row(i) {
				y, v := packed.Cell(c)
				p.put(row, x, y, v)
			}
		}
		p.rows++
		p.farStart = append(p.farStart, int32(len(p.far)))
	}
	return nil
}

// addHashes returns emit adding to the hashes of each row (words a row)
// those of the same row of the passless table.
func (p *passRows) addHashes(emit func(Rows) error, words int) func(Rows) error {
	return func(r Rows) error {
		at := int(r.X0-p.x0) * words
		if at < 0 || at+len(r.Hash) > len(p.hashes) {
			return fmt.Errorf("band: the hashes of rows %d … %d, outside the passless rows %d … %d", r.X0, r.X0+int64(r.Len())-1, p.x0, p.x0+int64(p.rows)-1)
		}
		for k, h := range p.hashes[at : at+len(r.Hash)] {
			r.Hash[k] += h
		}
		return emit(r)
	}
}

// room is the rows p has bytes for (any number without bytes).
func (p *passRows) room() int {
	if p.stride == 0 {
		return int(^uint(0) >> 1)
	}
	return len(p.bytes) / p.stride
}

// put records the cell (x, y) of value v of row x, whose bytes are row.
func (p *passRows) put(row []byte, x, y int64, v int32) {
	if k := y - x; -int64(p.left) <= k && k <= int64(p.left) {
		row[k+int64(p.left)] = byte(v + 1)
		return
	}
	p.far = append(p.far, Cell{X: x, Y: y, Value: v})
}

// at is c₀(x, y), or −1 where the passless table's value is above V (or
// negative); row x must be one p holds.
func (p *passRows) at(x, y int64) int {
	i := x - p.x0
	if i < 0 || i >= int64(p.rows) {
		panic(fmt.Sprintf("band: the excluded value of row %d, outside the passless rows %d … %d", x, p.x0, p.x0+int64(p.rows)-1))
	}
	if k := y - x; -int64(p.left) <= k && k <= int64(p.left) {
		return int(p.bytes[p.diagonal(int(i))+int(k)]) - 1
	}
	far := p.far[p.farStart[i]:p.farStart[i+1]]
	if j, ok := slices.BinarySearchFunc(far, y, func(c Cell, y int64) int { return cmp.Compare(c.Y, y) }); ok {
		return int(far[j].Value)
	}
	return -1
}

// passSweep is the sweep of the passless table, of rules, a Sweeper with
// the pass runs: inner stands at the Sweeper's next row between segments,
// and rows holds the rows of the segment being swept.
type passSweep struct {
	rules Rules
	inner *Sweeper
	rows  *passRows
}

// passConfig is cfg for the passless sweep: its rows are read from their
// dense or packed form (DenseOnly), hashed with the caller's
// PasslessRowHash, if any, and nothing else of the caller's.
func passConfig(cfg Config) Config {
	if cfg.RowHash == nil {
		cfg.PasslessRowHash = nil
	}
	cfg.RowHash, cfg.PasslessRowHash = cfg.PasslessRowHash, nil
	cfg.HashOnly, cfg.DenseOnly, cfg.onKept = true, true, nil
	return cfg
}

// fill sweeps the passless table's rows start … end−1, from start, where
// it stands, and keeps them in p.rows. The sweep is not cancelled: it
// runs a segment, and must end where the Sweeper's will.
func (p *passSweep) fill(start, end int64) error {
	if next := p.inner.Next(); next != start {
		return fmt.Errorf("band: the passless sweep is at row %d, the sweep with the pass at row %d", next, start)
	}
	p.rows.reset(start, int(end-start))
	return p.inner.Run(context.Background(), end, p.rows.add)
}

// mirrorRows returns the passless table's rows st.Next … to−1, swept by a
// sweep of rules resumed from st (the state of a passless sweep at row
// st.Next): the one-sided Resume walks the unfinished rows above st.Next
// on from column st.Next, and their cells' excluded values (x, y), x <
// st.Next ≤ y, are those of (y, x) in a symmetric table.
func mirrorRows(rules Rules, n int64, v int, cfg Config, st State, to int64) (*passRows, error) {
	inner, err := Resume(rules, n, v, passConfig(cfg), st)
	if err != nil {
		return nil, err
	}
	rows := newPassRows(v, cfg.span)
	rows.reset(st.Next, int(to-st.Next))
	if err := inner.Run(context.Background(), to, rows.add); err != nil {
		return nil, err
	}
	return rows, nil
}
