package valuesds

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"github.com/grundy-lab/grundy/tables"
	"math"
	"slices"
	"strconv"

	"github.com/grundy-lab/grundy/results"
)

// Sweep names how the cells were computed: SweepBand (the band sweep, which
// visits only the cells that can hold a value ≤ HI) or SweepFull (the whole
// table, whose g_sha256 and max_value the manifest then records).
type Sweep string

const (
	SweepBand Sweep = "band"
	SweepFull Sweep = "full"
)

// RowRange is an inclusive range of table rows, First ≤ Last.
type RowRange struct{ First, Last int64 }

// MarshalJSON writes the range as [First, Last].
func (r RowRange) MarshalJSON() ([]byte, error) { return json.Marshal([2]int64{r.First, r.Last}) }

// UnmarshalJSON reads [First, Last], two numbers exactly.
func (r *RowRange) UnmarshalJSON(b []byte) error {
	var a []int64
	if err := json.Unmarshal(b, &a); err != nil {
		return err
	}
	if len(a) != 2 {
		return fmt.Errorf("rows %s: want [first, last]", b)
	}
	r.First, r.Last = a[0], a[1]
	return nil
}

// Count is the number of rows in the range.
func (r RowRange) Count() int64 { return r.Last - r.First + 1 }

// Part describes one part file in the manifest and in a Progress.
type Part struct {
	File   string `json:"file"`
	XFirst int64  `json:"x_first"`
	XLast  int64  `json:"x_last"`
	Cells  int64  `json:"cells"`
	SHA256 string `json:"sha256"` // hex SHA-256 of the part file's bytes
}

// Manifest is _manifest.json: what a dataset holds and the list of its parts.
// GSHA256 and MaxValue are set only for sweep "full".
type Manifest struct {
	Format string `json:"format"`
	Table  string `json:"table"`
	// Game is the table's game and its identity (from 2026-12-06), for a
	// rook table or a game file: a reader takes the rules from it.
	Game        *tables.GameRecord `json:"game,omitempty"`
	Symbol      string             `json:"symbol"`
	N           int64              `json:"n"`
	Values      string             `json:"values"`
	Sweep       Sweep              `json:"sweep"`
	Rows        RowRange           `json:"rows"`
	Version     string             `json:"version"`
	Workers     int                `json:"workers"`
	Seconds     float64            `json:"seconds"`
	Cells       int64              `json:"cells"`
	CellsSHA256 string             `json:"cells_sha256"`
	GSHA256     string             `json:"g_sha256,omitempty"`
	MaxValue    *int32             `json:"max_value,omitempty"`
	Parts       []Part             `json:"parts"`
}

// maxManifestBytes bounds _manifest.json: the parts of n = 10¹² rows in
// blocks of 65536 take about 2 MB per 10⁴ parts, far below.
const maxManifestBytes = 64 << 20

// ValueRange is the manifest's values as a range (valid after Validate).
func (m *Manifest) ValueRange() results.ValueRange {
	r, _ := results.ParseValueRange(m.Values, math.MaxInt32)
	return r
}

