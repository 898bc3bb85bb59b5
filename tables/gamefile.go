package tables

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"

	"github.com/pelletier/go-toml/v2"
)

// ErrGame reports a game file or record that states no game the tool can
// compute: its message names the key and, where TOML gives it, the line.
var ErrGame = errors.New("invalid game")

// Limits of a game file.
const (
	// MaxGameFileBytes bounds a game file's size: a game is a few lines.
	MaxGameFileBytes = 1 << 20
	// MaxCellCoordinate bounds a prescribed cell's x and y. The sweeps
	// compute the rows of prescribed cells one by one, over a window as
	// wide as the cells' columns, so the cells must lie in a corner.
	MaxCellCoordinate = 255
	// MaxCellValue bounds a prescribed value: the band's sets hold the
	// values 0 … 1023 (band.MaxCap).
	MaxCellValue = 1023
)

// gameFile is a game file as TOML states it; pointers tell a key left out
// from a zero value.
type gameFile struct {
	ID         *string    `toml:"id"`
	Title      string     `toml:"title"`
	Symbol     string     `toml:"symbol"`
	Definition string     `toml:"definition"`
	Source     string     `toml:"source"`
	Notes      string     `toml:"notes"`
	Moves      *string    `toml:"moves"`
	Limit      *int64     `toml:"limit"`
	Pass       bool       `toml:"pass"`
	Cells      []fileCell `toml:"cells"`
}

// fileCell is one entry of cells.
type fileCell struct {
	X     *int64 `toml:"x"`
	Y     *int64 `toml:"y"`
	Value *int64 `toml:"value"`
}

