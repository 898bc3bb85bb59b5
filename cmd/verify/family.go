package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/apache/arrow/go/v17/parquet"
	"github.com/apache/arrow/go/v17/parquet/file"

	"github.com/grundy-lab/grundy/cmd/internal/cli"
	"github.com/grundy-lab/grundy/cmd/internal/gamefiles"
	"github.com/grundy-lab/grundy/conjecture/proof"
	"github.com/grundy-lab/grundy/engine/band"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/tables"
)

// A family directory as grundy-family run writes it (docs/families.md):
// members/<member id>/ with member.json, game.toml, the patterns files and
// the certificate; catalog.parquet (a row a member) and values.parquet (a
// row a value of a member).
const (
	familyMemberFormat = "grundy-family-member/1"
	familyComplete     = "complete"
	familyRefused      = "not computed"
	// maxFamilyJSONBytes bounds member.json and a patterns file read here.
	maxFamilyJSONBytes = 64 << 20
)

// errFamily reports a family whose members' files or catalog disagree, or
// a certificate that does not hold: exit status 1.
var errFamily = errors.New("the family does not check")

// familyMode reports whether args ask for -family, which parses its own flags.
func familyMode(args []string) bool {
	for _, a := range args {
		if name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "="); strings.HasPrefix(a, "-") && name == "family" {
			return true
		}
	}
	return false
}

// familyMember is a member's member.json: what its task recorded.
type familyMember struct {
	Format      string  `json:"format"`
	Member      int64   `json:"member"`
	MemberID    string  `json:"member_id"`
	GameSHA256  string  `json:"game_sha256"`
	N           int64   `json:"n"`
	Status      string  `json:"status"`
	CellsSHA256 *string `json:"cells_sha256"`
	Files       struct {
		Patterns    string `json:"patterns"`
		Certificate string `json:"certificate"`
	} `json:"files"`
}

// familyPatterns is the part of a patterns file a family's catalog repeats.
type familyPatterns struct {
	N    int64 `json:"n"`
	Game struct {
		SHA256 string `json:"sha256"`
	} `json:"game"`
	Values []struct {
		Value  int64  `json:"value"`
		Status string `json:"status"`
		Period *int64 `json:"period"`
		Start  *int64 `json:"start"`
	} `json:"values"`
}

// facts are what a member's files say, as the catalog's columns spell it
// (text, "null" for none): its row's columns and its values' rows.
type facts struct {
	row    map[string]string
	values []string
}

// runFamily is verify -family DIR: it re-checks every member's certificate
// and identity, and that catalog.parquet and values.parquet say what the
// members' files say; every disagreement is printed, and any is errFamily.
func runFamily(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("verify", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("family", "", "a family directory <id>.family that grundy-family run wrote")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "cores each certificate's check uses; 0 means one per core")
	if err := cli.Parse(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return usageError{err.Error()}
	}
	if fs.NArg() > 0 || *dir == "" || *workers < 0 {
		return usagef("usage: verify -family DIR [-workers N]: DIR is the <id>.family directory of grundy-family run")
	}
	catalog, err := readParquetRowsWithin(filepath.Join(*dir, "catalog.parquet"))
	if err != nil {
		return fmt.Errorf("-family %s: %w", *dir, err)
	}
	valueRows, err := readParquetRowsWithin(filepath.Join(*dir, "values.parquet"))
	if err != nil {
		return fmt.Errorf("-family %s: %w", *dir, err)
	}
	values := make(map[string][]string)
	for _, r := range valueRows {
		values[r["member"]] = append(values[r["member"]], valueText(r["v"], r["status"], r["period"], r["start"]))
	}
	idOf := make(map[string]string, len(catalog))
	for _, r := range catalog {
		idOf[r["member"]] = r["member_id"]
	}
	cfg := band.Config{Workers: *workers}
	checked := make(map[string]facts)
	var problems []string
	for _, r := range catalog {
		id := r["member_id"]
		if r["same_as"] != "null" {
			id = idOf[r["same_as"]]
		}
		f, ok := checked[id]
		if !ok {
			if f, err = memberFacts(ctx, filepath.Join(*dir, "members", id), cfg); err != nil {
				problems = append(problems, fmt.Sprintf("member %s: %v", id, err))
			}
			checked[id] = f
		}
		if f.row == nil {
			continue
		}
		for _, col := range slices.Sorted(maps.Keys(f.row)) {
			if r[col] != f.row[col] {
				problems = append(problems, fmt.Sprintf("catalog.parquet: member %s: %s is %s; its files say %s", r["member_id"], col, r[col], f.row[col]))
			}
		}
		if !slices.Equal(values[r["member"]], f.values) {
			problems = append(problems, fmt.Sprintf("values.parquet: member %s: its rows %v; its patterns file says %v", r["member_id"], values[r["member"]], f.values))
		}
	}
	for _, p := range problems {
		fmt.Fprintln(stdout, p)
	}
	if len(problems) > 0 {
		return fmt.Errorf("%w: -family %s: %d problems (above)", errFamily, *dir, len(problems))
	}
	fmt.Fprintf(stdout, "%s: holds: %d members, %d distinct games, every certificate re-checked, the catalog agrees with the members' files\n",
		*dir, len(catalog), len(checked))
	return nil
}

