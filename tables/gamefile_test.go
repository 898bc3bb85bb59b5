package tables_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/tables"
)

// TestParseGameRefusals: every bad game file is refused with ErrGame, and
// the message names the key (and the line where TOML gives it).
func TestParseGameRefusals(t *testing.T) {
	for _, tc := range []struct {
		name, file string
		want       []string // substrings of the message
	}{
		{"empty", "", []string{"empty"}},
		{"blank", " \n\t\n", []string{"empty"}},
		{"no id", "moves = \"rook\"\n", []string{"key id is missing"}},
		{"unknown key", "id = \"a\"\ncolour = 3\n", []string{"line 2", "unknown key colour"}},
		{"unknown cell key", "id = \"a\"\ncells = [ { x = 0, y = 0, value = 1, z = 2 } ]\n", []string{"line 2", "unknown key z"}},
		{"cell listed twice", "id = \"a\"\ncells = [\n { x = 0, y = 0, value = 1 },\n { x = 0, y = 0, value = -1 },\n]\n", []string{"(0, 0) is listed twice"}},
		{"negative x", "id = \"a\"\ncells = [\n { x = -1, y = 0, value = 1 },\n]\n", []string{"line 3", "cells[0]", "negative"}},
		{"value below -1", "id = \"a\"\ncells = [\n { x = 0, y = 0, value = 1 },\n { x = 1, y = 0, value = -2 },\n]\n", []string{"line 4", "cells[1]", "value = -2"}},
		{"value not an integer", "id = \"a\"\ncells = [ { x = 0, y = 0, value = 1.5 } ]\n", []string{"line 2", "value"}},
		{"value a string", "id = \"a\"\ncells = [ { x = 0, y = 0, value = \"1\" } ]\n", []string{"line 2", "value"}},
		{"value missing", "id = \"a\"\n[[cells]]\nx = 0\ny = 0\n", []string{"line 2", "key value is missing"}},
		{"id with a slash", "id = \"../etc\"\n", []string{"key id", "file"}},
		{"id empty", "id = \"\"\n", []string{"key id"}},
		{"id with a space", "id = \"my game\"\n", []string{"key id"}},
		{"id not a string", "id = 3\n", []string{"line 1", "id"}},
		{"unknown moves", "id = \"a\"\nmoves = \"queen\"\n", []string{"key moves", "queen"}},
		{"pass not a bool", "id = \"a\"\npass = \"yes\"\n", []string{"line 2", "pass"}},
		{"pass with diagonal", "id = \"a\"\nmoves = \"rook+diagonal\"\npass = true\n", []string{"key pass"}},
		{"cell beyond the corner", "id = \"a\"\ncells = [ { x = 0, y = 256, value = 0 } ]\n", []string{"cells[0]", "255"}},
		{"value too large", "id = \"a\"\ncells = [ { x = 0, y = 0, value = 1024 } ]\n", []string{"cells[0]", "1023"}},
		{"huge number", "id = \"a\"\ncells = [ { x = 99999999999999999999, y = 0, value = 0 } ]\n", []string{"line 2"}},
		{"not TOML", "id = \"a\n", []string{"line 1"}},
		{"key twice", "id = \"a\"\nid = \"b\"\n", []string{"line 2"}},
		{"limit 0", "id = \"a\"\nlimit = 0\n", []string{"line 2", "key limit = 0", "leave the key out"}},
		{"limit negative", "id = \"a\"\nmoves = \"rook\"\nlimit = -3\n", []string{"line 3", "key limit = -3", "1 … 4096"}},
		{"limit too large", "id = \"a\"\nlimit = 4097\n", []string{"line 2", "key limit = 4097", "4096"}},
		{"limit huge", "id = \"a\"\nlimit = 99999999999999999999\n", []string{"line 2", "limit"}},
		{"limit not an integer", "id = \"a\"\nlimit = 2.5\n", []string{"line 2", "key limit", "an integer"}},
		{"limit a string", "id = \"a\"\nlimit = \"3\"\n", []string{"line 2", "key limit", "an integer"}},
		{"limit true", "id = \"a\"\nlimit = true\n", []string{"line 2", "key limit"}},
		{"limit in a cell", "id = \"a\"\ncells = [ { x = 0, y = 0, value = 1, limit = 2 } ]\n", []string{"line 2", "unknown key"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tables.ParseGame("mine.toml", []byte(tc.file))
			if !errors.Is(err, tables.ErrGame) {
				t.Fatalf("err = %v, want ErrGame", err)
			}
			for _, w := range append(tc.want, "mine.toml") {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("message %q lacks %q", err, w)
				}
			}
		})
	}
}