// safeID is what an id may be: it names files, so no path separator, no
// leading dot or dash, nothing a shell treats specially, and no capital
// letter, which a file system that ignores case would confuse.
var safeID = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{0,63}$`)

// ValidID reports whether id may name a table: 1 to 64 lowercase letters,
// digits, '.', '_' or '-', starting with a letter or digit.
func ValidID(id string) bool { return safeID.MatchString(id) }

// LoadGame reads and parses the game file at path (ParseGame). A directory,
// a file over MaxGameFileBytes and an empty file are refused with ErrGame.
func LoadGame(path string) (Game, error) {
	f, err := os.Open(path)
	if err != nil {
		return Game{}, fmt.Errorf("game file %s: %w", path, err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return Game{}, fmt.Errorf("game file %s: %w", path, err)
	}
	switch {
	case info.IsDir():
		return Game{}, fmt.Errorf("game file %s: %w: a directory, not a game file (name a .toml file in it)", path, ErrGame)
	case info.Size() > MaxGameFileBytes:
		return Game{}, fmt.Errorf("game file %s: %w: %d bytes, more than a game file's %d", path, ErrGame, info.Size(), MaxGameFileBytes)
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxGameFileBytes+1))
	if err != nil {
		return Game{}, fmt.Errorf("game file %s: %w", path, err)
	}
	if len(data) > MaxGameFileBytes {
		return Game{}, fmt.Errorf("game file %s: %w: more than a game file's %d bytes", path, ErrGame, MaxGameFileBytes)
	}
	return ParseGame(path, data)
}

// ParseGame parses a game file's bytes; name, the file's name, heads every
// error. Unknown keys, a missing id, an id that is not a safe file name,
// moves other than "rook" and "rook+diagonal", a limit that is not an
// integer 1 … MaxLimit, a cell without x, y or value,
// a coordinate outside 0 … MaxCellCoordinate, a value outside −1 …
// MaxCellValue or not an integer, and a cell listed twice are refused with
// ErrGame. The cells come back ordered by x, then y.
func ParseGame(name string, data []byte) (Game, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return Game{}, fmt.Errorf("game file %s: %w: the file is empty; a game file needs at least id (docs/games.md)", name, ErrGame)
	}
	if len(data) > MaxGameFileBytes {
		return Game{}, fmt.Errorf("game file %s: %w: %d bytes, more than a game file's %d", name, ErrGame, len(data), MaxGameFileBytes)
	}
	var f gameFile
	dec := toml.NewDecoder(bytes.NewReader(data)).DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return Game{}, fmt.Errorf("game file %s: %w: %s", name, ErrGame, describeTOMLError(err))
	}
	lines := cellLines(data)
	at := func(i int) string {
		if i < len(lines) {
			return atLine(lines[i])
		}
		return ""
	}
	if f.ID == nil {
		return Game{}, fmt.Errorf("game file %s: %w: key id is missing; it names the output files (id = \"my-game\")", name, ErrGame)
	}
	g := Game{ID: *f.ID, Title: f.Title, Symbol: f.Symbol, Definition: f.Definition, Source: f.Source,
		Notes: f.Notes, Moves: MovesRook, Pass: f.Pass}
	if f.Moves != nil {
		g.Moves = *f.Moves
	}
	if f.Limit != nil {
		if *f.Limit < 1 || *f.Limit > MaxLimit {
			return Game{}, fmt.Errorf("game file %s: %w: %skey limit = %d: a move lowers a heap by 1 … limit tokens, so the limit is "+
				"an integer 1 … %d; leave the key out for no limit", name, ErrGame, atLine(topKeyLine(data, "limit")), *f.Limit, MaxLimit)
		}
		g.Limit = int(*f.Limit)
	}
	for i, c := range f.Cells {
		for _, k := range []struct {
			key string
			v   *int64
		}{{"x", c.X}, {"y", c.Y}, {"value", c.Value}} {
			if k.v == nil {
				return Game{}, fmt.Errorf("game file %s: %w: %scells[%d]: key %s is missing", name, ErrGame, at(i), i, k.key)
			}
		}
		cell, err := checkCell(*c.X, *c.Y, *c.Value)
		if err != nil {
			return Game{}, fmt.Errorf("game file %s: %w: %scells[%d]: %s", name, ErrGame, at(i), i, err)
		}
		g.Cells = append(g.Cells, cell)
	}
	if err := CheckGame(&g); err != nil {
		return Game{}, fmt.Errorf("game file %s: %w", name, err)
	}
	return g, nil
}

// atLine is "line N: " for a message about a key on line N, or "" for 0,
// where TOML gives no line.
func atLine(line int) string {
	if line > 0 {
		return fmt.Sprintf("line %d: ", line)
	}
	return ""
}

// checkCell checks one cell's numbers against the limits.
func checkCell(x, y, value int64) (GameCell, error) {
	switch {
	case x < 0 || y < 0:
		return GameCell{}, fmt.Errorf("(x, y) = (%d, %d): a coordinate is negative; heaps are 0 or more", x, y)
	case x > MaxCellCoordinate || y > MaxCellCoordinate:
		return GameCell{}, fmt.Errorf("(x, y) = (%d, %d): prescribed cells lie in 0 ≤ x, y ≤ %d, the corner the sweeps compute one row at a time", x, y, MaxCellCoordinate)
	case value < -1:
		return GameCell{}, fmt.Errorf("value = %d at (%d, %d): a value is -1 (not a move target) or 0 or more", value, x, y)
	case value > MaxCellValue:
		return GameCell{}, fmt.Errorf("value = %d at (%d, %d): prescribed values are at most %d", value, x, y, MaxCellValue)
	}
	return GameCell{X: int(x), Y: int(y), Value: int32(value)}, nil
}

// CheckGame checks a game's id, moves, limit and cells (as ParseGame does) and
// orders its cells by x, then y. Errors wrap ErrGame.
func CheckGame(g *Game) error {
	if !safeID.MatchString(g.ID) {
		return fmt.Errorf("%w: key id = %q: an id names files, so it is 1 to 64 lowercase letters, digits, '.', '_' or '-', starting with a letter or digit", ErrGame, g.ID)
	}
	switch g.Moves {
	case MovesRook, MovesRookDiagonal:
	default:
		return fmt.Errorf("%w: key moves = %q: the moves are %q or %q", ErrGame, g.Moves, MovesRook, MovesRookDiagonal)
	}
	if g.Limit < 0 || g.Limit > MaxLimit {
		return fmt.Errorf("%w: key limit = %d: the limit is 1 … %d tokens a move, or none (0)", ErrGame, g.Limit, MaxLimit)
	}
	if g.Pass && g.Moves == MovesRookDiagonal {
		return fmt.Errorf("%w: key pass = true with moves = %q: the engines do not compute the pass with diagonal moves yet", ErrGame, g.Moves)
	}
	seen := make(map[[2]int]bool, len(g.Cells))
	for i, c := range g.Cells {
		if _, err := checkCell(int64(c.X), int64(c.Y), int64(c.Value)); err != nil {
			return fmt.Errorf("%w: cells[%d]: %s", ErrGame, i, err)
		}
		if seen[[2]int{c.X, c.Y}] {
			return fmt.Errorf("%w: cells[%d]: the cell (%d, %d) is listed twice", ErrGame, i, c.X, c.Y)
		}
		seen[[2]int{c.X, c.Y}] = true
	}
	sortCells(g.Cells)
	return nil
}

// wrongType matches the decoder's words for a value of the wrong type,
// which name the Go field; tomlKind says what the key takes instead.
var (
	wrongType = regexp.MustCompile(`^cannot decode TOML (\w+) into struct field tables\.\w+\.(\w+) of type \*?(\S+)$`)
	tomlKind  = map[string]string{"int64": "an integer", "string": "a string", "bool": "true or false",
		"[]tables.fileCell": "a list of cells { x = …, y = …, value = … }"}
)

// describeTOMLError words a decoding error with its line and key.
func describeTOMLError(err error) string {
	var strict *toml.StrictMissingError
	if errors.As(err, &strict) && len(strict.Errors) > 0 {
		var keys []string
		for _, e := range strict.Errors {
			line, _ := e.Position()
			keys = append(keys, fmt.Sprintf("line %d: unknown key %s", line, strings.Join(e.Key(), ".")))
		}
		return strings.Join(keys, "; ") + " (the keys are id, title, symbol, definition, source, notes, moves, limit, pass and cells, whose entries take x, y and value)"
	}
	var de *toml.DecodeError
	if errors.As(err, &de) {
		line, col := de.Position()
		msg := strings.TrimPrefix(de.Error(), "toml: ")
		if m := wrongType.FindStringSubmatch(msg); m != nil {
			key := strings.Join(de.Key(), ".")
			if field := strings.ToLower(m[2]); !strings.HasSuffix(key, field) {
				key += "." + field
			}
			return fmt.Sprintf("line %d, column %d: key %s is a TOML %s; it takes %s", line, col, key, m[1], tomlKind[m[3]])
		}
		if key := de.Key(); len(key) > 0 {
			return fmt.Sprintf("line %d, column %d: key %s: %s", line, col, strings.Join(key, "."), msg)
		}
		return fmt.Sprintf("line %d, column %d: %s", line, col, msg)
	}
	return err.Error()
}
