package main

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"strings"

	"github.com/grundy-lab/grundy/conjecture/proof"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/results/valuesds"
)

// jsonKind is a kind of JSON file the tools write, and where it goes.
type jsonKind struct {
	name   string // "a patterns file"
	format string // its "format" field; "" for a kind found by its keys
	use    string // what to do with it: "give it to -claims-from"; FILE stands for its path
}

// Kinds of the JSON files verify is given by mistake.
var (
	certificateKind = jsonKind{"a proof certificate", proof.Format, "give it to -certificate (verify -certificate FILE)"}
	patternsKind    = jsonKind{"a patterns file", "", "give it to -claims-from (verify -claims-from FILE -in DATA), with the table file, values file or dataset of its table as -in"}
	manifestKind    = jsonKind{"the manifest of a values dataset", valuesds.Format, "give the dataset's directory, not its manifest, to -in"}
)

// patternsFormatPrefix starts the format of a patterns file, when it has one.
const patternsFormatPrefix = "grundy-patterns/"

// sniffLimit bounds what sniffJSON reads: a patterns file may be that
// large, and whatever follows its keys is skipped unread.
const sniffLimit = maxPatternsFileBytes

// sniffJSON returns the kind of the file at path when it is a JSON object
// of a kind verify knows, by its "format" field, or for a patterns file
// without one (written before patterns files had it) by its keys "table",
// "n" and "patterns". It reads one byte of any other file (a table file
// starts with ARROW1 or PAR1), and nothing of what is not a regular file.
func sniffJSON(path string) (jsonKind, bool) {
	f, err := results.OpenRegular(path, os.O_RDONLY)
	if err != nil {
		return jsonKind{}, false
	}
	defer f.Close()
	r := bufio.NewReader(io.LimitReader(f, sniffLimit))
	for {
		b, err := r.ReadByte()
		if err != nil || b != ' ' && b != '\t' && b != '\n' && b != '\r' {
			if err != nil || b != '{' {
				return jsonKind{}, false
			}
			break
		}
	}
	dec := json.NewDecoder(io.MultiReader(strings.NewReader("{"), r))
	if _, err := dec.Token(); err != nil {
		return jsonKind{}, false
	}
	keys := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		key, ok := tok.(string)
		if err != nil || !ok {
			return jsonKind{}, false
		}
		keys[key] = true
		if key == "format" {
			var format string
			if dec.Decode(&format) != nil {
				return jsonKind{}, false
			}
			return kindOfFormat(format)
		}
		if keys["table"] && keys["n"] && keys["patterns"] {
			return patternsKind, true
		}
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return jsonKind{}, false
		}
	}
	return jsonKind{}, false
}

// kindOfFormat returns the kind a "format" field names.
func kindOfFormat(format string) (jsonKind, bool) {
	switch {
	case format == certificateKind.format:
		return certificateKind, true
	case format == manifestKind.format || valuesds.EarlierFormat(format):
		k := manifestKind
		k.format = format
		return k, true
	case strings.HasPrefix(format, patternsFormatPrefix):
		k := patternsKind
		k.format = format
		return k, true
	}
	return jsonKind{}, false
}

// wrongKind returns a usageError when the file at path, given to flag, is
// a JSON file of a kind that is not want and that goes elsewhere: "-claims-from
// x.proof.json: this is a proof certificate (grundy-proof/1), not a patterns
// file: give it to -certificate …"; nil otherwise, for the flag's own
// reader to judge the file.
func wrongKind(flag, path string, want jsonKind) error {
	kind, ok := sniffJSON(path)
	if !ok || kind.name == want.name {
		return nil
	}
	what := kind.name
	if kind.format != "" {
		what += " (" + kind.format + ")"
	}
	return usagef("%s %s: this is %s, not %s: %s", flag, path, what, want.name, strings.ReplaceAll(kind.use, "FILE", path))
}
