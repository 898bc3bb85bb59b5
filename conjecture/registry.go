package conjecture

import (
	"errors"
	"fmt"
	"path"
	"strings"
)

// ParsePatterns splits a comma-separated list of claim patterns, as the
// -claims flag takes it, trimming spaces around each. A pattern is a claim
// id or a path.Match pattern over ids ("goishi.*", "pass.lem4?"). It fails
// on an empty list, an empty entry or a malformed pattern.
func ParsePatterns(list string) ([]string, error) {
	if strings.TrimSpace(list) == "" {
		return nil, errors.New("no claim patterns")
	}
	var patterns []string
	for _, p := range strings.Split(list, ",") {
		p = strings.TrimSpace(p)
		if p == "" {
			return nil, fmt.Errorf("empty claim pattern in %q", list)
		}
		if _, err := path.Match(p, ""); err != nil {
			return nil, fmt.Errorf("claim pattern %q: %w", p, err)
		}
		patterns = append(patterns, p)
	}
	return patterns, nil
}

// Select returns the claims whose id matches at least one of patterns, in
// the order of claims. Every pattern must match some claim, so a typo is
// an error rather than a silent omission.
func Select(claims []Claim, patterns []string) ([]Claim, error) {
	used := make([]bool, len(patterns))
	var out []Claim
	for _, c := range claims {
		matched := false
		for i, p := range patterns {
			ok, err := path.Match(p, c.ID)
			if err != nil {
				return nil, fmt.Errorf("claim pattern %q: %w", p, err)
			}
			if ok {
				used[i], matched = true, true
			}
		}
		if matched {
			out = append(out, c)
		}
	}
	for i, p := range patterns {
		if !used[i] {
			return nil, fmt.Errorf("claim pattern %q matches no claim", p)
		}
	}
	return out, nil
}
