package valuesds

import (
	"crypto/sha256"
	"math/rand/v2"
	"testing"
)

// TestSumPairIsSHA256: sumPair gives crypto/sha256's digests of both
// messages, for lengths around every padding boundary from 0 to 600
// bytes, paired with messages of the same and of other block counts, and
// with the messages' storage reused from call to call, as a RowDigest's
// is.
func TestSumPairIsSHA256(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 13))
	var bufA, bufB []byte
	paired := 0
	for la := range 600 {
		for _, lb := range []int{la, la ^ 1, la + 1 + rng.IntN(70), max(0, la-rng.IntN(70))} {
			a, b := make([]byte, la), make([]byte, lb)
			for i := range a {
				a[i] = byte(rng.Uint32())
			}
			for i := range b {
				b[i] = byte(rng.Uint32())
			}
			bufA, bufB = append(bufA[:0], a...), append(bufB[:0], b...)
			da, db := sumPair(&bufA, &bufB)
			if da != sha256.Sum256(a) || db != sha256.Sum256(b) {
				t.Fatalf("lengths %d and %d: sumPair gives %x and %x, SHA-256 %x and %x", la, lb, da, db, sha256.Sum256(a), sha256.Sum256(b))
			}
			if paddedLen(la) == paddedLen(lb) {
				paired++
			}
		}
	}
	if hasSHANI && paired < 1000 {
		t.Errorf("only %d pairs of as many blocks", paired)
	}
	t.Logf("SHA-NI: %v, %d pairs compressed together", hasSHANI, paired)
}

// BenchmarkSumPair compares sumPair with crypto/sha256 on two messages of
// 211 bytes, a band row's encoding at V = 200.
func BenchmarkSumPair(b *testing.B) {
	m1, m2 := make([]byte, 211), make([]byte, 211)
	for i := range m1 {
		m1[i], m2[i] = byte(i), byte(3*i)
	}
	b.Run("sumPair", func(b *testing.B) {
		var a, c []byte
		for range b.N {
			a, c = append(a[:0], m1...), append(c[:0], m2...)
			sumPair(&a, &c)
		}
	})
	b.Run("sha256", func(b *testing.B) {
		for range b.N {
			sha256.Sum256(m1)
			sha256.Sum256(m2)
		}
	})
}
