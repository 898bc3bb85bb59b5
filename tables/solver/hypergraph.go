package solver

import (
	"slices"
	"strconv"
	"strings"
)

// HypergraphCompound returns the hypergraph compound C_H(g₁, …, gₙ) of
// Section 1.2 of 002 (from its reference [hyper]): on each vertex i of the
// hypergraph H is the position gᵢ, and a move chooses a hyperedge e ∈ H and
// makes a move in every gᵢ, i ∈ e, at once (so every one of them must have
// an option). Edges list vertex indices into components; both slices are
// copied.
func HypergraphCompound(edges [][]int, components []Game) Game {
	e := make([][]int, len(edges))
	for i, edge := range edges {
		e[i] = slices.Clone(edge)
	}
	return hyperCompound{edges: e, parts: slices.Clone(components)}
}

type hyperCompound struct {
	edges [][]int
	parts []Game
}

// Options lists, for each hyperedge, every way of moving in all its
// components at once.
func (c hyperCompound) Options() []Game {
	var opts []Game
	for _, edge := range c.edges {
		var choose func(k int, parts []Game)
		choose = func(k int, parts []Game) {
			if k == len(edge) {
				opts = append(opts, hyperCompound{edges: c.edges, parts: slices.Clone(parts)})
				return
			}
			i := edge[k]
			for _, o := range c.parts[i].Options() {
				keep := parts[i]
				parts[i] = o
				choose(k+1, parts)
				parts[i] = keep
			}
		}
		choose(0, slices.Clone(c.parts))
	}
	return opts
}

// Key names the hypergraph and each component key prefixed with its length.
func (c hyperCompound) Key() string {
	var b strings.Builder
	b.WriteString("CH")
	for _, edge := range c.edges {
		b.WriteByte('{')
		for _, i := range edge {
			b.WriteString(strconv.Itoa(i))
			b.WriteByte(',')
		}
		b.WriteByte('}')
	}
	for _, p := range c.parts {
		k := p.Key()
		b.WriteString("(" + strconv.Itoa(len(k)) + ":" + k + ")")
	}
	return b.String()
}

// IsSGDecreasing reports whether g is SG-decreasing (Definition 5 of 002):
// every follower g′ of g, g itself included, has a larger Grundy value
// than each of its options. It visits each follower once.
func IsSGDecreasing(g Game) bool {
	s := newGameSolver()
	return s.everyFollower(g, func(h Game, opts []Game) bool {
		v := s.grundy(h)
		for _, o := range opts {
			if s.grundy(o) >= v {
				return false
			}
		}
		return true
	})
}
