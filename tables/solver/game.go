package solver

// Game is a position of an impartial game under normal play, given by its
// rules. The solvers in this package evaluate Games by enumerating options,
// never by a formula, so that claims about a game can be checked against it.
type Game interface {
	// Options returns the positions reachable in one move; a terminal
	// position has none. The game must be short: every play ends.
	Options() []Game
	// Key identifies the position: two Games that meet in one computation
	// must have equal keys exactly when they are the same position of the
	// same ruleset. The adapters in this package prefix their ruleset.
	Key() string
}

// GameGrundy returns the Sprague–Grundy value of g, the mex of the values of
// its options, memoized on Key for the duration of the call; 0 if terminal.
func GameGrundy(g Game) int {
	return newGameSolver().grundy(g)
}

// IsOneMoveGame reports whether g is a one-move game (Definition 11 of 002):
// every follower of g, g itself included, has Grundy value 0 if and only if
// it is terminal. Equivalently, every non-terminal follower has a terminal
// option. It visits each follower once, stopping at the first that fails.
func IsOneMoveGame(g Game) bool {
	s := newGameSolver()
	// A terminal position always has value 0, so only a non-terminal
	// follower of value 0 can break the property.
	return s.everyFollower(g, func(h Game, opts []Game) bool { return len(opts) == 0 || s.grundy(h) != 0 })
}

// everyFollower reports whether ok holds for every follower h of g, g
// itself included, given h's options; it visits each follower once and
// stops at the first for which ok fails.
func (s *gameSolver) everyFollower(g Game, ok func(h Game, opts []Game) bool) bool {
	visited := make(map[string]bool)
	var walk func(h Game) bool
	walk = func(h Game) bool {
		k := h.Key()
		if visited[k] {
			return true
		}
		visited[k] = true
		opts := h.Options()
		if !ok(h, opts) {
			return false
		}
		for _, o := range opts {
			if !walk(o) {
				return false
			}
		}
		return true
	}
	return walk(g)
}

// gameSolver memoizes Grundy values of Games by Key.
type gameSolver struct {
	memo map[string]int
}

func newGameSolver() *gameSolver {
	return &gameSolver{memo: make(map[string]int)}
}

func (s *gameSolver) grundy(g Game) int {
	k := g.Key()
	if v, ok := s.memo[k]; ok {
		return v
	}
	opts := g.Options()
	values := make([]int, len(opts))
	for i, o := range opts {
		values[i] = s.grundy(o)
	}
	v := mex(values)
	s.memo[k] = v
	return v
}

// mex is the least non-negative integer not in values; negative values
// (the tables' marks of non-positions) are ignored. The mex of k values is
// at most k, so values above k cannot matter.
func mex[V int | int32](values []V) V {
	present := make([]bool, len(values)+1)
	for _, v := range values {
		if v >= 0 && int(v) < len(present) {
			present[v] = true
		}
	}
	var m V
	for present[m] {
		m++
	}
	return m
}