// TestLoadGameRefusals: a directory, a file over the limit and a missing
// file are refused before a byte is parsed.
func TestLoadGameRefusals(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.toml")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(100 << 20); err != nil { // 100 MB, sparse
		t.Fatal(err)
	}
	f.Close()
	for _, tc := range []struct{ path, want string }{
		{dir, "a directory"},
		{big, "more than a game file's"},
	} {
		if _, err := tables.LoadGame(tc.path); !errors.Is(err, tables.ErrGame) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("LoadGame(%s) = %v, want ErrGame saying %q", tc.path, err, tc.want)
		}
	}
	if _, err := tables.LoadGame(filepath.Join(dir, "none.toml")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file: %v, want ErrNotExist", err)
	}
}

// TestGameIdentity: two spellings of one game share its identity; another
// rule, cell or value changes it; descriptive keys do not.
func TestGameIdentity(t *testing.T) {
	spelling := func(file string) string {
		t.Helper()
		g, err := tables.ParseGame("g.toml", []byte(file))
		if err != nil {
			t.Fatal(err)
		}
		return g.Identity()
	}
	a := spelling("id = \"a\"\ncells = [ { x = 1, y = 1, value = -1 }, { x = 0, y = 0, value = -1 } ]\n")
	for _, same := range []string{
		"# the same game\nid = \"b\"\ntitle = \"other words\"\nmoves = \"rook\"\npass = false\ncells = [ { value = -1, y = 0, x = 0 }, { x = 1, y = 1, value = -1 } ]\n",
		"id = \"a\"\n[[cells]]\nx = 0\ny = 0\nvalue = -1\n[[cells]]\nx = 1\ny = 1\nvalue = -1\n",
	} {
		if got := spelling(same); got != a {
			t.Errorf("identity %s, want %s for\n%s", got, a, same)
		}
	}
	for _, other := range []string{
		"id = \"a\"\ncells = [ { x = 0, y = 0, value = -1 } ]\n",
		"id = \"a\"\npass = true\ncells = [ { x = 1, y = 1, value = -1 }, { x = 0, y = 0, value = -1 } ]\n",
		"id = \"a\"\nmoves = \"rook+diagonal\"\ncells = [ { x = 1, y = 1, value = -1 }, { x = 0, y = 0, value = -1 } ]\n",
		"id = \"a\"\ncells = [ { x = 1, y = 1, value = 0 }, { x = 0, y = 0, value = -1 } ]\n",
		"id = \"a\"\nlimit = 3\ncells = [ { x = 1, y = 1, value = -1 }, { x = 0, y = 0, value = -1 } ]\n",
		"id = \"a\"\nlimit = 4096\ncells = [ { x = 1, y = 1, value = -1 }, { x = 0, y = 0, value = -1 } ]\n",
	} {
		if spelling(other) == a {
			t.Errorf("another game has the identity %s:\n%s", a, other)
		}
	}
	if spelling("id = \"a\"\nlimit = 3\n") == spelling("id = \"a\"\nlimit = 4\n") {
		t.Error("limits 3 and 4 share an identity")
	}
}

// TestGameIdentitiesPinned: the identities of the shipped game files
// without a limit are those they had before limits existed (their
// canonical forms have no "limit" key), as testdata/game_identities.json
// pins them (scripts/tests/test_games.py reads it too), and a limit enters
// the canonical form after moves.
func TestGameIdentitiesPinned(t *testing.T) {
	data, err := os.ReadFile("testdata/game_identities.json")
	if err != nil {
		t.Fatal(err)
	}
	var pinned map[string]string
	if err := json.Unmarshal(data, &pinned); err != nil || len(pinned) != 7 {
		t.Fatalf("testdata/game_identities.json: %d games, %v", len(pinned), err)
	}
	for name, want := range pinned {
		g, err := tables.LoadGame("../games/" + name + ".toml")
		if err != nil {
			t.Fatal(err)
		}
		if got := g.Identity(); got != want || strings.Contains(string(g.Canonical()), "limit") {
			t.Errorf("%s: identity %s, want %s (canonical form %s)", name, got, want, g.Canonical())
		}
		if r, ok := tables.Lookup(name); ok && r.Identity() != want {
			t.Errorf("the built-in %s: identity %s, want %s", name, r.Identity(), want)
		}
	}
	g, err := tables.LoadGame("../games/subtraction-3.toml")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(g.Canonical()), `{"format":"grundy-game/1","moves":"rook","limit":3,"pass":false,"cells":[]}`; got != want {
		t.Errorf("canonical form %s, want %s", got, want)
	}
}

