package solver

import (
	"slices"
	"testing"
)

// Hand-worked options and values of the pair games (see each game's doc).
func TestPairGameHandWorked(t *testing.T) {
	tests := []struct {
		game  PairGame
		x, y  int
		opts  [][2]int
		value int
	}{
		{Wythoff, 0, 0, nil, 0},
		{Wythoff, 1, 1, [][2]int{{0, 1}, {1, 0}, {0, 0}}, 2},
		{Wythoff, 1, 2, [][2]int{{0, 2}, {1, 0}, {1, 1}, {0, 1}}, 0},
		{DeleteNim, 0, 0, nil, 0},
		{DeleteNim, 1, 1, [][2]int{{0, 0}}, 1},
		{DeleteNim, 2, 0, [][2]int{{0, 1}, {1, 0}}, 0},
		{DeleteNim, 3, 1, [][2]int{{0, 2}, {1, 1}, {2, 0}, {0, 0}}, 2},
		{VDN, 1, 1, nil, 0},
		{VDN, 2, 1, [][2]int{{1, 1}}, 1},
		{VDN, 3, 1, [][2]int{{1, 2}, {2, 1}}, 0},
		{VDN, 2, 2, [][2]int{{1, 1}}, 1},
		{JosephusNim, 1, 0, nil, 0},                      // bound ⌊1/2⌋ = 0
		{JosephusNim, 2, 0, [][2]int{{1, 0}}, 1},         // bound 1
		{JosephusNim, 0, 1, [][2]int{{0, 0}}, 1},         // m = −2, bound −1: −2 ≤ −1
		{JosephusNim, 0, 3, [][2]int{{0, 1}, {0, 0}}, 2}, // m = −6, bound −3: t ≥ 2
		{JosephusNim, 1, 1, [][2]int{{1, 0}}, 1},         // m = −1, bound −1
		{JosephusNim, 5, 1, [][2]int{{4, 1}, {5, 0}}, 2}, // m = 3, bound 1; values 0 and 1
	}
	for _, tt := range tests {
		if got := tt.game.Options(tt.x, tt.y); !slices.Equal(got, tt.opts) {
			t.Errorf("%s.Options(%d, %d) = %v, want %v", tt.game.Name(), tt.x, tt.y, got, tt.opts)
		}
		if got := tt.game.Grundy(max(tt.x, tt.y))[tt.x][tt.y]; int(got) != tt.value {
			t.Errorf("%s ⟨%d, %d⟩ has value %d, want %d", tt.game.Name(), tt.x, tt.y, got, tt.value)
		}
	}
}

// The memoized table agrees with the generic solver on every position, and
// every option of a position of the box stays in the box.
func TestPairGameTableMatchesGameGrundy(t *testing.T) {
	const n = 9
	for _, game := range []PairGame{Wythoff, DeleteNim, VDN, JosephusNim} {
		g := game.Grundy(n)
		for x := 0; x <= n; x++ {
			for y := 0; y <= n; y++ {
				if !game.IsPosition(x, y) {
					if g[x][y] != -1 {
						t.Errorf("%s: ⟨%d, %d⟩ is no position but holds %d", game.Name(), x, y, g[x][y])
					}
					continue
				}
				if want := GameGrundy(game.Position(x, y)); int(g[x][y]) != want {
					t.Errorf("%s ⟨%d, %d⟩: table %d, GameGrundy %d", game.Name(), x, y, g[x][y], want)
				}
			}
		}
	}
}

// Wythoff's Nim and Delete Nim are symmetric in their heaps.
func TestPairGameSymmetric(t *testing.T) {
	for _, game := range []PairGame{Wythoff, DeleteNim, VDN} {
		g := game.Grundy(30)
		for x := range g {
			for y := range g {
				if g[x][y] != g[y][x] {
					t.Fatalf("%s: ⟨%d, %d⟩ = %d but ⟨%d, %d⟩ = %d", game.Name(), x, y, g[x][y], y, x, g[y][x])
				}
			}
		}
	}
}

func TestPairGameRejectsNonPositions(t *testing.T) {
	for _, tt := range []struct {
		game PairGame
		x, y int
	}{{VDN, 0, 3}, {VDN, 2, 0}, {Wythoff, -1, 0}, {JosephusNim, 0, -2}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s.Options(%d, %d) did not panic", tt.game.Name(), tt.x, tt.y)
				}
			}()
			tt.game.Options(tt.x, tt.y)
		}()
	}
	if g := Wythoff.Grundy(-1); g != nil {
		t.Errorf("Grundy(-1) = %v, want nil", g)
	}
}

func TestFloorDiv(t *testing.T) {
	for _, tt := range []struct{ a, b, want int }{{7, 2, 3}, {6, 2, 3}, {-1, 2, -1}, {-2, 2, -1}, {-3, 2, -2}, {0, 2, 0}} {
		if got := floorDiv(tt.a, tt.b); got != tt.want {
			t.Errorf("floorDiv(%d, %d) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}
