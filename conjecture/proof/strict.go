package proof

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
)

// certificateKeys are the JSON keys of a Certificate, as Encode writes them.
var certificateKeys = jsonKeys(reflect.TypeFor[Certificate]())

// jsonKeys lists the JSON names of the fields of the struct type t.
func jsonKeys(t reflect.Type) []string {
	var keys []string
	for f := range t.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		keys = append(keys, name)
	}
	return keys
}

// strictKeys scans the JSON text data token by token and refuses a key of
// its top-level object that is not one of keys, exactly (encoding/json
// matches keys without regard to case), and a key given twice in any
// object (encoding/json keeps the last). Malformed JSON passes: the
// decoder that follows reports it with its position.
func strictKeys(data []byte, keys []string) error {
	// frame is an object or array being read; in an object, key says
	// whether the next token is a key (else a value).
	type frame struct {
		object, key bool
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
			switch {
			case stack[top].seen[key]:
				return fmt.Errorf("the key %q is given twice", key)
			case top == 0 && !slices.Contains(keys, key):
				return fmt.Errorf("unknown key %q (the keys, exactly as spelled: %s)", key, strings.Join(keys, ", "))
			}
			stack[top].seen[key], stack[top].key = true, false
			continue
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, frame{object: true, key: true, seen: map[string]bool{}})
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