// TestGameRecordRoundTrip: a record gives its game back; a record whose
// rules were changed without its sha256 is refused.
func TestGameRecordRoundTrip(t *testing.T) {
	g, err := tables.LoadGame("../games/forbid-00-11.toml")
	if err != nil {
		t.Fatal(err)
	}
	rec := g.Record()
	back, err := rec.Game()
	if err != nil {
		t.Fatal(err)
	}
	if back.Identity() != g.Identity() || back.ID != g.ID || back.Title != g.Title {
		t.Errorf("round trip: %+v, want %+v", back, g)
	}
	rec.Cells[0].Value = 0
	if _, err := rec.Game(); !errors.Is(err, tables.ErrGame) {
		t.Errorf("a changed record: %v, want ErrGame", err)
	}

	limited, err := tables.LoadGame("../games/subtraction-3.toml")
	if err != nil {
		t.Fatal(err)
	}
	rec = limited.Record()
	if back, err := rec.Game(); err != nil || back.Limit != 3 || back.Identity() != limited.Identity() {
		t.Errorf("a limited game's round trip: %+v, %v", back, err)
	}
	for _, limit := range []int{0, 4, tables.MaxLimit + 1} {
		changed := *rec
		changed.Limit = limit
		if _, err := changed.Game(); !errors.Is(err, tables.ErrGame) {
			t.Errorf("a record with limit %d for 3: %v, want ErrGame", limit, err)
		}
	}
}

// TestResolve: ids and game files alike; a file that takes a built-in id
// for other rules is refused.
func TestResolve(t *testing.T) {
	fromFile, err := tables.Resolve("../games/gneg1.toml")
	if err != nil {
		t.Fatal(err)
	}
	builtin, err := tables.Resolve("gneg1")
	if err != nil {
		t.Fatal(err)
	}
	if fromFile.Identity() != builtin.Identity() || fromFile.ID != "gneg1" {
		t.Errorf("games/gneg1.toml is %s %s, the id %s %s", fromFile.ID, fromFile.Identity(), builtin.ID, builtin.Identity())
	}
	if _, err := tables.Resolve("gneg2"); !errors.Is(err, tables.ErrUnknown) || !strings.Contains(err.Error(), "game file") {
		t.Errorf("an unknown id: %v", err)
	}
	impostor := filepath.Join(t.TempDir(), "gneg1.toml")
	if err := os.WriteFile(impostor, []byte("id = \"gneg1\"\ncells = [ { x = 1, y = 1, value = -1 } ]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := tables.Resolve(impostor); !errors.Is(err, tables.ErrGame) || !strings.Contains(err.Error(), "built-in") {
		t.Errorf("a file with a built-in id: %v", err)
	}
}

// FuzzParseGame: no input makes the parser panic, and whatever it accepts
// is a game CheckGame accepts, whose canonical form parses back to the
// same identity.
func FuzzParseGame(f *testing.F) {
	for _, name := range []string{"nim", "g1", "gneg1", "gstarneg1", "passnim", "forbid-00-11", "misere-pass", "subtraction-3"} {
		data, err := os.ReadFile("../games/" + name + ".toml")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("id = \"a\"\n[[cells]]\nx = 0\ny = 0\nvalue = -1\n"))
	f.Add([]byte("id = \"a\"\ncells = [ { x = 0, y = 0, value = 1.5 } ]\n"))
	f.Add([]byte("id = \"a\"\nmoves = \"rook+diagonal\"\nlimit = 2\n[[cells]]\nx = 0\ny = 0\nvalue = -1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := tables.ParseGame("fuzz.toml", data)
		if err != nil {
			if !errors.Is(err, tables.ErrGame) {
				t.Fatalf("error %v is not ErrGame", err)
			}
			return
		}
		copy := g
		if err := tables.CheckGame(&copy); err != nil {
			t.Fatalf("accepted a game CheckGame refuses: %v", err)
		}
		back, err := g.Record().Game()
		if err != nil || back.Identity() != g.Identity() {
			t.Fatalf("record round trip: %v", err)
		}
		_ = g.Ruleset()
	})
}
