package valuesds

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"unicode/utf8"
)

// The keys a manifest's objects may have, spelled exactly: encoding/json
// matches keys without regard to case and keeps the last of a key given
// twice, so a manifest a reader in another language refuses ("Cells", a
// key twice) would pass it. The Python reader (grundytables/manifest.py)
// holds the same contract.
var (
	topKeys  = append(slices.Clip(manifestKeys), "game", "g_sha256", "max_value")
	gameKeys = []string{"id", "title", "symbol", "source", "notes", "moves", "limit", "pass", "cells", "sha256"}
	cellKeys = []string{"x", "y", "value"}
)

// checkKeys scans the manifest data token by token and refuses text that
// is not UTF-8, a key given twice in one object, and a key not spelled as
// the manifest writes it: of the manifest, of a part, of its game, of a
// cell of the game. Malformed JSON passes, for the decoder to report.
func checkKeys(data []byte) error {
	if !utf8.Valid(data) {
		return fmt.Errorf("not UTF-8 text")
	}
	type frame struct {
		object, key bool
		last        string
		allowed     []string
		seen        map[string]bool
	}
	// allowedIn is the keys of an object opened as the value of key in an
	// object of keys parent (or, for an array's objects, of the array's key).
	allowedIn := func(parent []string, key string) []string {
		switch {
		case parent == nil:
			return topKeys
		case slices.Equal(parent, topKeys) && key == "parts":
			return partKeys
		case slices.Equal(parent, topKeys) && key == "game":
			return gameKeys
		case slices.Equal(parent, gameKeys) && key == "cells":
			return cellKeys
		}
		return []string{}
	}
	var stack []frame
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil
		}
		top := len(stack) - 1
		if key, ok := tok.(string); ok && top >= 0 && stack[top].object && stack[top].key {
			f := &stack[top]
			switch {
			case f.seen[key]:
				return fmt.Errorf("the key %q is given twice in one object", key)
			case !slices.Contains(f.allowed, key):
				return fmt.Errorf("unknown key %q (keys are spelled exactly as the writer spells them)", key)
			}
			f.seen[key], f.key, f.last = true, false, key
			continue
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			var parent []string
			key := ""
			if top >= 0 { // in an array, the array's key, which its frame keeps
				parent, key = stack[top].allowed, stack[top].last
			}
			if tok == json.Delim('[') {
				// An array keeps the object's keys and its key for its elements.
				stack = append(stack, frame{allowed: parent, last: key})
				continue
			}
			stack = append(stack, frame{object: true, key: true, allowed: allowedIn(parent, key), seen: map[string]bool{}})
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:top]
			top--
		}
		if top >= 0 && stack[top].object {
			stack[top].key = true
		}
	}
}