// valueText is one value's row of values.parquet as text.
func valueText(v, status, period, start string) string {
	return v + ":" + status + ":" + period + ":" + start
}

// memberFacts reads and checks a member's directory: member.json, its game
// file's identity, and for a complete member its patterns file and its
// certificate (re-checked: proof.Check), each of the member's game.
func memberFacts(ctx context.Context, dir string, cfg band.Config) (facts, error) {
	var m familyMember
	if err := readFamilyJSON(filepath.Join(dir, "member.json"), &m); err != nil {
		return facts{}, fmt.Errorf("%w (absent or damaged: run grundy-family again to compute it)", err)
	}
	if m.Format != familyMemberFormat {
		return facts{}, fmt.Errorf("member.json: format %q, want %q", m.Format, familyMemberFormat)
	}
	g, err := tables.LoadGame(filepath.Join(dir, "game.toml"))
	if err != nil {
		return facts{}, err
	}
	if g.Identity() != m.GameSHA256 || g.ID != filepath.Base(dir) {
		return facts{}, fmt.Errorf("game.toml is the game %s of identity %s; member.json records %s of identity %s", g.ID, g.Identity(), filepath.Base(dir), m.GameSHA256)
	}
	cells, err := json.Marshal(append([]tables.GameCell{}, g.Cells...))
	if err != nil {
		return facts{}, err
	}
	row := map[string]string{"game_sha256": g.Identity(), "pass": strconv.FormatBool(g.Pass), "cells": string(cells),
		"status": m.Status, "v_proved": "null", "x0": "null", "p": "null", "first_unrepeated_v": "null", "n": strconv.FormatInt(m.N, 10), "cells_sha256": "null"}
	if m.Status == familyRefused {
		return facts{row: row}, nil
	}
	if m.Status != familyComplete {
		return facts{}, fmt.Errorf("member.json: status %q, want %q or %q", m.Status, familyComplete, familyRefused)
	}
	if m.CellsSHA256 != nil {
		row["cells_sha256"] = *m.CellsSHA256
	}
	var p familyPatterns
	if err := readFamilyJSON(filepath.Join(dir, filepath.Base(m.Files.Patterns)), &p); err != nil {
		return facts{}, err
	}
	if p.Game.SHA256 != g.Identity() {
		return facts{}, fmt.Errorf("%s records the game of identity %s, not the member's %s", m.Files.Patterns, p.Game.SHA256, g.Identity())
	}
	row["n"] = strconv.FormatInt(p.N, 10)
	var values []string
	for _, v := range p.Values {
		values = append(values, valueText(strconv.FormatInt(v.Value, 10), v.Status, optText(v.Period), optText(v.Start)))
	}
	if m.Files.Certificate == "" {
		return facts{row: row, values: values}, nil
	}
	c, err := checkFamilyCertificate(ctx, filepath.Join(dir, filepath.Base(m.Files.Certificate)), g.Identity(), cfg)
	if err != nil {
		return facts{}, err
	}
	row["v_proved"], row["x0"], row["p"] = strconv.Itoa(c.V), strconv.FormatInt(c.X0, 10), strconv.FormatInt(c.P, 10)
	if c.Search != nil && c.Search.FirstUnrepeatedV > 0 {
		row["first_unrepeated_v"] = strconv.Itoa(c.Search.FirstUnrepeatedV)
	}
	return facts{row: row, values: values}, nil
}

