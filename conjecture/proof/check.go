package proof

import (
	"context"
	"fmt"

	"github.com/grundy-lab/grundy/engine/band"
)

// Check re-verifies a certificate on its own: it streams the band sweep's
// rows 0 … X0+P−1, of side SideFor(V, X0+P), into the independent check
// (package bandcheck), in segments at once with cfg.Workers ≥ 2 (their
// seams compared exactly: see streamChecked), which
// checks every cell from its own statement of the moves; it requires every
// row to hold all of 0 … V (so the table of side Infinity agrees with the
// infinite one); and it compares the check's own states before rows X0 and
// X0+P, exactly, with each other (moved P down the diagonal) and with the
// certificate's state. It also checks X0 against the rows of base cells
// and P against the stride of the rules, and, when the certificate names
// statements of the papers, checks them (CheckStatements). The error wraps
// ErrCertificate and says what failed.
func Check(ctx context.Context, c Certificate, cfg band.Config) error {
	return CheckProgress(ctx, c, cfg, nil)
}

// CheckProgress is Check reporting to progress, if set, the rows the sweep
// has handed to the check (of X0+P), about every 2¹⁸ rows: a check of a
// 10⁹-row certificate takes a quarter of an hour.
func CheckProgress(ctx context.Context, c Certificate, cfg band.Config, progress func(rows int64)) error {
	if c.Format != Format {
		return fmt.Errorf("%w: format %q, want %q", ErrCertificate, c.Format, Format)
	}
	if c.V < 0 || c.V > band.MaxCap {
		return fmt.Errorf("%w: V = %d outside 0 … %d", ErrCertificate, c.V, band.MaxCap)
	}
	rules, baseEnd, stride, err := rulesOf(c.Table, c.V)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrCertificate, err)
	}
	switch {
	case c.X0 < baseEnd:
		return fmt.Errorf("%w: x0 = %d is inside the rows of base cells (0 … %d), where the rules are not the same along the diagonal", ErrCertificate, c.X0, baseEnd-1)
	case c.P < 1:
		return fmt.Errorf("%w: period P = %d, want P ≥ 1", ErrCertificate, c.P)
	case c.P%stride != 0:
		return fmt.Errorf("%w: period P = %d is not a multiple of %d, the least power of two above V = %d: moving (x, y) by P along the diagonal changes which x XOR y are at most V", ErrCertificate, c.P, stride, c.V)
	case c.X0 > MaxBound || c.P > MaxBound: // each bounded first, so that their sum cannot wrap
		return fmt.Errorf("%w: x0 = %d and P = %d: their sum lies beyond the %d rows the check can reach", ErrCertificate, c.X0, c.P, int64(MaxBound))
	}
	st, err := c.state()
	if err != nil {
		return err
	}
	side := SideFor(c.V, c.X0+c.P)
	if st.V != c.V || st.Next != c.X0 || st.N != side {
		return fmt.Errorf("%w: its state is of V = %d before row %d in a table of side %d, not V = %d before row x0 = %d of side %d", ErrCertificate, st.V, st.Next, st.N, c.V, c.X0, side)
	}
	start, end, err := streamChecked(ctx, rules, c.Table, c.V, side, c.X0, c.X0+c.P, cfg, progress)
	if err != nil {
		return err
	}
	if !start.Shifted(end) {
		return fmt.Errorf("%w: the checked state before row %d is not the one before row %d moved %d along the diagonal: no repeat", ErrCertificate, end.Row, start.Row, c.P)
	}
	if !fromBand(st).Equal(start) {
		return fmt.Errorf("%w: the certificate's state is not the checked state before row x0 = %d", ErrCertificate, c.X0)
	}
	if len(c.Statements) > 0 {
		return CheckStatements(ctx, c)
	}
	return nil
}
