package conjecture

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Coord is one named coordinate of a cell or position: x, y, z, p, ….
type Coord struct {
	Name  string
	Value int
}

// Counterexample is a cell or position where a claim and the data disagree.
type Counterexample struct {
	// At is the cell or position, coordinates named as in the paper; it is
	// empty when the counterexample is a whole game or function.
	At []Coord
	// Game names the game or function, for claims that range over several
	// ("h(z) = ⌊z/2⌋"); empty otherwise.
	Game string
	// Claimed is the value or class the claim asserts ("3", "P", "≠ 3").
	Claimed string
	// Actual is the value or class the table or solver gives.
	Actual string
}

// At returns the coordinates named names with the given values, in order.
func At(names string, values ...int) []Coord {
	fields := strings.Split(names, ",")
	c := make([]Coord, len(fields))
	for i, name := range fields {
		c[i] = Coord{Name: name, Value: values[i]}
	}
	return c
}

// String renders c as "(x=6, y=8; h(z)=⌊z/2⌋): claimed 3, actual 5".
func (c Counterexample) String() string {
	var b strings.Builder
	var where []string
	for _, co := range c.At {
		where = append(where, co.Name+"="+strconv.Itoa(co.Value))
	}
	if c.Game != "" {
		where = append(where, c.Game)
	}
	if len(where) > 0 {
		fmt.Fprintf(&b, "(%s): ", strings.Join(where, ", "))
	}
	fmt.Fprintf(&b, "claimed %s, actual %s", c.Claimed, c.Actual)
	return b.String()
}

// MarshalJSON writes c as one flat object, coordinates first in their
// order: {"x": 6, "y": 8, "game": "…", "claimed": "3", "actual": "5"}.
func (c Counterexample) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	write := func(key string, value any) error {
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(key)
		if err != nil {
			return err
		}
		v, err := json.Marshal(value)
		if err != nil {
			return err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
		return nil
	}
	for _, co := range c.At {
		if err := write(co.Name, co.Value); err != nil {
			return nil, err
		}
	}
	if c.Game != "" {
		if err := write("game", c.Game); err != nil {
			return nil, err
		}
	}
	if err := write("claimed", c.Claimed); err != nil {
		return nil, err
	}
	if err := write("actual", c.Actual); err != nil {
		return nil, err
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}