// checkFamilyCertificate decodes the certificate at path, checks that it
// is of the game of identity sha, and re-checks it.
func checkFamilyCertificate(ctx context.Context, path, sha string, cfg band.Config) (proof.Certificate, error) {
	f, err := results.OpenRegular(path, os.O_RDONLY)
	if err != nil {
		return proof.Certificate{}, err
	}
	defer f.Close()
	c, err := proof.Decode(f)
	if err != nil {
		return proof.Certificate{}, fmt.Errorf("%s: %w", path, err)
	}
	if c.Game == nil || c.Game.SHA256 != sha {
		return proof.Certificate{}, fmt.Errorf("%s: not a certificate of the member's game, identity %s", path, sha)
	}
	if _, err := gamefiles.FromRecord(c.Game); err != nil {
		return proof.Certificate{}, fmt.Errorf("%s: %w", path, err)
	}
	if err := proof.Check(ctx, c, cfg); err != nil {
		return proof.Certificate{}, fmt.Errorf("%s: %w", path, err)
	}
	return c, nil
}

// readFamilyJSON decodes the JSON file at path, a regular file of at most
// maxFamilyJSONBytes, into v.
func readFamilyJSON(path string, v any) error {
	f, err := results.OpenRegular(path, os.O_RDONLY)
	if err != nil {
		return err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxFamilyJSONBytes+1))
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if len(data) > maxFamilyJSONBytes {
		return fmt.Errorf("%s: more than %d MiB", path, maxFamilyJSONBytes>>20)
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// optText is an optional integer as the catalog's text spells it.
func optText(v *int64) string {
	if v == nil {
		return "null"
	}
	return strconv.FormatInt(*v, 10)
}

// parquetTimeout bounds the reading of a family's table: the Parquet
// library looped for ever on a damaged page header FuzzFamilyCatalog
// found, and a catalog of maxFamilyRows rows reads in seconds.
var parquetTimeout = 2 * time.Minute

// readParquetRowsWithin is readParquetRows, or an error once parquetTimeout
// has passed; the reading left running ends with the process.
func readParquetRowsWithin(path string) ([]map[string]string, error) {
	type result struct {
		rows []map[string]string
		err  error
	}
	done := make(chan result, 1)
	go func() {
		rows, err := readFamilyTable(path)
		done <- result{rows, err}
	}()
	select {
	case r := <-done:
		return r.rows, r.err
	case <-time.After(parquetTimeout):
		return nil, fmt.Errorf("%s: damaged Parquet file: its reading did not end within %v", path, parquetTimeout)
	}
}

// readFamilyTable reads a family's Parquet table (a variable for the test
// of parquetTimeout).
var readFamilyTable = readParquetRows

// maxFamilyRows bounds the rows of a family's table read here (4,194,304:
// the values 0 … 1023 of 4096 members, or 0 … 30 of 135,000); a damaged
// file's row count allocates nothing above it.
const maxFamilyRows = 1 << 22

// parquetBatch is the rows read from a column at a time: memory grows with
// the rows decoded, never with a row count a damaged file states.
const parquetBatch = 4096

// readParquetRows reads a small Parquet table (a family's catalog) into
// rows of text: integers in decimal, booleans as true or false, nulls as
// "null". It reads the columns of the types the catalog has (INT64,
// BOOLEAN, DOUBLE, BYTE_ARRAY), optional or required, and refuses others.
// A damaged file is an error: the Parquet library panics on some damage
// (a corrupt Snappy page), and that panic is returned as the error.
func readParquetRows(path string) (rows []map[string]string, err error) {
	f, err := results.OpenRegular(path, os.O_RDONLY)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	defer func() {
		if p := recover(); p != nil {
			rows, err = nil, fmt.Errorf("%s: damaged Parquet file: %v", path, p)
		}
	}()
	pf, err := file.NewParquetReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: not a complete Parquet file: %w", path, err)
	}
	sc := pf.MetaData().Schema
	if n := pf.NumRows(); n < 0 || n > maxFamilyRows {
		return nil, fmt.Errorf("%s: %d rows, not 0 … %d as a family's table has", path, n, maxFamilyRows)
	}
	for g := 0; g < pf.NumRowGroups(); g++ {
		rg := pf.RowGroup(g)
		n := rg.NumRows()
		if n < 0 || n > maxFamilyRows-int64(len(rows)) {
			return nil, fmt.Errorf("%s: row group %d has %d rows, more than its file's", path, g, n)
		}
		columns := make([][]string, sc.NumColumns())
		for c := range columns {
			col, err := rg.Column(c)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", path, err)
			}
			if columns[c], err = columnText(col, n, sc.Column(c).MaxDefinitionLevel()); err != nil {
				return nil, fmt.Errorf("%s: column %s: %w", path, sc.Column(c).Name(), err)
			}
		}
		for i := range n {
			row := make(map[string]string, len(columns))
			for c, texts := range columns {
				row[sc.Column(c).Name()] = texts[i]
			}
			rows = append(rows, row)
		}
	}
	return rows, nil
}

