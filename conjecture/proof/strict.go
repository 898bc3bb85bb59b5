package proof

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/grundy-lab/grundy/tables"
	"reflect"
	"slices"
	"strings"
)

// objectKeys are the keys a JSON object may have, exactly as spelled, and
// those of the objects some of its keys hold, by key.
type objectKeys struct {
	names  []string
	nested map[string]*objectKeys
}

// certificateKeys are the JSON keys of a Certificate and of its search's
// outcome, as Encode writes them.
var certificateKeys = &objectKeys{
	names: jsonKeys(reflect.TypeFor[Certificate]()),
	nested: map[string]*objectKeys{"search": {names: jsonKeys(reflect.TypeFor[SearchOutcome]())},
		"game": {names: jsonKeys(reflect.TypeFor[tables.GameRecord]())}},
}

// jsonKeys lists the JSON names of the fields of the struct type t.
func jsonKeys(t reflect.Type) []string {
	var keys []string
	for f := range t.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		keys = append(keys, name)
	}
	return keys
}

// maxDepth is how deep a certificate's objects and arrays nest: the
// certificate, and its search's object or its statements' array in it, or
// its game's object, whose array of cells holds an object a cell.
const maxDepth = 4

// strictKeys scans the JSON text data token by token and refuses objects
// and arrays nested more than maxDepth deep (whose frames would take
// memory in proportion to the file before the decoder refused them), a key of
// its top-level object that is not one of keys' names, exactly
// (encoding/json matches keys without regard to case), likewise a key of
// an object held by one of keys' nested keys, a key given twice in any
// object (encoding/json keeps the last), and a null value of a key of
// those objects (encoding/json reads it as the key left out, which the
// schema allows only by leaving it out). Malformed JSON passes: the
// decoder that follows reports it with its position.
func strictKeys(data []byte, keys *objectKeys) error {
	// frame is an object or array being read; in an object, key says
	// whether the next token is a key (else the value of last), and
	// allowed, if not nil, are the keys it may have.
	type frame struct {
		object, key bool
		last        string
		allowed     *objectKeys
		seen        map[string]bool
	}
	var stack []frame
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil // the end, or malformed JSON for the decoder to report
		}
		top := len(stack) - 1
		if key, ok := tok.(string); ok && top >= 0 && stack[top].object && stack[top].key {
			allowed := stack[top].allowed
			switch {
			case stack[top].seen[key]:
				return fmt.Errorf("the key %q is given twice", key)
			case allowed != nil && !slices.Contains(allowed.names, key):
				return fmt.Errorf("unknown key %q (the keys, exactly as spelled: %s)", key, strings.Join(allowed.names, ", "))
			}
			stack[top].seen[key], stack[top].key, stack[top].last = true, false, key
			continue
		}
		if tok == nil && top >= 0 && stack[top].object && stack[top].allowed != nil {
			return fmt.Errorf("the key %q is null: give it its value, or leave an optional key out", stack[top].last)
		}
		if (tok == json.Delim('{') || tok == json.Delim('[')) && len(stack) == maxDepth {
			return fmt.Errorf("objects and arrays nested more than %d deep, deeper than any certificate's", maxDepth)
		}
		switch tok {
		case json.Delim('{'):
			allowed := keys
			if top >= 0 {
				allowed = nil
				if parent := stack[top]; parent.object && parent.allowed != nil {
					allowed = parent.allowed.nested[parent.last]
				}
			}
			stack = append(stack, frame{object: true, key: true, allowed: allowed, seen: map[string]bool{}})
			continue
		case json.Delim('['):
			stack = append(stack, frame{})
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:top]
			top--
		}
		if top >= 0 && stack[top].object { // a value of the object ended: a key is next
			stack[top].key = true
		}
	}
}
