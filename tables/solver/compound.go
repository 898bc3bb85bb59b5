package solver

import (
	"slices"
	"strconv"
	"strings"
)

// OnePassCompound returns the one-pass compound C(+,pass)(g₁, …, gₙ) of
// Definition 10 of 002 with the pass still available: a move is a move in
// exactly one component, or, unless every component is terminal, the pass,
// which leads to the disjunctive compound C+(g₁, …, gₙ) where no pass remains.
// The slice is copied; no components is the terminal position.
func OnePassCompound(components []Game) Game {
	return compound{parts: slices.Clone(components), pass: true}
}

// DisjunctiveCompound returns C+(g₁, …, gₙ) (Definition 4 of 002): a move is
// a move in exactly one component. The slice is copied.
func DisjunctiveCompound(components []Game) Game {
	return compound{parts: slices.Clone(components)}
}

// OnePassCompoundGrundy returns the Grundy value of OnePassCompound(components),
// computed from the components' options; 0 if every component is terminal.
func OnePassCompoundGrundy(components []Game) int {
	return GameGrundy(OnePassCompound(components))
}

// compound is a disjunctive compound of parts, with the one pass of
// Definition 10 still available when pass is true.
type compound struct {
	parts []Game
	pass  bool
}

// Options lists, for each component i and each option of it, the compound
// with component i replaced (the pass flag unchanged), then the pass if it is
// available and some component has an option.
func (c compound) Options() []Game {
	var opts []Game
	for i, p := range c.parts {
		for _, o := range p.Options() {
			parts := slices.Clone(c.parts)
			parts[i] = o
			opts = append(opts, compound{parts: parts, pass: c.pass})
		}
	}
	if c.pass && len(opts) > 0 {
		opts = append(opts, compound{parts: c.parts})
	}
	return opts
}

// Key is "C+pass" or "C+" followed by each component key prefixed with its
// length, so that distinct component lists never share a key.
func (c compound) Key() string {
	var b strings.Builder
	b.WriteString("C+")
	if c.pass {
		b.WriteString("pass")
	}
	for _, p := range c.parts {
		k := p.Key()
		b.WriteByte('(')
		b.WriteString(strconv.Itoa(len(k)))
		b.WriteByte(':')
		b.WriteString(k)
		b.WriteByte(')')
	}
	return b.String()
}
