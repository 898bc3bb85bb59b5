package tables

import "github.com/pelletier/go-toml/v2/unstable"

// cellLines returns the line of each entry of a game file's cells, in
// order, for the messages about a cell (0 where TOML gives no line), or
// nil when the file does not parse: the decoder then reports the error.
// Both spellings are read: cells = [ { x = … }, … ] and [[cells]] tables.
func cellLines(data []byte) []int {
	var p unstable.Parser
	p.Reset(data)
	var lines []int
	lineOf := func(n *unstable.Node) int {
		if n == nil || !n.Valid() || n.Raw.Length == 0 {
			return 0
		}
		return p.Shape(n.Raw).Start.Line
	}
	firstKey := func(n *unstable.Node) *unstable.Node {
		it := n.Key()
		if it.Next() {
			return it.Node()
		}
		return nil
	}
	inTable := false // the last table header was [[cells]] or a table
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.ArrayTable:
			key := firstKey(e)
			inTable = true
			if key != nil && string(key.Data) == "cells" {
				lines = append(lines, lineOf(key))
			}
		case unstable.Table:
			inTable = true
		case unstable.KeyValue:
			key := firstKey(e)
			if inTable || key == nil || string(key.Data) != "cells" {
				continue
			}
			if v := e.Value(); v.Kind == unstable.Array {
				for it := v.Children(); it.Next(); {
					entry := it.Node()
					line := 0
					if entry.Kind == unstable.InlineTable {
						if kv := entry.Child(); kv != nil && kv.Valid() {
							line = lineOf(firstKey(kv))
						}
					}
					lines = append(lines, line)
				}
			}
		}
	}
	if p.Error() != nil {
		return nil
	}
	return lines
}

// topKeyLine returns the line of the top-level key of a game file, for the
// messages about its value: 0 where it is not there (or sits in a table),
// or the file does not parse.
func topKeyLine(data []byte, key string) int {
	var p unstable.Parser
	p.Reset(data)
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.ArrayTable, unstable.Table:
			return 0 // the top-level keys come before the first table
		case unstable.KeyValue:
			it := e.Key()
			if !it.Next() {
				continue
			}
			first := it.Node()
			if string(first.Data) == key && !it.Next() && first.Raw.Length > 0 {
				return p.Shape(first.Raw).Start.Line
			}
		}
	}
	return 0
}
