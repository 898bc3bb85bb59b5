package valuesds

import (
	"crypto/sha256"
	"encoding/binary"
	"slices"
)

// sumPair returns SHA-256(*a) and SHA-256(*b). Where the processor has
// SHA-NI and the two messages take as many blocks, both are padded in
// place (their slices grown, their storage kept for the next call) and
// compressed together (blockSHANI2), their rounds interleaved; else each
// goes to crypto/sha256.
func sumPair(a, b *[]byte) (da, db [sha256.Size]byte) {
	if !hasSHANI || paddedLen(len(*a)) != paddedLen(len(*b)) {
		return sha256.Sum256(*a), sha256.Sum256(*b)
	}
	pa, pb := pad(*a), pad(*b)
	*a, *b = pa, pb
	sa, sb := sha256Init, sha256Init
	blockSHANI2(&sa, &sb, &pa[0], &pb[0], len(pa)/64)
	for k := range 8 {
		binary.BigEndian.PutUint32(da[4*k:], sa[k])
		binary.BigEndian.PutUint32(db[4*k:], sb[k])
	}
	return da, db
}

// sha256Init is SHA-256's initial state.
var sha256Init = [8]uint32{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19}

// paddedLen is the length of a message of n bytes once padded: a 0x80
// byte, zeros, and its length in bits as 8 bytes, to a multiple of 64.
func paddedLen(n int) int { return (n + 9 + 63) &^ 63 }

// pad returns msg padded as SHA-256 pads it, in msg's storage if it has
// the room.
func pad(msg []byte) []byte {
	m, n := len(msg), paddedLen(len(msg))
	msg = slices.Grow(msg, n-m)[:n]
	msg[m] = 0x80
	clear(msg[m+1 : n-8])
	binary.BigEndian.PutUint64(msg[n-8:], uint64(m)*8)
	return msg
}
