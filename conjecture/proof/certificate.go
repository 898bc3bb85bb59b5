package proof

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/grundy-lab/grundy/tables"
	"io"
	"math"

	"github.com/grundy-lab/grundy/engine/band"
)

// Format names the certificate format and its version.
const Format = "grundy-proof/1"

// Certificate is the JSON a proof is checked from, on its own: the table,
// the cap V, the repeat X0 and P, the band state before row X0 (base64 of
// band.State.MarshalBinary, as encoding/json writes []byte), the version
// of the program that found it, the ids of the papers' statements it
// proves (see Statements), if any, and, for a certificate of a climb
// (compute -prove and -patterns), the outcome of its search (Search;
// absent from certificates of earlier versions and of verify -prove's
// papers' V, which still decode and check).
type Certificate struct {
	Format string `json:"format"`
	Table  string `json:"table"`
	// Game is the game of a rook table or game file, with its identity
	// (from 2026-12-06; certificates before have none): a checker reads
	// the rules from it, and refuses a game file of another identity.
	Game       *tables.GameRecord `json:"game,omitempty"`
	V          int                `json:"v"`
	X0         int64              `json:"x0"`
	P          int64              `json:"p"`
	State      []byte             `json:"state"`
	Version    string             `json:"version"`
	Statements []string           `json:"statements,omitempty"`
	// Search is the climb's outcome: not part of the proof, and not
	// re-checked by Check beyond its agreeing with V, X0 and P (Decode).
	Search *SearchOutcome `json:"search,omitempty"`
}

// ErrCertificate reports a certificate that is malformed or does not hold.
var ErrCertificate = errors.New("proof: certificate does not hold")

// NewCertificate writes rep as a certificate of program version version.
func NewCertificate(rep Repeat, version string) (Certificate, error) {
	state, err := rep.State.MarshalBinary()
	if err != nil {
		return Certificate{}, fmt.Errorf("proof: encode the state of %s, V = %d: %w", rep.Table, rep.V, err)
	}
	c := Certificate{Format: Format, Table: rep.Table, V: rep.V, X0: rep.X0, P: rep.P, State: state,
		Version: version, Statements: StatementsOf(rep.Table, rep.V)}
	if r, ok := tables.Lookup(rep.Table); ok {
		if g, ok := r.Game(); ok {
			c.Game = g.Record()
		}
	}
	return c, nil
}

// Encode writes c as indented JSON.
func (c Certificate) Encode(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(c); err != nil {
		return fmt.Errorf("proof: write certificate: %w", err)
	}
	return nil
}

// MaxCertificateBytes bounds a certificate file: its state at the largest
// cap, V = band.MaxCap, is well under a megabyte.
const MaxCertificateBytes = 16 << 20

// Decode reads a certificate and checks its framing: one JSON object and
// nothing after it, each key one of the certificate's fields, spelled as
// Encode writes it, and given once (encoding/json alone would take the
// last of two "v", match "V" to "v" and ignore what follows the object),
// no object or array nested deeper than a certificate's (maxDepth), the
// format, the version given, V, x0 and P each in the range a search can
// produce (checkRanges), the state decodable, and the search's outcome, if
// any, consistent with V, X0 and P (SearchOutcome.check); whether it holds
// is for Check.
func Decode(r io.Reader) (Certificate, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxCertificateBytes+1))
	switch {
	case err != nil:
		return Certificate{}, fmt.Errorf("%w: read: %w", ErrCertificate, err)
	case len(data) > MaxCertificateBytes:
		return Certificate{}, fmt.Errorf("%w: more than %d MiB, far more than a certificate holds", ErrCertificate, MaxCertificateBytes>>20)
	}
	if err := strictKeys(data, certificateKeys); err != nil {
		return Certificate{}, fmt.Errorf("%w: %w", ErrCertificate, err)
	}
	var c Certificate
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return Certificate{}, fmt.Errorf("%w: read JSON: %w", ErrCertificate, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return Certificate{}, fmt.Errorf("%w: data after the JSON object", ErrCertificate)
	}
	if c.Format != Format {
		return Certificate{}, fmt.Errorf("%w: format %q, want %q", ErrCertificate, c.Format, Format)
	}
	if err := c.checkRanges(); err != nil {
		return Certificate{}, fmt.Errorf("%w: %w", ErrCertificate, err)
	}
	if c.Game != nil {
		if _, err := c.Game.Game(); err != nil {
			return Certificate{}, fmt.Errorf("%w: its game: %w", ErrCertificate, err)
		}
		if c.Game.ID != c.Table {
			return Certificate{}, fmt.Errorf("%w: its game is %q, its table %q", ErrCertificate, c.Game.ID, c.Table)
		}
	}
	if _, err := c.state(); err != nil {
		return Certificate{}, err
	}
	if c.Search != nil {
		if err := c.Search.check(c.V, c.X0, c.P); err != nil {
			return Certificate{}, fmt.Errorf("%w: %w", ErrCertificate, err)
		}
	}
	return c, nil
}

// checkRanges reports the first of the certificate's fields that no
// search writes, by its JSON key: an empty version, v outside 0 …
// band.MaxCap, x0 or p outside 0 … MaxBound and 1 … MaxBound, or x0 + p
// beyond MaxBound, the most rows a search takes (the schema states the
// same ranges but for the sum).
func (c Certificate) checkRanges() error {
	switch {
	case c.Version == "":
		return errors.New(`the key "version" is missing or empty: give the version of the program that wrote the certificate`)
	case c.V < 0 || c.V > band.MaxCap:
		return fmt.Errorf(`"v" is %d: a cap V from 0 to %d`, c.V, band.MaxCap)
	case c.X0 < 0 || c.X0 > MaxBound:
		return fmt.Errorf(`"x0" is %d: a row from 0 to %d`, c.X0, int64(MaxBound))
	case c.P < 1 || c.P > MaxBound:
		return fmt.Errorf(`"p" is %d: a period from 1 to %d`, c.P, int64(MaxBound))
	case c.X0 > MaxBound-c.P:
		return fmt.Errorf(`"x0" + "p" is %d + %d, beyond the %d rows a search reaches`, c.X0, c.P, int64(MaxBound))
	}
	return nil
}

// Work returns the rows Check sweeps, X0+P, and the cells of value ≤ V it
// checks, (V+1) a row, saturating at math.MaxInt64 for a certificate whose
// figures are out of range (Check refuses it before sweeping).
func (c Certificate) Work() (rows, cells int64) {
	if c.X0 < 0 || c.P < 0 || c.V < 0 || c.X0 > MaxBound || c.P > MaxBound || c.V > band.MaxCap {
		return math.MaxInt64, math.MaxInt64
	}
	rows = c.X0 + c.P
	return rows, rows * int64(c.V+1)
}

// Repeat is the repeat the certificate records, its state decoded, for
// Patterns. It says nothing of whether the certificate holds: Check it
// first.
func (c Certificate) Repeat() (Repeat, error) {
	_, _, stride, err := rulesOf(c.Table, c.V)
	if err != nil {
		return Repeat{}, err
	}
	st, err := c.state()
	if err != nil {
		return Repeat{}, err
	}
	return Repeat{Table: c.Table, V: c.V, X0: c.X0, P: c.P, Stride: stride, State: st}, nil
}

// state decodes the certificate's band state.
func (c Certificate) state() (band.State, error) {
	var st band.State
	if err := st.UnmarshalBinary(c.State); err != nil {
		return band.State{}, fmt.Errorf("%w: its state: %w", ErrCertificate, err)
	}
	return st, nil
}