// encodeManifest renders m as indented JSON with a final newline.
func encodeManifest(m *Manifest) ([]byte, error) {
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// ParseManifest decodes and validates _manifest.json's bytes (Validate); it
// refuses unknown fields, trailing data and more than 64 MiB.
func ParseManifest(data []byte) (*Manifest, error) {
	if len(data) > maxManifestBytes {
		return nil, fmt.Errorf("%d bytes, more than a manifest may have (%d)", len(data), maxManifestBytes)
	}
	if err := checkKeys(data); err != nil {
		return nil, fmt.Errorf("not a valid manifest: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var m Manifest
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("not a valid manifest: %w", err)
	}
	if dec.More() {
		return nil, fmt.Errorf("not a valid manifest: data after the JSON object")
	}
	if err := checkPresent(data, m.Sweep); err != nil {
		return nil, err
	}
	if err := m.Validate(); err != nil {
		return nil, err
	}
	return &m, nil
}

// manifestKeys are the fields every manifest has, and partKeys those of
// every part: a reader takes no default for one left out (Go's would be
// "" or 0, which some checks then pass).
var (
	manifestKeys = []string{"format", "table", "symbol", "n", "values", "sweep", "rows", "version", "workers",
		"seconds", "cells", "cells_sha256", "parts"}
	fullKeys = []string{"g_sha256", "max_value"}
	partKeys = []string{"file", "x_first", "x_last", "cells", "sha256"}
)

// checkPresent refuses a manifest, data, that leaves out a field every
// manifest has, g_sha256 or max_value of a sweep "full", or a field of a
// part.
func checkPresent(data []byte, sweep Sweep) error {
	var fields struct {
		Parts []map[string]json.RawMessage `json:"parts"`
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return fmt.Errorf("not a valid manifest: %w", err)
	}
	if err := json.Unmarshal(data, &fields); err != nil {
		return fmt.Errorf("not a valid manifest: %w", err)
	}
	want := manifestKeys
	if sweep == SweepFull {
		want = append(slices.Clip(want), fullKeys...)
	}
	for _, key := range want {
		if _, ok := top[key]; !ok {
			return fmt.Errorf("no field %q", key)
		}
	}
	for i, p := range fields.Parts {
		for _, key := range partKeys {
			if _, ok := p[key]; !ok {
				return fmt.Errorf("part %d has no field %q", i, key)
			}
		}
	}
	return nil
}

// Validate checks every field of m: the format, n and the ranges, the
// checksums' form, g_sha256 and max_value present exactly for sweep "full",
// and the parts: named as PartName says, contiguous, covering the rows, with
// cell counts that fit their rows and add up to cells.
func (m *Manifest) Validate() error {
	switch {
	case m.Format != Format && !EarlierFormat(m.Format):
		return fmt.Errorf("format %q, want %q (or the earlier %q or %q)", m.Format, Format, Format2, Format1)
	case checkTable(m.Table, m.Game) != nil:
		return checkTable(m.Table, m.Game)
	case m.Symbol == "":
		return fmt.Errorf("no symbol")
	case m.N < 0 || m.N > MaxN:
		return fmt.Errorf("n = %d is outside 0..%d", m.N, int64(MaxN))
	case m.Version == "":
		return fmt.Errorf("no version")
	case m.Workers < 0:
		return fmt.Errorf("workers = %d is negative", m.Workers)
	case m.Seconds < 0 || math.IsNaN(m.Seconds) || math.IsInf(m.Seconds, 0):
		return fmt.Errorf("seconds = %v is not a duration", m.Seconds)
	case !isSHA256(m.CellsSHA256):
		return fmt.Errorf("cells_sha256 %q is not 64 lowercase hex digits", m.CellsSHA256)
	}
	if m.Game != nil {
		if _, err := m.Game.Game(); err != nil {
			return fmt.Errorf("its game: %w", err)
		}
	}
	r, err := results.ParseValueRange(m.Values, math.MaxInt32)
	if err != nil || r.String() != m.Values {
		return fmt.Errorf("values %q is not a range LO-HI", m.Values)
	}
	if err := checkRows(m.Rows, m.N); err != nil {
		return err
	}
	switch m.Sweep {
	case SweepFull:
		if !isSHA256(m.GSHA256) || m.MaxValue == nil {
			return fmt.Errorf("sweep full without g_sha256 (64 lowercase hex digits) and max_value")
		}
	case SweepBand:
		if m.GSHA256 != "" || m.MaxValue != nil {
			return fmt.Errorf("sweep band with g_sha256 or max_value, which only a full sweep knows")
		}
	default:
		return fmt.Errorf("sweep %q, want %q or %q", m.Sweep, SweepBand, SweepFull)
	}
	if int64(len(m.Parts)) > m.Rows.Count() {
		return fmt.Errorf("%d parts for %d rows", len(m.Parts), m.Rows.Count())
	}
	cells, err := checkParts(m.Parts, m.Rows.First, m.N)
	if err != nil {
		return err
	}
	if len(m.Parts) == 0 || m.Parts[len(m.Parts)-1].XLast != m.Rows.Last {
		return fmt.Errorf("the parts do not cover rows %d..%d", m.Rows.First, m.Rows.Last)
	}
	if cells != m.Cells {
		return fmt.Errorf("cells = %d, but the parts hold %d", m.Cells, cells)
	}
	return nil
}

// checkRows checks a row window within 0..n.
func checkRows(rows RowRange, n int64) error {
	if rows.First < 0 || rows.First > rows.Last || rows.Last > n {
		return fmt.Errorf("rows [%d, %d] is not a range within 0..%d", rows.First, rows.Last, n)
	}
	return nil
}

// checkParts checks that parts are contiguous from row first, within the
// table of size n, named by PartName, with a checksum and a cell count
// their rows can hold, and returns their total cells.
func checkParts(parts []Part, first, n int64) (cells int64, err error) {
	next := first
	for _, p := range parts {
		switch {
		case p.XFirst != next || p.XLast < p.XFirst || p.XLast > n:
			return 0, fmt.Errorf("part %s covers rows %d..%d, want rows from %d within 0..%d", p.File, p.XFirst, p.XLast, next, n)
		case p.File != PartName(p.XFirst):
			return 0, fmt.Errorf("part %q of rows from %d should be named %s", p.File, p.XFirst, PartName(p.XFirst))
		case !isSHA256(p.SHA256):
			return 0, fmt.Errorf("part %s: sha256 %q is not 64 lowercase hex digits", p.File, p.SHA256)
		case p.Cells < 0 || p.Cells > MaxPartCells || (p.Cells+n)/(n+1) > p.XLast-p.XFirst+1: // more than rows·(n+1)
			return 0, fmt.Errorf("part %s: %d cells do not fit rows %d..%d (at most %d a part)", p.File, p.Cells, p.XFirst, p.XLast, MaxPartCells)
		}
		cells += p.Cells
		next = p.XLast + 1
	}
	return cells, nil
}

// isSHA256 reports whether s is a hex SHA-256 as this package writes it.
func isSHA256(s string) bool {
	b, err := hex.DecodeString(s)
	return err == nil && len(b) == 32 && hex.EncodeToString(b) == s
}

// formatInt is strconv's decimal of an int64.
func formatInt(v int64) string { return strconv.FormatInt(v, 10) }

// checkTable checks a dataset's table id and the game it records, if any:
// the id a table id (tables.ValidID), the game's id the same.
func checkTable(table string, game *tables.GameRecord) error {
	switch {
	case !tables.ValidID(table):
		return fmt.Errorf("table %q is not a table id (1 to 64 lowercase letters, digits, '.', '_' or '-', from a letter or digit)", table)
	case game != nil && game.ID != table:
		return fmt.Errorf("its game is %q, its table %q", game.ID, table)
	}
	return nil
}