// columnText reads the n rows of a column chunk as text, parquetBatch
// rows at a time; maxDef is its maximum definition level (0: required, no
// nulls).
func columnText(col file.ColumnChunkReader, n int64, maxDef int16) ([]string, error) {
	def := make([]int16, parquetBatch)
	var (
		format func(i int) string
		read   func(rows int64) (int64, int, error)
	)
	switch r := col.(type) {
	case *file.Int64ColumnChunkReader:
		v := make([]int64, parquetBatch)
		format = func(i int) string { return strconv.FormatInt(v[i], 10) }
		read = func(rows int64) (int64, int, error) { return r.ReadBatch(rows, v, def, nil) }
	case *file.BooleanColumnChunkReader:
		v := make([]bool, parquetBatch)
		format = func(i int) string { return strconv.FormatBool(v[i]) }
		read = func(rows int64) (int64, int, error) { return r.ReadBatch(rows, v, def, nil) }
	case *file.Float64ColumnChunkReader:
		v := make([]float64, parquetBatch)
		format = func(i int) string { return strconv.FormatFloat(v[i], 'g', -1, 64) }
		read = func(rows int64) (int64, int, error) { return r.ReadBatch(rows, v, def, nil) }
	case *file.ByteArrayColumnChunkReader:
		v := make([]parquet.ByteArray, parquetBatch)
		format = func(i int) string { return string(v[i]) }
		read = func(rows int64) (int64, int, error) { return r.ReadBatch(rows, v, def, nil) }
	default:
		return nil, fmt.Errorf("type %s is not one a family's catalog has", col.Descriptor().PhysicalType())
	}
	texts := make([]string, 0, min(n, parquetBatch))
	for int64(len(texts)) < n {
		total, _, err := read(min(parquetBatch, n-int64(len(texts))))
		if err != nil {
			return nil, err
		}
		if total == 0 {
			return nil, fmt.Errorf("%d of %d rows", len(texts), n)
		}
		vals := 0
		for i := range total {
			if maxDef > 0 && def[i] < maxDef {
				texts = append(texts, "null")
				continue
			}
			texts = append(texts, format(vals))
			vals++
		}
	}
	return texts, nil
}
